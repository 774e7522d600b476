// Openings: positions a game starts from, given as the moves that made them (play order: X, O, X, ...).
// A book is a text file, one opening a line, its moves as points separated by blanks or commas
// (`H8 I9 G7`, column letter A-O, row 1-15), `#` starting a comment, blank lines ignored; docs/tournaments.md.
// Every opening is checked to be a legal gomoku4341 position: distinct points on the board, no swap
// (an opening never repeats a point), no five, at most kMaxOpeningMoves moves.
// The generator draws a few random stones near the centre and keeps a position when the reference player's
// evaluation (reference/gomoku4341/engine.hpp evaluateFor) is near even.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::referee {

inline constexpr int kMaxOpeningMoves = 20;

struct Opening {
    std::vector<gomoku4341::Point> moves;  // play order: moves[0] is X's
    std::string text() const;              // "H8 I9 G7" (the book's form); "" for the empty opening
};

// Parses one book line's moves; throws std::invalid_argument saying what is wrong.
Opening parseOpening(const std::string& line);
// Reads a book; throws std::invalid_argument("FILE:LINE: ...") on a bad line or when the book is empty.
std::vector<Opening> loadOpeningBook(const std::filesystem::path& file);
// The book's text (one opening a line, a header comment), as loadOpeningBook reads it back.
std::string openingBookText(const std::vector<Opening>& openings, const std::string& header);

struct OpeningGenerator {
    int count = 8;            // openings to make (distinct)
    int stones = 4;           // moves in each
    int radius = 3;           // stones within this many points of the centre (H8), in both directions
    int maxImbalance = 60;    // |evaluation| at most this (the evaluation's units: a window of three stones is 150)
    std::uint64_t seed = 1;
};
// Throws std::invalid_argument when the settings cannot make `count` distinct openings (too few tries).
std::vector<Opening> generateOpenings(const OpeningGenerator& generator);

// The reference evaluation of the opening's position for X, with the side to move next to move.
long long openingBalance(const Opening& opening);

}  // namespace plyjudge::referee
