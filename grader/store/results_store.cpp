#include "grader/store/results_store.hpp"

#include "grader/config/yaml_support.hpp"

namespace plyjudge::grader {

namespace {
constexpr const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results(
  student TEXT NOT NULL, suite TEXT NOT NULL, case_name TEXT NOT NULL,
  verdict TEXT NOT NULL, points REAL NOT NULL, max_points REAL NOT NULL,
  diagnosis_kind TEXT NOT NULL, message TEXT NOT NULL, detail TEXT NOT NULL,
  wall_seconds REAL NOT NULL, cpu_seconds REAL NOT NULL, peak_memory INTEGER NOT NULL, bytes_written INTEGER NOT NULL,
  exit_code INTEGER NOT NULL, signal INTEGER NOT NULL, isolated INTEGER NOT NULL,
  finished_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY(student, suite, case_name));
)";
}  // namespace

ResultsStore::ResultsStore(const std::filesystem::path& path, const std::string& fingerprint) : db_(path) {
    db_.exec(kSchema);
    storage::Transaction tx(db_);
    auto q = db_.prepare("SELECT value FROM meta WHERE key = 'assignment'");
    if (q.step()) {
        if (q.columnText(0) != fingerprint) {
            throw ConfigError(path.string(), 0,
                              "this results database belongs to another assignment (or the assignment file changed): "
                              "use another --db, or delete it to start over");
        }
    } else {
        db_.prepare("INSERT INTO meta(key, value) VALUES('assignment', ?)").bind(1, fingerprint).run();
    }
    tx.commit();
}

std::set<std::tuple<std::string, std::string, std::string>> ResultsStore::done() {
    std::lock_guard lock(mutex_);
    std::set<std::tuple<std::string, std::string, std::string>> keys;
    auto q = db_.prepare("SELECT student, suite, case_name FROM results WHERE verdict <> 'judge-error'");
    while (q.step()) keys.emplace(q.columnText(0), q.columnText(1), q.columnText(2));
    return keys;
}

void ResultsStore::save(const std::string& student, const CaseResult& r) {
    std::lock_guard lock(mutex_);
    db_.prepare(
           "INSERT OR REPLACE INTO results(student, suite, case_name, verdict, points, max_points, diagnosis_kind, message, "
           "detail, wall_seconds, cpu_seconds, peak_memory, bytes_written, exit_code, signal, isolated) "
           "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
        .bindAll(student, r.suite, r.name, std::string(verdictCode(r.verdict)), r.points, r.maxPoints, r.diagnosisKind,
                 r.message, r.detail, r.wallSeconds, r.cpuSeconds, static_cast<std::int64_t>(r.peakMemoryBytes),
                 static_cast<std::int64_t>(r.bytesWritten), r.exitCode, r.signal, r.isolated ? 1 : 0)
        .run();
}

void ResultsStore::forget(const std::string& student) {
    std::lock_guard lock(mutex_);
    db_.prepare("DELETE FROM results WHERE student = ?").bind(1, student).run();
}

std::vector<StoredResult> ResultsStore::all() {
    std::lock_guard lock(mutex_);
    return readStoredResults(db_);
}

std::vector<StoredResult> readStoredResults(storage::Database& db) {
    std::vector<StoredResult> rows;
    auto q = db.prepare(
        "SELECT student, suite, case_name, verdict, points, max_points, diagnosis_kind, message, detail, wall_seconds, "
        "cpu_seconds, peak_memory, bytes_written, exit_code, signal, isolated FROM results ORDER BY student, suite, case_name");
    while (q.step()) {
        StoredResult s;
        s.student = q.columnText(0);
        CaseResult& r = s.result;
        r.suite = q.columnText(1);
        r.name = q.columnText(2);
        r.verdict = verdictFromCode(q.columnText(3)).value_or(Verdict::JudgeError);
        r.points = q.columnDouble(4);
        r.maxPoints = q.columnDouble(5);
        r.diagnosisKind = q.columnText(6);
        r.message = q.columnText(7);
        r.detail = q.columnText(8);
        r.wallSeconds = q.columnDouble(9);
        r.cpuSeconds = q.columnDouble(10);
        r.peakMemoryBytes = static_cast<std::uint64_t>(q.columnInt(11));
        r.bytesWritten = static_cast<std::uint64_t>(q.columnInt(12));
        r.exitCode = static_cast<int>(q.columnInt(13));
        r.signal = static_cast<int>(q.columnInt(14));
        r.isolated = q.columnInt(15) != 0;
        rows.push_back(std::move(s));
    }
    return rows;
}

}  // namespace plyjudge::grader
