// The grader's own failures are never a student's: a canary before the class stops a grade whose interpreter cannot
// start any program, and the run folders' file system read after a failed run tells a full disk from a student's
// mistake (grader/grade/canary.hpp, grader/run/disk_evidence.hpp).
#include <gtest/gtest.h>

#include <sys/stat.h>

#include "grader/run/disk_evidence.hpp"
#include "grader/test/course_support.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader::testing {
namespace {

// An assignment whose python3 is installed but starts no program (a broken installation: its library missing).
std::filesystem::path brokenPythonAssignment(Course& course) {
    course.hideTheSuite();
    const std::filesystem::path python = course.root() / "broken-python3";
    plyjudge::testing::writeFile(python, "#!/bin/sh\necho 'python3: error while loading shared libraries' >&2\nexit 127\n");
    ::chmod(python.c_str(), 0755);
    plyjudge::testing::writeFile(course.root() / "assignment.yaml",
                                 "variant: squirrel\nlimits: {wall_seconds: 10, cpu_seconds: 10}\nsuites: [hidden]\n"
                                 "run:\n  interpreters:\n    python3: " + python.string() + "\n");
    return course.root() / "assignment.yaml";
}

// Before: every student "runtime error", 0 points, exit status 0, stored final.
TEST(Canary, ABrokenInterpreterStopsTheGradeBeforeAnyVerdictIsStored) {
    Course course("canary-broken-python");
    course.addStudent("alice");
    course.addStudent("bob");
    brokenPythonAssignment(course);
    const CommandOutput out = course.grade("");
    EXPECT_EQ(out.exitCode, 3) << out.output;
    EXPECT_NE(out.output.find("nobody was graded"), std::string::npos) << out.output;
    EXPECT_NE(out.output.find("python3 canary"), std::string::npos) << out.output;
    EXPECT_NE(out.output.find("error while loading shared libraries"), std::string::npos) << "the tool's own words: " << out.output;
    EXPECT_TRUE(!std::filesystem::exists(course.database()) || course.stored().empty());
}

TEST(Canary, AWorkingClassSaysWhatTheCanaryRanAndWhatItCost) {
    Course course("canary-working");
    course.addStudent("alice");
    const CommandOutput out = course.grade("");
    EXPECT_EQ(out.exitCode, 0) << out.output;
    const auto at = out.output.find("canary: python3");
    ASSERT_NE(at, std::string::npos) << out.output;
    EXPECT_NE(out.output.find("reference passed in", at), std::string::npos) << out.output;
}

DiskState roomy() { return {true, 512u << 20, true, false}; }

TEST(DiskEvidence, AFullFileSystemAfterAFailedRunIsAJudgeFaultOfTheDisk) {
    const auto fault = diskFaultAfterRun(roomy(), {true, 4096, true, false}, 0, "/runs/run-1");
    ASSERT_TRUE(fault);
    EXPECT_EQ(fault->component, JudgeComponent::Disk);
    EXPECT_NE(fault->what.find("/runs"), std::string::npos) << fault->what;
}

TEST(DiskEvidence, NoInodesLeftOrReadOnlyAreJudgeFaultsToo) {
    EXPECT_TRUE(diskFaultAfterRun(roomy(), {true, 512u << 20, false, false}, 0, "/runs/r"));
    EXPECT_TRUE(diskFaultAfterRun(roomy(), {true, 512u << 20, true, true}, 0, "/runs/r"));
}

TEST(DiskEvidence, ARunThatFilledTheDiskItselfIsNotTheGradersFailure) {
    EXPECT_FALSE(diskFaultAfterRun(roomy(), {true, 4096, true, false}, 512u << 20, "/runs/r"));
}

TEST(DiskEvidence, RoomLeftIsNoFault) {
    EXPECT_FALSE(diskFaultAfterRun(roomy(), roomy(), 0, "/runs/r"));
    EXPECT_FALSE(diskFaultAfterRun(roomy(), DiskState{}, 0, "/runs/r"));  // statfs failed: nothing known
}

TEST(DiskEvidence, TheStateOfARealFolderIsRead) {
    const DiskState s = diskStateOf(std::filesystem::temp_directory_path());
    EXPECT_TRUE(s.known);
    EXPECT_GT(s.freeBytes, 0u);
}

}  // namespace
}  // namespace plyjudge::grader::testing
