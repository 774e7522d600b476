// What of an assignment's text belongs to the whole class: everything but the per-student `overrides:` (each
// student's own settings, fingerprinted with that student's rows: grader/grade/student_settings.hpp) and the
// `title:` (the reports' heading). A results database stays valid while this digest does: adding, changing or
// removing one student's override, retitling, reformatting or commenting the file does not force a new one.
#pragma once

#include <string>

namespace plyjudge::grader {

// The digest of the class-wide settings of an assignment's text (YAML, compared as parsed: comments, quoting and
// layout do not count, the order of keys does); a text that is not YAML is digested as it is.
std::string classSettingsDigest(const std::string& assignmentText);

}  // namespace plyjudge::grader
