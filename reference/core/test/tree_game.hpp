// Explicit game trees for the search core's tests: every expected log line is worked out by hand.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "reference/core/output_file.hpp"
#include "reference/core/search.hpp"
#include "reference/core/traverse_log.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {

// A game given as a tree: node 0 is the root; leaves carry values; `terminal` marks game-over nodes.
struct TreeNode {
    std::string name;
    std::vector<int> children;
    Value value = 0;
    bool terminal = false;
};

class TreeGame {
public:
    using State = int;
    using Move = int;
    static constexpr int kMaxMoves = 8;
    explicit TreeGame(std::vector<TreeNode> nodes) : nodes_(std::move(nodes)) {}
    int generateMoves(const State& s, MoveBuffer<TreeGame>& out) const {
        int n = 0;
        for (int c : nodes_[s].children) out[n++] = c;
        return n;
    }
    void play(State& s, Move m) const { s = m; }
    bool isTerminal(const State& s) const { return nodes_[s].terminal || nodes_[s].children.empty(); }
    Value evaluate(const State& s) const { return nodes_[s].value; }
    std::string_view moveName(Move m) const { return nodes_[m].name; }

private:
    std::vector<TreeNode> nodes_;
};

// AIMA Fig. 5.2: MAX root A with MIN children B (3,12,8), C (2,4,6), D (14,5,2); minimax value 3.
inline const std::vector<TreeNode> kAimaFigure52 = {
    {"root", {1, 2, 3}}, {"B", {4, 5, 6}}, {"C", {7, 8, 9}}, {"D", {10, 11, 12}},
    {"b1", {}, 3}, {"b2", {}, 12}, {"b3", {}, 8},
    {"c1", {}, 2}, {"c2", {}, 4}, {"c3", {}, 6},
    {"d1", {}, 14}, {"d2", {}, 5}, {"d3", {}, 2},
};
inline TreeGame aimaFigure52() { return TreeGame(kAimaFigure52); }

// Searches `game` from `root` into a log file (five columns `withBounds`, else three): the result and the log's text.
template <class Game>
inline std::pair<SearchResult<Game>, std::string> runLogged(const Game& game, SearchConfig config, bool withBounds,
                                                            const typename Game::State& root = {}) {
    testing::TempDir dir;
    OutputFile out(dir / "log.txt");
    TraverseLog log(out, withBounds ? LogColumns::WithBounds : LogColumns::NameDepthValue);
    log.header("Node");
    auto result = search(game, root, config, log);
    out.commit();
    return {result, testing::readFile(dir / "log.txt")};
}

}  // namespace plyjudge
