// The report options shared by `check`, `grade` and `report`: reading --report, and writing the reports
// with every problem said on standard error (the results themselves are never touched).
#pragma once

#include <filesystem>
#include <vector>

#include "cli/command_line.hpp"
#include "reports/report_formats.hpp"

namespace plyjudge::cli {

// The formats of --report (or another option: "gradescope,junit"); none without the option. Throws UsageError for a bad list.
std::vector<reports::Format> reportFormatsOf(const po::variables_map& vm, const char* option = "report");

// Who reads the reports: the TA (everything), or the students (hidden cases as their suite's `show` allows,
// reports/student_view.hpp). A Gradescope report is always the students'.
enum class Readers { Teacher, Students };

// Adds --for-students; readersOf reads it.
void addForStudentsOption(CommandLine& cl);
Readers readersOf(const po::variables_map& vm);

// Writes the formats to output (see reports::writeReports), prints "wrote PATH" for each file and one line
// per failure. Returns kExitOk, or kExitFailed when some report could not be written.
int writeReportsOrSay(const reports::RunResults& run, const std::vector<reports::Format>& formats,
                      const std::filesystem::path& output, Readers readers = Readers::Teacher);

// The reports of `check` and `grade`, for readersOf(vm): --json PATH, and `formats` (from --report) to
// --report-output, else to defaultFolder (created private). Returns as writeReportsOrSay.
int writeRequestedReports(const reports::RunResults& run, const po::variables_map& vm,
                          const std::vector<reports::Format>& formats, const std::filesystem::path& defaultFolder);

}  // namespace plyjudge::cli
