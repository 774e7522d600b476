#include "grader/results/results_store.hpp"

#include "grader/config/yaml_support.hpp"
#include "grader/results/class_settings.hpp"
#include "grader/results/line_lists.hpp"
#include "grader/results/stored_explanations.hpp"

#include <algorithm>

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

// The first difference, one column per part (NULL diff_file: no difference). `detail` holds the stderr head.
// Line lists are stored with each line followed by '\n' (lines never hold one), so [] and [""] differ.
// `interpreter` says what ran the program; `actual_move` the move its outputs show. The explanation by
// reproduction, one column per field (NULL explain_fault: none; explain_also holds the other exact candidates,
// one per line; explain_kind how it was found, NULL in older databases: a fault; explain_lines the program's output
// lines a nearest fault's explain_agrees is of, NULL: not known; interpreter_reason why that interpreter, e.g. a
// Python chosen by a trial run, NULL in older databases; output_digest the digest of a wrong answer's normalised
// outputs, compare/output_digest.hpp, NULL: not a wrong answer or an older database; student_settings the digest of
// the student's own settings the row was graded with, grader/grade/student_settings.hpp, NULL in older databases).
// Columns added after the first release, in order:
constexpr const char* kAddedColumns[] = {"diff_file",         "diff_line",     "diff_before",    "diff_expected",
                                         "diff_actual",       "diff_expected_after", "diff_actual_after", "interpreter",
                                         "explain_fault",     "explain_exact", "explain_agrees", "explain_sentence",
                                         "explain_also",      "actual_move",   "explain_kind",   "explain_lines",
                                         "interpreter_reason", "output_digest", "student_settings"};
constexpr const char* kAddedTypes[] = {"TEXT", "INTEGER", "TEXT", "TEXT", "TEXT", "TEXT", "TEXT",
                                       "TEXT", "TEXT",    "INTEGER", "INTEGER", "TEXT", "TEXT", "TEXT", "TEXT", "INTEGER",
                                       "TEXT", "TEXT", "TEXT"};

constexpr const char* kColumns =
    "student, suite, case_name, verdict, points, max_points, diagnosis_kind, message, detail, wall_seconds, cpu_seconds, "
    "peak_memory, bytes_written, exit_code, signal, isolated, diff_file, diff_line, diff_before, diff_expected, diff_actual, "
    "diff_expected_after, diff_actual_after, interpreter, explain_fault, explain_exact, explain_agrees, explain_sentence, "
    "explain_also, actual_move, explain_kind, explain_lines, interpreter_reason, output_digest, student_settings";

// The settings digest of a row graded under an assignment text that has changed since, by a plyjudge that kept none:
// equal to no student's digest.
constexpr const char* kUnknownSettings = "unknown";

// Databases written before the difference columns existed gain them (their rows keep the text in detail).
// The names of the results table's columns as this database has them.
std::set<std::string> resultColumns(storage::Database& db) {
    std::set<std::string> present;
    auto q = db.prepare("PRAGMA table_info(results)");
    while (q.step()) present.insert(q.columnText(1));
    return present;
}

void addMissingColumns(storage::Database& db) {
    const std::set<std::string> present = resultColumns(db);
    for (std::size_t i = 0; i < std::size(kAddedColumns); ++i) {
        if (!present.count(kAddedColumns[i])) {
            db.exec(std::string("ALTER TABLE results ADD COLUMN ") + kAddedColumns[i] + " " + kAddedTypes[i]);
        }
    }
}

std::string readMetaValue(storage::Database& db, const char* key) {
    auto q = db.prepare("SELECT value FROM meta WHERE key = ?");
    q.bind(1, key);
    return q.step() ? q.columnText(0) : std::string();
}

std::optional<std::string> optionalText(storage::Statement& q, int column) {
    if (q.isNull(column)) return std::nullopt;
    return q.columnText(column);
}

// `path`, after making an existing database and its -wal, -shm and -journal files private (0600): one an older
// plyjudge left readable by everyone holds the expected lines of hidden cases. (A new one is made private by
// storage::Database.) Files of another owner are left as they are.
const std::filesystem::path& madePrivate(const std::filesystem::path& path) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
        std::error_code ec;
        std::filesystem::permissions(path.string() + suffix,
                                     std::filesystem::perms::owner_read | std::filesystem::perms::owner_write,
                                     std::filesystem::perm_options::replace, ec);
    }
    return path;
}

}  // namespace

ResultsStore::ResultsStore(const std::filesystem::path& path, const std::string& assignmentText)
    : ResultsStore(path, RunIdentity{assignmentText, "", "", ""}) {}

