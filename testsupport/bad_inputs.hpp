// The variants' malformed-input tests, checked one way: each input is refused with an InputError naming the
// right line, its one-line message mentioning what was expected there; through `plyjudge solve` as a TA runs
// it, with exit status 2, that one line and no output file.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

#include "reference/core/input_text.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::testing {

// A malformed input and where and how it must be refused.
struct BadInput {
    std::string what;      // a label for failure messages
    std::string input;     // the text
    int line;              // 1-based
    std::string mentions;  // a phrase the message must contain
};

// `text` with its line `n` (1-based) replaced by `replacement`.
inline std::string withLine(const std::string& text, int n, const std::string& replacement) {
    std::size_t start = 0;
    for (int i = 1; i < n; ++i) start = text.find('\n', start) + 1;
    const std::size_t end = text.find('\n', start);
    return text.substr(0, start) + replacement + text.substr(end);
}

// `parse(InputText)` is the variant's parser.
template <class Parse>
void expectEachInputRefused(const std::vector<BadInput>& cases, Parse parse) {
    for (const BadInput& c : cases) {
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

// Each input written as `inputFile` into a fresh folder, then `plyjudge solveArgs` run there (solveArgs naming
// inputFile as the variant's programs are given it).
inline void expectSolveRefusesEach(const std::vector<BadInput>& cases, const std::string& inputFile,
                                   const std::string& solveArgs) {
    for (const BadInput& c : cases) {
        TempDir dir;
        writeFile(dir / inputFile, c.input);
        const CommandRun run = runPlyjudge(dir.path(), solveArgs);
        EXPECT_EQ(run.status, 2) << c.what << ": " << run.output;
        const std::string prefix = "plyjudge solve: " + inputFile + ":" + std::to_string(c.line) + ": ";
        EXPECT_EQ(run.output.rfind(prefix, 0), 0u) << c.what << ": " << run.output;
        EXPECT_NE(run.output.find(c.mentions), std::string::npos) << c.what << ": " << run.output;
        EXPECT_EQ(run.output.find('\n'), run.output.size() - 1) << c.what << ": one line: " << run.output;
        EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1)
            << c.what << ": nothing but " << inputFile << " in the folder";
    }
}

}  // namespace plyjudge::testing
