#include <gtest/gtest.h>

#include "reference/core/input_text.hpp"

namespace plyjudge {
namespace {

TEST(InputText, ReadsLfCrlfAndMissingFinalNewlineAlike) {
    for (const char* text : {"a\nb\nc\n", "a\r\nb\r\nc", "a\nb\nc", "a\r\nb\r\nc\r\n\r\n"}) {
        const InputText in(text, "f");
        ASSERT_EQ(in.lineCount(), 3) << text;
        EXPECT_EQ(in.line(2, "x"), "b");
        EXPECT_EQ(in.line(3, "x"), "c");
    }
}

TEST(InputText, MissingLineNamesTheFileTheLineAndWhatWasExpected) {
    const InputText in("X\n3\n", "input.txt");
    try {
        in.line(3, "board row 1");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.line(), 3);
        EXPECT_STREQ(e.what(), "input.txt:3: the file ends here, expected board row 1");
    }
}

TEST(InputText, ExtraLinesAreReported) {
    const InputText in("a\nb\nextra\n", "f");
    EXPECT_THROW(in.expectEndAfter(2), InputError);
    EXPECT_NO_THROW(in.expectEndAfter(3));
}

TEST(InputText, ParseIntAcceptsOnlyWholeNumbers) {
    long long v = 0;
    EXPECT_TRUE(parseInt("-12", v));
    EXPECT_EQ(v, -12);
    EXPECT_TRUE(parseInt("+7", v));
    EXPECT_FALSE(parseInt("", v));
    EXPECT_FALSE(parseInt("3x", v));
    EXPECT_FALSE(parseInt("1.5", v));
    EXPECT_FALSE(parseInt("99999999999999999999999", v));
}

}  // namespace
}  // namespace plyjudge
