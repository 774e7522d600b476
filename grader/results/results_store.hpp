// The results of one grading run in SQLite, written as each result is produced: an interrupted run
// (Ctrl-C, kill -9, power loss) resumes with only what is missing, and nothing is counted twice (one row
// per student, suite and case). Judge errors are stored but retried on resume: never the student's fault.
// A result's first difference is stored in columns of its own (structured, never re-parsed from text).
#pragma once

#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "grader/results/run_results.hpp"
#include "storage/sqlite.hpp"

namespace plyjudge::grader {

struct StoredResult {
    std::string student;
    CaseResult result;
};

class ResultsStore {
public:
    // Opens or creates the database. `fingerprint` identifies the assignment (its text): a database made
    // for another assignment is refused (ConfigError) rather than mixed. A database of an older plyjudge
    // gains the newer columns.
    ResultsStore(const std::filesystem::path& path, const std::string& fingerprint);

    // The (student, suite, case) already graded with a final verdict (judge errors excluded).
    std::set<std::tuple<std::string, std::string, std::string>> done();
    void save(const std::string& student, const CaseResult& result);  // thread-safe, one transaction
    void forget(const std::string& student);                          // for --rerun
    std::vector<StoredResult> all();                                  // ordered by student, suite, case

private:
    std::mutex mutex_;
    storage::Database db_;
};

// Every stored result of an open results database (also for readers that must not create or change it,
// such as the reports), ordered by student, suite, case.
std::vector<StoredResult> readStoredResults(storage::Database& db);

}  // namespace plyjudge::grader
