// The CSV gradebook (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a comma, a
// quote or a line break; formula-looking text defused: common/escaping.hpp csvField): a header, then one row per
// student in name order: the points of each case in the run's case order, the total and the maximum. A case
// without a counted result (not run, judge error) is an empty cell.
#include <fmt/format.h>

#include "common/escaping.hpp"
#include "reports/report_formats.hpp"

namespace plyjudge::reports {

std::string renderCsv(const RunResults& run) {
    std::string out = "student";
    for (const CaseInfo& c : run.cases) out += "," + csvField(c.id());
    out += ",total,max\r\n";
    for (const StudentResults& s : run.students) {
        out += csvField(s.name);
        for (const CaseResult& o : s.outcomes) {
            out += ",";
            if (o.ran() && !o.judgeError()) out += formatPoints(o.points);
        }
        out += "," + formatPoints(s.points()) + "," + formatPoints(s.maxPoints()) + "\r\n";
    }
    return out;
}

}  // namespace plyjudge::reports
