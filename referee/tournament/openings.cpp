#include "referee/tournament/openings.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <stdexcept>

#include "reference/gomoku4341/engine.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;
using gomoku4341::Board;
using gomoku4341::Point;
using gomoku4341::Stone;

namespace {
// `H8` (or `h8`): a column letter and a row number.
Point pointOfWord(const std::string& word) {
    const auto point = word.size() >= 2 ? gomoku4341::parsePoint(word.substr(0, 1), word.substr(1)) : std::nullopt;
    if (!point) throw std::invalid_argument(fmt::format("`{}` is not a point (A-O then 1-15, e.g. H8)", word.substr(0, 20)));
    return *point;
}

// Plays the opening on a board, checking that it is a legal position; throws std::invalid_argument.
Board boardOf(const Opening& opening) {
    if (opening.moves.size() > static_cast<std::size_t>(kMaxOpeningMoves)) {
        throw std::invalid_argument(fmt::format("{} moves: an opening has at most {}", opening.moves.size(), kMaxOpeningMoves));
    }
    Board board;
    for (std::size_t i = 0; i < opening.moves.size(); ++i) {
        const Point p = opening.moves[i];
        if (board.at(p) != Stone::Empty) {
            throw std::invalid_argument(fmt::format("{} is played twice (an opening never swaps)", gomoku4341::pointText(p)));
        }
        board.play(p, i % 2 == 0 ? Stone::X : Stone::O);
        if (board.fiveThrough(p.cell())) {
            throw std::invalid_argument(fmt::format("{} makes five: the game would be over", gomoku4341::pointText(p)));
        }
    }
    return board;
}
}  // namespace

std::string Opening::text() const {
    std::string out;
    for (const Point& p : moves) {
        if (!out.empty()) out += ' ';
        out += static_cast<char>('A' + p.column);
        out += std::to_string(p.row + 1);
    }
    return out;
}

Opening parseOpening(const std::string& line) {
    Opening opening;
    std::string word;
    const auto flush = [&] {
        if (!word.empty()) opening.moves.push_back(pointOfWord(word));
        word.clear();
    };
    for (char c : line.substr(0, line.find('#'))) {
        if (c == ' ' || c == '\t' || c == ',' || c == '\r') flush();
        else word += c;
    }
    flush();
    boardOf(opening);
    return opening;
}

std::vector<Opening> loadOpeningBook(const fs::path& file) {
    std::ifstream in(file);
    if (!in) throw std::invalid_argument(fmt::format("{}: cannot read the opening book", file.string()));
    std::vector<Opening> book;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        try {
            Opening opening = parseOpening(line);
            if (!opening.moves.empty()) book.push_back(std::move(opening));
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(fmt::format("{}:{}: {}", file.string(), number, e.what()));
        }
    }
    if (book.empty()) throw std::invalid_argument(fmt::format("{}: the opening book holds no opening", file.string()));
    return book;
}

std::string openingBookText(const std::vector<Opening>& openings, const std::string& header) {
    std::string out = "# " + header + "\n";
    for (const Opening& o : openings) out += o.text() + "\n";
    return out;
}

long long openingBalance(const Opening& opening) {
    const Board board = boardOf(opening);
    const Stone toMove = opening.moves.size() % 2 == 0 ? Stone::X : Stone::O;
    return gomoku4341::evaluateFor(board, Stone::X, toMove);
}

std::vector<Opening> generateOpenings(const OpeningGenerator& g) {
    if (g.stones < 1 || g.stones > kMaxOpeningMoves || g.radius < 1 || g.radius > 7 || g.count < 1) {
        throw std::invalid_argument("openings: generate needs count >= 1, stones 1-20 and radius 1-7");
    }
    std::mt19937_64 random(g.seed);
    std::uniform_int_distribution<int> offset(-g.radius, g.radius);
    std::vector<Opening> out;
    std::set<std::string> seen;
    for (int tries = 0; static_cast<int>(out.size()) < g.count; ++tries) {
        if (tries > 2000 * g.count) {
            throw std::invalid_argument(fmt::format("openings: found only {} of {} balanced openings", out.size(), g.count));
        }
        Opening o;
        Board board;
        while (static_cast<int>(o.moves.size()) < g.stones) {
            const Point p{7 + offset(random), 7 + offset(random)};
            if (board.at(p) != Stone::Empty) continue;
            board.play(p, o.moves.size() % 2 == 0 ? Stone::X : Stone::O);
            o.moves.push_back(p);
        }
        try {
            if (std::llabs(openingBalance(o)) > g.maxImbalance) continue;
        } catch (const std::invalid_argument&) {
            continue;  // a five (possible with many stones)
        }
        if (seen.insert(o.text()).second) out.push_back(std::move(o));
    }
    return out;
}

}  // namespace plyjudge::referee
