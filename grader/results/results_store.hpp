// The results of one grading run in SQLite, written as each result is produced: an interrupted run
// (Ctrl-C, kill -9, power loss) resumes with only what is missing, and nothing is counted twice (one row
// per student, suite and case). Judge errors are stored but retried on resume: never the student's fault.
// A result's first difference is stored in columns of its own (structured, never re-parsed from text).
#pragma once

#include <filesystem>
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
};

class ResultsStore {
public:
    // Opens or creates the database, private (0600, with its -wal/-shm/-journal files). A database made for
    // another assignment, other suites or another shard is refused (ConfigError) rather than mixed. Another
    // plyjudge version resuming the run is recorded (meta 'versions', shown by versionsUsed()). A database of an
    // older plyjudge gains the newer columns.
    ResultsStore(const std::filesystem::path& path, const RunIdentity& identity);
    // The same, identified by the assignment's text alone (suites, version and shard unknown).
    ResultsStore(const std::filesystem::path& path, const std::string& assignmentText);

    // Every plyjudge version that wrote to this database, oldest first.
    std::vector<std::string> versionsUsed();

    // The (student, suite, case) already graded with a final verdict (judge errors excluded).
    std::set<std::tuple<std::string, std::string, std::string>> done();
    void save(const std::string& student, const CaseResult& result);  // thread-safe, one transaction
    void forget(const std::string& student);                          // for --rerun
    std::vector<StoredResult> all();                                  // ordered by student, suite, case

private:
    std::mutex mutex_;
    storage::Database db_;
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
