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
#include "grader/explain/error_output.hpp"
#include "grader/explain/student_explanation.hpp"
#include "grader/grade/student_contrast.hpp"
#include "grader/results/results_loader.hpp"
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

// Per-student settings: the assignment's overrides, then students.yaml beside the submissions (said when it is
// there but cannot be read as one: a folder of that name, a FIFO, an unreadable file).
StudentOverrides overridesOf(const Assignment& assignment, const ClassGradingRequest& request) {
    StudentOverrides overrides = assignment.overrides;
    std::string warning;
    for (auto& [student, o] : loadStudentsFile(request.submissions / "students.yaml", warning)) overrides[student] = o;
    if (warning.empty()) return overrides;
    if (request.warn) {
        request.warn(warning);
    } else {
        std::cerr << "plyjudge: warning: " << warning << "\n";
    }
    return overrides;
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
    // FNV-1a, 64 bits: to notice a changed case, not to resist an adversary.
    std::uint64_t h = 14695981039346656037ULL;
    auto add = [&](std::string_view bytes) {
        for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ULL;
        h = (h ^ 0xff) * 1099511628211ULL;  // a separator, so that "ab"+"c" and "a"+"bc" differ
    };
    for (const CaseSuite& suite : assignment.suites) {
        for (const SuiteCase& c : suite.cases) {
            add(suite.name);
            add(c.name);
            add(readWholeFile(c.input()));
            for (const std::string& f : assignment.filesToMatch(c)) {
                add(f);
                add(readWholeFile(c.dir / f));
            }
        }
    }
    return fmt::format("{:016x}", h);
}

