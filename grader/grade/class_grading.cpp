#include "grader/grade/class_grading.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "common/file_io.hpp"
#include "common/version.hpp"
#include "common/temp_dir.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/results/fingerprint.hpp"
#include "grader/explain/error_output.hpp"
#include "grader/explain/input_ignored.hpp"
#include "grader/explain/student_explanation.hpp"
#include "grader/grade/student_contrast.hpp"
#include "grader/grade/student_settings.hpp"
#include "grader/results/results_loader.hpp"
#include "grader/results/stored_explanations.hpp"
#include "grader/run/program_file.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

// Every folder is a student's, whatever its name (students.yaml included); an entry that cannot be examined
// (a link loop) is not a folder.
std::vector<std::string> studentFolders(const std::filesystem::path& dir) {
    if (!std::filesystem::is_directory(dir)) throw std::invalid_argument("not a folder: " + dir.string());
    std::vector<std::string> students;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (e.is_directory(ec) && !name.starts_with(".")) students.push_back(name);
    }
    std::sort(students.begin(), students.end());
    return students;
}

}  // namespace

Shard parseShard(const std::string& text) {
    const auto slash = text.find('/');
    try {
        if (slash == std::string::npos) throw std::invalid_argument("");
        std::size_t used = 0;
        const int k = std::stoi(text.substr(0, slash), &used);
        if (used != slash) throw std::invalid_argument("");
        const std::string rest = text.substr(slash + 1);
        const int n = std::stoi(rest, &used);
        if (used != rest.size() || k < 1 || n < 1 || k > n) throw std::invalid_argument("");
        return {k, n};
    } catch (const std::exception&) {
        throw std::invalid_argument("--shard expects K/N with 1 <= K <= N (e.g. 3/8), got '" + text + "'");
    }
}

std::filesystem::path defaultDatabasePath(const std::filesystem::path& assignment, const std::filesystem::path& submissions,
                                          const std::optional<Shard>& shard) {
    const std::string stem = assignment.stem().string() + "-" + std::filesystem::absolute(submissions).lexically_normal().filename().string();
    if (!shard) return stem + ".results.db";
    return stem + ".shard" + std::to_string(shard->index) + "-of-" + std::to_string(shard->count) + ".results.db";
}

std::string suitesDigest(const Assignment& assignment) {
    Fingerprint digest;
    for (const CaseSuite& suite : assignment.suites) {
        for (const SuiteCase& c : suite.cases) {
            digest.add(suite.name).add(c.name).add(readWholeFile(c.input()));
            for (const std::string& f : assignment.filesToMatch(c)) digest.add(f).add(readWholeFile(c.dir / f));
        }
    }
    return digest.hex();
}

ClassGrading::ClassGrading(const ClassGradingRequest& request)
    : request_(request),
      assignment_(Assignment::load(request.assignment)),
      students_(studentFolders(request.submissions)),
      store_(request.database, RunIdentity{readWholeFile(request.assignment), suitesDigest(assignment_), versionString(),
                                           request.shard ? request.shard->text() : std::string()}) {
    checkRerunNames();
    prepareContext();
    addCases();
    overrides_ = effectiveOverrides(assignment_, request.submissions, request.warn);
    for (const std::string& student : students_) {
        const auto o = overrides_.find(student);
        settingsDigest_[student] = studentSettingsDigest(o == overrides_.end() ? nullptr : &o->second, assignment_.run.interpreters);
    }
    addSubmissions(chooseStudentsToGrade());
    planRuns(std::set<std::string>(request.rerun.begin(), request.rerun.end()));
}

void ClassGrading::checkRerunNames() const {
    for (const std::string& s : request_.rerun) {
        if (std::find(students_.begin(), students_.end(), s) == students_.end()) {
            throw std::invalid_argument("--rerun " + s + ": no student folder of that name in " + request_.submissions.string());
        }
    }
}

// The runs' shared context: variant, limits, a private scratch root, and what a program must not see.
void ClassGrading::prepareContext() {
    // The scratch root is traversable but not listable: each run's uid reaches its own directory only.
    scratch_ = std::make_unique<TempDir>("plyjudge-grade", 0711);
    job_.context.variantName = assignment_.variantName;
    job_.context.convention = assignment_.variant->convention;
    job_.context.limits = assignment_.limits;
    job_.context.workRoot = scratch_->path();
    job_.context.dialect = Dialect::parse(assignment_.dialectSettings, assignment_.variant->dialects);
    job_.context.explain = request_.explain;
    job_.context.exitStatus = assignment_.run.exitStatus;
    job_.jobs = request_.jobs;
    job_.stop = request_.stop;
    // Under bubblewrap a program sees neither the other submissions nor expected outputs nor other builds
    // (its own folder and build are re-exposed read-only).
    std::filesystem::create_directories(scratch_->path() / "build");
    std::filesystem::permissions(scratch_->path() / "build", std::filesystem::perms(0711));
    job_.context.hiddenPaths = {std::filesystem::absolute(request_.submissions), scratch_->path() / "build"};
}

