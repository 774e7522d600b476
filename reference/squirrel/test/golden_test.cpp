// The five official sample cases (CRLF, no final newline), byte for byte modulo line ends and final newline, by the
// solver and through `plyjudge solve squirrel -i FILE` as a TA runs it.
#include <gtest/gtest.h>

#include <algorithm>

#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

const Variant& squirrel() { return *findVariant("squirrel"); }
std::filesystem::path sample(int n) { return testing::casesDir() / "squirrel" / "published" / ("sample" + std::to_string(n)); }

class SquirrelOfficialCase : public ::testing::TestWithParam<int> {};

TEST_P(SquirrelOfficialCase, ReproducesTheOfficialOutput) { testing::expectGoldenCase(squirrel(), sample(GetParam())); }

INSTANTIATE_TEST_SUITE_P(Published, SquirrelOfficialCase, ::testing::Range(1, 6));

TEST(SquirrelOfficialInputs, AreCrlfWithoutFinalNewlineSoTheGoldenTestsParseThatForm) {
    for (int n = 1; n <= 5; ++n) {
        const std::string text = testing::readFile(sample(n) / "input.txt");
        EXPECT_NE(text.find("\r\n"), std::string::npos) << "sample" << n;
        EXPECT_NE(text.back(), '\n') << "sample" << n;
    }
}

TEST(SquirrelOfficialInputs, LfWithFinalNewlineGivesTheSameFiles) {
    for (int n = 1; n <= 5; ++n) {
        std::string text = testing::readFile(sample(n) / "input.txt");
        text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
        text += '\n';
        testing::TempDir out;
        const auto written = squirrel().solve(InputText(text, "input.txt"), Dialect{}, out.path());
        for (const std::string& name : written) {
            EXPECT_EQ(testing::readFile(out / name), testing::normalized(testing::readFile(sample(n) / name)))
                << "sample" << n << " " << name << ": the solver writes LF and no final newline";
        }
    }
}

TEST(SquirrelOutputs, EachTaskWritesExactlyItsFiles) {
    const std::vector<std::vector<std::string>> expected = {
        {"next_state.txt"},
        {"next_state.txt", "traverse_log.txt"},
        {"next_state.txt", "traverse_log.txt"},
        {"next_state.txt", "traverse_log.txt"},
        {"trace_state.txt"},
    };
    for (int n = 1; n <= 5; ++n) {
        testing::TempDir out;
        auto written = squirrel().solve(InputText::readFile(sample(n) / "input.txt"), Dialect{}, out.path());
        std::sort(written.begin(), written.end());
        EXPECT_EQ(written, expected[n - 1]) << "sample" << n;
        const auto files = std::distance(std::filesystem::directory_iterator(out.path()), {});
        EXPECT_EQ(files, static_cast<long>(written.size())) << "sample" << n << ": no other file";
    }
}

TEST(SquirrelCli, CrlfInputWithoutFinalNewlineWritesTheOfficialFilesIntoTheWorkingDirectory) {
    testing::TempDir dir;
    std::filesystem::copy_file(sample(4) / "input.txt", dir / "input.txt");
    const testing::CommandRun run = testing::runPlyjudge(dir.path(), "solve squirrel -i input.txt");
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(run.output, "");
    for (const char* name : {"next_state.txt", "traverse_log.txt"}) {
        EXPECT_EQ(testing::readFile(dir / name), testing::normalized(testing::readFile(sample(4) / name))) << name;
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "trace_state.txt"));
}

}  // namespace
}  // namespace plyjudge
