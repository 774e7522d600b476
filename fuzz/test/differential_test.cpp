// The differential loop with an in-process judge standing for a program with a planted bug: it finds the
// bug, shrinks it to a few pieces, saves it to the corpus and replays the corpus first; crashes are
// reported, not shrunk.
#include <gtest/gtest.h>

#include <sstream>

#include "fuzz/differential.hpp"
#include "grader/explain/explain.hpp"
#include "reference/reversi/problem.hpp"
#include "reference/starcircle/problem.hpp"
#include "reference/squirrel/problem.hpp"
#include "reference/gomoku561/problem.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::fuzz {
namespace {

// A "program" that answers right unless `buggy(input)`, in which case it answers wrong.
inline Judge plantedBug(std::function<bool(const std::string&)> buggy, Agreement whenBuggy = Agreement::Disagree) {
    return [buggy, whenBuggy](const std::filesystem::path& caseDir, const std::vector<std::string>& files) {
        EXPECT_FALSE(files.empty());
        for (const std::string& f : files) EXPECT_TRUE(std::filesystem::exists(caseDir / f)) << f;
        if (!buggy(testing::readFile(caseDir / "input.txt"))) return Judgement{Agreement::Agree, "OK", "", ""};
        return Judgement{whenBuggy, "wrong answer", "planted bug", "line 1: expected this, got that"};
    };
}

struct Fixture {
    testing::TempDir dir;
    FuzzOptions options;
    Fixture() {
        std::filesystem::create_directories(dir / "scratch");
        options.scratch = dir / "scratch";
        options.corpus = dir / "corpus";
        options.cases = 300;
        options.reproduce = "plyjudge fuzz VARIANT prog.py";
    }
};

// Reversi's planted bug: a piece in column h.
inline bool reversiPieceInColumnH(const std::string& input) {
    const auto p = reversi::parseProblem(InputText(input, "i"));
    constexpr reversi::Bitboard columnH = 0x8080808080808080ull;
    return ((p.root.pieces[0] | p.root.pieces[1]) & columnH) != 0;
}

TEST(Differential, ShrinksAReversiBugToAFewPiecesSavesItAndReplaysItFirst) {
    Fixture f;
    std::ostringstream out;
    const FuzzOutcome o = runFuzz(*findInputGenerator("reversi"), plantedBug(reversiPieceInColumnH), f.options, out);
    ASSERT_EQ(o.result, Agreement::Disagree) << out.str();
    EXPECT_TRUE(reversiPieceInColumnH(o.input));
    // From the start (4 pieces) a piece reaches column h after four moves or so; RapidCheck's shrinking of the
    // moves played leaves 9-16 pieces over seeds 1-12, the simplifications (a piece fewer, ...) then one.
    EXPECT_EQ(o.shrunk.pieces, 1) << out.str();
    EXPECT_GT(o.simplifySteps, 0) << out.str();
    EXPECT_EQ(o.shrunk.depth, 1) << out.str();
    EXPECT_LE(o.shrunk.pieces, o.original.pieces);
    EXPECT_EQ(testing::readFile(o.saved / "input.txt"), o.input);
    EXPECT_TRUE(std::filesystem::exists(o.saved / "output.txt"));
    EXPECT_TRUE(std::filesystem::exists(f.options.corpus / "suite.yaml"));
    EXPECT_NE(out.str().find("reproduce: plyjudge fuzz VARIANT prog.py --seed 1 --cases " + std::to_string(o.failingCase + 1)),
              std::string::npos) << out.str();
    EXPECT_NE(out.str().find("planted bug"), std::string::npos);

    std::ostringstream again;
    const FuzzOutcome replay = runFuzz(*findInputGenerator("reversi"), plantedBug(reversiPieceInColumnH), f.options, again);
    EXPECT_EQ(replay.result, Agreement::Disagree);
    EXPECT_TRUE(replay.fromCorpus);
    EXPECT_EQ(replay.casesRun, 0);
    EXPECT_EQ(replay.input, o.input);
}

TEST(Differential, ShrinksAStarcircleBugToTwoPieces) {
    Fixture f;
    std::ostringstream out;
    auto starInColumn8 = [](const std::string& input) {
        const auto p = starcircle::parseProblem(InputText(input, "i"));
        for (int row = 1; row <= 8; ++row) {
            if (p.board.cells[starcircle::squareOf(row, 8)] > 0) return true;
        }
        return false;
    };
    const FuzzOutcome o = runFuzz(*findInputGenerator("starcircle"), plantedBug(starInColumn8), f.options, out);
    ASSERT_EQ(o.result, Agreement::Disagree) << out.str();
    EXPECT_TRUE(starInColumn8(o.input));
    EXPECT_EQ(o.shrunk.pieces, 2) << out.str();  // the star and the one circle every board has
    EXPECT_EQ(o.shrunk.depth, 1) << out.str();
}

TEST(Differential, ShrinksASquirrelBugToOnePiece) {
    Fixture f;
    std::ostringstream out;
    auto pieceInColumnE = [](const std::string& input) {
        const auto p = squirrel::parseProblem(InputText(input, "i"));
        for (int row = 1; row <= 5; ++row) {
            if ((p.pieces[0] | p.pieces[1]) & squirrel::bitOf(squirrel::squareOf(row, 5))) return true;
        }
        return false;
    };
    const FuzzOutcome o = runFuzz(*findInputGenerator("squirrel"), plantedBug(pieceInColumnE), f.options, out);
    ASSERT_EQ(o.result, Agreement::Disagree) << out.str();
    EXPECT_TRUE(pieceInColumnE(o.input));
    EXPECT_EQ(o.shrunk.pieces, 1) << out.str();
    EXPECT_EQ(o.shrunk.depth, 1) << out.str();
}

TEST(Differential, ShrinksAGomokuBugToThreeStones) {
    Fixture f;
    std::ostringstream out;
    auto threeStones = [](const std::string& input) {
        const auto p = gomoku561::parseProblem(InputText(input, "i"));
        return p.black.count() + p.white.count() >= 3;
    };
    const FuzzOutcome o = runFuzz(*findInputGenerator("gomoku561"), plantedBug(threeStones), f.options, out);
    ASSERT_EQ(o.result, Agreement::Disagree) << out.str();
    EXPECT_EQ(o.shrunk.pieces, 3) << out.str();
    EXPECT_EQ(o.shrunk.depth, 1) << out.str();
}

TEST(Differential, ACrashIsReportedNotShrunk) {
    Fixture f;
    std::ostringstream out;
    const FuzzOutcome o = runFuzz(*findInputGenerator("reversi"), plantedBug(reversiPieceInColumnH, Agreement::ProgramFailed),
                                  f.options, out);
    ASSERT_EQ(o.result, Agreement::ProgramFailed);
    EXPECT_EQ(o.shrinkRuns, 0);
    EXPECT_EQ(o.shrunk.pieces, o.original.pieces);
    EXPECT_NE(out.str().find("FAILED"), std::string::npos) << out.str();
}

TEST(Differential, ACorrectProgramRunsEveryCase) {
    Fixture f;
    f.options.cases = 50;
    std::ostringstream out;
    const FuzzOutcome o = runFuzz(*findInputGenerator("starcircle"), plantedBug([](const std::string&) { return false; }),
                                  f.options, out);
    EXPECT_EQ(o.result, Agreement::Agree);
    EXPECT_EQ(o.casesRun, 50);
    EXPECT_NE(out.str().find("no disagreement in 50 cases"), std::string::npos) << out.str();
    EXPECT_FALSE(std::filesystem::exists(f.options.corpus));
}

}  // namespace
}  // namespace plyjudge::fuzz