ClassGrading::ClassGrading(const ClassGradingRequest& request)
    : request_(request),
      assignment_(Assignment::load(request.assignment)),
      students_(studentFolders(request.submissions)),
      store_(request.database, RunIdentity{readWholeFile(request.assignment), suitesDigest(assignment_), versionString(),
                                           request.shard ? request.shard->text() : std::string()}) {
    for (const std::string& s : request.rerun) {
        if (std::find(students_.begin(), students_.end(), s) == students_.end()) {
            throw std::invalid_argument("no student folder " + s + " in " + request.submissions.string());
        }
    }
    // The scratch root is traversable but not listable: each run's uid reaches its own directory only.
    scratch_ = std::make_unique<TempDir>("plyjudge-grade", 0711);
    job_.context.variantName = assignment_.variantName;
    job_.context.convention = assignment_.variant->convention;
    job_.context.limits = assignment_.limits;
    job_.context.workRoot = scratch_->path();
    job_.context.dialect = Dialect::parse(assignment_.dialectSettings, assignment_.variant->dialects);
    job_.context.explain = request.explain;
    job_.context.exitStatus = assignment_.run.exitStatus;
    job_.jobs = request.jobs;
    job_.stop = request.stop;
    // Under bubblewrap a program sees neither the other submissions nor expected outputs nor other builds
    // (its own folder and build are re-exposed read-only).
    std::filesystem::create_directories(scratch_->path() / "build");
    std::filesystem::permissions(scratch_->path() / "build", std::filesystem::perms(0711));
    job_.context.hiddenPaths = {std::filesystem::absolute(request.submissions), scratch_->path() / "build"};
    std::map<std::pair<std::string, std::string>, bool> seen;
    for (const CaseSuite& suite : assignment_.suites) {
        job_.context.hiddenPaths.push_back(std::filesystem::absolute(suite.dir));
        for (const SuiteCase& c : suite.cases) {
            if (!seen.emplace(std::pair(suite.name, c.name), true).second) {
                throw ConfigError(request.assignment.string(), 0, "two suites named " + suite.name + " hold a case " + c.name);
            }
            job_.cases.push_back({suite.name, c.name, c.input(), c.dir, assignment_.filesToMatch(c), assignment_.pointsOf(suite, c)});
            const bool shown = suite.visibility == Visibility::Published && c.visibility != Visibility::Hidden;
            if (shown && !job_.shownCase) job_.shownCase = job_.cases.size() - 1;
        }
    }
    for (const std::string& s : request.rerun) store_.forget(s);
    const StudentOverrides overrides = overridesOf(assignment_, request);
    std::set<std::string> toolsNeeded;
    for (const std::string& student : request.rerun.empty() ? students_ : request.rerun) {
        const auto o = overrides.find(student);
        const RunSettings run = o == overrides.end() ? assignment_.run : o->second.appliedTo(assignment_.run);
        Submission s;
        s.student = student;
        s.source.commandTemplate = run.command;
        s.source.python = run.python;
        s.source.interpreters = run.interpreters;
        s.source.dir = request.submissions / student;
        if (o != overrides.end()) s.adjustments = o->second.adjustments;
        const bool needsFile = !run.command || run.command->find("{program}") != std::string::npos;
        std::string why;
        if (auto file = findProgramFile(request.submissions / student, run.file, why)) {
            s.source.file = *file;
            for (const char* tool : toolsFor(languageOf(*file), run.python)) toolsNeeded.insert(tool);
        } else if (needsFile) {
            s.notFound = why;
        }
        job_.submissions.push_back(std::move(s));
    }
    // Before the first run: every interpreter and compiler in use must be executable by the run users.
    for (const std::string& tool : toolsNeeded) {
        if (auto problem = assignment_.run.interpreters.problemWith(tool)) throw ConfigError(request.assignment.string(), 0, *problem);
    }
    job_.alreadyDone = store_.done();
    // A shard: the runs outside its block count as done here (another shard does them).
    const std::size_t total = job_.submissions.size() * job_.cases.size();
    const Shard shard = request.shard.value_or(Shard{});
    const std::size_t first = total * static_cast<std::size_t>(shard.index - 1) / static_cast<std::size_t>(shard.count);
    const std::size_t last = total * static_cast<std::size_t>(shard.index) / static_cast<std::size_t>(shard.count);
    std::size_t position = 0;
    for (const auto& s : job_.submissions) {
        for (const auto& c : job_.cases) {
            const bool inScope = position >= first && position < last;
            ++position;
            if (!inScope) {
                job_.alreadyDone.insert({s.student, c.suite, c.name});
                continue;
            }
            ++runsInScope_;
            studentsInScope_.insert(s.student);
            runsToDo_ += !job_.alreadyDone.count({s.student, c.suite, c.name});
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
        if (r.verdict == Verdict::NotRun) return;  // stopped (SIGTERM): nothing to keep, run again next time
        store_.save(student, r);
        onResult(student, r);
    });
}

// Explanation by contrast of the students' failures no fault reproduces; not stored (recomputed by each results()).
void ClassGrading::contrastClass(RunResults& run) {
    if (request_.shard || !request_.contrastFor || !request_.explain) return;
    const std::optional<ContrastInputs> inputs = request_.contrastFor(assignment_.variantName);
    if (!inputs) return;
    const auto folder = scratch_->path() / "build" / "contrast";  // hidden from the runs like the builds
    std::filesystem::create_directories(folder);
    contrastStudents(run, job_, *inputs, request_.contrastOptions, folder);
}

RunResults ClassGrading::results() {
    // A shard's results cover its own students (whose other runs show as not run: another shard's).
    const std::vector<std::string> students = request_.shard ? std::vector<std::string>(studentsInScope_.begin(), studentsInScope_.end())
                                                             : students_;
    RunResults run = assembleRunResults(assignment_.title(), assignment_.variantName, casesOf(assignment_), students,
                                        store_.all());
    run.source = request_.assignment.string();
    explainStudents(run, job_.context.dialect);
    if (request_.explain) explainByErrorOutput(run);  // before the contrast: what a crash said beats when it happens
    contrastClass(run);
    if (request_.shard) run.notes.push_back("shard " + request_.shard->text() + " of the run: merge the shards with plyjudge merge");
    const std::vector<std::string> versions = store_.versionsUsed();
    if (versions.size() > 1) {
        run.notes.push_back("graded by several plyjudge versions: " + fmt::format("{}", fmt::join(versions, ", ")));
    }
    return run;
}

}  // namespace plyjudge::grader
