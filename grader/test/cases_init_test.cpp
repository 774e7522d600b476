// `plyjudge cases init DIR`: an instructor's folder of case folders becomes a suite that `cases fill`, `validate` and
// the grader read; `cases fill` on a folder without suite.yaml says how to make one.
#include <gtest/gtest.h>

#include "grader/suite/case_suite.hpp"
#include "grader/test/grader_test_support.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;
using namespace plyjudge::testing;

namespace {

std::string cases(const std::string& args) { return plyjudgeBinary() + " cases " + args; }

// DIR/NAME/input.txt for each name, copies of reversi's published case1..3 in turn.
void addReversiCases(const std::filesystem::path& dir, const std::vector<std::string>& names) {
    int i = 0;
    for (const std::string& name : names) {
        std::filesystem::create_directories(dir / name);
        const std::string from = "case" + std::to_string(1 + i++ % 3);
        std::filesystem::copy_file(casesDir() / "reversi" / "published" / from / "input.txt", dir / name / "input.txt");
    }
}

}  // namespace

// Before: `cases fill mine` said "cannot read the file", and suite.yaml had to be written by hand.
TEST(CasesInit, AFolderOfCaseFoldersBecomesASuiteThatFillAndValidateAccept) {
    TempDir dir;
    const auto mine = dir / "mine";
    addReversiCases(mine, {"case10", "case2", "case1", "a: #b"});
    std::filesystem::create_directories(mine / "notes");  // no input.txt: not a case
    const auto init = shell(cases("init " + quoted(mine.string())));
    ASSERT_EQ(init.exitCode, 0) << init.output;
    EXPECT_NE(init.output.find("4 case(s) of reversi"), std::string::npos) << init.output;
    EXPECT_NE(init.output.find("left out notes: no input.txt"), std::string::npos) << init.output;
    const CaseSuite suite = CaseSuite::load(mine);
    EXPECT_EQ(suite.variantName, "reversi");
    EXPECT_EQ(suite.visibility, Visibility::Hidden);
    std::vector<std::string> names;
    for (const SuiteCase& c : suite.cases) names.push_back(c.name);
    EXPECT_EQ(names, (std::vector<std::string>{"a: #b", "case1", "case2", "case10"}));

    const auto fill = shell(cases("fill " + quoted(mine.string())));
    EXPECT_EQ(fill.exitCode, 0) << fill.output;
    for (const std::string& name : names) {
        EXPECT_TRUE(std::filesystem::is_regular_file(mine / name / "output.txt")) << name << "\n" << fill.output;
        const auto valid = shell(plyjudgeBinary() + " validate reversi " + quoted((mine / name / "input.txt").string()));
        EXPECT_EQ(valid.exitCode, 0) << name << ": " << valid.output;
    }
    // Once written, suite.yaml is the instructor's: init again leaves it alone unless --force.
    const std::string written = readFile(mine / "suite.yaml");
    const auto again = shell(cases("init " + quoted(mine.string()) + " --visibility published"));
    EXPECT_EQ(again.exitCode, 2) << again.output;
    EXPECT_NE(again.output.find("already exists"), std::string::npos) << again.output;
    EXPECT_EQ(readFile(mine / "suite.yaml"), written);
    EXPECT_EQ(shell(cases("init " + quoted(mine.string()) + " --visibility published --force")).exitCode, 0);
    EXPECT_EQ(CaseSuite::load(mine).visibility, Visibility::Published);
}

TEST(CasesInit, InputsOfAnotherVariantAreRefusedAndNothingIsWritten) {
    TempDir dir;
    addReversiCases(dir.path(), {"case1", "case2"});
    const auto r = shell(cases("init " + quoted(dir.path().string()) + " --variant squirrel"));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("2 of 2 input(s) are not squirrel inputs"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find((dir / "case1" / "input.txt").string()), std::string::npos) << r.output;
    EXPECT_FALSE(std::filesystem::exists(dir / "suite.yaml"));
}

TEST(CasesFill, AFolderWithoutSuiteYamlNamesCasesInit) {
    TempDir dir;
    addReversiCases(dir.path(), {"case1"});
    const auto r = shell(cases("fill " + quoted(dir.path().string())));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("no suite.yaml in " + dir.path().string() + ": run `plyjudge cases init " + dir.path().string() +
                            "` first"), std::string::npos) << r.output;
    EXPECT_FALSE(std::filesystem::exists(dir / "case1" / "output.txt"));
}
