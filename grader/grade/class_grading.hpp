// Grading a class: an assignment, a folder of submissions (one folder per student), a results database.
// Everything between reading the assignment and the results model: which runs are still to do, the
// parallel runs, each result saved as it is produced, and the whole database read back as RunResults.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "grader/assignment/assignment.hpp"
#include "grader/explain/contrast.hpp"
#include "grader/grade/canary.hpp"
#include "grader/grade/grading_run.hpp"
#include "grader/results/results_store.hpp"

namespace plyjudge {
class TempDir;
}

namespace plyjudge::grader {

// One of N deterministic, balanced shards of a class's (student x case) runs, for grading across machines
// (Slurm job arrays, GNU parallel): the runs in the assignment's order, cut into N contiguous blocks whose
// sizes differ by at most one (a student's runs stay together, so a program is built on few machines).
struct Shard {
    int index = 1;  // K, from 1
    int count = 1;  // N
    std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
};
// "K/N" with 1 <= K <= N; throws std::invalid_argument saying what was expected.
Shard parseShard(const std::string& text);

struct ClassGradingRequest {
    std::filesystem::path assignment;   // ASSIGNMENT.yaml
    std::filesystem::path submissions;  // one folder per student
    std::filesystem::path database;     // the results database (created or resumed)
    int jobs = 1;
    // What to grade. With neither: every run that is missing, a judge error, or of a student whose settings changed
    // since it was graded (stale). With either or both: only what they name.
    std::vector<std::string> rerun;     // forget these students' results and grade them again
    bool rerunJudgeErrors = false;      // grade again every run whose stored verdict is a judge error
    const std::atomic<bool>* stop = nullptr;  // when set: start nothing new (Ctrl-C)
    std::optional<Shard> shard;         // grade only this shard of the runs, into its own database
    // Told, before any run, what is graded otherwise than the TA may expect (a students.yaml that is a folder or
    // cannot be read). Unset: "plyjudge: warning: ..." on standard error.
    std::function<void(const std::string&)> warn;
    bool explain = true;  // false: failures are not explained (no experiment, reproduction, log shape or contrast)
    // Explanation by contrast for the assignment's variant (grader/grade/student_contrast.hpp); unset or nullopt:
    // none. Shards get none (a shard holds part of a student's cases).
    std::function<std::optional<ContrastInputs>(std::string_view variant)> contrastFor;
    ContrastOptions contrastOptions;
    CanaryOptions canary;  // run() runs it before the first run: a failure throws JudgeFaultError, nothing is stored
    // Told the canary's line ("canary: python3, reference passed in 0.31 s") when it passed.
    std::function<void(const std::string&)> note;
};

// The default database of an assignment and a submissions folder: ./ASSIGNMENT-SUBMISSIONS.results.db, or
// ./ASSIGNMENT-SUBMISSIONS.shardK-of-N.results.db for a shard.
std::filesystem::path defaultDatabasePath(const std::filesystem::path& assignment, const std::filesystem::path& submissions,
                                          const std::optional<Shard>& shard = std::nullopt);

// A digest of every case of the assignment: names, inputs and the expected files that must match. Two
// shards graded against different case files never merge.
std::string suitesDigest(const Assignment& assignment);

// Where explaining the students stands (ClassGrading::results): `index` of `count` students to explain, from 0.
using ExplainProgress = std::function<void(const std::string& student, std::size_t index, std::size_t count)>;

class ClassGrading {
public:
    // Loads the assignment and opens the database; forgets the results of the students to grade again (named, or
    // stale in scope). Throws ConfigError (bad assignment, database of other class-wide settings or cases, two
    // suites with a case of the same name), std::invalid_argument (a --rerun student with no folder, a submissions
    // path that is not a folder) and storage::SqliteError.
    explicit ClassGrading(const ClassGradingRequest& request);
    ~ClassGrading();

    const Assignment& assignment() const { return assignment_; }
    std::size_t studentsToGrade() const { return job_.submissions.size(); }
    std::size_t caseCount() const { return job_.cases.size(); }
    std::size_t runsToDo() const { return runsToDo_; }
    std::size_t runsStored() const { return runsInScope_ - runsToDo_; }  // already in the database
    std::size_t runsInScope() const { return runsInScope_; }             // this shard's, or every run
    // The students whose settings changed since they were graded: regraded by this grade, or, outside what
    // --rerun names, left as they are (stale until graded again).
    const std::vector<std::string>& staleRegraded() const { return staleRegraded_; }
    const std::vector<std::string>& staleLeft() const { return staleLeft_; }
    std::size_t judgeErrorsToRedo() const { return judgeErrorsToRedo_; }  // stored judge errors graded again now

    // Runs what is left; `onResult` sees each result (serialised) after it is saved. Returns the number of
    // runs finished by this call.
    std::size_t run(const std::function<void(const std::string& student, const CaseResult&)>& onResult);

    // Everything in the database (this run's results and earlier ones) as the views read it: every student
    // folder, the assignment's cases in order, NotRun where nothing is stored yet, each student explained. A
    // finished student's explanations are stored, and loaded rather than computed when still valid; `progress`
    // hears of each student that must be explained. Returns, in `explained`, how many were.
    RunResults results(const ExplainProgress& progress = {}, std::size_t* explained = nullptr);

private:
    void checkRerunNames() const;
    void prepareContext();
    void addCases();
    std::vector<std::string> chooseStudentsToGrade();
    void addSubmissions(const std::vector<std::string>& students);
    void planRuns(const std::set<std::string>& rerunNamed);
    void explainStudent(RunResults& one);
    void contrastStudent(RunResults& one);
    std::string explanationBasis() const;

    ClassGradingRequest request_;
    Assignment assignment_;
    std::vector<std::string> students_;
    ResultsStore store_;
    std::unique_ptr<TempDir> scratch_;
    GradingJob job_;
    std::size_t runsToDo_ = 0;
    std::size_t runsInScope_ = 0;
    std::set<std::string> studentsInScope_;
    StudentOverrides overrides_;
    std::map<std::string, std::string> settingsDigest_;  // each student's (student_settings.hpp)
    std::vector<std::string> staleRegraded_, staleLeft_;
    std::size_t judgeErrorsToRedo_ = 0;
    std::optional<ContrastInputs> contrastInputs_;  // set by results() when the contrast is on
    int contrastsTried_ = 0;
};

}  // namespace plyjudge::grader