namespace plyjudge::fuzz {
namespace {

// A program with one catalogued mistake, judged in-process: the reference with that fault against the case's
// expected files.
Judge faultyReference(const std::string& variant, const std::string& fault) {
    return [variant, fault](const std::filesystem::path& caseDir, const std::vector<std::string>& files) {
        const Variant& v = *findVariant(variant);
        OutputFiles expected;
        for (const std::string& f : files) expected[f] = testing::readFile(caseDir / f);
        const bool same = v.agree(InputText::readFile(caseDir / "input.txt"), Dialect{}.withFault(fault), expected).exact;
        return same ? Judgement{Agreement::Agree, "OK", "", ""} : Judgement{Agreement::Disagree, "wrong answer", fault, ""};
    };
}

TEST(Differential, SimplificationsShrinkCataloguedFaultsToSixPiecesAndTwoPlies) {
    for (const auto& [variant, fault] : {std::pair{"starcircle", "steps-first"}, std::pair{"reversi", "flips-one-direction"},
                                         std::pair{"squirrel", "sneak-converts"}, std::pair{"gomoku561", "edge-not-blocking"},
                                         std::pair{"squirrel", "strict-pruning"}}) {
        SCOPED_TRACE(std::string(variant) + " " + fault);
        Fixture f;
        f.options.corpus.clear();
        std::ostringstream out;
        const FuzzOutcome o = runFuzz(*findInputGenerator(variant), faultyReference(variant, fault), f.options, out);
        ASSERT_EQ(o.result, Agreement::Disagree) << out.str();
        EXPECT_LE(o.shrunk.pieces, 6) << out.str();
        EXPECT_LE(o.shrunk.depth, 2) << out.str();
    }
}

}  // namespace
}  // namespace plyjudge::fuzz

