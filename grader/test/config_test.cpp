// Suite manifests and assignments: the committed ones load; mistakes name the file, the line and the key.
#include <gtest/gtest.h>

#include "grader/assignment/assignment.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/suite/case_suite.hpp"
#include "grader/test/grader_test_support.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge;
using namespace plyjudge::grader;
using plyjudge::testing::casesDir;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;
using plyjudge::grader::testing::writeFileMakingDirs;

namespace {

std::string loadError(const std::string& yaml) {
    TempDir dir;
    writeFile(dir / "a.yaml", yaml);
    try {
        Assignment::load(dir / "a.yaml");
    } catch (const ConfigError& e) {
        const std::string what = e.what();
        const std::string prefix = (dir / "a.yaml").string() + ":";
        EXPECT_EQ(what.rfind(prefix, 0), 0u) << what;
        return what.substr(prefix.size());
    }
    ADD_FAILURE() << "no error for:\n" << yaml;
    return "";
}

const std::string kSuite = "suites: [" + (casesDir() / "reversi" / "published").string() + "]\n";

}  // namespace

TEST(Suites, CommittedManifestsOfRegisteredVariantsLoad) {
    int loaded = 0;
    for (const Variant* v : allVariants()) {
        for (const auto& dir : suiteDirsOf(casesDir(), v->name)) {
            const CaseSuite s = CaseSuite::load(dir);
            EXPECT_FALSE(s.cases.empty()) << dir;
            ++loaded;
        }
    }
    EXPECT_GE(loaded, 3);
    const CaseSuite pdf = CaseSuite::load(casesDir() / "reversi" / "pdf_example");
    EXPECT_EQ(pdf.dialectSettings, std::vector<std::string>{"cutoff_log=bound-first"});
}

TEST(Suites, PerCasePointsAndVisibility) {
    TempDir dir;
    writeFileMakingDirs(dir / "c1" / "input.txt", "x");
    writeFileMakingDirs(dir / "c2" / "input.txt", "x");
    writeFile(dir / "suite.yaml", "variant: reversi\nvisibility: hidden\npoints: 3\ncases:\n  - c1\n  - {name: c2, points: 5, visibility: published}\n");
    const CaseSuite s = CaseSuite::load(dir.path());
    ASSERT_EQ(s.cases.size(), 2u);
    EXPECT_EQ(s.cases[0].visibility, Visibility::Hidden);
    EXPECT_EQ(s.cases[1].visibility, Visibility::Published);
    EXPECT_EQ(s.points, 3);
    EXPECT_EQ(s.cases[1].points, 5);
}

