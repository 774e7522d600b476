// The JSON report: the whole model, for scripts (the grader's own --json keeps its format).
#include <sstream>

#include "grader/report/json_writer.hpp"
#include "reports/report_formats.hpp"

namespace plyjudge::reports {

std::string renderJson(const RunResults& run) {
    std::ostringstream out;
    grader::JsonWriter j(out);
    j.beginObject().field("title", run.title).field("variant", run.variant).field("complete", run.complete);
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
        j.beginObject().field("name", s.name).field("points", s.points()).field("max_points", s.maxPoints());
        j.field("passed", s.passedCount());
        j.key("results").beginArray();
        for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
            const CaseOutcome& o = s.outcomes[i];
            j.beginObject().field("suite", run.cases[i].suite).field("case", run.cases[i].name).field("verdict", o.verdict);
            j.field("points", o.points).field("max_points", o.maxPoints);
            j.field("diagnosis", o.diagnosisKind).field("message", o.message).field("detail", o.detail);
            if (o.actualMove) j.field("actual_move", o.actualMove->name);
            j.field("wall_seconds", o.wallSeconds).field("cpu_seconds", o.cpuSeconds);
            j.field("peak_memory_bytes", o.peakMemoryBytes).field("exit_code", o.exitCode).field("signal", o.signal);
            j.endObject();
        }
        j.endArray().endObject();
    }
    j.endArray().endObject();
    out << '\n';
    return out.str();
}

}  // namespace plyjudge::reports