void ClassGrading::addCases() {
    std::set<std::pair<std::string, std::string>> seen;
    for (const CaseSuite& suite : assignment_.suites) {
        job_.context.hiddenPaths.push_back(std::filesystem::absolute(suite.dir));
        for (const SuiteCase& c : suite.cases) {
            if (!seen.emplace(suite.name, c.name).second) {
                throw ConfigError(request_.assignment.string(), 0, "two suites named " + suite.name + " hold a case " + c.name);
            }
            job_.cases.push_back({suite.name, c.name, c.input(), c.dir, assignment_.filesToMatch(c), assignment_.pointsOf(suite, c)});
            const bool shown = suite.visibility == Visibility::Published && c.visibility != Visibility::Hidden;
            if (shown) job_.shownCases.push_back(job_.cases.size() - 1);
        }
    }
}

// The students this grade runs (every one, or those --rerun and --rerun-judge-errors name), after forgetting the
// results of the named ones and of those in scope whose settings changed since they were graded.
std::vector<std::string> ClassGrading::chooseStudentsToGrade() {
    std::set<std::string> stale;
    for (auto [student, digests] : store_.studentSettings()) {
        const auto now = settingsDigest_.find(student);
        if (now == settingsDigest_.end()) continue;  // no folder any more: nothing to grade
        // Rows of an older plyjudge hold no digest: graded with today's settings, the assignment's text being the same
        // (under another text the store marked them unknown, so stale).
        if (digests.erase("")) {
            store_.adoptStudentSettings(student, now->second);
            digests.insert(now->second);
        }
        if (digests != std::set<std::string>{now->second}) stale.insert(student);
    }
    const bool selective = !request_.rerun.empty() || request_.rerunJudgeErrors;
    std::set<std::string> scope(request_.rerun.begin(), request_.rerun.end());
    if (request_.rerunJudgeErrors) {
        for (const auto& [student, suite, kase] : store_.judgeErrors()) {
            if (settingsDigest_.count(student)) scope.insert(student);
        }
    }
    std::vector<std::string> chosen;
    for (const std::string& student : students_) {
        const bool inScope = !selective || scope.count(student);
        if (stale.count(student)) (inScope ? staleRegraded_ : staleLeft_).push_back(student);
        if (!inScope) continue;
        chosen.push_back(student);
        const bool named = std::find(request_.rerun.begin(), request_.rerun.end(), student) != request_.rerun.end();
        if (named || stale.count(student)) store_.forget(student);
    }
    return chosen;
}

void ClassGrading::addSubmissions(const std::vector<std::string>& students) {
    std::set<std::string> toolsNeeded;
    for (const std::string& student : students) {
        const auto o = overrides_.find(student);
        const RunSettings run = o == overrides_.end() ? assignment_.run : o->second.appliedTo(assignment_.run);
        Submission s;
        s.student = student;
        s.source.commandTemplate = run.command;
        s.source.python = run.python;
        s.source.interpreters = run.interpreters;
        s.source.dir = request_.submissions / student;
        if (o != overrides_.end()) s.adjustments = o->second.adjustments;
        const bool needsFile = !run.command || run.command->find("{program}") != std::string::npos;
        std::string why;
        if (auto file = findProgramFile(request_.submissions / student, run.file, why)) {
            s.source.file = *file;
            for (const char* tool : toolsFor(languageOf(*file), run.python)) toolsNeeded.insert(tool);
        } else if (needsFile) {
            s.notFound = why;
        }
        job_.submissions.push_back(std::move(s));
    }
    // Before the first run: every interpreter and compiler in use must be executable by the run users.
    for (const std::string& tool : toolsNeeded) {
        if (auto problem = assignment_.run.interpreters.problemWith(tool)) throw ConfigError(request_.assignment.string(), 0, *problem);
    }
}

// What is left to do: every run of the chosen students not stored with a final verdict, within the shard; a
// student chosen only for its judge errors (--rerun-judge-errors) runs those alone.
void ClassGrading::planRuns(const std::set<std::string>& rerunNamed) {
    job_.alreadyDone = store_.done();
    const std::set<ResultsStore::CaseKey> judgeErrors = store_.judgeErrors();
    const bool selective = !rerunNamed.empty() || request_.rerunJudgeErrors;
    // A shard: the runs outside its block count as done here (another shard does them).
    const std::size_t total = job_.submissions.size() * job_.cases.size();
    const Shard shard = request_.shard.value_or(Shard{});
    const std::size_t first = total * static_cast<std::size_t>(shard.index - 1) / static_cast<std::size_t>(shard.count);
    const std::size_t last = total * static_cast<std::size_t>(shard.index) / static_cast<std::size_t>(shard.count);
    std::size_t position = 0;
    for (const auto& s : job_.submissions) {
        const bool onlyJudgeErrors = selective && !rerunNamed.count(s.student) &&
                                     std::find(staleRegraded_.begin(), staleRegraded_.end(), s.student) == staleRegraded_.end();
        for (const auto& c : job_.cases) {
            const ResultsStore::CaseKey key{s.student, c.suite, c.name};
            const bool inScope = position >= first && position < last;
            ++position;
            if (!inScope || (onlyJudgeErrors && !judgeErrors.count(key))) {
                job_.alreadyDone.insert(key);
                if (!inScope) continue;
            }
            ++runsInScope_;
            studentsInScope_.insert(s.student);
            runsToDo_ += !job_.alreadyDone.count(key);
            judgeErrorsToRedo_ += judgeErrors.count(key);
        }
    }
}

