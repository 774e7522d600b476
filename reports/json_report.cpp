// The JSON results: the whole model, for scripts. One schema for `plyjudge report --format json`,
// `check --json` and `grade --json` (keys listed in reports/README.md).
#include <sstream>

#include "common/json_writer.hpp"
#include "reports/report_formats.hpp"
#include "reports/student_help.hpp"

namespace plyjudge::reports {

namespace {

void writeLines(JsonWriter& j, std::string_view key, const std::vector<std::string>& lines) {
    j.key(key).beginArray();
    for (const std::string& l : lines) j.value(l);
    j.endArray();
}

void writeOptionalLine(JsonWriter& j, std::string_view key, const std::optional<std::string>& line) {
    j.key(key);
    if (line) j.value(*line);
    else j.null();
}

// The first difference in structured form: "expected"/"actual" are null where that file had ended.
void writeDifference(JsonWriter& j, const FirstDifference& d) {
    j.key("difference").beginObject().field("file", d.file).field("line", d.line);
    writeLines(j, "before", d.before);
    writeOptionalLine(j, "expected", d.expected);
    writeOptionalLine(j, "actual", d.actual);
    writeLines(j, "expected_after", d.expectedAfter);
    writeLines(j, "actual_after", d.actualAfter);
    j.endObject();
}

// Why the output is wrong: {"fault", "exact", "agrees_lines", "output_lines" (a nearest fault's, when known),
// "sentence", "also_exact", "kind"}; "fault" names the finding whatever its kind (a fault, an experiment, a
// contrast, a log shape).
void writeExplanationFields(JsonWriter& j, const grader::Explanation& e) {
    j.field("fault", e.fault).field("exact", e.exact).field("agrees_lines", e.agreesLines);
    if (e.outputLines > 0) j.field("output_lines", e.outputLines);
    j.field("sentence", e.sentence);
    writeLines(j, "also_exact", e.alsoExact);
    j.field("kind", explanationKindCode(e.kind));
}

void writeExplanation(JsonWriter& j, std::string_view key, const grader::Explanation& e) {
    j.key(key).beginObject();
    writeExplanationFields(j, e);
    j.endObject();
}

// A student's main explanation (grader/results/main_explanation.hpp): "main_line", the line every view shows;
// with a finding, "main_explanation": the explanation's keys, "cases" (failed cases it explains), "failed",
// "tie" (every name equal on every criterion, the shown one first), "passed_cases_changed" when known, and "also"
// (the best other finding: "fault", "exact", "cases") when there is one. Beside "main_line", "failure_causes": every
// failed case's cause ("name", "cases", "first_case", "explained", "line"), the main one first, covering them all.
void writeMainExplanation(JsonWriter& j, const MainExplanation& main) {
    j.field("main_line", main.line());
    j.key("failure_causes").beginArray();  // every failed case's cause, the main one first (main_explanation.hpp)
    for (const grader::FailureCause& c : main.causes) {
        j.beginObject().field("name", c.name).field("cases", c.cases).field("first_case", c.firstCase).field("explained", c.explained);
        j.field("line", c.line).endObject();
    }
    j.endArray();
    if (!main.finding) return;
    j.key("main_explanation").beginObject();
    writeExplanationFields(j, *main.finding);
    j.field("cases", main.explained).field("failed", main.failed);
    writeLines(j, "tie", main.tie);
    if (main.passedChanged) j.field("passed_cases_changed", *main.passedChanged);
    if (main.also) {
        j.key("also").beginObject().field("fault", main.also->name).field("exact", main.also->exact).field("cases", main.also->cases);
        j.endObject();
    }
    j.endObject();
}

// The hints `check` prints (student_help.hpp), when there are any: "hints": [{"text", "cases"}].
void writeHints(JsonWriter& j, const StudentHelp& help) {
    if (help.hints.empty()) return;
    j.key("hints").beginArray();
    for (const StudentHint& h : help.hints) {
        j.beginObject().field("text", h.text);
        writeLines(j, "cases", h.cases);
        j.endObject();
    }
    j.endArray();
}

void writeResult(JsonWriter& j, const CaseInfo& c, const CaseResult& o) {
    j.beginObject().field("suite", c.suite).field("case", c.name).field("verdict", o.verdictCodeText());
    j.field("points", o.points).field("max_points", o.maxPoints);
    j.field("diagnosis", o.diagnosisKind).field("message", o.message).field("detail", o.detail());
    if (o.difference) writeDifference(j, *o.difference);
    if (o.explanation) writeExplanation(j, "explanation", *o.explanation);
    if (o.actualMove) j.field("actual_move", o.actualMove->name);
    j.field("wall_seconds", o.wallSeconds).field("cpu_seconds", o.cpuSeconds);
    j.field("peak_memory_bytes", o.peakMemoryBytes).field("bytes_written", o.bytesWritten);
    j.field("exit_code", o.exitCode).field("signal", o.signal).field("isolated", o.isolated);
    j.endObject();
}

}  // namespace

std::string renderJson(const RunResults& run) {
    std::ostringstream out;
    JsonWriter j(out);
    j.beginObject().field("title", run.title).field("variant", run.variant).field("source", run.source);
    j.field("complete", run.complete);
    j.key("notes").beginArray();
    for (const std::string& n : run.notes) j.value(n);
    j.endArray();
    j.key("cases").beginArray();
    for (const CaseInfo& c : run.cases) {
        j.beginObject().field("suite", c.suite).field("name", c.name).field("max_points", c.maxPoints);
        j.field("visibility", c.visibility == Visibility::Published ? "published" : "hidden");
        if (c.expectedMove) j.field("expected_move", c.expectedMove->name);
        j.endObject();
    }
    j.endArray();
    j.key("students").beginArray();
    for (const StudentResults& s : run.students) {
        j.beginObject().field("student", s.name).field("points", s.points()).field("max_points", s.maxPoints());
        j.field("passed", s.passedCount()).field("interpreter", s.interpreter()).field("interpreter_reason", s.interpreterReason());
        if (const auto main = mainExplanationOf(run, s)) writeMainExplanation(j, *main);
        writeHints(j, studentHelpOf(run, s));
        j.key("results").beginArray();
        for (std::size_t i = 0; i < s.outcomes.size(); ++i) writeResult(j, run.cases[i], s.outcomes[i]);
        j.endArray().endObject();
    }
    j.endArray().endObject();
    out << '\n';
    return out.str();
}

}  // namespace plyjudge::reports
