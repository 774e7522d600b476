// Memory limits that real runtimes survive (sandbox/limits.hpp, README.md "Memory"): where the runs get cgroups the
// tree's resident memory is limited (memory.max) and the address space is not, so a JVM that reserves gigabytes
// starts; without cgroups the address space stands in, sized for the runtime the command starts. Either way a
// program that really uses too much is stopped and reported as MemoryLimit. ctest runs this binary twice: as it
// comes (cgroups where the host gives them) and with PLYJUDGE_NO_CGROUPS=1 (the address-space fallback), the
// second under the test prefix NoCgroups.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "sandbox/cgroup.hpp"
#include "sandbox/classify.hpp"
#include "sandbox/isolation.hpp"
#include "sandbox/limits.hpp"
#include "sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

bool cgroupsExpected() {
    const char* off = std::getenv("PLYJUDGE_NO_CGROUPS");
    return !(off && *off && std::string(off) != "0");
}

// Which kind of limit these runs get, and the mode this instance of the binary was asked to test.
std::string modeNote() {
    return detail::cgroupUnavailableReason().empty() ? "cgroups" : "address space (" + detail::cgroupUnavailableReason() + ")";
}

class MemoryLimitTest : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override {
        if (GetParam() && !isolationSupport().available) GTEST_SKIP() << isolationSupport().reason;
        // The cgroup instance tests nothing new where the host gives no cgroups: say so rather than pass.
        if (cgroupsExpected() && !detail::cgroupUnavailableReason().empty())
            GTEST_SKIP() << "no cgroups for the runs here (" << detail::cgroupUnavailableReason()
                         << "); the NoCgroups instance tests the address-space limit";
    }
    RunSpec spec(std::vector<std::string> argv) {
        RunSpec s;
        s.argv = std::move(argv);
        s.workDir = dir.path();
        s.isolate = GetParam();
        s.limits.wallSeconds = 30;
        s.limits.cpuSeconds = 10;
        return s;
    }
    TempDir dir;
};

// A hog is still stopped, and by the kind of limit this mode has.
TEST_P(MemoryLimitTest, AMemoryHogIsStoppedAndReportedAsMemoryLimit) {
    RunSpec s = spec({SANDBOX_TEST_HOG});
    s.limits.memoryBytes = 128ULL << 20;
    const RunOutcome r = runSandboxed(s);
    EXPECT_EQ(r.termination, Termination::MemoryLimit) << modeNote() << ": " << r.detail << " " << r.stderrHead;
    if (cgroupsExpected()) EXPECT_NE(r.detail.find("tree's memory limit"), std::string::npos) << r.detail;
    else EXPECT_NE(r.detail.find("allocation failed"), std::string::npos) << r.detail;
}

TEST_P(MemoryLimitTest, APythonHogIsStoppedAndReportedAsMemoryLimit) {
    RunSpec s = spec({"/usr/bin/python3", "-c", "blocks = []\nwhile True: blocks.append(b'x' * (1 << 20))\n"});
    s.limits.memoryBytes = 64ULL << 20;
    const RunOutcome r = runSandboxed(s);
    EXPECT_EQ(r.termination, Termination::MemoryLimit) << modeNote() << ": " << r.detail << " " << r.stderrHead;
    EXPECT_LT(r.peakMemoryBytes, (64ULL + 512 + 64) << 20);
}

// A Java program run as `java -cp DIR Main` (no -Xmx: the JVM reserves its default heap, 1 GiB of compressed class
// space and its code cache) starts and finishes under the default limits. Before, RLIMIT_AS of 2 GiB refused the
// class space: `Could not allocate compressed class space`, exit 1.
TEST_P(MemoryLimitTest, AJavaProgramRunsUnderTheDefaultLimits) {
    const fs::path javac = "/usr/bin/javac", java = "/usr/bin/java";
    if (!fs::exists(javac) || !fs::exists(java)) GTEST_SKIP() << "no /usr/bin/javac or /usr/bin/java here";
    testing::writeFile(dir / "Main.java",
                       "public class Main { public static void main(String[] a) { System.out.println(\"started \" + a.length); } }\n");
    RunSpec compile = spec({javac.string(), "-d", ".", "Main.java"});
    const RunOutcome built = runSandboxed(compile);
    ASSERT_TRUE(built.ok()) << modeNote() << ": javac: " << built.detail << " " << built.stdoutHead << built.stderrHead;
    const RunOutcome r = runSandboxed(spec({java.string(), "-cp", ".", "Main", "x"}));
    EXPECT_TRUE(r.ok()) << modeNote() << ": " << r.detail << " stdout: " << r.stdoutHead << " stderr: " << r.stderrHead;
    EXPECT_EQ(r.stdoutHead, "started 1\n");
}