namespace plyjudge::fuzz {
namespace {

// Issue 27: the finding is explained by what the grader's explainer says of the *shrunk* case itself, exact only
// when reproduced on it; a shrunk case reproduced by another fault than the case first found is flagged; a case
// nothing reproduces says "not explained".
inline std::size_t piecesOf(const std::string& input) {
    const auto p = squirrel::parseProblem(InputText(input, "i"));
    return static_cast<std::size_t>(__builtin_popcount(p.pieces[0] | p.pieces[1]));
}

Judge explainedAs(std::function<std::string(const std::string&)> faultOf) {
    return [faultOf](const std::filesystem::path& caseDir, const std::vector<std::string>&) {
        const std::string input = testing::readFile(caseDir / "input.txt");
        if (piecesOf(input) < 2) return Judgement{Agreement::Agree, "OK", "", ""};
        Judgement j{Agreement::Disagree, "wrong answer", "planted bug", ""};
        const std::string fault = faultOf(input);
        if (!fault.empty()) j = {Agreement::Disagree, "wrong answer", "planted bug", "", "explained: " + fault + " — s", true, fault};
        return j;
    };
}

TEST(Differential, ExplainsTheShrunkCaseByItsOwnReproductionAndFlagsAnotherCause) {
    Fixture f;
    std::ostringstream out;
    // Big boards are "reproduced" by fault-big, boards of 2-3 pieces by fault-small: the shrunk case's own.
    const auto judge = explainedAs([](const std::string& input) { return piecesOf(input) > 3 ? "fault-big" : "fault-small"; });
    const FuzzOutcome o = runFuzz(*findInputGenerator("squirrel"), judge, f.options, out);
    ASSERT_EQ(o.result, Agreement::Disagree) << out.str();
    ASSERT_GT(o.original.pieces, 3) << out.str();
    EXPECT_NE(out.str().find("explanation of the shrunk case (reproduced on it): explained: fault-small"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("is reproduced by another: explained: fault-big"), std::string::npos) << out.str();
}

TEST(Differential, AShrunkCaseNothingReproducesIsNotExplained) {
    Fixture f;
    std::ostringstream out;
    const FuzzOutcome o = runFuzz(*findInputGenerator("squirrel"), explainedAs([](const std::string&) { return ""; }), f.options, out);
    ASSERT_EQ(o.result, Agreement::Disagree) << out.str();
    EXPECT_NE(out.str().find("explanation of the shrunk case: not explained"), std::string::npos) << out.str();
    EXPECT_EQ(out.str().find("explained: "), std::string::npos) << out.str();
}

}  // namespace
}  // namespace plyjudge::fuzz

namespace plyjudge::fuzz {
namespace {

// Issue 43: a one-direction-flips program that keeps the *last* direction (the catalogue's flips-one-direction keeps
// the first). Judged in-process: the reference with the neighbour writes the program's files, and the grader's
// explainer explains them; the shrunk case is named as the catalogued fault's neighbour, saying how it differs.
Judge lastDirectionProgram() {
    return [](const std::filesystem::path& caseDir, const std::vector<std::string>& files) {
        const Variant& v = *findVariant("reversi");
        const InputText input = InputText::readFile(caseDir / "input.txt");
        const std::filesystem::path out = caseDir / "program";
        std::filesystem::create_directories(out);
        v.solve(input, Dialect{}.withFault("flips-last-direction"), out);
        OutputFiles actual, expected;
        for (const std::string& f : files) actual[f] = testing::readFile(out / f), expected[f] = testing::readFile(caseDir / f);
        if (actual == expected) return Judgement{Agreement::Agree, "OK", "", ""};
        Judgement j{Agreement::Disagree, "wrong answer", "flips", ""};
        if (const auto e = grader::explainByReproduction(v, Dialect{}, input, actual); e && e->exact) {
            j.explanation = "explained: " + e->fault + " — " + e->sentence;
            j.explanationExact = true;
            j.explainedBy = e->fault;
        }
        return j;
    };
}

TEST(Differential, AShrunkLastDirectionFlipIsNamedAsTheNeighbourOfFlipsOneDirection) {
    Fixture f;
    f.options.corpus.clear();
    std::ostringstream out;
    const FuzzOutcome o = runFuzz(*findInputGenerator("reversi"), lastDirectionProgram(), f.options, out);
    ASSERT_EQ(o.result, Agreement::Disagree) << out.str();
    EXPECT_NE(out.str().find("explanation of the shrunk case (reproduced on it): explained: flips-last-direction — "), std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find("A neighbour of the catalogued flips-one-direction: it keeps the last direction that flips"), std::string::npos)
        << out.str();
}

}  // namespace
}  // namespace plyjudge::fuzz