TEST(Suites, ErrorsNameFileLineAndKey) {
    TempDir dir;
    writeFileMakingDirs(dir / "c1" / "input.txt", "x");
    auto error = [&](const std::string& yaml) {
        writeFile(dir / "suite.yaml", yaml);
        try {
            CaseSuite::load(dir.path());
        } catch (const ConfigError& e) {
            return std::string(e.what()).substr((dir / "suite.yaml").string().size());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error("variant: reversi\ncolour: blue\ncases: [c1]\n"),
              ":2: unknown key 'colour' (known: variant, dialect, visibility, show, provenance, generated_by, points, cases)");
    EXPECT_EQ(error("variant: reversi\nvisibility: secret\ncases: [c1]\n"),
              ":2: visibility: expected one of published, hidden, got 'secret'");
    EXPECT_EQ(error("variant: reversi\ncases:\n  - c1\n  - c9\n"), ":4: cases: " + (dir / "c9" / "input.txt").string() + " does not exist");
    EXPECT_EQ(error("variant: nope\ncases: [c1]\n"), ":1: variant: unknown variant 'nope'");
    EXPECT_EQ(error("variant: reversi\ndialect: {cutoff_log: sideways}\ncases: [c1]\n").substr(0, 13), ":2: dialect: ");
    EXPECT_EQ(error("variant: reversi\ncases: [c1\n").substr(0, 3), ":3:");  // YAML syntax error, with its line
}

TEST(Assignments, CommittedExamplesOfRegisteredVariantsLoad) {
    for (const Variant* v : allVariants()) {
        const auto path = casesDir() / std::string(v->name) / "assignment.yaml";
        if (!std::filesystem::exists(path)) continue;
        const Assignment a = Assignment::load(path);
        EXPECT_EQ(a.variant, v);
        EXPECT_FALSE(a.suites.empty());
    }
    const Assignment star = Assignment::load(casesDir() / "starcircle" / "assignment.yaml");
    EXPECT_EQ(star.pointsOf(star.suites[0], star.suites[0].cases[0]), 2);
}

TEST(Assignments, SettingsAreRead) {
    TempDir dir;
    writeFile(dir / "a.yaml", "variant: reversi\nrun: {command: 'python3 {program} -i {input}', python: 2, file: hw.py}\n"
                              "limits: {wall_seconds: 2.5, memory_mb: 100, stack_mb: 64, processes: 3}\n" + kSuite +
                              "scoring: {points_per_case: 4, files: [output.txt]}\n");
    const Assignment a = Assignment::load(dir / "a.yaml");
    EXPECT_EQ(a.run.command, "python3 {program} -i {input}");
    EXPECT_EQ(a.run.python, PythonChoice::Python2);
    EXPECT_EQ(a.run.file, "hw.py");
    EXPECT_DOUBLE_EQ(a.limits.wallSeconds, 2.5);
    EXPECT_EQ(a.limits.memoryBytes, 100ULL << 20);
    EXPECT_EQ(a.limits.stackBytes, 64ULL << 20);
    EXPECT_EQ(a.limits.maxProcesses, 3);
    EXPECT_EQ(a.pointsOf(a.suites[0], a.suites[0].cases[0]), 4);
    EXPECT_EQ(a.filesToMatch(a.suites[0].cases[0]), std::vector<std::string>{"output.txt"});
}

TEST(Assignments, ErrorsNameLineAndKey) {
    EXPECT_EQ(loadError("variant: reversi\n" + kSuite + "limits:\n  wall_seconds: ten\n"),
              "4: limits.wall_seconds: expected a number >= 0, got 'ten'");
    EXPECT_EQ(loadError("variant: reversi\n" + kSuite + "limits:\n  wall_secs: 3\n").substr(0, 34),
              "4: unknown key 'limits.wall_secs' ");
    EXPECT_EQ(loadError("variant: reversi\n" + kSuite + "run: {python: 4}\n"), "3: run.python: expected one of auto, 2, 3, got '4'");
    EXPECT_EQ(loadError("variant: reversi\n" + kSuite + "scoring: {files: [moves.txt]}\n"),
              "3: scoring.files: reversi programs do not write 'moves.txt'");
    EXPECT_EQ(loadError("variant: reversi\nsuites: [/nonexistent]\n"), "2: suites: no suite.yaml for '/nonexistent' (looked in /nonexistent)");
    EXPECT_EQ(loadError("variant: starcircle\n" + kSuite).substr(0, 10), "2: suites:");
    EXPECT_EQ(loadError("variant: reversi\n"), "1: missing key 'suites'");
    // The pdf_example suite was made with another dialect than the default.
    EXPECT_EQ(loadError("variant: reversi\nsuites: [" + (casesDir() / "reversi" / "pdf_example").string() + "]\n").substr(0, 10),
              "2: suites:");
}

// A bundled assignment copied elsewhere (cp cases/squirrel/assignment.yaml /tmp/x/): its suites by name come from
// the installed data's cases/squirrel/ when nothing of that name is beside it; a suite beside it comes first.
TEST(Assignments, CopiedAssignmentFindsItsSuitesInTheInstalledData) {
    TempDir dir;
    std::filesystem::copy_file(casesDir() / "squirrel" / "assignment.yaml", dir / "assignment.yaml");
    const Assignment a = Assignment::load(dir / "assignment.yaml");
    ASSERT_FALSE(a.suites.empty());
    EXPECT_EQ(std::filesystem::canonical(a.suites[0].dir), std::filesystem::canonical(bundledCasesDir() / "squirrel" / "published"));

    std::filesystem::copy(casesDir() / "squirrel" / "published", dir / "published", std::filesystem::copy_options::recursive);
    EXPECT_EQ(Assignment::load(dir / "assignment.yaml").suites[0].dir, dir / "published");
}

TEST(Assignments, SuiteNotFoundListsWhereItLooked) {
    const std::string error = loadError("variant: squirrel\nsuites: [no-such-suite]\n");
    EXPECT_NE(error.find("2: suites: no suite.yaml for 'no-such-suite' (looked in "), std::string::npos) << error;
    EXPECT_NE(error.find((bundledCasesDir() / "squirrel" / "no-such-suite").string()), std::string::npos) << error;
    // A name climbing out of the data folder is looked for beside the assignment only.
    EXPECT_EQ(loadError("variant: squirrel\nsuites: [../squirrel/published]\n").find(bundledCasesDir().string()), std::string::npos);
}

TEST(CasesFill, ExpectedOutputsComeFromTheReference) {
    TempDir dir;
    for (const char* c : {"case1", "case3"}) {
        std::filesystem::create_directories(dir / c);
        std::filesystem::copy_file(casesDir() / "reversi" / "published" / c / "input.txt", dir / c / "input.txt");
    }
    writeFile(dir / "case3" / "output.txt", "a hand-typed answer");
    writeFile(dir / "suite.yaml", "variant: reversi\ncases: [case1, case3]\n");
    const auto r = plyjudge::grader::testing::shell(std::string(PLYJUDGE_BINARY) + " cases fill " + dir.path().string());
    EXPECT_EQ(r.exitCode, 1) << r.output;  // case3's existing file disagrees and is left alone
    EXPECT_NE(r.output.find("differs from the reference (left alone): " + (dir / "case3" / "output.txt").string()), std::string::npos)
        << r.output;
    EXPECT_EQ(plyjudge::testing::readFile(dir / "case3" / "output.txt"), "a hand-typed answer");
    // The filled file equals the official one (which uses CRLF), modulo line ends.
    EXPECT_EQ(plyjudge::testing::readFile(dir / "case1" / "output.txt"),
              plyjudge::testing::normalized(plyjudge::testing::readFile(casesDir() / "reversi" / "published" / "case1" / "output.txt")));
    EXPECT_EQ(plyjudge::grader::testing::shell(std::string(PLYJUDGE_BINARY) + " cases fill " + dir.path().string() + "/nope").exitCode, 2);
}
