#include "grader/grade/class_grading.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "common/file_io.hpp"
#include "common/temp_dir.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/explain/student_explanation.hpp"
#include "grader/results/results_loader.hpp"
#include "grader/run/program_file.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

std::vector<std::string> studentFolders(const std::filesystem::path& dir) {
    if (!std::filesystem::is_directory(dir)) throw std::invalid_argument("not a folder: " + dir.string());
    std::vector<std::string> students;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (e.is_directory() && !name.starts_with(".")) students.push_back(name);
    }
    std::sort(students.begin(), students.end());
    return students;
}

}  // namespace

std::filesystem::path defaultDatabasePath(const std::filesystem::path& assignment, const std::filesystem::path& submissions) {
    return assignment.stem().string() + "-" + std::filesystem::absolute(submissions).lexically_normal().filename().string() +
           ".results.db";
}

ClassGrading::ClassGrading(const ClassGradingRequest& request)
    : request_(request),
      assignment_(Assignment::load(request.assignment)),
      students_(studentFolders(request.submissions)),
      store_(request.database, readWholeFile(request.assignment)) {
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
    job_.context.explain = true;
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
        }
    }
    for (const std::string& s : request.rerun) store_.forget(s);
    // Per-student settings: the assignment's overrides, then students.yaml beside the submissions.
    StudentOverrides overrides = assignment_.overrides;
    for (auto& [student, o] : loadStudentsFile(request.submissions / "students.yaml")) overrides[student] = o;
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
    for (const auto& s : job_.submissions) {
        for (const auto& c : job_.cases) runsToDo_ += !job_.alreadyDone.count({s.student, c.suite, c.name});
    }
}

ClassGrading::~ClassGrading() = default;

std::size_t ClassGrading::run(const std::function<void(const std::string&, const CaseResult&)>& onResult) {
    return runGrading(job_, [&](const std::string& student, const CaseResult& r) {
        store_.save(student, r);
        onResult(student, r);
    });
}

RunResults ClassGrading::results() {
    RunResults run = assembleRunResults(assignment_.title(), assignment_.variantName, casesOf(assignment_), students_,
                                        store_.all());
    run.source = request_.assignment.string();
    explainStudents(run, job_.context.dialect);
    return run;
}

}  // namespace plyjudge::grader
