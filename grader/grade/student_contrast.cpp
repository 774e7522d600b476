#include "grader/grade/student_contrast.hpp"

#include <fmt/format.h>

#include <map>

#include "common/file_io.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

bool crashedVerdict(Verdict v) {
    return v == Verdict::RuntimeError || v == Verdict::TimeLimit || v == Verdict::MemoryLimit || v == Verdict::OutputLimit ||
           v == Verdict::MissingOutput;
}

// The cases a contrast separates: a failure already explained (contrast.hpp, leftToContrast) is left out, so that it
// neither hides nor blurs the feature the other failures share.
std::vector<ContrastCase> casesOf(const RunResults& run, const StudentResults& s) {
    std::vector<ContrastCase> out;
    for (std::size_t i = 0; i < s.outcomes.size() && i < run.cases.size(); ++i) {
        const CaseResult& o = s.outcomes[i];
        if (!o.ran() || o.judgeError() || run.cases[i].inputText.empty()) continue;
        if (!o.passed() && !leftToContrast(o)) continue;
        out.push_back({run.cases[i].id(), run.cases[i].inputText, !o.passed(), crashedVerdict(o.verdict), o.verdict});
    }
    return out;
}

// Runs new inputs for one submission: each solved by the reference into its own folder, then one GradingJob.
class NewCaseRunner {
public:
    NewCaseRunner(const GradingJob& job, const Submission& submission, std::filesystem::path folder)
        : job_(job), submission_(submission), folder_(std::move(folder)) {}

    std::vector<ContrastCase> operator()(const std::vector<std::string>& inputs) {
        const Variant* variant = findVariant(job_.context.variantName);
        // A Python program whose syntax does not decide is tried on the graded job's trial cases, not on the new
        // ones: the same Python as in its grading (and no new run: python_trial.hpp caches the decision).
        GradingJob job{job_.context, {submission_}, {}, {}, job_.jobs, job_.stop, {}};
        job.trialCases = trialCasesOf(job_.cases, job_.shownCases);
        std::map<std::string, std::size_t> indexOf;
        for (const std::string& input : inputs) {
            const std::string name = fmt::format("contrast-{}", ++made_);
            const auto dir = folder_ / name;
            std::filesystem::create_directories(dir);
            writeWholeFile(dir / "input.txt", input);
            try {
                const auto files = variant->solve(InputText::readFile(dir / "input.txt"), job_.context.dialect, dir);
                indexOf[name] = job.cases.size();
                job.cases.push_back({"contrast", name, dir / "input.txt", dir, files, 1});
            } catch (const std::exception&) {
                return {};  // a drawn input the reference cannot solve: no claim from this batch
            }
        }
        std::vector<ContrastCase> out(inputs.size());
        std::vector<bool> judged(inputs.size(), false);
        runGrading(job, [&](const std::string&, const CaseResult& r) {
            const std::size_t i = indexOf.at(r.name);
            out[i] = {"", inputs[i], !r.passed(), crashedVerdict(r.verdict), r.verdict};
            judged[i] = !r.judgeError() && r.ran();
        });
        for (bool j : judged) {
            if (!j) return {};  // a judge error or a stopped run: the batch proves nothing
        }
        return out;
    }

private:
    const GradingJob& job_;
    const Submission& submission_;
    std::filesystem::path folder_;
    int made_ = 0;
};

}  // namespace

int contrastStudents(RunResults& run, const GradingJob& job, const ContrastInputs& inputs, const ContrastOptions& options,
                     const std::filesystem::path& scratch) {
    const Variant* variant = findVariant(job.context.variantName);
    if (!variant || !variant->solve || !inputs.featuresOf || !inputs.draw) return 0;
    int given = 0, tried = 0;
    for (StudentResults& s : run.students) {
        if (!hasUnexplainedFailures(s)) continue;
        const Submission* submission = nullptr;
        for (const Submission& candidate : job.submissions) {
            if (candidate.student == s.name) submission = &candidate;
        }
        if (!submission || !submission->notFound.empty()) continue;
        NewCaseRunner runner(job, *submission, scratch / fmt::format("student-{}", ++tried));
        const auto finding = explainByContrast(casesOf(run, s), inputs, std::ref(runner), options);
        if (finding && applyContrast(run, s, *finding, inputs) > 0) ++given;
    }
    return given;
}

}  // namespace plyjudge::grader