INSTANTIATE_TEST_SUITE_P(Isolation, MemoryLimitTest, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "bwrap" : "plain"; });

// The address space stands in only without a cgroup, sized for the runtime the run declares or its program names.
TEST(AddressSpace, SizedForTheRuntimeOnlyWithoutCgroups) {
    SandboxLimits l;
    l.memoryBytes = 2048ULL << 20;
    const auto space = [&](std::vector<std::string> argv, bool treeLimited, Runtime declared = Runtime::Unknown) {
        RunSpec spec;
        spec.argv = std::move(argv);
        spec.runtime = declared;
        return detail::addressSpaceFor(l, detail::runtimeOf(spec), treeLimited);
    };
    EXPECT_EQ(space({"/usr/bin/java", "-cp", ".", "Main"}, true), 0u);
    EXPECT_EQ(space({"./a.out"}, true), 0u);
    EXPECT_EQ(space({"./a.out"}, false), 2048ULL << 20);
    EXPECT_EQ(space({"/usr/bin/java", "-cp", ".", "Main"}, false), (2 * 2048ULL + 4096) << 20);
    // A TA's shell command: its runtime is declared by whoever parsed the command (the words it trusts).
    EXPECT_EQ(runtimeOfCommandWords({"/bin/sh", "-c", "cd build && java gomoku.Main"}), Runtime::Jvm);
    EXPECT_EQ(space({"/bin/sh", "-c", "cd build && java gomoku.Main"}, false, Runtime::Jvm), (2 * 2048ULL + 4096) << 20);
    EXPECT_EQ(space({"/usr/bin/python3", "hw.py"}, false), (2048ULL + 512) << 20);
    EXPECT_EQ(space({"g++", "-O2", "hw.cpp"}, false), (2048ULL + 512) << 20);
    EXPECT_EQ(runtimeOfCommandWords({"/tmp/x/java.py"}), Runtime::Native);  // a file named like a runtime is not one
    l.memoryBytes = 0;
    EXPECT_EQ(space({"java"}, false), 0u);
}

// Issue 41: the address space was sized from every word of the rendered command line, so a student folder named
// "java " raised a Python run's limit to a JVM's (6 GiB instead of 2.5) where there are no cgroups.
TEST(AddressSpace, AStudentsFolderNameNeverSizesIt) {
    SandboxLimits l;
    l.memoryBytes = 2048ULL << 20;
    RunSpec spec;
    spec.argv = {"/usr/bin/python3", "/tmp/run/work/java /x/hw.py", "-i", "input.txt"};
    EXPECT_EQ(detail::addressSpaceFor(l, detail::runtimeOf(spec), false), (2048ULL + 512) << 20);
}

// The JVM says why it could not start on stdout: that is a memory limit, and the detail says so and where.
TEST(StartupFailure, TheJvmsReasonOnStdoutIsAMemoryLimit) {
    detail::RawEnd end;
    end.waitStatus = 1 << 8;  // exit code 1
    end.stdoutTail = "Error occurred during initialization of VM\nCould not allocate compressed class space: 1073741824 bytes\n";
    SandboxLimits limits;
    RunOutcome out;
    detail::classify(end, limits, out);
    EXPECT_EQ(out.termination, Termination::MemoryLimit);
    EXPECT_NE(out.detail.find("`Could not allocate compressed class space`, printed on stdout"), std::string::npos) << out.detail;
    detail::RawEnd other;
    other.waitStatus = 1 << 8;
    other.stdoutTail = "Could not find the answer\n";
    RunOutcome plain;
    detail::classify(other, limits, plain);
    EXPECT_EQ(plain.termination, Termination::Exited);
}

}  // namespace
}  // namespace plyjudge::sandbox
