// The traverse log's fast paths against a plain spelling of the same lines: whatever the tree (random
// shapes, names of every length, values of every size, game-over nodes above the cut-off), the text the
// search writes through TraverseLog (prepared node lines, entering lines that reuse the bounds of the line
// before them) equals the lines a recording sink receives, spelled field by field.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "reference/core/test/tree_game.hpp"

namespace plyjudge {
namespace {

struct PlainLines {
    static constexpr bool enabled = true;
    bool withBounds;
    std::string text;
    static std::string spelled(Value v) {
        if (v == kPlusInfinity) return "Infinity";
        if (v == kMinusInfinity) return "-Infinity";
        return std::to_string(v);
    }
    void node(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        text += "\n" + std::string(name) + "," + std::to_string(depth) + "," + spelled(value);
        if (withBounds) text += "," + spelled(alpha) + "," + spelled(beta);
    }
};

// A random tree of at most `depth` more levels below node `at`, appended to `nodes`.
void growTree(std::vector<TreeNode>& nodes, int at, int depth) {
    const int children = depth == 0 ? 0 : *rc::gen::inRange(0, 5);
    for (int i = 0; i < children; ++i) {
        TreeNode child;
        const int nameLength = *rc::gen::weightedOneOf<int>({{8, rc::gen::inRange(1, 4)}, {1, rc::gen::inRange(4, 80)}});
        child.name = std::string(static_cast<std::size_t>(nameLength), static_cast<char>('a' + i));
        child.value = *rc::gen::weightedOneOf<Value>({{6, rc::gen::inRange<Value>(-999, 1000)},
                                                       {2, rc::gen::inRange<Value>(-2000000, 2000000)},
                                                       {1, rc::gen::arbitrary<Value>()}});
        child.terminal = *rc::gen::weightedElement<bool>({{6, false}, {1, true}});
        const int index = static_cast<int>(nodes.size());
        nodes.push_back(child);
        nodes[static_cast<std::size_t>(at)].children.push_back(index);
        growTree(nodes, index, depth - 1);
    }
}

RC_GTEST_PROP(LogRhythm, TheLogsFastPathsWriteWhatAPlainSpellingOfTheSameLinesWrites, ()) {
    std::vector<TreeNode> nodes = {{"root", {}}};
    growTree(nodes, 0, *rc::gen::inRange(1, 5));
    const TreeGame game(nodes);
    SearchConfig config;
    config.algorithm = *rc::gen::element(Algorithm::Greedy, Algorithm::Minimax, Algorithm::AlphaBeta);
    config.depth = *rc::gen::inRange(1, 6);
    config.cutoffLog = *rc::gen::element(CutoffLog::Aima, CutoffLog::BoundFirst);
    const bool withBounds = *rc::gen::arbitrary<bool>();
    const auto [result, text] = runLogged(game, config, withBounds);
    PlainLines plain{withBounds, {}};
    const auto plainResult = search(game, 0, config, plain);
    RC_ASSERT(result.value == plainResult.value);
    RC_ASSERT(text == (withBounds ? "Node,Depth,Value,Alpha,Beta" : "Node,Depth,Value") + plain.text);
}

}  // namespace
}  // namespace plyjudge
