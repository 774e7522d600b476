// What `check` and `grade` show and save: the terminal summary and the JSON results file.
#pragma once

#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "grader/run/case_runner.hpp"

namespace plyjudge::grader {

struct StudentResults {
    std::string student;
    std::vector<CaseResult> cases;  // in suite, case order
    double points() const;
    double maxPoints() const;       // judge errors excluded: they never count against the student
    int count(Verdict v) const;
};

// Groups (student, result) rows by student, keeping the order of first appearance.
std::vector<StudentResults> groupByStudent(const std::vector<std::pair<std::string, CaseResult>>& rows);

// One line per case and, for failures, the message and the first difference (check's view).
void printCaseReport(std::ostream& out, const StudentResults& s, bool showDetail);
// One line per student with points and verdict counts, then totals (grade's view).
void printClassSummary(std::ostream& out, const std::vector<StudentResults>& students);

// Writes the JSON results file atomically (temporary file, then rename). Throws on I/O failure.
void writeJsonResults(const std::filesystem::path& path, std::string_view variant, std::string_view source,
                      const std::vector<StudentResults>& students);

}  // namespace plyjudge::grader
