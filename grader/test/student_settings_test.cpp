// A student's settings digest (grader/grade/student_settings.hpp): what the override sets counts, not where or how
// it is written.
#include <gtest/gtest.h>

#include "grader/grade/student_settings.hpp"

namespace plyjudge::grader {
namespace {

TEST(StudentSettings, TheDigestChangesWithWhatTheOverrideSets) {
    const StudentOverride empty;
    const std::string none = studentSettingsDigest(nullptr, {});
    EXPECT_EQ(studentSettingsDigest(&empty, {}), none) << "no override and an empty one run the program alike";

    StudentOverride file;
    file.file = "src/main.py";
    StudentOverride python;
    python.python = PythonChoice::Python2;
    StudentOverride command;
    command.command = "python3 {program}";
    StudentOverride setup;
    setup.adjustments.setup = {{"input.txt", "input1.txt"}};
    StudentOverride otherSetup;
    otherSetup.adjustments.setup = {{"input.txt", "input2.txt"}};
    StudentOverride collect;
    collect.adjustments.collect = {{"output.txt", "out/output.txt"}};
    std::set<std::string> digests{none};
    for (const StudentOverride* o : {&file, &python, &command, &setup, &otherSetup, &collect}) {
        EXPECT_TRUE(digests.insert(studentSettingsDigest(o, {})).second);
    }
    StudentOverride sameFile;
    sameFile.file = "src/main.py";
    EXPECT_EQ(studentSettingsDigest(&sameFile, {}), studentSettingsDigest(&file, {}));
}

// A Python 2 program graded where no python2 could run ran under Python 3 and failed; once a python2 is there, its
// rows must not be kept as final: the Pythons the grader can run are part of every student's settings.
TEST(StudentSettings, TheDigestChangesWithThePythonsTheGraderCanRun) {
    Interpreters withPython2, withoutPython2;
    withPython2.paths["python2"] = "/usr/bin/python3";  // any Python the runs can execute stands for one here
    withoutPython2.paths["python2"] = "/nonexistent/python2";
    EXPECT_NE(studentSettingsDigest(nullptr, withPython2), studentSettingsDigest(nullptr, withoutPython2));
    EXPECT_EQ(studentSettingsDigest(nullptr, withPython2), studentSettingsDigest(nullptr, withPython2));
}

}  // namespace
}  // namespace plyjudge::grader