ResultsStore::ResultsStore(const std::filesystem::path& path, const RunIdentity& identity) : db_(madePrivate(path)) {
    db_.exec(kSchema);
    createExplanationTables(db_);
    storage::Transaction tx(db_);
    addMissingColumns(db_);
    const RunIdentity stored = readRunIdentity(db_);
    auto refuse = [&](const std::string& why) {
        throw ConfigError(path.string(), 0, why + ": use another --db, or delete it to start over");
    };
    auto put = [&](const char* key, const std::string& value) {
        db_.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)").bind(1, key).bind(2, value).run();
    };
    const bool fresh = stored.assignment.empty();
    if (!fresh && stored.assignment != identity.assignment) {
        if (classSettingsDigest(stored.assignment) != classSettingsDigest(identity.assignment)) {
            refuse("this results database belongs to another assignment (or the assignment's class-wide settings changed: "
                   "anything but a student's override or the title)");
        }
        put("assignment", identity.assignment);  // the text as graded from now on; rows keep their students' settings
        // Rows of an older plyjudge hold no settings digest: graded under the old text, they are unknown from now on.
        db_.prepare("UPDATE results SET student_settings = ? WHERE student_settings IS NULL").bind(1, kUnknownSettings).run();
        assignmentTextChanged_ = true;
    }
    if (!fresh && !stored.suites.empty() && !identity.suites.empty() && stored.suites != identity.suites) {
        refuse("the cases or expected outputs of the assignment's suites changed since this database was graded");
    }
    if (!fresh && stored.shard != identity.shard) {
        refuse("this database holds " + (stored.shard.empty() ? std::string("a whole run") : "shard " + stored.shard) +
               ", this run is " + (identity.shard.empty() ? std::string("a whole run") : "shard " + identity.shard));
    }
    if (fresh) {
        put("assignment", identity.assignment);
        if (!identity.shard.empty()) put("shard", identity.shard);
    }
    if (stored.suites.empty() && !identity.suites.empty()) put("suites", identity.suites);
    if (!identity.version.empty()) {
        if (stored.version.empty()) put("version", identity.version);
        std::vector<std::string> versions = splitLines(readMetaValue(db_, "versions"));
        if (std::find(versions.begin(), versions.end(), identity.version) == versions.end()) {
            versions.push_back(identity.version);
            put("versions", joinLines(versions));
        }
    }
    tx.commit();
}

std::vector<std::string> ResultsStore::versionsUsed() {
    std::lock_guard lock(mutex_);
    return splitLines(readMetaValue(db_, "versions"));
}

std::set<ResultsStore::CaseKey> ResultsStore::keysWhere(const char* condition) {
    std::lock_guard lock(mutex_);
    std::set<CaseKey> keys;
    auto q = db_.prepare(std::string("SELECT student, suite, case_name FROM results WHERE ") + condition);
    while (q.step()) keys.emplace(q.columnText(0), q.columnText(1), q.columnText(2));
    return keys;
}

std::set<ResultsStore::CaseKey> ResultsStore::done() { return keysWhere("verdict <> 'judge-error'"); }

std::set<ResultsStore::CaseKey> ResultsStore::judgeErrors() { return keysWhere("verdict = 'judge-error'"); }

std::map<std::string, std::set<std::string>> ResultsStore::studentSettings() {
    std::lock_guard lock(mutex_);
    std::map<std::string, std::set<std::string>> settings;
    auto q = db_.prepare("SELECT DISTINCT student, COALESCE(student_settings, '') FROM results");
    while (q.step()) settings[q.columnText(0)].insert(q.columnText(1));
    return settings;
}

void ResultsStore::adoptStudentSettings(const std::string& student, const std::string& studentSettings) {
    std::lock_guard lock(mutex_);
    db_.prepare("UPDATE results SET student_settings = ? WHERE student = ? AND student_settings IS NULL")
        .bind(1, studentSettings)
        .bind(2, student)
        .run();
}

std::set<std::string> ResultsStore::applyStoredExplanations(RunResults& run, const std::string& basis) {
    std::lock_guard lock(mutex_);
    return grader::applyStoredExplanations(db_, run, &basis);
}

void ResultsStore::saveExplanations(const StudentResults& student, const std::string& resultsDigest, const std::string& basis) {
    std::lock_guard lock(mutex_);
    saveStudentExplanations(db_, student, resultsDigest, basis);
}

