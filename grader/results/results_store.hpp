// The results of one grading run in SQLite, written as each result is produced: an interrupted run
// (Ctrl-C, kill -9, power loss) resumes with only what is missing, and nothing is counted twice (one row
// per student, suite and case). Judge errors are stored but retried on resume: never the student's fault.
// A result's first difference is stored in columns of its own (structured, never re-parsed from text).
// The database is of the assignment's class-wide settings and cases (class_settings.hpp, suitesDigest); each row
// also keeps the digest of its student's own settings (the override it was graded with), so that a changed
// override makes only that student's rows stale. A finished student's explanations are kept beside the rows
// (stored_explanations.hpp).
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "grader/results/run_results.hpp"
#include "storage/sqlite.hpp"

namespace plyjudge::grader {

// What a results database was graded against; kept in its meta table. Shards of one run share all but
// `shard`, and `plyjudge merge` refuses shards that do not.
struct RunIdentity {
    std::string assignment;  // the assignment file's text
    std::string suites;      // digest of every case's input and expected files (suitesDigest); "" when unknown
    std::string version;     // the plyjudge that graded (versionString()); "" when unknown
    std::string shard;       // "K/N" for one shard of a run, "" for a whole run
};

struct StoredResult {
    std::string student;
    CaseResult result;
    std::string studentSettings{};  // the digest of the student's settings it was graded with; "" unknown (older rows)
};

class ResultsStore {
public:
    // Opens or creates the database, private (0600, with its -wal/-shm/-journal files). A database made for
    // other class-wide settings (classSettingsDigest of the assignment's text), other suites or another shard is
    // refused (ConfigError) rather than mixed; an assignment text that differs otherwise (an override, the title)
    // replaces the stored one (assignmentTextChanged()). Another
    // plyjudge version resuming the run is recorded (meta 'versions', shown by versionsUsed()). A database of an
    // older plyjudge gains the newer columns.
    ResultsStore(const std::filesystem::path& path, const RunIdentity& identity);
    // The same, identified by the assignment's text alone (suites, version and shard unknown).
    ResultsStore(const std::filesystem::path& path, const std::string& assignmentText);

    // Every plyjudge version that wrote to this database, oldest first.
    std::vector<std::string> versionsUsed();

    // Whether the assignment's text differed from the stored one when opened (its class-wide settings did not).
    bool assignmentTextChanged() const { return assignmentTextChanged_; }

    using CaseKey = std::tuple<std::string, std::string, std::string>;  // (student, suite, case)
    // The (student, suite, case) already graded with a final verdict (judge errors excluded).
    std::set<CaseKey> done();
    // The (student, suite, case) whose stored verdict is a judge error ("judge-error").
    std::set<CaseKey> judgeErrors();
    // Thread-safe, one transaction. `studentSettings`: the digest of the student's settings ("": unknown).
    void save(const std::string& student, const CaseResult& result, const std::string& studentSettings = "");
    void forget(const std::string& student);                          // its rows and stored explanations (--rerun)
    std::vector<StoredResult> all();                                  // ordered by student, suite, case
    // Each student's settings digests as its rows hold them ("" for a row of an older plyjudge, which has none;
    // "unknown" once the assignment's text changed since such a row was graded).
    std::map<std::string, std::set<std::string>> studentSettings();
    // Gives the student's rows that hold no settings digest this one (a database of an older plyjudge, resumed
    // with the same assignment text: they were graded with today's settings).
    void adoptStudentSettings(const std::string& student, const std::string& studentSettings);

    // The stored explanations (stored_explanations.hpp) of `run`'s students made with `basis`; returns the
    // students given them.
    std::set<std::string> applyStoredExplanations(RunResults& run, const std::string& basis);
    void saveExplanations(const StudentResults& student, const std::string& resultsDigest, const std::string& basis);

private:
    std::set<CaseKey> keysWhere(const char* condition);  // the rows' keys, `condition` an SQL expression of columns

    std::mutex mutex_;
    storage::Database db_;
    bool assignmentTextChanged_ = false;
    // save()'s INSERT, prepared on the first save and reused: preparing it cost more than the rest of a save
    // (parsing 34 columns' SQL, about 0.2 M instructions a case). Declared after db_, so finalized before it closes.
    std::optional<storage::Statement> insert_;
};

// Every stored result of an open results database (also for readers that must not create or change it,
// such as the reports), ordered by student, suite, case.
std::vector<StoredResult> readStoredResults(storage::Database& db);
// The identity a database records (empty fields where it records none).
RunIdentity readRunIdentity(storage::Database& db);

}  // namespace plyjudge::grader
