// The terminal table and the JSON of `plyjudge similarity` (similarity_report.hpp).
#include <fmt/format.h>

#include <sstream>

#include "common/escaping.hpp"
#include "common/json_writer.hpp"
#include "reports/similarity_report.hpp"

namespace plyjudge::reports {

using grader::SharedFailure;
using grader::SharedFailureKind;
using grader::SimilarityReport;
using grader::SimilarPair;

namespace {

std::string sharedSummary(const SimilarityReport& report, const SimilarPair& p) {
    if (p.shared.empty()) return "-";
    std::string text = std::to_string(p.shared.size()) + ":";
    std::size_t shown = 0;
    for (const SharedFailure& f : p.shared) {
        if (shown++ == 3) {
            text += " ...";
            break;
        }
        text += " " + report.cases[static_cast<std::size_t>(f.caseIndex)].id();
        if (!f.catalogued.empty()) text += " (" + f.catalogued + ")";
        if (f.kind == SharedFailureKind::RuntimeError) text += " (crash)";
    }
    return text;
}

// `text` in a column of `width` bytes, cut (never inside a UTF-8 character) with "..." when longer.
std::string column(std::string text, std::size_t width) {
    if (text.size() > width) {
        std::size_t cut = width - 3;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
        text = text.substr(0, cut) + "...";
    }
    return fmt::format("{:<{}}", text, width);
}

}  // namespace

std::string renderSimilarityTable(const SimilarityReport& report, int top) {
    std::string out = fmt::format("Similar submissions in {}: {}.\n", terminalSafe(report.title), kSimilarityNotice);
    out += "behaviour: shared identical failures weighted by rarity (log(N/k)); code: Dolos similarity 0..1\n";
    for (const std::string& note : report.notes) out += "note: " + terminalSafe(note) + "\n";
    if (report.pairs.empty()) return out + "no pair of students shares a failure or similar code\n";
    out += fmt::format("{:>4}  {}  {}  {:>9}  {:>5}  {}\n", "#", column("student A", 24), column("student B", 24), "behaviour", "code",
                       "shared failures");
    int shown = 0;
    for (const SimilarPair& p : report.pairs) {
        if (shown++ == top) break;
        out += fmt::format("{:>4}  {}  {}  {:>9.2f}  {:>5}  {}\n", shown,
                           column(terminalSafe(report.students[static_cast<std::size_t>(p.a)]), 24),
                           column(terminalSafe(report.students[static_cast<std::size_t>(p.b)]), 24), p.behaviour,
                           p.code ? fmt::format("{:.2f}", *p.code) : std::string("-"), terminalSafe(sharedSummary(report, p)));
    }
    if (static_cast<int>(report.pairs.size()) > top) out += fmt::format("({} more pair(s): --top N, --json)\n", report.pairs.size() - top);
    return out;
}

namespace {

void writeShared(JsonWriter& json, const SimilarityReport& report, const SharedFailure& f) {
    json.beginObject().field("case", report.cases[static_cast<std::size_t>(f.caseIndex)].id());
    json.field("kind", f.kind == SharedFailureKind::WrongOutput ? "wrong-output" : "runtime-error");
    json.field("shared_by", f.sharedBy).field("graded", f.graded).field("weight", f.weight);
    json.key("catalogued_fault");
    if (f.catalogued.empty()) json.null();
    else json.value(f.catalogued);
    if (f.kind == SharedFailureKind::RuntimeError) json.field("error_line", f.errorLine).field("error_place", f.errorPlace);
    json.endObject();
}

void writeFragments(JsonWriter& json, const SimilarityReport& report, const SimilarPair& p) {
    json.key("fragments").beginArray();
    if (report.sources.empty()) return void(json.endArray());
    const auto& left = report.sources[static_cast<std::size_t>(p.a)];
    const auto& right = report.sources[static_cast<std::size_t>(p.b)];
    for (const grader::CodeFragment& f : p.fragments) {
        const auto [leftFile, leftFirst] = grader::sourceLineOf(left, f.leftFirst);
        const auto [rightFile, rightFirst] = grader::sourceLineOf(right, f.rightFirst);
        json.beginObject().field("a_file", leftFile).field("a_first_line", leftFirst);
        json.field("a_last_line", leftFirst + (f.leftLast - f.leftFirst)).field("b_file", rightFile).field("b_first_line", rightFirst);
        json.field("b_last_line", rightFirst + (f.rightLast - f.rightFirst)).endObject();
    }
    json.endArray();
}

}  // namespace

std::string renderSimilarityJson(const SimilarityReport& report) {
    std::ostringstream out;
    JsonWriter json(out);
    json.beginObject().field("title", report.title).field("notice", kSimilarityNotice);
    json.key("notes").beginArray();
    for (const std::string& n : report.notes) json.value(n);
    json.endArray().key("pairs").beginArray();
    for (const SimilarPair& p : report.pairs) {
        json.beginObject().key("students").beginArray();
        json.value(report.students[static_cast<std::size_t>(p.a)]).value(report.students[static_cast<std::size_t>(p.b)]).endArray();
        json.field("behaviour", p.behaviour).field("behaviour_strength", p.behaviourStrength).key("code");
        if (p.code) json.value(*p.code);
        else json.null();
        json.field("rank", p.rank).key("shared_cases").beginArray();
        for (const SharedFailure& f : p.shared) writeShared(json, report, f);
        json.endArray();
        writeFragments(json, report, p);
        json.endObject();
    }
    json.endArray().endObject();
    out << '\n';
    return out.str();
}

}  // namespace plyjudge::reports