void ResultsStore::save(const std::string& student, const CaseResult& r, const std::string& studentSettings) {
    std::lock_guard lock(mutex_);
    if (!insert_) {
        insert_ = db_.prepare(std::string("INSERT OR REPLACE INTO results(") + kColumns +
                              ") VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    }
    storage::Statement& q = *insert_;
    q.reset();  // a save that failed midway (a full disk) left it unfinished; every parameter is bound again below
    q.bindAll(student, r.suite, r.name, std::string(r.verdictCodeText()), r.points, r.maxPoints, r.diagnosisKind,
              r.message, r.stderrHead, r.wallSeconds, r.cpuSeconds, static_cast<std::int64_t>(r.peakMemoryBytes),
              static_cast<std::int64_t>(r.bytesWritten), r.exitCode, r.signal, r.isolated ? 1 : 0);
    if (const auto& d = r.difference) {
        q.bind(17, d->file).bind(18, static_cast<std::int64_t>(d->line)).bind(19, joinLines(d->before));
        q.bind(20, d->expected).bind(21, d->actual).bind(22, joinLines(d->expectedAfter)).bind(23, joinLines(d->actualAfter));
    } else {
        for (int i = 17; i <= 23; ++i) q.bindNull(i);
    }
    q.bind(24, r.interpreter);
    if (const auto& e = r.explanation) {
        q.bind(25, e->fault).bind(26, e->exact ? 1 : 0).bind(27, static_cast<std::int64_t>(e->agreesLines)).bind(28, e->sentence);
        q.bind(29, joinLines(e->alsoExact)).bind(31, std::string(explanationKindCode(e->kind)));
        q.bind(32, static_cast<std::int64_t>(e->outputLines));
    } else {
        for (int i : {25, 26, 27, 28, 29, 31, 32}) q.bindNull(i);
    }
    if (r.actualMove) q.bind(30, r.actualMove->name);
    else q.bindNull(30);
    q.bind(33, r.interpreterReason);
    if (r.outputDigest.empty()) q.bindNull(34);
    else q.bind(34, r.outputDigest);
    if (studentSettings.empty()) q.bindNull(35);
    else q.bind(35, studentSettings);
    q.run();
}

void ResultsStore::forget(const std::string& student) {
    std::lock_guard lock(mutex_);
    storage::Transaction tx(db_);
    db_.prepare("DELETE FROM results WHERE student = ?").bind(1, student).run();
    forgetStudentExplanations(db_, student);
    tx.commit();
}

std::vector<StoredResult> ResultsStore::all() {
    std::lock_guard lock(mutex_);
    return readStoredResults(db_);
}

std::vector<StoredResult> readStoredResults(storage::Database& db) {
    const std::set<std::string> present = resultColumns(db);
    // A read-only reader of an older database sees its rows without the columns it lacks: each one missing is
    // read as NULL, so that every column keeps its index.
    std::vector<StoredResult> rows;
    std::string columns;
    const std::string all = kColumns;
    for (std::size_t start = 0; start < all.size();) {
        std::size_t end = all.find(", ", start);
        if (end == std::string::npos) end = all.size();
        const std::string name = all.substr(start, end - start);
        columns += (columns.empty() ? "" : ", ") + (present.count(name) ? name : "NULL");
        start = end + 2;
    }
    auto q = db.prepare("SELECT " + columns + " FROM results ORDER BY student, suite, case_name");
    while (q.step()) {
        StoredResult s;
        s.student = q.columnText(0);
        CaseResult& r = s.result;
        r.suite = q.columnText(1);
        r.name = q.columnText(2);
        const std::optional<Verdict> verdict = verdictFromCode(q.columnText(3));
        r.verdict = verdict.value_or(Verdict::NotRun);
        r.points = q.columnDouble(4);
        r.maxPoints = q.columnDouble(5);
        r.diagnosisKind = q.columnText(6);
        r.message = q.columnText(7);
        // "judge-error" (or a code this version does not know): not graded, the cause as its message says it.
        if (!verdict) r.judgeFault = judgeFaultOfMessage(r.message);
        r.stderrHead = q.columnText(8);
        r.wallSeconds = q.columnDouble(9);
        r.cpuSeconds = q.columnDouble(10);
        r.peakMemoryBytes = static_cast<std::uint64_t>(q.columnInt(11));
        r.bytesWritten = static_cast<std::uint64_t>(q.columnInt(12));
        r.exitCode = static_cast<int>(q.columnInt(13));
        r.signal = static_cast<int>(q.columnInt(14));
        r.isolated = q.columnInt(15) != 0;
        if (!q.isNull(16)) {
            FirstDifference d;
            d.file = q.columnText(16);
            d.line = static_cast<std::uint64_t>(q.columnInt(17));
            d.before = splitLines(q.columnText(18));
            d.expected = optionalText(q, 19);
            d.actual = optionalText(q, 20);
            d.expectedAfter = splitLines(q.columnText(21));
            d.actualAfter = splitLines(q.columnText(22));
            r.difference = std::move(d);
        }
        if (!q.isNull(23)) r.interpreter = q.columnText(23);
        if (!q.isNull(24)) {
            r.explanation = Explanation{q.columnText(24), q.columnInt(25) != 0, static_cast<std::uint64_t>(q.columnInt(26)),
                                        q.columnText(27), splitLines(q.columnText(28)),
                                        q.isNull(30) ? ExplanationKind::Fault
                                                     : explanationKindFromCode(q.columnText(30)).value_or(ExplanationKind::Fault)};
            if (!q.isNull(31)) r.explanation->outputLines = static_cast<std::uint64_t>(q.columnInt(31));
        }
        if (!q.isNull(29)) r.actualMove = ChosenMove{q.columnText(29)};
        if (!q.isNull(32)) r.interpreterReason = q.columnText(32);
        if (!q.isNull(33)) r.outputDigest = q.columnText(33);
        if (!q.isNull(34)) s.studentSettings = q.columnText(34);
        rows.push_back(std::move(s));
    }
    return rows;
}

RunIdentity readRunIdentity(storage::Database& db) {
    {
        auto q = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
        if (!q.step()) return {};
    }
    return {readMetaValue(db, "assignment"), readMetaValue(db, "suites"), readMetaValue(db, "version"),
            readMetaValue(db, "shard")};
}

}  // namespace plyjudge::grader
