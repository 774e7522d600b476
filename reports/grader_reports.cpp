#include "reports/grader_reports.hpp"

#include "reports/report_formats.hpp"

namespace plyjudge::reports {

CaseOutcome outcomeOf(const grader::CaseResult& r) {
    CaseOutcome o;
    o.verdict = std::string(grader::verdictCode(r.verdict));
    o.points = r.points;
    o.maxPoints = r.maxPoints;
    o.diagnosisKind = r.diagnosisKind;
    o.message = r.message;
    o.detail = r.detail;
    o.wallSeconds = r.wallSeconds;
    o.cpuSeconds = r.cpuSeconds;
    o.peakMemoryBytes = r.peakMemoryBytes;
    o.exitCode = r.exitCode;
    o.signal = r.signal;
    return o;
}

CaseSource caseSourceOf(const grader::CaseSpec& spec, Visibility visibility) {
    return CaseSource{spec.suite, spec.name, spec.points, visibility, spec.input, spec.expectedDir};
}

int writeGradingReports(const std::vector<Format>& formats, const std::filesystem::path& output, const std::string& title,
                        const std::string& variant, const std::vector<CaseSource>& cases, const std::vector<std::string>& students,
                        const std::vector<std::pair<std::string, grader::CaseResult>>& results, std::ostream& err) {
    if (formats.empty()) return 0;
    try {
        std::vector<ResultRow> rows;
        for (const auto& [student, r] : results) rows.push_back({student, r.suite, r.name, outcomeOf(r)});
        const RunResults run = assembleRunResults(title, variant, cases, students, rows);
        std::vector<std::filesystem::path> written;
        const auto errors = writeReports(run, formats, output, &written);
        for (const auto& p : written) err << "wrote " << p.string() << "\n";
        for (const std::string& e : errors) err << "plyjudge: " << e << " (the results are kept in the database)\n";
        return errors.empty() ? 0 : 1;
    } catch (const std::exception& e) {
        err << "plyjudge: cannot write the reports: " << e.what() << " (the results are kept in the database)\n";
        return 1;
    }
}

}  // namespace plyjudge::reports