ClassGrading::~ClassGrading() = default;

std::size_t ClassGrading::run(const std::function<void(const std::string&, const CaseResult&)>& onResult) {
    if (request_.canary.run && runsToDo_ > 0) {
        const CanaryReport canary = runCanary(job_, request_.canary);
        if (canary.failure) throw JudgeFaultError(*canary.failure);  // before anything is stored
        if (request_.note) request_.note(canary.line());
    }
    return runGrading(job_, [&](const std::string& student, const CaseResult& r) {
        if (!r.ran()) return;  // stopped (SIGTERM): nothing to keep, run again next time (a judge error is kept)
        store_.save(student, r, settingsDigest_.at(student));
        onResult(student, r);
    });
}

// What a student's stored explanations depend on besides its results: the plyjudge that made them and the
// explainer's settings (the cases and class-wide settings are the database's own).
std::string ClassGrading::explanationBasis() const {
    const ContrastOptions& c = request_.contrastOptions;
    const std::string contrast = contrastInputs_ ? fmt::format("{}/{}/{}/{}/{}", c.newCasesPerSide, c.candidates, c.minShare,
                                                               c.minFailed, c.seed)
                                                 : "off";
    return fmt::format("{}; explain {}; contrast {}", versionString(), request_.explain ? "on" : "off", contrast);
}

// Explanation by contrast of the student's failures no fault reproduces, in a scratch folder of its own.
void ClassGrading::contrastStudent(RunResults& one) {
    if (!contrastInputs_) return;
    const auto folder = scratch_->path() / "build" / "contrast" / std::to_string(++contrastsTried_);  // hidden like the builds
    std::filesystem::create_directories(folder);
    contrastStudents(one, job_, *contrastInputs_, request_.contrastOptions, folder);
}

// The student-level steps, in this order: the main explanation's tie-break, what a crash said (it beats when it
// happens), the contrast.
void ClassGrading::explainStudent(RunResults& one) {
    explainStudents(one, job_.context.dialect);
    if (request_.explain) explainByIgnoredInput(one);  // first: a reproduction of such runs is a coincidence
    if (request_.explain) explainByErrorOutput(one);
    contrastStudent(one);
}

RunResults ClassGrading::results(const ExplainProgress& progress, std::size_t* explained) {
    // A shard's results cover its own students (whose other runs show as not run: another shard's).
    const std::vector<std::string> students = request_.shard ? std::vector<std::string>(studentsInScope_.begin(), studentsInScope_.end())
                                                             : students_;
    RunResults run = assembleRunResults(assignment_.title(), assignment_.variantName, casesOf(assignment_), students,
                                        store_.all());
    run.source = request_.assignment.string();
    if (!request_.shard && request_.contrastFor && request_.explain) contrastInputs_ = request_.contrastFor(assignment_.variantName);
    const std::string basis = explanationBasis();
    const std::set<std::string> stored = store_.applyStoredExplanations(run, basis);
    std::size_t count = 0;
    explainStudentsApart(run, stored, [&](RunResults& one, std::size_t index, std::size_t total) {
        StudentResults& s = one.students.front();
        if (progress) progress(s.name, index, total);
        const std::string digest = resultsDigestOf(s);
        explainStudent(one);
        ++count;
        // Stored when final: every case graded, all of the student in this grade's scope (the contrast reruns only
        // the programs it prepared), not cut short by Ctrl-C (a contrast stopped midway claims nothing).
        const bool finished = std::all_of(s.outcomes.begin(), s.outcomes.end(), [](const CaseResult& o) { return o.ran(); });
        const bool stopped = request_.stop && request_.stop->load();
        if (finished && !stopped && !request_.shard && studentsInScope_.count(s.name)) store_.saveExplanations(s, digest, basis);
    });
    if (explained) *explained = count;
    if (request_.shard) run.notes.push_back("shard " + request_.shard->text() + " of the run: merge the shards with plyjudge merge");
    const std::vector<std::string> versions = store_.versionsUsed();
    if (versions.size() > 1) {
        run.notes.push_back("graded by several plyjudge versions: " + fmt::format("{}", fmt::join(versions, ", ")));
    }
    return run;
}

}  // namespace plyjudge::grader
