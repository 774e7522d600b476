// SandboxedProcess: one supervisor thread per run (supervisor.cpp) starts the program and watches it until it
// ends; the caller's thread waits for it, asks for the tree's CPU time, or asks for it to be killed.
// runSandboxed() supervises on the caller's thread instead, which would only wait.
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <sys/eventfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/accounting.hpp"
#include "sandbox/cleanup.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/supervisor.hpp"

namespace plyjudge::sandbox {

namespace {

class SupervisedProcess final : public SandboxedProcess {
public:
    // A supervisor thread of its own, or (onThisThread: runSandboxed, whose caller only waits) the caller's: a
    // thread less to create, wake and join in every run.
    SupervisedProcess(const RunSpec& spec, bool onThisThread) : spec_(spec) {
        link_.wakeFd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        link_.started = [this] {
            std::lock_guard lock(mutex_);
            started_ = true;
            changed_.notify_all();
        };
        if (onThisThread) {
            superviseSafely();
            return;
        }
        thread_ = std::thread([this] { superviseSafely(); });
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return started_; });
    }

    ~SupervisedProcess() override {
        requestKill();
        if (thread_.joinable()) thread_.join();
        if (link_.wakeFd >= 0) ::close(link_.wakeFd);
    }

    bool running() override {
        std::lock_guard lock(mutex_);
        return !finished_;
    }

    double cpuSeconds() override {
        {
            std::lock_guard lock(mutex_);
            if (finished_) return outcome_.cpuSeconds;
        }
        // Measured now rather than at the last tick: the referee charges CPU per move.
        std::lock_guard lock(link_.membership.mutex);
        if (link_.membership.run.root == 0) return 0;
        return detail::membersCpuSeconds(detail::runMembers(link_.membership.run, false));
    }

    std::optional<RunOutcome> waitFor(std::chrono::milliseconds timeout) override {
        std::unique_lock lock(mutex_);
        if (!changed_.wait_for(lock, timeout, [this] { return finished_; })) return std::nullopt;
        return outcome_;
    }

    RunOutcome wait() {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return finished_; });
        return outcome_;
    }

    RunOutcome killTree() override {
        requestKill();
        return wait();
    }

private:
    void requestKill() {
        link_.killRequested = true;
        std::uint64_t one = 1;
        if (link_.wakeFd >= 0) [[maybe_unused]] auto n = ::write(link_.wakeFd, &one, sizeof one);
    }

    void finish(RunOutcome outcome) {
        std::lock_guard lock(mutex_);
        outcome_ = std::move(outcome);
        started_ = true;
        finished_ = true;
        changed_.notify_all();
    }

    // Never lets an exception end the thread (std::terminate): a failure of ours is a judge fault, after
    // killing whatever was started.
    void superviseSafely() {
        try {
            finish(detail::supervise(spec_, link_));
        } catch (const std::exception& e) {
            std::lock_guard lock(link_.membership.mutex);
            detail::RunMembership& run = link_.membership.run;
            if (run.root > 0) {
                std::vector<pid_t> leftovers;
                detail::ReapedUsage ignored;
                detail::killRun(run, false, leftovers, ignored);
                ::waitpid(run.root, nullptr, 0);
            }
            bool done;
            {
                std::lock_guard l(mutex_);
                done = finished_;
            }
            if (!done) finish(detail::judgeError(JudgeComponent::Grader, std::string("sandbox failure: ") + e.what()));
        }
    }

    RunSpec spec_;
    std::mutex mutex_;
    std::condition_variable changed_;
    bool started_ = false, finished_ = false;
    RunOutcome outcome_;
    detail::SupervisorLink link_;
    std::thread thread_;
};

}  // namespace

std::unique_ptr<SandboxedProcess> SandboxedProcess::start(const RunSpec& spec) {
    return std::make_unique<SupervisedProcess>(spec, false);
}

namespace {
std::atomic<double> finishedRunsCpuSeconds{0};
}  // namespace

RunOutcome runSandboxed(const RunSpec& spec) {
    SupervisedProcess process(spec, true);
    RunOutcome outcome = process.wait();
    finishedRunsCpuSeconds.fetch_add(outcome.cpuSeconds, std::memory_order_relaxed);
    return outcome;
}

double sandboxedCpuSeconds() { return finishedRunsCpuSeconds.load(std::memory_order_relaxed); }

std::string_view terminationName(Termination t) {
    switch (t) {
        case Termination::Exited: return "exited";
        case Termination::Signaled: return "signaled";
        case Termination::WallTimeout: return "wall-timeout";
        case Termination::CpuTimeout: return "cpu-timeout";
        case Termination::MemoryLimit: return "memory-limit";
        case Termination::OutputLimit: return "output-limit";
    }
    return "unknown";
}

}  // namespace plyjudge::sandbox
