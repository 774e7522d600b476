// The parts of the HTML report (html_report.cpp puts them together): the page's style and script, the TA's score
// table and filters, and a student's failures grouped by explanation with the case table. Internal to reports/.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "reports/failure_groups.hpp"
#include "reports/results_model.hpp"

namespace plyjudge::reports::html {

// Inline CSS (screen and print) and the one inline script (sorting, filtering, opening a linked group): nothing
// fetched, and the page reads the same without the script (the controls it drives stay hidden then).
extern const char* const kStyle;
extern const char* const kScript;

std::string e(std::string_view s);  // escapeXml

// The groups of every student, in RunResults::students' order.
using ClassGroups = std::vector<std::vector<FailureGroup>>;

// "id" of a student's section and of one of its groups (the links and the script use them).
std::string studentAnchor(std::size_t student);
std::string groupAnchor(std::size_t student, std::size_t group);

// The score table: student, points, points per suite, main explanation, similarity flag; sortable with the script.
std::string scoreTable(const RunResults& run);
// "published 4 / 5 · generated 34 / 50": a student page's points per suite.
std::string suitePointsLine(const RunResults& run, const StudentResults& student);
// The verdict and explanation filters (hidden until the script shows them).
std::string filterControls(const ClassGroups& groups);

// A student's failure groups, each a <details> (`open`: a one-student page), one example drawn in full.
std::string failureGroups(const RunResults& run, std::size_t student, const std::vector<FailureGroup>& groups, bool open);
// A student's table of every case, an explanation shown once per group (the group's other cases link to it).
std::string caseTable(const RunResults& run, std::size_t student, const std::vector<FailureGroup>& groups);

}  // namespace plyjudge::reports::html
