// Every item of the spec's "Bad input" list (and truncated or overlong files) is rejected with an
// InputError naming the line and what was expected.
#include <gtest/gtest.h>

#include "reference/squirrel/test/bad_inputs.hpp"
#include "testsupport/bad_inputs.hpp"

namespace plyjudge::squirrel {
namespace {

TEST(SquirrelBadInput, TheWellFormedBaseInputsAreAccepted) {
    EXPECT_NO_THROW(parseProblem(InputText(test::kSearchHeader + test::kSampleValues + test::kSampleBoard, "input.txt")));
    EXPECT_NO_THROW(parseProblem(InputText(test::kBattleHeader + test::kSampleValues + test::kSampleBoard, "input.txt")));
}

TEST(SquirrelBadInput, EachMalformedInputNamesItsLineAndWhatWasExpected) {
    plyjudge::testing::expectEachInputRefused(test::badCases(), [](const InputText& input) { return parseProblem(input); });
}

}  // namespace
}  // namespace plyjudge::squirrel
