#include "reports/student_view.hpp"

#include <fmt/format.h>

namespace plyjudge::reports {

namespace {

void redactCase(CaseInfo& c) {
    c.inputText.clear();
    c.expectedDir.clear();
    c.expectedMove.reset();
}

// What `show: diagnosis` tells of a hidden case's result: where the output first differs and the kind of difference,
// never a value of either side (a diagnosis sentence quotes the expected line's values; a runtime error's message
// carries an exit status the program chose from the hidden input).
std::string contentFreeMessage(const CaseResult& o) {
    constexpr std::string_view kWhere = ": differs from the expected file at line ";
    if (o.difference)
        return fmt::format("{}{}{}{}", o.difference->file, kWhere, o.difference->line,
                           o.diagnosisKind.empty() ? "" : " (" + o.diagnosisKind + ")");
    // Redacted already (the view applied twice): that sentence quotes nothing.
    if (o.message.find(kWhere) != std::string::npos && o.message.find('"') == std::string::npos) return o.message;
    return o.passed() ? "" : std::string(o.verdictText());
}

void redactResult(CaseResult& o, ShowLevel show) {
    if (show == ShowLevel::Verdict) {
        o.message.clear();
        o.explanation.reset();
    } else {
        o.message = contentFreeMessage(o);
    }
    o.difference.reset();
    o.stderrHead.clear();
    o.actualMove.reset();
    o.wallSeconds = o.cpuSeconds = 0;
    o.peakMemoryBytes = o.bytesWritten = 0;
    o.exitCode = -1;
    o.signal = 0;
}

}  // namespace

RunResults forStudents(RunResults run) {
    run.studentView = true;
    // Which students wrote the same wrong output is the TA's evidence (grader/similarity), never a student's. A judge
    // error's cause is the TA's too (the grader's paths, an interpreter's words): a student reads only that the case
    // was not graded, whatever the case's `show`.
    for (StudentResults& s : run.students) {
        for (CaseResult& o : s.outcomes) {
            o.outputDigest.clear();
            if (!o.judgeError()) continue;
            o.message = kNotGradedForStudents;
            o.judgeFault = JudgeFault{JudgeComponent::Grader, kNotGradedForStudents, ""};  // still not graded, cause gone
            o.explanation.reset();
            o.stderrHead.clear();
        }
    }
    for (std::size_t i = 0; i < run.cases.size(); ++i) {
        const ShowLevel show = run.cases[i].shownToStudents();
        if (show == ShowLevel::Full) continue;
        redactCase(run.cases[i]);
        for (StudentResults& s : run.students) {
            if (i < s.outcomes.size()) redactResult(s.outcomes[i], show);
        }
    }
    return run;
}

bool withheldFromStudents(const RunResults& run, std::size_t caseIndex) {
    return run.studentView && caseIndex < run.cases.size() && run.cases[caseIndex].shownToStudents() != ShowLevel::Full;
}

}  // namespace plyjudge::reports
