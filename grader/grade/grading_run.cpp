#include "grader/grade/grading_run.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>

#include "common/file_io.hpp"
#include "common/temp_dir.hpp"

namespace plyjudge::grader {

namespace {

// One student's program, built at most once, by whichever worker needs it first.
struct PreparedSubmission {
    std::once_flag once;
    PrepareResult prepared;
};

}  // namespace

std::vector<TrialCase> trialCasesOf(const std::vector<CaseSpec>& cases, const std::vector<std::size_t>& shownCases) {
    std::vector<TrialCase> trials;
    for (const std::size_t i : shownCases) {
        if (i < cases.size() && trials.size() < kMaxTrialCases) trials.push_back({&cases[i], true});
    }
    for (std::size_t i = 0; shownCases.empty() && i < cases.size() && trials.size() < kMaxTrialCases; ++i) {
        trials.push_back({&cases[i], false});
    }
    return trials;
}

PrepareResult prepareSubmission(const RunContext& context, const Submission& submission, const std::vector<TrialCase>& trials,
                                const std::filesystem::path& buildDir) {
    PrepareResult prepared;
    if (!submission.notFound.empty()) {
        prepared.failure = Verdict::NoProgram;
        prepared.message = submission.notFound;
        return prepared;
    }
    try {
        prepared = prepareProgram(submission.source, buildDir, BuildSettings(context.limits, context.hiddenPaths));
        if (prepared.program) {
            choosePythonByBehaviour(context, *prepared.program, trials, submission.adjustments, submission.source.interpreters);
        }
    } catch (const std::exception& e) {
        prepared.program.reset();
        prepared.judgeFault = JudgeFault{JudgeComponent::Grader, std::string("judge error while building: ") + e.what(), ""};
        prepared.message = prepared.judgeFault->what;
    }
    return prepared;
}

std::size_t runGrading(const GradingJob& job, const std::function<void(const std::string&, const CaseResult&)>& onResult) {
    struct Task {
        std::size_t submission;
        std::size_t kase;
    };
    std::vector<Task> tasks;
    for (std::size_t s = 0; s < job.submissions.size(); ++s) {
        for (std::size_t c = 0; c < job.cases.size(); ++c) {
            if (!job.alreadyDone.count({job.submissions[s].student, job.cases[c].suite, job.cases[c].name})) tasks.push_back({s, c});
        }
    }
    std::vector<std::unique_ptr<PreparedSubmission>> prepared;
    for (std::size_t s = 0; s < job.submissions.size(); ++s) prepared.push_back(std::make_unique<PreparedSubmission>());

    const std::vector<TrialCase> trials = job.trialCases ? *job.trialCases : trialCasesOf(job.cases, job.shownCases);
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> finished{0};
    std::mutex reportMutex;
    auto worker = [&] {
        for (;;) {
            if (job.stop && job.stop->load()) return;
            const std::size_t i = next.fetch_add(1);
            if (i >= tasks.size()) return;
            const Submission& sub = job.submissions[tasks[i].submission];
            const CaseSpec& spec = job.cases[tasks[i].kase];
            PreparedSubmission& p = *prepared[tasks[i].submission];
            std::call_once(p.once, [&] {
                // The name's start, for people; the random part keeps it unique (a name may be 255 bytes long).
                const std::string folder = safePathComponent(sub.student).substr(0, 64) + "-" + unguessableName();
                p.prepared = prepareSubmission(job.context, sub, trials, job.context.workRoot / "build" / folder);
            });
            CaseResult r = p.prepared.program
                               ? runCase(job.context, *p.prepared.program, spec, sub.adjustments)
                               : notRunResult(spec, p.prepared);
            std::lock_guard lock(reportMutex);
            onResult(sub.student, r);
            ++finished;
        }
    };
    const int n = std::max(1, std::min<int>(job.jobs, static_cast<int>(tasks.size())));
    std::vector<std::thread> threads;
    for (int t = 1; t < n; ++t) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    return finished.load();
}

}  // namespace plyjudge::grader
