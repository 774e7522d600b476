// JUnit XML (the Ant/Jenkins dialect CI servers read): one <testsuite> per submission, one <testcase> per
// case with its wall time; a failed case has <failure> (message: the diagnosis, body: the first
// difference), a judge error <error>, a case the run did not reach <skipped>; the suite's <system-out> holds the
// student's main explanation and hints (student_help.hpp).
#include <fmt/format.h>

#include "reports/board_svg.hpp"
#include "reports/report_formats.hpp"
#include "reports/student_help.hpp"

namespace plyjudge::reports {

namespace {
std::string seconds(double s) { return fmt::format("{:.3f}", s); }
}  // namespace

std::string renderJunit(const RunResults& run) {
    int tests = 0, failures = 0, errors = 0, skipped = 0;
    double total = 0;
    std::string body;
    for (const StudentResults& s : run.students) {
        int f = 0, e = 0, k = 0;
        std::string cases;
        for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
            const CaseResult& o = s.outcomes[i];
            const CaseInfo& c = run.cases[i];
            cases += fmt::format("    <testcase name=\"{}\" classname=\"{}.{}\" time=\"{}\"", escapeXml(c.id()),
                                 escapeXml(s.name), escapeXml(c.suite), seconds(o.wallSeconds));
            if (o.passed()) {
                cases += "/>\n";
                continue;
            }
            std::string text = o.message.empty() ? verdictWithCategory(o) : o.message;
            if (const std::string why = caseExplanationLine(o); !why.empty()) text += "; " + why;
            const std::string message = escapeXml(text);
            if (!o.ran()) {
                ++k;
                cases += fmt::format(">\n      <skipped message=\"{}\"/>\n    </testcase>\n", message);
            } else if (o.judgeError()) {
                ++e;
                cases += fmt::format(">\n      <error message=\"{}\" type=\"judge-error\">{}</error>\n    </testcase>\n", message,
                                     escapeXml(o.detail()));
            } else {
                ++f;
                const std::string code(o.verdictCodeText());
                const std::string type = o.diagnosisKind.empty() ? code : code + ":" + o.diagnosisKind;
                cases += fmt::format(">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>\n", message,
                                     escapeXml(type), escapeXml(o.detail()));
            }
        }
        body += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{}\">\n",
                            escapeXml(s.name), s.outcomes.size(), f, e, k, seconds(s.seconds()));
        body += cases;
        // The student's main explanation and hints, as `check` prints them (CI servers show a suite's output).
        if (const StudentHelp help = studentHelpOf(run, s); !help.empty()) {
            body += "    <system-out>" + escapeXml(help.text()) + "</system-out>\n";
        }
        body += "  </testsuite>\n";
        tests += static_cast<int>(s.outcomes.size());
        failures += f;
        errors += e;
        skipped += k;
        total += s.seconds();
    }
    return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                       "<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{}\">\n{}</testsuites>\n",
                       escapeXml(run.title), tests, failures, errors, skipped, seconds(total), body);
}

}  // namespace plyjudge::reports
