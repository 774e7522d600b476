// Running the Dolos bridge (dolos.hpp) as `similarity` does, with stand-ins for node: one that never ends is stopped
// at the time limit, one that answers anything but numbers is refused, and a missing install is named with the
// commands that install it. The real bridge and Dolos are run by grader/test/similarity_class_test.cpp.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>

#include "grader/similarity/dolos.hpp"
#include "sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;

namespace {

// A stand-in for node in `dir`, which is opened to the sandbox's run users, as an installed Dolos is.
DolosInstall standIn(const TempDir& dir, const std::string& script) {
    writeFile(dir / "node", "#!/bin/sh\n" + script);
    ::chmod((dir / "node").c_str(), 0755);
    ::chmod(dir.path().c_str(), 0755);
    return DolosInstall{dir / "node", dir.path(), dir / "bridge.mjs"};
}

std::vector<SubmissionSources> twoPrograms() {
    SubmissionSources a;
    a.language = "python";
    a.text = "print(1)\n";
    return {a, a};
}

std::string failureOf(const DolosInstall& dolos, const CodeOptions& options) {
    try {
        compareCode(dolos, twoPrograms(), {}, options, [](const std::string&) {});
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(DolosBridge, OneThatNeverEndsIsStoppedAtTheTimeLimit) {
    TempDir dir;
    CodeOptions options;
    options.timeLimit = std::chrono::seconds(1);
    const auto start = std::chrono::steady_clock::now();
    const std::string why = failureOf(standIn(dir, "exec sleep 60\n"), options);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
    EXPECT_NE(why.find("time limit (1 s)"), std::string::npos) << why;
}

TEST(DolosBridge, AnAnswerThatIsNotNumbersIsRefused) {
    TempDir dir;
    const std::string why = failureOf(standIn(dir, "printf 'pair 0 1 \\033]0;x\\007 2\\n' > \"$4\"\n"), CodeOptions{});
    EXPECT_NE(why.find("unreadable pair"), std::string::npos) << why;
    const std::string other = failureOf(standIn(dir, "echo '<script>' > \"$4\"\n"), CodeOptions{});
    EXPECT_NE(other.find("something unexpected"), std::string::npos) << other;
}

TEST(DolosBridge, PairsAreReadBackInTheCallersNumbering) {
    TempDir dir;
    const auto dolos = standIn(dir, "grep -q files \"$3\" && echo 'pair 0 1 0.75 12\nfragment 1 2 3 4' > \"$4\"\n");
    const auto pairs = compareCode(dolos, twoPrograms(), {}, CodeOptions{}, [](const std::string&) {}).pairs;
    ASSERT_EQ(pairs.size(), 1u);
    EXPECT_DOUBLE_EQ(pairs[0].similarity, 0.75);
    ASSERT_EQ(pairs[0].fragments.size(), 1u);
    EXPECT_EQ(pairs[0].fragments[0].rightLast, 4);
}

TEST(DolosBridge, AMissingInstallIsNamedWithHowToInstallIt) {
    TempDir empty;
    std::string why;
    EXPECT_FALSE(findDolos(empty.path(), why));
    EXPECT_NE(why.find("not found in " + empty.path().string()), std::string::npos) << why;
    EXPECT_NE(why.find("scripts/setup-dolos"), std::string::npos) << why;
    EXPECT_NE(why.find("@dodona/dolos-lib@" + std::string(kDolosVersion)), std::string::npos) << why;
}

// The bridge parses students' sources with native parsers, so it runs sandboxed: a stand-in that could read a file
// of the grader's outside its own folder (a hidden case, say) would say so by its answer.
TEST(DolosBridge, RunsSandboxedAndCannotReadTheGradersFiles) {
    if (!plyjudge::sandbox::isolationSupport().available) {
        GTEST_SKIP() << "no private world on this machine: " << plyjudge::sandbox::isolationSupport().reason;
    }
    TempDir dir, secret;
    writeFile(secret / "hidden-case.txt", "expected output\n");
    const auto dolos = standIn(dir, "if cat '" + (secret / "hidden-case.txt").string() +
                                        "' > /dev/null 2>&1; then v=0.99; else v=0.01; fi\necho \"pair 0 1 $v 1\" > \"$4\"\n");
    const auto pairs = compareCode(dolos, twoPrograms(), {}, CodeOptions{}, [](const std::string&) {}).pairs;
    ASSERT_EQ(pairs.size(), 1u);
    EXPECT_DOUBLE_EQ(pairs[0].similarity, 0.01) << "the bridge read a file of the grader's";
}

TEST(DolosBridge, AnExcludedSourceIsReadBackInTheCallersNumbering) {
    TempDir dir;
    const auto dolos = standIn(dir, "echo 'excluded 1' > \"$4\"\n");
    const CodeComparison code = compareCode(dolos, twoPrograms(), {}, CodeOptions{}, [](const std::string&) {});
    EXPECT_TRUE(code.pairs.empty());
    EXPECT_EQ(code.excluded, std::vector<int>{1});
}

// Issue 41: one source nested 60,000 deep made Dolos fail ("Maximum call stack size exceeded") and no code was
// compared for anyone. With the real bridge and Dolos: that student alone is left out, the copied pair is still found.
TEST(DolosBridge, OneSourceDolosCannotReadCostsItsStudentAloneTheComparison) {
    std::string why;
    const auto dolos = findDolos(std::nullopt, why);
    if (!dolos) GTEST_SKIP() << "Dolos is not installed: " << why;
    const DolosInstall real{dolos->node, dolos->prefix, std::filesystem::path(PLYJUDGE_SOURCE_DIR) / "grader" / "similarity" / "dolos_bridge.mjs"};
    SubmissionSources program;
    program.language = "python";
    for (int i = 0; i < 40; ++i) program.text += "def f" + std::to_string(i) + "(x):\n    return [y * " + std::to_string(i) + " for y in range(x) if y % 3]\n";
    SubmissionSources deep = program;
    deep.text = "x = " + std::string(60000, '[') + std::string(60000, ']') + "\n";
    const std::vector<SubmissionSources> sources = {program, deep, program};
    const CodeComparison code = compareCode(real, sources, {}, CodeOptions{}, [](const std::string&) {});
    EXPECT_EQ(code.excluded, std::vector<int>{1});
    ASSERT_EQ(code.pairs.size(), 1u);
    EXPECT_EQ(code.pairs[0].a, 0);
    EXPECT_EQ(code.pairs[0].b, 2);
}
