// Every item of the spec's "Bad input" list (and truncated or overlong files) is rejected with an
// InputError naming the line and what was expected.
#include <gtest/gtest.h>

#include "reference/squirrel/test/bad_inputs.hpp"

namespace plyjudge::squirrel {
namespace {

TEST(SquirrelBadInput, TheWellFormedBaseInputsAreAccepted) {
    EXPECT_NO_THROW(parseProblem(InputText(test::kSearchHeader + test::kSampleValues + test::kSampleBoard, "input.txt")));
    EXPECT_NO_THROW(parseProblem(InputText(test::kBattleHeader + test::kSampleValues + test::kSampleBoard, "input.txt")));
}

TEST(SquirrelBadInput, EachMalformedInputNamesItsLineAndWhatWasExpected) {
    for (const test::BadCase& c : test::badCases()) {
        try {
            parseProblem(InputText(c.input, "input.txt"));
            ADD_FAILURE() << c.what << ": accepted";
        } catch (const InputError& e) {
            EXPECT_EQ(e.line(), c.line) << c.what << ": " << e.what();
            EXPECT_NE(e.message().find(c.mentions), std::string::npos) << c.what << ": " << e.what();
            EXPECT_EQ(e.message().find('\n'), std::string::npos) << c.what << ": one line";
        }
    }
}

}  // namespace
}  // namespace plyjudge::squirrel
