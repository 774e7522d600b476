#include "referee/gomocup_seat.hpp"

#include <fmt/format.h>

#include <utility>

#include "referee/gomocup_protocol.hpp"

namespace plyjudge::referee {

GomocupSeat::GomocupSeat(const std::filesystem::path& folder, int self, std::vector<gomoku4341::Point> opening)
    : channel_(folder), self_(self), opening_(std::move(opening)) {}

void GomocupSeat::start(double timeLimitSeconds, std::uint64_t memoryBytes) {
    channel_.send(fmt::format("START {}", gomoku4341::kSize));
    for (const std::string& info : gomocup::infoCommands(timeLimitSeconds, memoryBytes)) channel_.send(info);
}

std::vector<std::string> GomocupSeat::commandsFor(const std::vector<MoveRecord>& played) const {
    const bool toldOpening = opening_.empty() || moved_;
    if (played.empty() && toldOpening) return {"BEGIN"};
    if (toldOpening && !played.back().swap && played.size() == knownMoves_ + 1) return {"TURN " + gomocup::coordinates(played.back().point)};
    // The position as it stands, stones in the order they were placed (the opening's first); a stone taken by a swap
    // is listed once, as its taker's, where the swap was played.
    std::vector<MoveRecord> moves;
    for (std::size_t i = 0; i < opening_.size(); ++i) moves.push_back({static_cast<int>(i % 2), opening_[i]});
    moves.insert(moves.end(), played.begin(), played.end());
    std::vector<std::string> lines = {"BOARD"};
    for (std::size_t i = 0; i < moves.size(); ++i) {
        bool retaken = false;
        for (std::size_t j = i + 1; j < moves.size(); ++j) retaken = retaken || moves[j].point == moves[i].point;
        if (!retaken) lines.push_back(gomocup::boardLine(moves[i].point, moves[i].player == self_));
    }
    lines.push_back("DONE");
    return lines;
}

void GomocupSeat::sendTurn() {
    for (const std::string& line : pending_) channel_.send(line);
    lastCommand_ = pending_.front() == "BOARD" ? fmt::format("BOARD ({} stones)", pending_.size() - 2) : pending_.front();
    pending_.clear();
}

void GomocupSeat::beginTurn(const std::vector<MoveRecord>& moves) {
    // What it wrote since its last answer (MESSAGE lines, a second answer to one command) is not this turn's answer.
    for (int dropped = 0; started_ && dropped < 10000 && channel_.nextLine(std::chrono::milliseconds(0)); ++dropped) {
    }
    pending_ = commandsFor(moves);
    if (started_) sendTurn();
}

bool GomocupSeat::awaitStarted(std::chrono::milliseconds wait) {
    const auto until = std::chrono::steady_clock::now() + wait;
    while (!started_ && !held_ && std::chrono::steady_clock::now() < until) {
        const auto line = channel_.nextLine(std::chrono::milliseconds(20));
        if (!line) continue;
        const auto kind = gomocup::kindOf(*line);
        if (kind == gomocup::LineKind::Ok) started_ = true;
        else if (kind != gomocup::LineKind::Chatter) held_ = line;
    }
    return started_;
}

std::string GomocupSeat::awaited() const {
    return started_ ? fmt::format("a move after `{}`", lastCommand_) : "OK to `START 15`";
}

GomocupSeat::Reply GomocupSeat::poll(std::chrono::milliseconds wait, const gomoku4341::Board& board) {
    Reply reply;
    const auto line = held_ ? std::exchange(held_, std::nullopt) : channel_.nextLine(wait);
    if (!line) return reply;
    reply.line = *line;
    switch (gomocup::kindOf(*line)) {
        case gomocup::LineKind::Chatter: return reply;
        case gomocup::LineKind::Ok:
            if (!started_) {
                started_ = true;
                if (!pending_.empty()) sendTurn();
            }
            return reply;  // an OK out of place says nothing: still waiting
        case gomocup::LineKind::Refusal:
            reply.kind = started_ ? Reply::Rejected : Reply::Unplayable;
            reply.detail = fmt::format("answered `{}` to `{}`", *line, started_ ? lastCommand_ : "START 15");
            return reply;
        case gomocup::LineKind::Answer: break;
    }
    reply.kind = Reply::Rejected;
    if (!started_) {
        reply.detail = fmt::format("answered `{}` to `START 15` instead of OK", *line);
        return reply;
    }
    std::string why;
    const auto point = gomocup::parseMove(*line, why);
    if (!point) {
        reply.detail = fmt::format("answered `{}` to `{}`: {}", *line, lastCommand_, why);
    } else if (board.at(*point) != gomoku4341::Stone::Empty) {
        reply.detail = fmt::format("answered `{}` ({}) to `{}`: the point is occupied (a Gomocup engine never swaps)", *line,
                                   gomoku4341::pointText(*point), lastCommand_);
    } else {
        reply.kind = Reply::Move;
        reply.point = *point;
    }
    return reply;
}

}  // namespace plyjudge::referee
