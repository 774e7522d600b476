// Every variant's fault catalogue (reference/<variant>/faults.cpp): each fault changes the outputs of a committed
// case of its variant, its rule is quoted from docs/variants/<variant>.md, and solve and agree tell the same story
// under it (testsupport/fault_cases.hpp). A fault added to a catalogue is checked here without another line.
// Then, per variant, some faults change its outputs exactly as worked out by hand.
#include <gtest/gtest.h>

#include <vector>

#include "reference/variant.hpp"
#include "testsupport/fault_cases.hpp"

namespace plyjudge {
namespace {

TEST(FaultCatalogues, EveryFaultOfEveryVariantChangesACommittedCase) {
    int catalogues = 0;
    for (const Variant* v : allVariants()) {
        if (v->faults.empty()) continue;
        SCOPED_TRACE(std::string(v->name));
        testing::expectEveryFaultChangesItsCase(*v);
        ++catalogues;
    }
    EXPECT_EQ(catalogues, 4) << "starcircle, reversi, squirrel and gomoku561 have catalogues";
}

// What an output file solved with a fault (none: "") must be: the text itself, begin with it, hold it, not hold
// it, or be the output without the fault.
enum class Expect { Is, StartsWith, Holds, Lacks, SameAsWithout };
struct ByHand {
    const char* caseName;
    const char* fault;
    Expect expect;
    std::string text;
};

void expectWorkedOutByHand(const char* variant, const char* file, const std::vector<ByHand>& rows) {
    const Variant& v = *findVariant(variant);
    for (const ByHand& row : rows) {
        const std::string out = testing::solveCaseWithFault(v, row.caseName, row.fault, file);
        SCOPED_TRACE(std::string(row.caseName) + " with '" + row.fault + "': " + out.substr(0, 300));
        switch (row.expect) {
            case Expect::Is: EXPECT_EQ(out, row.text); break;
            case Expect::StartsWith: EXPECT_EQ(out.find(row.text), 0u); break;
            case Expect::Holds: EXPECT_NE(out.find(row.text), std::string::npos); break;
            case Expect::Lacks: EXPECT_EQ(out.find(row.text), std::string::npos); break;
            case Expect::SameAsWithout: EXPECT_EQ(out, testing::solveCaseWithFault(v, row.caseName, "", file)); break;
        }
    }
}

TEST(StarcircleFaults, AnswersOfSomeFaultsWorkedOutByHand) {
    // Example 1 (minimax, depth 2): F4-H2 160 160 5; example 4 (alpha-beta, Circle passes): pass -290 -300 5.
    expectWorkedOutByHand("starcircle", "output.txt", {
        {"published/example1", "", Expect::Is, "F4-H2\n160\n160\n5"},
        {"published/example1", "root-not-counted", Expect::Is, "F4-H2\n160\n160\n4"},
        {"published/example1", "swapped-square-names", Expect::Is, "D6-B8\n160\n160\n5"},
        {"published/example1", "farsighted-wrong-side", Expect::Is, "F4-H2\n160\n-160\n5"},
        {"published/example4", "pass-capitalised", Expect::Is, "Pass\n-290\n-300\n5"},
        // The pass child at the cut-off (depth 2) is expanded into a second pass: one more node.
        {"published/example4", "pass-expanded-at-cutoff", Expect::Is, "pass\n-290\n-300\n6"},
        // Without stacking, F4-H2 (onto Star's own piece on H2) is no move: F4-G5 is the only one.
        {"published/example1", "no-stacking", Expect::StartsWith, "F4-G5"},
    });
}

TEST(ReversiFaults, LogsOfSomeFaultsWorkedOutByHand) {
    // Official case 1 (depth 3): c4, then two passes; the second pass is the leaf worth 4.
    expectWorkedOutByHand("reversi", "output.txt", {
        {"published/case1", "", Expect::Holds,
         "c4,1,Infinity,-Infinity,Infinity\npass,2,-Infinity,-Infinity,Infinity\npass,3,4,-Infinity,Infinity\n"},
        {"published/case1", "game-ends-after-one-pass", Expect::Holds,
         "c4,1,4,-Infinity,Infinity\nroot,0,4,4,Infinity"},
        {"published/case1", "pass-capitalised", Expect::Holds, "Pass,2,-Infinity,-Infinity,Infinity\nPass,3,4"},
        {"published/case1", "transposed-names", Expect::Holds, "\nd3,1,Infinity"},  // c4 is row 4, column c
    });
}

TEST(SquirrelFaults, LogsOfSomeFaultsWorkedOutByHand) {
    // Sample 2 (minimax depth 1, X): A1 35, B1 31, E1 45, ...; in column-first order A2 comes right after A1.
    expectWorkedOutByHand("squirrel", "traverse_log.txt", {
        {"published/sample2", "", Expect::StartsWith,
         "Node,Depth,Value\nroot,0,-Infinity\nA1,1,35\nroot,0,35\nB1,1,31\n"},
        {"published/sample2", "column-first-order", Expect::Lacks, "root,0,35\nB1"},
        {"published/sample2", "swapped-square-names", Expect::Holds, "\nA2,1,31\n"},  // B1 is row 1, column 2
    });
}

TEST(Gomoku561Faults, ScoresOfSomeFaultsWorkedOutByHand) {
    // The text's greedy example: black at G5 scores createClosedFour 1000 + blockOpenThree 500.
    expectWorkedOutByHand("gomoku561", "next_state.txt", {
        {"hand_checked/greedy_text_example_1500", "category-once", Expect::SameAsWithout, ""},
    });
    // Alpha-beta depth 2 from one black stone at E9: D8 first, D10 after D9 (numeric rows) ... rows counted from
    // the top of the 15x15 board (row r written 16 - r, and ordered so): D10 comes first, written D6, and its first
    // reply C11 is written C5.
    expectWorkedOutByHand("gomoku561", "traverse_log.txt", {
        {"hand_checked/fragment_alphabeta_d2", "", Expect::Holds,
         "\nD8,1,Infinity,-Infinity,Infinity\nC7,2,5,-Infinity,Infinity\n"},
        {"hand_checked/fragment_alphabeta_d2", "rows-from-top", Expect::Holds,
         "\nD6,1,Infinity,-Infinity,Infinity\nC5,2,5,-Infinity,Infinity\n"},
    });
}

}  // namespace
}  // namespace plyjudge
