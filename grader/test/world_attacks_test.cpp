// Security, round three (issue 41): what a run may see is never read from a string a student controls. Program
// detection searches a submission's sub-folders, so a student chooses the folder names above its program, and the
// rendered command line holds them: `x /usr/bin/plyjudge y/main.py` once made the sandbox show plyjudge itself (every
// hidden case passed with `plyjudge solve`), `x COURSE/assignment.yaml y /root/.profile z/main.py` the course folder and a
// 0700 /root, and, for an unprivileged grader, the results database. Each attacker here reads what its folder names and
// exits 42 when it could: graded as root (bubblewrap) and as an unprivileged grader, none may.
#include <gtest/gtest.h>
#include <unistd.h>

#include <map>
#include <set>

#include "grader/test/course_support.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;

namespace {

// A Python program that tries each path and exits 42 on the first it can read (a file, or a folder it can list).
std::string pythonReader(const std::vector<std::string>& paths) {
    std::string list;
    for (const std::string& p : paths) list += "    " + quoted(p) + ",\n";
    return "import os, sys\nfor p in [\n" + list + "]:\n"
           "    try:\n"
           "        if os.path.isdir(p):\n            os.listdir(p)\n"
           "        else:\n            open(p, 'rb').read(1)\n"
           "        sys.stderr.write('read ' + p + '\\n')\n        sys.exit(42)\n"
           "    except (IOError, OSError):\n        pass\n";
}

// A C++ program that bakes `path` into itself at compile time: it compiles only where the compile step sees it.
std::string cppIncbin(const std::string& path) {
    return "__asm__(\".section .rodata\\n.incbin \\\"" + path + "\\\"\\n.previous\\n\");\nint main() { return 42; }\n";
}

// Writes `program` as `file` below the student's folder, under sub-folders spelled by `folders` (blanks and slashes
// included: "x /usr/bin/plyjudge y" is the folders "x ", "usr", "bin", "plyjudge y").
void addNested(Course& course, const std::string& student, const std::string& folders, const std::string& file,
               const std::string& program) {
    const std::filesystem::path path = course.submissions().string() + "/" + student + "/" + folders + "/" + file;
    writeFileMakingDirs(path, program);
    for (std::filesystem::path dir = path.parent_path(); dir != course.submissions(); dir = dir.parent_path())
        std::filesystem::permissions(dir, std::filesystem::perms(0755));
}

void gradeWorldAttackers(const std::string& prefix) {
    Course course("world-attackers");
    course.hideTheSuite();
    const std::string ply = std::filesystem::canonical(plyjudgeBinary()).string();
    const std::string root = course.root().string();
    course.addStudent("honest");
    addNested(course, "plyjudge-py", "x " + ply + " y", "main.py", pythonReader({ply}));
    addNested(course, "plyjudge-cpp", "x " + ply + " y", "main.cpp", cppIncbin(ply));
    addNested(course, "course", "x " + root + "/assignment.yaml y " + root + "/hidden z", "main.py",
              pythonReader({root + "/assignment.yaml", root + "/hidden", root + "/hidden/suite.yaml"}));
    addNested(course, "database", "x " + course.database().string() + " y", "main.py",
              pythonReader({course.database().string()}));
    if (::geteuid() == 0 && std::filesystem::exists("/root/.profile"))
        addNested(course, "root-home", "x /root/.profile y /root z", "main.py", pythonReader({"/root/.profile", "/root"}));

    const CommandOutput r = course.grade("", prefix);
    EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << "exit " << r.exitCode << "\n" << r.output;
    std::map<std::string, std::multiset<std::string>> verdicts;
    std::map<std::string, std::string> messages;
    for (const StoredResult& s : course.stored()) {
        verdicts[s.student].insert(std::string(s.result.verdictCodeText()));
        messages[s.student] += s.result.message + "\n";
    }
    EXPECT_EQ(verdicts["honest"], std::multiset<std::string>({"ok", "ok", "ok", "ok", "ok"})) << r.output;
    for (const std::string s : {"plyjudge-py", "plyjudge-cpp", "course", "database", "root-home"}) {
        if (s == std::string("root-home") && !verdicts.count(s)) continue;  // only where the tests run as root
        EXPECT_EQ(verdicts[s].size(), 5u) << s << "\n" << r.output;
        EXPECT_EQ(verdicts[s].count("runtime-error"), 0u) << s << " read what its folder names:\n" << messages[s];
        EXPECT_EQ(verdicts[s].count("judge-error"), 0u) << s << "\n" << messages[s];
        EXPECT_EQ(verdicts[s].count("ok"), 0u) << s;
    }
    EXPECT_EQ(verdicts["plyjudge-cpp"], std::multiset<std::string>(
                                            {"compile-error", "compile-error", "compile-error", "compile-error", "compile-error"}))
        << messages["plyjudge-cpp"];
}

}  // namespace

TEST(WorldAttacks, FolderNamesShowNothingToARootGrader) { gradeWorldAttackers(""); }

TEST(WorldAttacks, FolderNamesShowNothingToAnUnprivilegedGrader) {
    if (::geteuid() != 0) GTEST_SKIP() << "the tests already run unprivileged (WorldAttacks.FolderNamesShowNothingToARootGrader)";
    std::string why;
    const auto asUser = unprivilegedPrefix(why);
    if (!asUser) GTEST_SKIP() << why;
    gradeWorldAttackers(*asUser);
}
