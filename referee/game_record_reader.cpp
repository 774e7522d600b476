#include "referee/game_record_reader.hpp"

#include <fmt/format.h>

#include <sstream>
#include <stdexcept>

#include "referee/dir_watch.hpp"
#include "referee/game_record.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;

std::string RecordedGame::header(const std::string& key) const {
    for (const auto& [k, v] : headers) {
        if (k == key) return v;
    }
    return "";
}

namespace {

constexpr std::size_t kMaxRecordBytes = 4 << 20;

[[noreturn]] void wrong(int lineNumber, const std::string& what) {
    throw std::invalid_argument(fmt::format("line {}: {}", lineNumber, what));
}

// `N NAME COL ROW SECONDS|- [swap] [opening]`, numbered from 1 in order.
RecordedMove parseMove(const std::string& line, int lineNumber, std::size_t expectedNumber, const RecordedGame& game) {
    std::istringstream words(line);
    std::size_t number = 0;
    std::string name, column, row, seconds, flag;
    if (!(words >> number >> name >> column >> row >> seconds)) wrong(lineNumber, "expected `NUMBER NAME COLUMN ROW SECONDS`");
    if (number != expectedNumber) wrong(lineNumber, fmt::format("move {} where move {} was expected", number, expectedNumber));
    RecordedMove m;
    if (name == game.players[0]) m.player = 0;
    else if (name == game.players[1]) m.player = 1;
    else wrong(lineNumber, "the move's player is neither X nor O");
    const auto point = gomoku4341::parsePoint(column, row);
    if (!point) wrong(lineNumber, "not a point of the board");
    m.point = *point;
    while (words >> flag) {
        if (flag == "swap") m.swap = true;
        else if (flag == "opening") m.opening = true;
        else wrong(lineNumber, "unknown mark after the move");
    }
    if (seconds != "-") {
        try {
            m.seconds = std::stod(seconds);
        } catch (const std::exception&) {
            wrong(lineNumber, "the seconds are not a number");
        }
    }
    return m;
}

}  // namespace

RecordedGame parseGameRecord(const std::string& text) {
    std::istringstream lines(text);
    std::string line;
    int lineNumber = 0;
    if (!std::getline(lines, line) || line != "gomoku4341 game") throw std::invalid_argument("line 1: not a gomoku4341 game record");
    ++lineNumber;
    RecordedGame game;
    bool inMoves = false;
    while (std::getline(lines, line)) {
        ++lineNumber;
        if (inMoves && !line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) {
            game.moves.push_back(parseMove(line, lineNumber, game.moves.size() + 1, game));
            continue;
        }
        const auto colon = line.find(": ");
        if (line.starts_with("moves (")) {
            inMoves = true;
            continue;
        }
        if (colon == std::string::npos) continue;  // the free lines of a timeout's or a crash's report
        const std::string key = line.substr(0, colon), value = line.substr(colon + 2);
        if (!inMoves) game.headers.emplace_back(key, value);
        if (key == "X (first)") game.players[0] = value;
        else if (key == "O (second)") game.players[1] = value;
        else if (key == "result") game.result = value, inMoves = false;
        else if (key == "reason" && game.reason.empty()) game.reason = value;
        else if (key == "winner" && game.winner.empty()) game.winner = value;
        else if (key == "why" && game.why.empty()) game.why = value;
    }
    if (game.players[0].empty() || game.players[1].empty()) throw std::invalid_argument("no `X (first):` or `O (second):` line");
    return game;
}

RecordedGame readGameRecord(const fs::path& path) {
    std::error_code ec;
    const fs::path file = fs::is_directory(path, ec) ? path / kGameRecordFile : path;
    if (!fs::is_regular_file(file, ec)) throw std::invalid_argument(fmt::format("{}: no game record there", file.string()));
    if (fs::file_size(file, ec) > kMaxRecordBytes) throw std::invalid_argument(fmt::format("{}: too large for a game record", file.string()));
    const std::string text = readSmallFile(file, kMaxRecordBytes);
    try {
        return parseGameRecord(text);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(fmt::format("{}: {}", file.string(), e.what()));
    }
}

}  // namespace plyjudge::referee
