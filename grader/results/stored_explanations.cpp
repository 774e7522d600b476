#include "grader/results/stored_explanations.hpp"

#include <map>
#include <optional>
#include <tuple>
#include <utility>

#include "grader/results/fingerprint.hpp"
#include "grader/results/line_lists.hpp"

namespace plyjudge::grader {

namespace {

constexpr const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS student_explanations(
  student TEXT PRIMARY KEY, basis TEXT NOT NULL, results_digest TEXT NOT NULL, passed_changed TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS case_explanations(
  student TEXT NOT NULL, suite TEXT NOT NULL, case_name TEXT NOT NULL,
  fault TEXT NOT NULL, exact INTEGER NOT NULL, agrees INTEGER NOT NULL, sentence TEXT NOT NULL, also TEXT NOT NULL,
  kind TEXT NOT NULL, lines INTEGER NOT NULL,
  PRIMARY KEY(student, suite, case_name));
)";

void addExplanation(Fingerprint& f, const std::optional<Explanation>& e) {
    if (!e) {
        f.add("-");
        return;
    }
    f.add(e->fault).add(e->exact ? "1" : "0").add(std::to_string(e->agreesLines)).add(e->sentence).add(joinLines(e->alsoExact));
    f.add(explanationKindCode(e->kind)).add(std::to_string(e->outputLines));
}

bool hasTables(storage::Database& db) {
    auto q = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'student_explanations'");
    return q.step() && q.columnInt(0) > 0;
}

struct StoredStudent {
    std::string basis, digest;
    std::map<std::string, int> passedChanged;
    std::map<std::pair<std::string, std::string>, Explanation> cases;
};

std::map<std::string, StoredStudent> readStored(storage::Database& db) {
    std::map<std::string, StoredStudent> stored;
    auto students = db.prepare("SELECT student, basis, results_digest, passed_changed FROM student_explanations");
    while (students.step()) {
        StoredStudent& s = stored[students.columnText(0)];
        s.basis = students.columnText(1);
        s.digest = students.columnText(2);
        for (const std::string& line : splitLines(students.columnText(3))) {
            const auto tab = line.rfind('\t');
            if (tab != std::string::npos) s.passedChanged[line.substr(0, tab)] = std::stoi(line.substr(tab + 1));
        }
    }
    auto cases = db.prepare("SELECT student, suite, case_name, fault, exact, agrees, sentence, also, kind, lines FROM case_explanations");
    while (cases.step()) {
        const auto it = stored.find(cases.columnText(0));
        if (it == stored.end()) continue;
        Explanation e{cases.columnText(3), cases.columnInt(4) != 0, static_cast<std::uint64_t>(cases.columnInt(5)),
                      cases.columnText(6), splitLines(cases.columnText(7)),
                      explanationKindFromCode(cases.columnText(8)).value_or(ExplanationKind::Fault)};
        e.outputLines = static_cast<std::uint64_t>(cases.columnInt(9));
        it->second.cases.emplace(std::pair(cases.columnText(1), cases.columnText(2)), std::move(e));
    }
    return stored;
}

}  // namespace

void createExplanationTables(storage::Database& db) { db.exec(kSchema); }

std::string resultsDigestOf(const StudentResults& student) {
    Fingerprint f;
    for (const CaseResult& o : student.outcomes) {
        f.add(o.suite).add(o.name).add(o.verdictCodeText()).add(fmt::format("{}/{}", o.points, o.maxPoints));
        f.add(o.diagnosisKind).add(o.message).add(o.stderrHead).add(o.difference ? differenceText(*o.difference) : "-");
        addExplanation(f, o.explanation);
        f.add(o.outputDigest).add(o.interpreter);
    }
    return f.hex();
}

void saveStudentExplanations(storage::Database& db, const StudentResults& student, const std::string& resultsDigest,
                             const std::string& basis) {
    storage::Transaction tx(db);
    forgetStudentExplanations(db, student.name);
    std::string passedChanged;
    for (const auto& [name, count] : student.passedCasesChanged) passedChanged += name + '\t' + std::to_string(count) + '\n';
    db.prepare("INSERT INTO student_explanations(student, basis, results_digest, passed_changed) VALUES(?, ?, ?, ?)")
        .bindAll(student.name, basis, resultsDigest, passedChanged)
        .run();
    auto insert = db.prepare("INSERT INTO case_explanations(student, suite, case_name, fault, exact, agrees, sentence, also, kind, lines)"
                             " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const CaseResult& o : student.outcomes) {
        if (!o.explanation) continue;
        const Explanation& e = *o.explanation;
        insert.reset();
        insert.bindAll(student.name, o.suite, o.name, e.fault, e.exact ? 1 : 0, static_cast<std::int64_t>(e.agreesLines), e.sentence,
                       joinLines(e.alsoExact), std::string(explanationKindCode(e.kind)), static_cast<std::int64_t>(e.outputLines));
        insert.run();
    }
    tx.commit();
}

void forgetStudentExplanations(storage::Database& db, const std::string& student) {
    db.prepare("DELETE FROM student_explanations WHERE student = ?").bind(1, student).run();
    db.prepare("DELETE FROM case_explanations WHERE student = ?").bind(1, student).run();
}

std::set<std::string> applyStoredExplanations(storage::Database& db, RunResults& run, const std::string* basis) {
    std::set<std::string> applied;
    if (!hasTables(db)) return applied;
    const std::map<std::string, StoredStudent> stored = readStored(db);
    for (StudentResults& s : run.students) {
        const auto it = stored.find(s.name);
        if (it == stored.end() || (basis && it->second.basis != *basis) || it->second.digest != resultsDigestOf(s)) continue;
        s.passedCasesChanged = it->second.passedChanged;
        for (CaseResult& o : s.outcomes) {
            const auto e = it->second.cases.find(std::pair(o.suite, o.name));
            if (e == it->second.cases.end()) o.explanation.reset();
            else o.explanation = e->second;
        }
        applied.insert(s.name);
    }
    return applied;
}

void explainStudentsApart(RunResults& run, const std::set<std::string>& skip,
                          const std::function<void(RunResults& one, std::size_t index, std::size_t count)>& explain) {
    std::size_t count = 0;
    for (const StudentResults& s : run.students) count += !skip.count(s.name);
    RunResults one;
    one.title = run.title;
    one.variant = run.variant;
    one.source = run.source;
    one.cases = std::move(run.cases);  // lent to each one-student run, given back at the end
    std::size_t index = 0;
    try {
        for (StudentResults& s : run.students) {
            if (skip.count(s.name)) continue;
            one.students = {std::move(s)};
            explain(one, index++, count);
            s = std::move(one.students.front());
        }
    } catch (...) {
        run.cases = std::move(one.cases);
        throw;
    }
    run.cases = std::move(one.cases);
}

}  // namespace plyjudge::grader
