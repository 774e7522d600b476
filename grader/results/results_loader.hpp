// Building the results model (run_results.hpp): from the grader's SQLite results database (`plyjudge report`),
// or from results in memory (`grade`/`check` at the end of a run). The cases' visibility, points and input
// come from the assignment's suites; without them a report still has every result.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "grader/results/results_store.hpp"
#include "grader/results/run_results.hpp"

namespace plyjudge::grader {

struct Assignment;

// Where a case comes from: its suite folder entry (or a generated case's folder).
struct CaseSource {
    std::string suite, name;
    double maxPoints = 0;
    Visibility visibility = Visibility::Hidden;
    std::filesystem::path input;        // its input.txt ("" when unknown)
    std::filesystem::path expectedDir;  // where its expected files are ("" when unknown)
    ShowLevel show = ShowLevel::Verdict;  // what a student's report shows of it when hidden (suite.yaml `show`)
};

// Assembles the model: cases in the given order (cases only seen in rows are appended, hidden, without
// input), students sorted (`students` may list some without any result yet), a NotRun result where a
// (student, case) has no row (the run is then marked incomplete). Text is cut to the reports' sizes
// (common/report_text.hpp) and made valid UTF-8 for the views.
RunResults assembleRunResults(std::string title, std::string variant, std::vector<CaseSource> cases,
                              std::vector<std::string> students, const std::vector<StoredResult>& rows);

// The cases of a loaded assignment, in the grader's order.
std::vector<CaseSource> casesOf(const Assignment& assignment);

// Reads a results database written by `plyjudge grade` (read-only). When `assignment` is given (or the
// database names one that still exists), its suites supply visibility, inputs and points; a mismatch with
// the assignment the database was made for is noted in RunResults::notes.
// The students' stored explanations (stored_explanations.hpp) are set where they still match the results; their
// names go to `explained` when given (the others are as graded, before the student-level steps).
// Throws std::runtime_error with a readable message when the file is missing or not such a database, and
// the grader's ConfigError when the assignment is bad.
RunResults loadRunResults(const std::filesystem::path& database, const std::optional<std::filesystem::path>& assignment,
                          std::set<std::string>* explained = nullptr);

}  // namespace plyjudge::grader
