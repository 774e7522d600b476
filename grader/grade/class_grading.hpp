// Grading a class: an assignment, a folder of submissions (one folder per student), a results database.
// Everything between reading the assignment and the results model: which runs are still to do, the
// parallel runs, each result saved as it is produced, and the whole database read back as RunResults.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "grader/assignment/assignment.hpp"
#include "grader/grade/grading_run.hpp"
#include "grader/results/results_store.hpp"

namespace plyjudge {
class TempDir;
}

namespace plyjudge::grader {

struct ClassGradingRequest {
    std::filesystem::path assignment;   // ASSIGNMENT.yaml
    std::filesystem::path submissions;  // one folder per student
    std::filesystem::path database;     // the results database (created or resumed)
    int jobs = 1;
    std::vector<std::string> rerun;     // forget these students' results and grade only them
    const std::atomic<bool>* stop = nullptr;  // when set: start nothing new (Ctrl-C)
};

// The default database of an assignment and a submissions folder: ./ASSIGNMENT-SUBMISSIONS.results.db.
std::filesystem::path defaultDatabasePath(const std::filesystem::path& assignment, const std::filesystem::path& submissions);

class ClassGrading {
public:
    // Loads the assignment and opens the database. Throws ConfigError (bad assignment, database of another
    // assignment, two suites with a case of the same name), std::invalid_argument (a --rerun student with no
    // folder, a submissions path that is not a folder) and storage::SqliteError.
    explicit ClassGrading(const ClassGradingRequest& request);
    ~ClassGrading();

    const Assignment& assignment() const { return assignment_; }
    std::size_t studentsToGrade() const { return job_.submissions.size(); }
    std::size_t caseCount() const { return job_.cases.size(); }
    std::size_t runsToDo() const { return runsToDo_; }
    std::size_t runsStored() const { return studentsToGrade() * caseCount() - runsToDo_; }

    // Runs what is left; `onResult` sees each result (serialised) after it is saved. Returns the number of
    // runs finished by this call.
    std::size_t run(const std::function<void(const std::string& student, const CaseResult&)>& onResult);

    // Everything in the database (this run's results and earlier ones) as the views read it: every student
    // folder, the assignment's cases in order, NotRun where nothing is stored yet.
    RunResults results();

private:
    ClassGradingRequest request_;
    Assignment assignment_;
    std::vector<std::string> students_;
    ResultsStore store_;
    std::unique_ptr<TempDir> scratch_;
    GradingJob job_;
    std::size_t runsToDo_ = 0;
};

}  // namespace plyjudge::grader
