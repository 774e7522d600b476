#include "grader/grade/program_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <vector>

#include "common/file_io.hpp"
#include "common/temp_dir.hpp"
#include "grader/assignment/assignment.hpp"
#include "grader/explain/error_output.hpp"
#include "grader/explain/input_ignored.hpp"
#include "grader/explain/requested_files.hpp"
#include "grader/explain/student_explanation.hpp"
#include "grader/grade/bundled_cases.hpp"
#include "grader/grade/missing_file_hint.hpp"
#include "grader/grade/student_contrast.hpp"
#include "grader/results/results_loader.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

// A runtime error whose error output says a file could not be opened gets the settings that would serve it
// (missing_file_hint.hpp).
void nameMissingInputFiles(RunResults& results, const Variant& variant) {
    for (StudentResults& student : results.students) {
        for (CaseResult& r : student.outcomes) {
            if (const auto hint = missingInputHint(r, variant)) r.message += "; " + *hint;
        }
    }
}

}  // namespace

ProgramCheck::ProgramCheck(const ProgramCheckRequest& request) : request_(request) {
    const Variant& variant = *request.variant;
    scratch_ = std::make_unique<TempDir>("plyjudge-check", 0711);
    job_.context.variantName = std::string(variant.name);
    job_.context.convention = variant.convention;
    job_.context.limits = request.limits;
    job_.context.workRoot = scratch_->path();
    job_.context.dialect = request.dialect;
    job_.context.explain = request.explain;
    job_.context.exitStatus = request.exitStatus;
    job_.jobs = request.jobs;
    // Under bubblewrap the program sees no expected output and no other build.
    std::filesystem::create_directories(scratch_->path() / "generated");
    std::filesystem::create_directories(scratch_->path() / "build");
    std::filesystem::permissions(scratch_->path() / "build", std::filesystem::perms(0711));
    if (request.program.file && !request.program.commandTemplate) {
        for (const char* tool : toolsFor(languageOf(*request.program.file), request.program.python)) {
            if (auto problem = request.program.interpreters.problemWith(tool)) throw std::invalid_argument(*problem);
        }
    }
    job_.context.hiddenPaths = {std::filesystem::absolute(request.casesRoot), scratch_->path() / "generated",
                                scratch_->path() / "build"};
    job_.submissions.push_back({request.programName, request.program, "", request.adjustments});
    const double defaultPoints = defaultPointsPerCase(variant.name);
    // A binary copied away from its tree or installation finds no bundled cases: said, not passed over.
    if (suiteDirsOf(request.casesRoot, variant.name).empty() && !request.generated.empty()) {
        notes_.push_back(fmt::format("no published case for {} in {}: generated cases only (PLYJUDGE_CASES names the "
                                     "folder of the bundled cases)", variant.name, request.casesRoot.string()));
    }
    BundledCases bundled = loadBundledCases(variant, request.dialect, request.casesRoot);
    graderNotes_.insert(graderNotes_.end(), bundled.notes.begin(), bundled.notes.end());
    job_.cases = std::move(bundled.published);
    // The published cases are shown (a student's own check shows every case, but a Python is tried on published
    // ones only, as fuzz does: generated cases change with the seed).
    for (std::size_t i = 0; i < job_.cases.size(); ++i) job_.shownCases.push_back(i);
    const std::string generatedSuite = bundled.publishedSuites.count("generated") ? "generated-by-check" : "generated";
    // Generated cases: their expected files come from the reference, solved here.
    for (const GeneratedInput& g : request.generated) {
        if (bundled.inputs.count(g.input)) {
            ++droppedGenerated_;
            continue;  // never hand out a bundled case (a hidden suite's above all) as a generated one
        }
        const auto dir = scratch_->path() / "generated" / g.name;
        std::filesystem::create_directories(dir);
        writeWholeFile(dir / "input.txt", g.input);
        try {
            const auto written = variant.solve(InputText::readFile(dir / "input.txt"), request.dialect, dir);
            job_.cases.push_back({generatedSuite, g.name, dir / "input.txt", dir, written, defaultPoints});
        } catch (const std::exception& e) {
            throw std::runtime_error("the generated case " + g.name + " is not solvable by the reference: " + e.what());
        }
    }
}

ProgramCheck::~ProgramCheck() = default;

RunResults ProgramCheck::run() {
    if (request_.canary.run) {
        const CanaryReport canary = runCanary(job_, request_.canary);
        canaryLine_ = canary.line();
        if (canary.failure) throw JudgeFaultError(*canary.failure);
    }
    std::vector<StoredResult> rows;
    runGrading(job_, [&](const std::string& student, const CaseResult& r) { rows.push_back({student, r}); });
    std::vector<CaseSource> cases;
    for (const CaseSpec& c : job_.cases) cases.push_back({c.suite, c.name, c.points, Visibility::Published, c.input, c.expectedDir});
    RunResults results = assembleRunResults("check " + request_.programName, std::string(request_.variant->name), cases,
                                            {request_.programName}, rows);
    results.source = "check";
    explainStudents(results, request_.dialect);
    if (request_.explain) explainByIgnoredInput(results);  // first: a reproduction of such runs is a coincidence
    if (request_.explain) explainByErrorOutput(results);  // before the contrast: what a crash said beats when it happens
    if (request_.contrast && request_.explain) {
        const auto folder = scratch_->path() / "generated" / "contrast";  // hidden from the runs like the other generated cases
        std::filesystem::create_directories(folder);
        contrastStudents(results, job_, *request_.contrast, request_.contrastOptions, folder);
    }
    nameMissingInputFiles(results, *request_.variant);
    return results;
}

}  // namespace plyjudge::grader
