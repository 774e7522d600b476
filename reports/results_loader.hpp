// Building the report model (run_results.hpp): from the grader's SQLite results database (`plyjudge report`),
// or from results in memory (`grade`/`check` writing reports at the end of a run). The cases' visibility,
// input and expected move come from the assignment's suites; without them a report still has every result.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "reports/run_results.hpp"

namespace plyjudge::reports {

// Where a case comes from: its suite folder entry (or a generated case's folder).
struct CaseSource {
    std::string suite, name;
    double maxPoints = 0;
    Visibility visibility = Visibility::Hidden;
    std::filesystem::path input;        // its input.txt ("" when unknown)
    std::filesystem::path expectedDir;  // where its expected files are ("" when unknown)
};

// One stored result.
struct ResultRow {
    std::string student, suite, caseName;
    CaseOutcome outcome;
};

// Assembles the model: cases in the given order (cases only seen in rows are appended, hidden, without
// input), students sorted (`students` may list some without any result yet), a "not-run" outcome where a
// (student, case) has no row (the run is then marked incomplete).
RunResults assembleRunResults(std::string title, std::string variant, std::vector<CaseSource> cases,
                              std::vector<std::string> students, const std::vector<ResultRow>& rows);

// The cases of an assignment file, as the grader reads it (throws the grader's ConfigError when bad).
std::vector<CaseSource> casesOfAssignment(const std::filesystem::path& assignment, std::string* variant);

// Reads a results database written by `plyjudge grade` (read-only). When `assignment` is given (or the
// database names one that still exists), its suites supply visibility, inputs and expected moves; a
// mismatch with the assignment the database was made for is noted in RunResults::notes.
// Throws std::runtime_error with a readable message when the file is missing or not such a database.
RunResults loadRunResults(const std::filesystem::path& database, const std::optional<std::filesystem::path>& assignment);

}  // namespace plyjudge::reports
