// Each deliberately broken program gets the right verdict and diagnosis (real subprocesses, sandboxed).
#include <gtest/gtest.h>

#include "grader/test/grader_test_support.hpp"
#include "reference/variant.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;

namespace {

CaseResult reversiCase3(const std::string& mode) { return runCommandOnCase("reversi", "published", "case3", corruptCommand(mode, "reversi")); }

void expectWrongAnswer(const CaseResult& r, const std::string& kind) {
    EXPECT_EQ(r.verdict, Verdict::WrongAnswer) << verdictName(r.verdict) << ": " << r.message << "\n" << r.detail();
    EXPECT_EQ(r.diagnosisKind, kind) << r.message << "\n" << r.detail();
    EXPECT_EQ(r.points, 0);
}

}  // namespace

TEST(BrokenPrograms, TheUnbrokenWrapperPasses) {
    const CaseResult r = reversiCase3("none");
    EXPECT_EQ(r.verdict, Verdict::Ok) << r.message << r.detail();
    EXPECT_EQ(r.points, 1);
    EXPECT_GT(r.bytesWritten, 1000u);
}

TEST(BrokenPrograms, SwappedSiblings) { expectWrongAnswer(reversiCase3("swap-siblings"), "expansion-order"); }
TEST(BrokenPrograms, WrongLeafValue) { expectWrongAnswer(reversiCase3("leaf-value"), "leaf-value"); }
TEST(BrokenPrograms, DroppedLineAtACutoff) { expectWrongAnswer(reversiCase3("drop-cutoff"), "cutoff"); }
TEST(BrokenPrograms, ShiftedDepth) { expectWrongAnswer(reversiCase3("shift-depth"), "depth"); }
TEST(BrokenPrograms, TruncatedEnd) { expectWrongAnswer(reversiCase3("truncate-end"), "missing-at-end"); }
TEST(BrokenPrograms, ExtraLineAtTheEnd) { expectWrongAnswer(reversiCase3("extra-end"), "extra-at-end"); }
TEST(BrokenPrograms, OtherMoveWithTheSameLog) { expectWrongAnswer(reversiCase3("other-move"), "tie-break"); }

TEST(BrokenPrograms, StarcircleSaysWhichLineDiffers) {
    auto run = [](const std::string& mode) {
        return runCommandOnCase("starcircle", "published", "example1", corruptCommand(mode, "starcircle"));
    };
    expectWrongAnswer(run("move"), "tie-break");
    expectWrongAnswer(run("myopic"), "myopic");
    const CaseResult nodes = run("nodes");
    expectWrongAnswer(nodes, "node-count");
    EXPECT_NE(nodes.message.find("node count differs (expected \"5\", got \"6\")"), std::string::npos) << nodes.message;
}

TEST(BrokenPrograms, PythonCrashIsARuntimeErrorWithItsTraceback) {
    const CaseResult r = reversiCase3("crash");
    EXPECT_EQ(r.verdict, Verdict::RuntimeError);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.detail().find("deliberate crash"), std::string::npos) << r.detail();
}

TEST(BrokenPrograms, SignalIsARuntimeError) {
    const CaseResult r = reversiCase3("segfault");
    EXPECT_EQ(r.verdict, Verdict::RuntimeError) << r.message;
    EXPECT_EQ(r.signal, 11);
}

TEST(BrokenPrograms, CppSegfaultCompiledOnce) {
    ProgramSource source;
    source.file = programsDir() / "segfault.cpp";
    const CaseResult r = runOnCase("reversi", "published", "case1", source);
    EXPECT_EQ(r.verdict, Verdict::RuntimeError) << r.message;
    EXPECT_EQ(r.signal, 11) << r.message;
}

TEST(BrokenPrograms, CppCompileError) {
    ProgramSource source;
    source.file = programsDir() / "compile_error.cpp";
    const CaseResult r = runOnCase("reversi", "published", "case1", source);
    EXPECT_EQ(r.verdict, Verdict::CompileError);
    EXPECT_NE(r.message.find("undefined_name"), std::string::npos) << r.message;
}

TEST(BrokenPrograms, BusyLoopHitsTheCpuLimit) {
    plyjudge::sandbox::SandboxLimits limits = quickLimits();
    limits.cpuSeconds = 1;
    const CaseResult r = runCommandOnCase("reversi", "published", "case3", corruptCommand("hang", "reversi"), limits);
    EXPECT_EQ(r.verdict, Verdict::TimeLimit) << r.message;
}

TEST(BrokenPrograms, SleeperHitsTheWallLimit) {
    plyjudge::sandbox::SandboxLimits limits = quickLimits();
    limits.wallSeconds = 1;
    const CaseResult r = runCommandOnCase("reversi", "published", "case3", corruptCommand("sleep", "reversi"), limits);
    EXPECT_EQ(r.verdict, Verdict::TimeLimit) << r.message;
    EXPECT_LT(r.wallSeconds, 3);
}

TEST(BrokenPrograms, StdoutFloodIsAnOutputLimit) {
    const CaseResult r = reversiCase3("flood");
    EXPECT_EQ(r.verdict, Verdict::OutputLimit) << r.message;
}

TEST(BrokenPrograms, HugeFileIsAnOutputLimit) {
    const CaseResult r = reversiCase3("big-file");
    EXPECT_EQ(r.verdict, Verdict::OutputLimit) << r.message;
}

