// The fuzz mix draws boundary positions on purpose (InputGenerator::boundaries: nearly full boards, games that
// end before the cut-off depth, passes, the smallest and largest depth, the other player to move): in 300
// draws each kind appears (each is drawn with probability about 1/18 or more, so missing one has a chance
// below 1e-6), and every drawn input is valid and solved by the reference. Inputs forced to have or lack a
// feature (fuzz/contrast_inputs.hpp) have it or lack it.
#include <gtest/gtest.h>

#include <map>

#include "common/temp_dir.hpp"
#include "fuzz/contrast_inputs.hpp"
#include "reference/input_generator.hpp"

namespace plyjudge::fuzz {
namespace {

constexpr int kDraws = 300;

class BoundaryMix : public ::testing::TestWithParam<std::string> {};

TEST_P(BoundaryMix, EveryKindAppearsIn300DrawsAndEveryInputIsSolved) {
    const InputGenerator* generator = findInputGenerator(GetParam());
    ASSERT_NE(generator, nullptr);
    ASSERT_FALSE(generator->boundaries.empty());
    const rc::Gen<std::string> gen = generator->inputs(InputPurpose::Fuzz);
    rc::Random random(27);
    std::map<std::string, int> seen;
    TempDir scratch("plyjudge-boundary-test");
    for (int i = 0; i < kDraws; ++i) {
        const std::string input = gen(random.split(), i % 101).value();
        try {
            generator->variant->validate(InputText(input, "generated"));
            generator->variant->solve(InputText(input, "input.txt"), Dialect{}, scratch.path());
        } catch (const std::exception& e) {
            FAIL() << "draw " << i << " is not solved: " << e.what() << "\n" << input;
        }
        for (std::string_view f : generator->featuresOf(input)) ++seen[std::string(f)];
    }
    for (std::string_view kind : generator->boundaries) {
        EXPECT_GE(seen[std::string(kind)], 1) << GetParam() << ": no draw of " << kDraws << " is \"" << kind << "\"";
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, BoundaryMix, ::testing::Values("reversi", "squirrel", "starcircle", "gomoku561"));

// The kinds the issue names, where the variant has them (squirrel never passes; starcircle and gomoku561 boards
// never fill).
TEST(BoundaryMix, NamesTheIssuesKinds) {
    auto has = [](std::string_view variant, std::string_view kind) {
        const auto& b = findInputGenerator(variant)->boundaries;
        return std::find(b.begin(), b.end(), kind) != b.end();
    };
    EXPECT_TRUE(has("squirrel", "the board is nearly full (1-3 empty squares)"));
    EXPECT_TRUE(has("reversi", "the board is nearly full (1-3 empty squares)"));
    EXPECT_TRUE(has("reversi", "the player to move must pass"));
    for (std::string_view v : {"reversi", "squirrel", "starcircle", "gomoku561"}) {
        EXPECT_TRUE(has(v, "the game ends before the cut-off depth")) << v;
        EXPECT_TRUE(has(v, "the depth is 1")) << v;
    }
}

TEST(ContrastInputs, ForcedFeaturesHoldOrAreMissing) {
    const InputGenerator& squirrel = *findInputGenerator("squirrel");
    const std::string full = "the board is nearly full (1-3 empty squares)";
    auto has = [&](const std::string& input, const std::string& f) {
        const auto fs = featuresOfInput(squirrel, input);
        return std::find(fs.begin(), fs.end(), f) != fs.end();
    };
    const auto on = inputsWithFeatures(squirrel, {full}, true, 10, 5);
    const auto off = inputsWithFeatures(squirrel, {full}, false, 10, 5);
    ASSERT_EQ(on.size(), 10u);
    ASSERT_EQ(off.size(), 10u);
    for (const auto& i : on) EXPECT_TRUE(has(i, full)) << i;
    for (const auto& i : off) EXPECT_FALSE(has(i, full)) << i;
    const auto crlf = inputsWithFeatures(squirrel, {std::string(kCrlfFeature)}, true, 3, 5);
    ASSERT_EQ(crlf.size(), 3u);
    for (const auto& i : crlf) {
        EXPECT_TRUE(has(i, std::string(kCrlfFeature)));
        EXPECT_NO_THROW(squirrel.variant->validate(InputText(i, "crlf")));
    }
}

// Every feature comes with its negation, so that a program failing on every task but one is separated by one
// feature: ruhigit's squirrel program (docs/real-programs.md) crashes whenever "the task is not greedy".
TEST(ContrastInputs, EachInputHasEachFeatureOrItsNegation) {
    EXPECT_EQ(negationOf("the task is greedy"), "the task is not greedy");
    EXPECT_EQ(negationOf("the game ends before the cut-off depth"), "the game does not end before the cut-off depth");
    EXPECT_EQ(negationOf("the player to move must pass"), "the player to move need not pass");
    EXPECT_EQ(negationOf("each side has at most 2 pieces"), "each side does not have at most 2 pieces");
    const InputGenerator& squirrel = *findInputGenerator("squirrel");
    const std::string greedy = "the task is greedy", notGreedy = "the task is not greedy";
    const auto names = featureNames(squirrel);
    EXPECT_NE(std::find(names.begin(), names.end(), notGreedy), names.end());
    const auto drawn = inputsWithFeatures(squirrel, {notGreedy}, true, 6, 11);
    ASSERT_EQ(drawn.size(), 6u);
    for (const auto& input : drawn) {
        const auto fs = featuresOfInput(squirrel, input);
        EXPECT_EQ(std::count(fs.begin(), fs.end(), notGreedy), 1) << input;
        EXPECT_EQ(std::count(fs.begin(), fs.end(), greedy), 0) << input;
        EXPECT_EQ(fs.size(), squirrel.features.size()) << "one of each pair (no CRLF here): " << input;
    }
}

// Each algorithm is a feature of its own, not only alpha-beta: a program that crashes on every MINIMAX input
// (piyushumate's starcircle program, docs/real-programs.md) is separated by "the algorithm is minimax".
TEST(ContrastInputs, StarcircleNamesBothAlgorithms) {
    const InputGenerator& starcircle = *findInputGenerator("starcircle");
    const std::string minimax = "the algorithm is minimax", alphaBeta = "the algorithm is alpha-beta";
    auto has = [&](const std::string& input, const std::string& f) {
        const auto fs = featuresOfInput(starcircle, input);
        return std::find(fs.begin(), fs.end(), f) != fs.end();
    };
    const auto on = inputsWithFeatures(starcircle, {minimax}, true, 5, 7);
    ASSERT_EQ(on.size(), 5u);
    for (const auto& i : on) {
        EXPECT_TRUE(has(i, minimax)) << i;
        EXPECT_FALSE(has(i, alphaBeta)) << i;
        EXPECT_NE(i.find("MINIMAX"), std::string::npos) << i;
    }
}

}  // namespace
}  // namespace plyjudge::fuzz
