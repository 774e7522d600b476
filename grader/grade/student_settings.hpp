// Each student's own settings: the assignment's `overrides:`, then a students.yaml beside the submissions (an
// entry there replaces the assignment's for that student), and their digest, kept with the student's rows in the
// results database: a student whose digest changed since grading is stale and is graded again, alone.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "grader/assignment/assignment.hpp"

namespace plyjudge::grader {

// The overrides in force for the class. `warn` is told when students.yaml is there but cannot be read as one (a
// folder of that name, a FIFO, an unreadable file); unset: "plyjudge: warning: ..." on standard error.
StudentOverrides effectiveOverrides(const Assignment& assignment, const std::filesystem::path& submissions,
                                    const std::function<void(const std::string&)>& warn);

// The digest of one student's settings: what its override sets (command, file, python, setup, collect), so that
// an override's wording or place (the assignment or students.yaml) does not count, and the Pythons the grader can run
// (`tools`: each one's path, or none): a Python 2 program graded where no python2 was installed ran under Python 3 and
// failed, and must be graded again once one is. No override (nullptr) and an empty one have the same digest.
std::string studentSettingsDigest(const StudentOverride* override, const Interpreters& tools);

}  // namespace plyjudge::grader
