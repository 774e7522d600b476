// The report formats: one writer per format, each a pure function of the model (its own file), and the
// one place that writes them to disk (atomically, saying why when it cannot).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "reports/results_model.hpp"

namespace plyjudge::reports {

enum class Format { Json, Gradescope, Junit, Csv, Html };

std::string_view formatName(Format f);
// The file name a format gets inside an output directory: report.json, results.json, junit.xml, ...
std::string_view defaultFileName(Format f);
// "gradescope,junit" -> formats, in order, without repeats; throws std::invalid_argument naming a bad one.
std::vector<Format> parseFormats(std::string_view list);

std::string renderJson(const RunResults& run);
// Gradescope's results.json for the run's only student (throws std::invalid_argument with several:
// writeReports splits a class into one file per student). Always the student's view (student_view.hpp).
std::string renderGradescope(const RunResults& run);
std::string renderJunit(const RunResults& run);
std::string renderCsv(const RunResults& run);
std::string renderHtml(const RunResults& run);
std::string render(Format f, const RunResults& run);

// Writes each format, with the chosen moves filled in (move_annotation.hpp). One format: `output` is the
// file (or an existing folder, which gets the default name). Several: `output` is a folder (created if
// missing) holding each format's default name. Gradescope for several students: OUTPUT/STUDENT/results.json.
// Reports hold grades and program output: files are made 0600, the folders this makes 0700. Never throws:
// returns one message per report that could not be written (the results stay in the database either way), and
// the paths written through `written`.
std::vector<std::string> writeReports(RunResults run, const std::vector<Format>& formats,
                                      const std::filesystem::path& output, std::vector<std::filesystem::path>* written = nullptr);

}  // namespace plyjudge::reports
