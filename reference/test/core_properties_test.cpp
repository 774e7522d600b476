// The properties every variant's search must have, stated once and checked on each variant's random positions
// (its generator.hpp): alpha-beta agrees with minimax and its log is minimax's with subtrees cut, greedy is
// minimax one ply deep, logs are well formed, the rules' shortcuts search the plain rules' tree, and no rule
// fault is bypassed by a shortcut. A variant's own properties (its rules) stay in its test folder.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <type_traits>
#include <vector>

#include "reference/core/test/tree_game.hpp"
#include "reference/gomoku561/faults.hpp"
#include "reference/gomoku561/generator.hpp"
#include "reference/reversi/faults.hpp"
#include "reference/reversi/generator.hpp"
#include "reference/squirrel/faults.hpp"
#include "reference/squirrel/generator.hpp"
#include "reference/starcircle/faults.hpp"
#include "reference/starcircle/generator.hpp"
#include "testsupport/log_checks.hpp"
#include "testsupport/plain_game.hpp"
#include "testsupport/search_properties.hpp"

namespace plyjudge {
namespace {

// What the properties need of a variant: random problems small enough to search to their depth quickly, and
// from a problem its rules, root, depth and its rules with a fault (which refer to the rules they wrap).
struct Starcircle {
    using Problem = starcircle::Problem;
    static rc::Gen<Problem> problems() { return starcircle::problems(4); }
    static starcircle::Game game(const Problem& p) { return {p.player, p.rowValues}; }
    static starcircle::State root(const Problem& p) { return starcircle::makeState(p.board, p.player); }
    static int depth(const Problem& p) { return p.depth; }
    static starcircle::FaultyGame faulty(const Problem& p, const starcircle::Game& g, starcircle::RuleFaults f) {
        return {g, f, p.player, p.rowValues};
    }
    static const auto& catalogue() { return starcircle::faultCatalogue(); }
};

struct Reversi {
    using Problem = reversi::Problem;
    static rc::Gen<Problem> problems() { return reversi::problems(4); }
    static reversi::Game game(const Problem& p) { return reversi::Game(p.player); }
    static reversi::State root(const Problem& p) { return p.root; }
    static int depth(const Problem& p) { return p.depth; }
    static reversi::FaultyGame faulty(const Problem&, const reversi::Game& g, reversi::RuleFaults f) { return {g, f}; }
    static const auto& catalogue() { return reversi::faultCatalogue(); }
};

struct Squirrel {
    using Problem = squirrel::Problem;
    static rc::Gen<Problem> problems() { return squirrel::problems(3); }
    static squirrel::Game game(const Problem& p) { return {p.first.player, p.values}; }
    static squirrel::State root(const Problem& p) { return p.root(); }
    static int depth(const Problem& p) { return p.first.depth; }
    static squirrel::FaultyGame faulty(const Problem&, const squirrel::Game& g, squirrel::RuleFaults f) { return {g, f}; }
    static const auto& catalogue() { return squirrel::faultCatalogue(); }
};

struct Gomoku561 {
    using Problem = gomoku561::Problem;
    // Depth 3 searches grow with the cube of the number of legal moves: keep those positions small.
    static rc::Gen<Problem> problems() {
        return rc::gen::mapcat(rc::gen::inRange(1, 4), [](int depth) {
            return rc::gen::map(gomoku561::problems(depth, depth == 3 ? 20 : 30), [depth](Problem p) {
                p.depth = std::min<long long>(p.depth, depth);
                return p;
            });
        });
    }
    static gomoku561::Game game(const Problem& p) { return gomoku561::gameOf(p); }
    static gomoku561::State root(const Problem& p) { return gomoku561::rootOf(p, game(p)); }
    static int depth(const Problem& p) { return static_cast<int>(p.depth); }
    static gomoku561::FaultyGame faulty(const Problem&, const gomoku561::Game& g, gomoku561::RuleFaults f) { return {g, f}; }
    static const auto& catalogue() { return gomoku561::faultCatalogue(); }
};

template <class V>
class SearchProperties : public ::testing::Test {};

struct VariantName {
    template <class V>
    static std::string GetName(int) {
        if (std::is_same_v<V, Starcircle>) return "starcircle";
        if (std::is_same_v<V, Reversi>) return "reversi";
        if (std::is_same_v<V, Squirrel>) return "squirrel";
        return "gomoku561";
    }
};
using Variants = ::testing::Types<Starcircle, Reversi, Squirrel, Gomoku561>;
TYPED_TEST_SUITE(SearchProperties, Variants, VariantName);

constexpr Algorithm kAlgorithms[] = {Algorithm::Greedy, Algorithm::Minimax, Algorithm::AlphaBeta};
constexpr CutoffLog kDialects[] = {CutoffLog::Aima, CutoffLog::BoundFirst};

// Keeps every log line in memory, for comparing two searches' trees.
struct RecordingLog {
    static constexpr bool enabled = true;
    struct Line {
        std::string name;
        int depth;
        Value value, alpha, beta;
    };
    std::vector<Line> lines;
    void node(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        lines.push_back({std::string(name), depth, value, alpha, beta});
    }
};

// A node of a logged tree: its lines' values (entering, then one per child) and its children.
struct LoggedNode {
    const RecordingLog::Line* first = nullptr;
    const RecordingLog::Line* last = nullptr;
    std::vector<LoggedNode> children;
};

LoggedNode parseNode(const std::vector<RecordingLog::Line>& lines, std::size_t& at) {
    LoggedNode node;
    node.first = node.last = &lines[at];
    const int depth = lines[at++].depth;
    while (at < lines.size() && lines[at].depth == depth + 1) {
        node.children.push_back(parseNode(lines, at));
        RC_ASSERT(at < lines.size());
        RC_ASSERT(lines[at].depth == depth);
        RC_ASSERT(lines[at].name == node.first->name);
        node.last = &lines[at++];
    }
    return node;
}

LoggedNode wholeTree(const RecordingLog& log) {
    std::size_t at = 0;
    LoggedNode root = parseNode(log.lines, at);
    RC_ASSERT(at == log.lines.size());
    return root;
}

// Alpha-beta's tree is minimax's with subtrees cut: at every node its children are a prefix of
// minimax's (same moves, same order), its leaves have minimax's values, and a node with fewer
// children ended on a cut (v >= beta at MAX, v <= alpha at MIN).
void expectPrunedCopy(const LoggedNode& ab, const LoggedNode& mm) {
    RC_ASSERT(ab.first->name == mm.first->name);
    RC_ASSERT(ab.children.empty() == mm.children.empty());
    if (ab.children.empty()) {
        RC_ASSERT(ab.first->value == mm.first->value);
        return;
    }
    RC_ASSERT(ab.children.size() <= mm.children.size());
    for (std::size_t i = 0; i < ab.children.size(); ++i) expectPrunedCopy(ab.children[i], mm.children[i]);
    if (ab.children.size() < mm.children.size()) {
        const bool isMax = ab.first->depth % 2 == 0;
        const bool cut = isMax ? ab.last->value >= ab.last->beta : ab.last->value <= ab.last->alpha;
        RC_ASSERT(cut);
    }
}

// Checks `property(game, root, depth, problem)` on the variant's random problems, as an RC_GTEST_PROP would.
template <class V, class Property>
void onRandomProblems(Property property) {
    rc::detail::checkGTest([&] {
        const auto p = *V::problems();
        property(V::game(p), V::root(p), V::depth(p), p);
    });
}

TYPED_TEST(SearchProperties, MinimaxAndAlphaBetaAgreeAndAlphaBetaVisitsNoMore) {
    onRandomProblems<TypeParam>([](const auto& game, const auto& root, int depth, const auto&) {
        testing::assertAlphaBetaAgreesWithMinimax(game, root, depth);
    });
}

TYPED_TEST(SearchProperties, AlphaBetaLogIsMinimaxLogWithCuts) {
    onRandomProblems<TypeParam>([](const auto& game, const auto& root, int depth, const auto&) {
        RecordingLog minimax, alphaBeta;
        search(game, root, SearchConfig{Algorithm::Minimax, depth}, minimax);
        search(game, root, SearchConfig{Algorithm::AlphaBeta, depth}, alphaBeta);
        expectPrunedCopy(wholeTree(alphaBeta), wholeTree(minimax));
    });
}

TYPED_TEST(SearchProperties, GreedyIsMinimaxAtDepthOneWhateverTheDepthGiven) {
    onRandomProblems<TypeParam>([](const auto& game, const auto& root, int depth, const auto&) {
        testing::assertGreedyIsMinimaxAtDepthOne(game, root, depth);
    });
}

TYPED_TEST(SearchProperties, LogsAreWellFormedInBothDialects) {
    onRandomProblems<TypeParam>([](const auto& game, const auto& root, int depth, const auto&) {
        for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
            for (CutoffLog dialect : kDialects) {
                const bool withBounds = a == Algorithm::AlphaBeta;
                const auto [r, log] = runLogged(game, SearchConfig{a, depth, dialect}, withBounds, root);
                RC_ASSERT(testing::checkTraverseLog(log, withBounds, r.value) == "");
            }
        }
    });
}

// The two shortcuts of the rules (search.hpp): moves visited as forEachMove() finds them and cut-off children
// valued by leafValues(). Searched through PlainGame, which has neither, the tree must be the same.
TYPED_TEST(SearchProperties, MoveWalkAndLeafValuesSearchTheSameTreeAsPlainRules) {
    onRandomProblems<TypeParam>([](const auto& game, const auto& root, int depth, const auto&) {
        for (Algorithm a : kAlgorithms) {
            for (CutoffLog dialect : kDialects) RC_ASSERT(testing::plainSearchDifference(game, root, SearchConfig{a, depth, dialect}) == "");
        }
    });
}

// The fault catalogue's rule-level mistakes live in FaultyGame, which wraps the rules and has no leafValues()
// shortcut of its own: searched as it is and through PlainGame, every rule fault logs the same tree. A
// FaultyGame that forwarded the wrapped rules' leafValues() would value cut-off leaves by the right rules,
// so a fault in play() or evaluate() would vanish from most of the tree; this property would then fail, and
// a FaultyGame with a leafValues() of its own does not compile here.
TYPED_TEST(SearchProperties, RuleFaultsAreNeverBypassedByTheLeafValuesShortcut) {
    onRandomProblems<TypeParam>([](const auto& game, const auto& root, int depth, const auto& p) {
        const auto faults = *rc::gen::elementOf(testing::ruleFaultsIn(TypeParam::catalogue()));
        RC_TAG(faults.first);
        const auto faulty = TypeParam::faulty(p, game, faults.second);
        static_assert(!HasLeafValues<std::remove_const_t<decltype(faulty)>>);
        for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
            RC_ASSERT(testing::plainSearchDifference(faulty, root, SearchConfig{a, depth}) == "");
        }
    });
}

}  // namespace
}  // namespace plyjudge
