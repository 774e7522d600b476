// Reports straight from `grade` and `check` (--report FORMATS): the grader's in-memory results turned into
// the report model and written, each problem printed; the results database is untouched either way.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "grader/run/case_runner.hpp"
#include "reports/report_formats.hpp"
#include "reports/results_loader.hpp"

namespace plyjudge::reports {

CaseOutcome outcomeOf(const grader::CaseResult& result);

// The cases of a grading job (a generated case is published: its input is the student's to see).
CaseSource caseSourceOf(const grader::CaseSpec& spec, Visibility visibility);

// Writes `formats` ("gradescope,junit,...") to `output` (see writeReports). Returns the exit status to
// add to the command's: 0 written, 1 some report could not be written (each reason printed to err).
// A bad format list is found before grading by parseFormats.
int writeGradingReports(const std::vector<Format>& formats, const std::filesystem::path& output, const std::string& title,
                        const std::string& variant, const std::vector<CaseSource>& cases, const std::vector<std::string>& students,
                        const std::vector<std::pair<std::string, grader::CaseResult>>& results, std::ostream& err);

}  // namespace plyjudge::reports