TEST(BrokenPrograms, ForkLoopIsContainedAndTimedOut) {
    plyjudge::sandbox::SandboxLimits limits = quickLimits();
    limits.wallSeconds = 2;
    const CaseResult r = runCommandOnCase("reversi", "published", "case3", corruptCommand("fork-loop", "reversi"), limits);
    EXPECT_EQ(r.verdict, Verdict::TimeLimit) << verdictName(r.verdict) << ": " << r.message;
    EXPECT_LT(r.wallSeconds, 6);
}

plyjudge::sandbox::SandboxLimits hogLimits() {
    plyjudge::sandbox::SandboxLimits limits = quickLimits();
    limits.memoryBytes = 160ULL << 20;  // small: filling memory is slow on a loaded machine
    return limits;
}

TEST(BrokenPrograms, PythonMemoryHog) {
    const CaseResult r = runCommandOnCase("reversi", "published", "case3", corruptCommand("memory-hog", "reversi"), hogLimits());
    EXPECT_EQ(r.verdict, Verdict::MemoryLimit) << verdictName(r.verdict) << ": " << r.message << r.detail();
}

TEST(BrokenPrograms, CppMemoryHog) {
    ProgramSource source;
    source.file = programsDir() / "memory_hog.cpp";
    const CaseResult r = runOnCase("reversi", "published", "case1", source, hogLimits());
    EXPECT_EQ(r.verdict, Verdict::MemoryLimit) << verdictName(r.verdict) << ": " << r.message << r.detail();
}

TEST(BrokenPrograms, NoOutputIsMissingOutput) {
    const CaseResult r = reversiCase3("no-output");
    EXPECT_EQ(r.verdict, Verdict::MissingOutput);
    EXPECT_NE(r.message.find("output.txt was not written"), std::string::npos) << r.message;
}

TEST(BrokenPrograms, OutputThatIsASymlinkIsRefused) {
    const CaseResult r = reversiCase3("symlink-output");
    EXPECT_EQ(r.verdict, Verdict::MissingOutput) << r.message;
    EXPECT_NE(r.message.find("symbolic link"), std::string::npos) << r.message;
}

TEST(BrokenPrograms, WritingOutsideItsDirectoryIsRefused) {
    // A folder outside the run's directory that the grader itself could write to (not under /tmp, which a
    // bubblewrap run sees as a private tmpfs).
    const auto outside = std::filesystem::path(plyjudgeBinary()).parent_path() / "escape-test";
    std::filesystem::create_directories(outside);
    const auto target = outside / "escaped.txt";
    std::filesystem::remove(target);
    const CaseResult r = runCommandOnCase("reversi", "published", "case3",
                                          "env ESCAPE_TARGET=" + target.string() + " " + corruptCommand("write-outside", "reversi"));
    EXPECT_FALSE(std::filesystem::exists(target)) << "the program wrote outside its directory";
    // Read-only under bubblewrap (or not there at all when the tree is under /tmp, private to the run); not
    // its own folder without it: the write fails and the program dies.
    EXPECT_EQ(r.verdict, Verdict::RuntimeError) << verdictName(r.verdict) << ": " << r.message << r.detail();
    EXPECT_TRUE(r.detail().find("Read-only file system") != std::string::npos || r.detail().find("Permission denied") != std::string::npos ||
                r.detail().find("No such file or directory") != std::string::npos)
        << r.detail();
    std::filesystem::remove_all(outside);
}

TEST(BrokenPrograms, SquirrelNextStateWithAMatchingLogIsATieBreak) {
    if (!plyjudge::findVariant("squirrel")) GTEST_SKIP() << "squirrel is not registered in this build";
    // sample4 (alpha-beta) writes next_state.txt and traverse_log.txt; only the board is changed.
    expectWrongAnswer(runCommandOnCase("squirrel", "published", "sample4", corruptCommand("other-move", "squirrel")), "tie-break");
    // sample1 (greedy) writes next_state.txt only: a different board is just a different next state.
    expectWrongAnswer(runCommandOnCase("squirrel", "published", "sample1", corruptCommand("other-move", "squirrel")), "next-state");
}

TEST(BrokenPrograms, ACrashOnWindowsLineEndsIsNotGuessed) {
    // The official reversi inputs have CRLF line ends; a program splitting on '\n' alone reads "X\r". The message
    // says how the run ended and nothing more: the cause is said only by an experiment that passed
    // (ExplanationByExperiment.*), never guessed from the input's line ends.
    const CaseResult r = runCommandOnCase("reversi", "published", "case1", "python3 " + (programsDir() / "crlf_crash.py").string());
    EXPECT_EQ(r.verdict, Verdict::RuntimeError) << r.message;
    EXPECT_EQ(r.message, "exited with status 1");
    EXPECT_FALSE(r.explanation) << "explanations are off here";
    // Nothing written and nothing printed on a CRLF input: still no guess.
    const CaseResult silent = runCommandOnCase("reversi", "published", "case1", "sh -c 'exit 0'");
    EXPECT_EQ(silent.verdict, Verdict::MissingOutput) << silent.message;
    EXPECT_EQ(silent.message.find("CRLF"), std::string::npos) << silent.message;
}
