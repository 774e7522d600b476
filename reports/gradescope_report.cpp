// Gradescope's results.json (https://gradescope-autograders.readthedocs.io/en/latest/specs/): top-level
// score, execution_time, output; one test per case with name, number, score, max_score, status, output,
// output_format and visibility (published cases visible, hidden ones after_published). Written for the student
// alone: hidden cases show what their suite's `show` allows (student_view.hpp).
#include <fmt/format.h>

#include <map>
#include <sstream>
#include <stdexcept>

#include "common/json_writer.hpp"
#include "reports/report_formats.hpp"
#include "reports/student_help.hpp"
#include "reports/student_view.hpp"

namespace plyjudge::reports {

namespace {

// What a student reads for one case, from the student view (student_view.hpp): a hidden case has lost there
// everything but its verdict and category (or, with `show: diagnosis`, its diagnosis).
std::string testOutput(const RunResults& run, const CaseInfo& c, const CaseResult& o) {
    if (!o.ran()) return "Not graded: the grading run stopped before this case.";
    if (o.judgeError()) {
        return std::string(kNotGradedForStudents) + " (not your program's fault); it is not counted and will be regraded.";
    }
    std::string text = verdictWithCategory(o);
    if (o.passed()) return text;
    if (!o.message.empty()) text += ": " + o.message;
    if (const std::string why = caseExplanationLine(o); !why.empty()) text += "\n" + why;
    // A `check` run's message carries the hint already; a `grade` run's does not.
    if (const std::string hint = caseHintOf(run, o); !hint.empty() && o.message.find(hint) == std::string::npos) text += "\nHint: " + hint;
    if (o.difference && (c.expectedMove || o.actualMove)) {
        text += fmt::format("\nExpected move: {}; your move: {}.", c.expectedMove ? c.expectedMove->name : "?",
                            o.actualMove ? o.actualMove->name : "not shown by your output");
    }
    if (!o.detail().empty()) text += "\n\n" + o.detail();
    return text;
}

}  // namespace

std::string renderGradescope(const RunResults& graded) {
    // Always for the student: Gradescope shows this file to the student who submitted.
    const RunResults run = forStudents(graded);
    if (run.students.size() > 1) {
        throw std::invalid_argument(fmt::format("a Gradescope results.json holds one submission, this run has {} students "
                                                "(choose one with --student)", run.students.size()));
    }
    double score = 0, seconds = 0, possible = 0;
    int passed = 0, notRun = 0, judgeErrors = 0;
    if (!run.students.empty()) {
        const StudentResults& s = run.students.front();
        score = s.points();
        seconds = s.seconds();
        possible = s.maxPoints();
        passed = s.passedCount();
        for (const CaseResult& o : s.outcomes) {
            notRun += !o.ran();
            judgeErrors += o.judgeError();
        }
    }
    std::string summary = fmt::format("{} of {} cases passed, {} of {} points.", passed, run.cases.size(),
                                      formatPoints(score), formatPoints(possible));
    if (run.students.empty()) summary = "No result: the submission was not graded (the run stopped before any case).";
    if (notRun > 0) summary += fmt::format("\nThe grading run was cut short: {} case(s) were not graded.", notRun);
    if (judgeErrors > 0) summary += fmt::format("\nThe grader failed on {} case(s); they are not counted.", judgeErrors);
    // From the student view: a hidden case's explanation, difference or error output it does not show is not used here
    // either. The same help `check` prints: the main explanation, then the hints.
    if (!run.students.empty()) {
        if (const StudentHelp help = studentHelpOf(run, run.students.front()); !help.empty()) summary += "\n" + help.text();
    }
    for (const std::string& n : run.notes) summary += "\nNote: " + n;

    std::ostringstream out;
    JsonWriter j(out);
    j.beginObject().field("score", score).field("execution_time", static_cast<std::int64_t>(seconds + 0.5));
    j.field("output", summary).field("output_format", "text");
    j.key("tests").beginArray();
    std::map<std::string, int> suiteNumber;
    std::map<std::string, int> caseNumber;
    for (std::size_t i = 0; i < run.cases.size(); ++i) {
        const CaseInfo& c = run.cases[i];
        CaseResult missing;
        missing.verdict = Verdict::NotRun;
        missing.maxPoints = c.maxPoints;
        const CaseResult& o = run.students.empty() ? missing : run.students.front().outcomes[i];
        const int suite = suiteNumber.emplace(c.suite, static_cast<int>(suiteNumber.size()) + 1).first->second;
        const int number = ++caseNumber[c.suite];
        j.beginObject().field("name", c.id()).field("number", fmt::format("{}.{}", suite, number));
        j.field("score", o.points).field("max_score", o.maxPoints).field("status", o.passed() ? "passed" : "failed");
        j.field("output", testOutput(run, c, o)).field("output_format", "text");
        j.field("visibility", c.visibility == Visibility::Published ? "visible" : "after_published");
        j.endObject();
    }
    j.endArray().endObject();
    out << '\n';
    return out.str();
}

}  // namespace plyjudge::reports
