#include "grader/report/results_report.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <fstream>

#include "grader/report/json_writer.hpp"

namespace plyjudge::grader {

double StudentResults::points() const {
    double p = 0;
    for (const CaseResult& r : cases) p += r.points;
    return p;
}

double StudentResults::maxPoints() const {
    double p = 0;
    for (const CaseResult& r : cases) p += r.verdict == Verdict::JudgeError ? 0 : r.maxPoints;
    return p;
}

int StudentResults::count(Verdict v) const {
    int n = 0;
    for (const CaseResult& r : cases) n += r.verdict == v;
    return n;
}

std::vector<StudentResults> groupByStudent(const std::vector<std::pair<std::string, CaseResult>>& rows) {
    std::vector<StudentResults> out;
    std::map<std::string, std::size_t> index;
    for (const auto& [student, r] : rows) {
        auto [it, fresh] = index.emplace(student, out.size());
        if (fresh) out.push_back({student, {}});
        out[it->second].cases.push_back(r);
    }
    return out;
}

namespace {
std::string indent(const std::string& text, const std::string& prefix) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        out += prefix + text.substr(start, end - start) + "\n";
        start = end + 1;
    }
    return out;
}
}  // namespace

void printCaseReport(std::ostream& out, const StudentResults& s, bool showDetail) {
    for (const CaseResult& r : s.cases) {
        out << fmt::format("{:<28} {:<15} {:>6.2f}s {:>7.1f} MiB", r.suite + "/" + r.name, verdictName(r.verdict),
                           r.wallSeconds, static_cast<double>(r.peakMemoryBytes) / (1 << 20));
        if (r.verdict != Verdict::Ok && !r.diagnosisKind.empty()) out << "  [" << r.diagnosisKind << "]";
        out << "\n";
        if (r.verdict != Verdict::Ok) {
            if (!r.message.empty()) out << indent(r.message, "    ");
            if (showDetail && !r.detail.empty()) out << indent(r.detail, "    ");
        }
    }
    const int passed = s.count(Verdict::Ok);
    out << fmt::format("{} of {} cases passed, {:g} / {:g} points", passed, s.cases.size(), s.points(), s.maxPoints());
    if (const int j = s.count(Verdict::JudgeError)) out << fmt::format(" ({} judge error(s), not counted)", j);
    out << "\n";
}

void printClassSummary(std::ostream& out, const std::vector<StudentResults>& students) {
    double total = 0, max = 0;
    int judgeErrors = 0;
    out << fmt::format("{:<24} {:>8} {:>8}  {}\n", "student", "points", "of", "verdicts");
    for (const StudentResults& s : students) {
        std::string verdicts;
        for (int v = 0; v <= static_cast<int>(Verdict::JudgeError); ++v) {
            if (const int n = s.count(static_cast<Verdict>(v))) {
                verdicts += fmt::format("{}{} {}", verdicts.empty() ? "" : ", ", n, verdictName(static_cast<Verdict>(v)));
            }
        }
        out << fmt::format("{:<24} {:>8g} {:>8g}  {}\n", s.student, s.points(), s.maxPoints(), verdicts);
        total += s.points();
        max += s.maxPoints();
        judgeErrors += s.count(Verdict::JudgeError);
    }
    out << fmt::format("{} student(s), {:g} / {:g} points in all", students.size(), total, max);
    if (judgeErrors) out << fmt::format("; {} judge error(s): run the same command again to retry them", judgeErrors);
    out << "\n";
}

void writeJsonResults(const std::filesystem::path& path, std::string_view variant, std::string_view source,
                      const std::vector<StudentResults>& students) {
    const auto tmp = path.parent_path() / (path.filename().string() + fmt::format(".tmp{}", ::getpid()));
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + tmp.string());
        JsonWriter j(out);
        j.beginObject().field("variant", variant).field("source", source).key("students").beginArray();
        for (const StudentResults& s : students) {
            j.beginObject().field("student", s.student).field("points", s.points()).field("max_points", s.maxPoints());
            j.key("cases").beginArray();
            for (const CaseResult& r : s.cases) {
                j.beginObject()
                    .field("suite", r.suite)
                    .field("case", r.name)
                    .field("verdict", verdictCode(r.verdict))
                    .field("points", r.points)
                    .field("max_points", r.maxPoints)
                    .field("diagnosis", r.diagnosisKind)
                    .field("message", r.message)
                    .field("detail", r.detail)
                    .field("wall_seconds", r.wallSeconds)
                    .field("cpu_seconds", r.cpuSeconds)
                    .field("peak_memory_bytes", r.peakMemoryBytes)
                    .field("bytes_written", r.bytesWritten)
                    .field("exit_code", r.exitCode)
                    .field("signal", r.signal)
                    .field("isolated", r.isolated)
                    .endObject();
            }
            j.endArray().endObject();
        }
        j.endArray().endObject();
        out << "\n";
        out.flush();
        if (!out) throw std::runtime_error("cannot write " + tmp.string());
    }
    std::filesystem::rename(tmp, path);
}

}  // namespace plyjudge::grader
