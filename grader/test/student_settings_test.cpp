// A student's settings digest (grader/grade/student_settings.hpp): what the override sets counts, not where or how
// it is written.
#include <gtest/gtest.h>

#include "grader/grade/student_settings.hpp"

namespace plyjudge::grader {
namespace {

TEST(StudentSettings, TheDigestChangesWithWhatTheOverrideSets) {
    const StudentOverride empty;
    const std::string none = studentSettingsDigest(nullptr);
    EXPECT_EQ(studentSettingsDigest(&empty), none) << "no override and an empty one run the program alike";

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
        EXPECT_TRUE(digests.insert(studentSettingsDigest(o)).second);
    }
    StudentOverride sameFile;
    sameFile.file = "src/main.py";
    EXPECT_EQ(studentSettingsDigest(&sameFile), studentSettingsDigest(&file));
}

}  // namespace
}  // namespace plyjudge::grader
