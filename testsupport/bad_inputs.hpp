// The variants' malformed-input tests, checked one way: each input is refused with an InputError naming the
// right line, its one-line message mentioning what was expected there.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/core/input_text.hpp"

namespace plyjudge::testing {

// `Case` has what (a label), input (the text), line (1-based) and mentions (a phrase of the message);
// `parse(InputText)` is the variant's parser.
template <class Case, class Parse>
void expectEachInputRefused(const std::vector<Case>& cases, Parse parse) {
    for (const Case& c : cases) {
        try {
            parse(InputText(c.input, "input.txt"));
            ADD_FAILURE() << c.what << ": accepted";
        } catch (const InputError& e) {
            const std::string message = e.what();
            EXPECT_EQ(e.line(), c.line) << c.what << ": " << message;
            EXPECT_NE(message.find(c.mentions), std::string::npos) << c.what << ": " << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << c.what << ": one line";
        }
    }
}

}  // namespace plyjudge::testing
