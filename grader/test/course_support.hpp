// A course as a TA keeps it, for the tests of what one student's submission can do to a class: a folder in
// the build tree (outside /tmp, whose private mount would hide what a real course folder does not), the
// bundled squirrel assignment, one folder per student, the grader's own TMPDIR (to see what it leaves), and
// `plyjudge grade` run as root or as an unprivileged user.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grader/results/results_store.hpp"
#include "grader/test/grader_test_support.hpp"

namespace plyjudge::grader::testing {

// A correct squirrel program (grader/test/programs/faulty/squirrel/_squirrel.py without a mistake), one file.
std::string correctSquirrelProgram();

// The correct program, then: folders made and every permission taken away from them (innermost first), and
// the write bit of its own working directory removed (break 9 of issue 25).
std::string lockingSquirrelProgram();

// A FIFO and a bound unix socket at `p` (Google Test assertions: call from a test).
void makeFifo(const std::filesystem::path& p);
void makeSocket(const std::filesystem::path& p);

// What to put before a command to run it as an unprivileged user: "" when we are not root, setpriv to uid
// 65534 when we are and may switch; nullopt (with `why`) when root cannot switch here.
std::optional<std::string> unprivilegedPrefix(std::string& why);

class Course {
public:
    // A fresh course folder under the build tree (removed with everything in it at the end).
    explicit Course(const std::string& name);
    ~Course();
    Course(const Course&) = delete;
    Course& operator=(const Course&) = delete;

    const std::filesystem::path& root() const { return root_; }
    std::filesystem::path submissions() const { return root_ / "subs"; }
    std::filesystem::path tmp() const { return root_ / "tmp"; }       // the grader's TMPDIR
    std::filesystem::path database() const { return root_ / "results.db"; }
    std::filesystem::path assignment() const;                          // cases/squirrel/published only, or hidden's
    // From now on the class is graded on the bundled squirrel cases as a hidden suite of the course's own
    // (ROOT/hidden, `visibility: hidden`, ROOT/assignment.yaml): what students may read of it is the verdict.
    std::filesystem::path hideTheSuite();

    // A student folder holding main.py (`program`), made whatever the name's bytes.
    std::filesystem::path addStudent(const std::string& name, const std::string& program = correctSquirrelProgram());

    // `plyjudge grade` on the class at -j 2 with `extra` options, stopped after 240 s; as root or, with `prefix`
    // from unprivilegedPrefix(), as that user (the course is handed to uid 65534 first when it switches to it).
    CommandOutput grade(const std::string& extra, const std::string& prefix = "");
    // Everything stored, and what is left in the grader's TMPDIR.
    std::vector<StoredResult> stored() const;
    std::vector<std::string> leftovers() const;

private:
    std::filesystem::path root_;
    bool hidden_ = false;
};

}  // namespace plyjudge::grader::testing
