// The CSV gradebook (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a comma, a
// quote or a line break): a header, then one row per student in name order: the points of each case in the
// run's case order, the total and the maximum. A case without a counted result (not run, judge error) is
// an empty cell.
#include <fmt/format.h>

#include "reports/report_formats.hpp"

namespace plyjudge::reports {

namespace {

// Spreadsheets run a cell that starts with = + - @ (or a tab/CR) as a formula: a student folder named
// "=HYPERLINK(...)" must stay text, so such text fields get a leading apostrophe (OWASP's advice).
std::string field(const std::string& text) {
    std::string value = text;
    if (!value.empty() && std::string_view("=+-@\t\r").find(value[0]) != std::string_view::npos) value.insert(0, "'");
    if (value.find_first_of(",\"\r\n") == std::string::npos && (value.empty() || (value.front() != ' ' && value.back() != ' '))) {
        return value;
    }
    std::string quoted = "\"";
    for (char c : value) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

}  // namespace

std::string renderCsv(const RunResults& run) {
    std::string out = "student";
    for (const CaseInfo& c : run.cases) out += "," + field(c.id());
    out += ",total,max\r\n";
    for (const StudentResults& s : run.students) {
        out += field(s.name);
        for (const CaseResult& o : s.outcomes) {
            out += ",";
            if (o.ran() && !o.judgeError()) out += formatPoints(o.points);
        }
        out += "," + formatPoints(s.points()) + "," + formatPoints(s.maxPoints()) + "\r\n";
    }
    return out;
}

}  // namespace plyjudge::reports
