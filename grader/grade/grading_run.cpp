#include "grader/grade/grading_run.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>

namespace plyjudge::grader {

namespace {

// One student's program, built at most once, by whichever worker needs it first.
struct PreparedSubmission {
    std::once_flag once;
    PrepareResult prepared;
};

// Folder names are students' names: keep them but make them safe as one path component.
std::string safeComponent(const std::string& s) {
    std::string out;
    for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
    return out.empty() || out == "." || out == ".." ? "_" + out : out;
}

}  // namespace

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
                if (!sub.notFound.empty()) {
                    p.prepared.failure = Verdict::CompileError;
                    p.prepared.message = sub.notFound;
                    return;
                }
                try {
                    p.prepared = prepareProgram(sub.source, job.context.workRoot / "build" / safeComponent(sub.student),
                                                job.context.limits);
                } catch (const std::exception& e) {
                    p.prepared.failure = Verdict::JudgeError;
                    p.prepared.message = std::string("judge error while building: ") + e.what();
                }
            });
            CaseResult r = p.prepared.program
                               ? runCase(job.context, *p.prepared.program, spec)
                               : notRunResult(spec, p.prepared.failure, p.prepared.message);
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

ScratchDir::ScratchDir(const std::string& prefix) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = (tmp && *tmp ? std::string(tmp) : std::string("/tmp")) + "/" + prefix + "-XXXXXX";
    if (!::mkdtemp(pattern.data())) throw std::system_error(errno, std::generic_category(), "mkdtemp " + pattern);
    path_ = pattern;
    // Traversable, not listable: a root grader's runs (each under a uid of its own) reach their own
    // directories inside, and cannot list the others'.
    ::chmod(path_.c_str(), 0711);
}

ScratchDir::~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

}  // namespace plyjudge::grader
