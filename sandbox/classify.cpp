// The classification rules, in order (the first that applies wins):
//  0. The program never started: bubblewrap failed to set up the run, or the program could not be executed (the
//     evidence is the sandbox's own channel, supervisor.cpp:sandboxFault, never what the program printed)
//     -> a judge fault (RunOutcome::judgeFault), no termination of the program's.
//  1. The supervisor stopped it: wall clock -> WallTimeout; tree CPU total -> CpuTimeout; stdout/stderr flood
//     -> OutputLimit; too many processes -> MemoryLimit is wrong, so Signaled(SIGKILL) with a detail.
//  2. SIGXCPU, or SIGKILL once its CPU time reached the limit (RLIMIT_CPU's hard kill) -> CpuTimeout.
//  3. SIGXFSZ, or any file in the working directory at maxFileBytes (a program that ignores SIGXFSZ, such as
//     Python, sees EFBIG instead) -> OutputLimit.
//  4. Memory: the kernel killed a process at the tree's memory limit (cgroups) -> MemoryLimit. RLIMIT_AS makes allocation *fail* instead of killing, so a program over its limit ends in one of
//     its own ways. It is MemoryLimit when it did not exit 0 and either its stderr ends with a known
//     out-of-memory message (std::bad_alloc, MemoryError, OutOfMemoryError, "Cannot allocate memory", ...)
//     or it died of SIGSEGV/SIGABRT/SIGBUS/SIGKILL with a peak resident size of at least 80% of the limit.
//     A stack overflow far below the memory limit stays a runtime error (Signaled SIGSEGV).
//     A runtime that could not reserve its memory at start-up (the JVM prints `Could not allocate compressed class
//     space` on stdout, not stderr) is MemoryLimit too, its message named in the detail wherever it was printed.
//  5. Otherwise: Exited with its code, or Signaled with its signal.
#include "sandbox/classify.hpp"

#include <csignal>
#include <cstring>
#include <optional>
#include <sys/wait.h>

#include <fmt/format.h>

namespace plyjudge::sandbox::detail {

namespace {

bool mentionsOutOfMemory(const std::string& tail) {
    static const char* const markers[] = {"std::bad_alloc", "MemoryError", "OutOfMemoryError",
                                          "Cannot allocate memory", "out of memory", "Out of memory",
                                          "memory exhausted", "bad_alloc"};
    for (const char* m : markers)
        if (tail.find(m) != std::string::npos) return true;
    return false;
}

// The message of a runtime that could not reserve its memory at start-up, on either stream (the JVM writes its
// initialization errors to stdout), and where it was: our own constant and the stream's name, never program text.
std::optional<std::string> startupMemoryFailure(const RawEnd& end) {
    static const char* const markers[] = {"Could not allocate compressed class space", "Could not reserve enough space",
                                          "Could not allocate metaspace"};
    for (const char* m : markers) {
        if (end.stdoutTail.find(m) != std::string::npos) return fmt::format("`{}`, printed on stdout", m);
        if (end.stderrTail.find(m) != std::string::npos) return fmt::format("`{}`, printed on stderr", m);
    }
    return std::nullopt;
}

std::string mib(std::uint64_t bytes) { return fmt::format("{:.1f} MiB", double(bytes) / (1 << 20)); }

// The exit code, or the signal that ended it.
void readWaitStatus(const RawEnd& end, RunOutcome& out) {
    int exitCode = -1, sig = 0;
    if (WIFEXITED(end.waitStatus)) {
        exitCode = WEXITSTATUS(end.waitStatus);
        // bwrap reports its child's death by signal N as exit code 128 + N (like a shell); an exit(128 + N)
        // looks the same from here and is reported as the signal (documented in README.md).
        if (end.isolated && exitCode > 128 && exitCode < 128 + 32) {
            sig = exitCode - 128;
            exitCode = -1;
        }
    } else if (WIFSIGNALED(end.waitStatus)) {
        sig = WTERMSIG(end.waitStatus);
    }
    out.exitCode = exitCode;
    out.signal = sig;
}

// Rule 1: the supervisor stopped it. Returns whether it did.
bool classifySupervisorStop(const RawEnd& end, const SandboxLimits& limits, RunOutcome& out) {
    switch (end.stop) {
        case StopReason::Wall:
            out.termination = Termination::WallTimeout;
            out.detail = fmt::format("killed at the wall-time limit of {} s", limits.wallSeconds);
            return true;
        case StopReason::Cpu:
            out.termination = Termination::CpuTimeout;
            out.detail = fmt::format("its processes used {:.2f} s of CPU, limit {} s", out.cpuSeconds,
                                     limits.cpuSeconds);
            return true;
        case StopReason::Output:
            out.termination = Termination::OutputLimit;
            out.detail = fmt::format("wrote more than {} to stdout or stderr", mib(limits.maxStreamBytes));
            return true;
        case StopReason::Disk:
            out.termination = Termination::OutputLimit;
            out.detail = end.diskQuotaDetail;
            return true;
        case StopReason::Processes:
            out.termination = Termination::Signaled;
            out.signal = SIGKILL;
            out.detail = fmt::format("killed: more than {} processes", limits.maxProcesses);
            return true;
        case StopReason::Caller:
            if (out.signal == SIGKILL || out.exitCode < 0) {
                out.termination = Termination::Signaled;
                out.signal = SIGKILL;
                out.detail = "killed by the caller";
                return true;
            }
            return false;
        case StopReason::None:
            return false;
    }
    return false;
}

// Rule 4: memory. Returns whether the run ended at its memory limit.
bool classifyMemory(const RawEnd& end, const SandboxLimits& limits, RunOutcome& out) {
    const int sig = out.signal;
    if (end.treeMemoryKilled) {
        out.termination = Termination::MemoryLimit;
        out.detail = fmt::format("the kernel killed it at the tree's memory limit, peak {}", mib(out.peakMemoryBytes));
        return true;
    }
    if (const auto why = startupMemoryFailure(end)) {
        out.termination = Termination::MemoryLimit;
        out.detail = fmt::format("the runtime could not reserve its memory at start-up ({})", *why);
        return true;
    }
    if (limits.memoryBytes == 0) return false;
    bool nearLimit = out.peakMemoryBytes * 10 >= limits.memoryBytes * 8;
    bool crashSignal = sig == SIGSEGV || sig == SIGABRT || sig == SIGBUS || sig == SIGKILL;
    if (!mentionsOutOfMemory(end.stderrTail) && !(crashSignal && nearLimit)) return false;
    out.termination = Termination::MemoryLimit;
    out.detail = fmt::format("allocation failed ({}), peak {} of {}",
                             sig ? fmt::format("signal {}", strsignal(sig)) : fmt::format("exit code {}", out.exitCode),
                             mib(out.peakMemoryBytes), mib(limits.memoryBytes));
    return true;
}

// Rules 2 to 4: a limit of CPU, file size or memory. Returns whether the run ended at one.
bool classifyLimit(const RawEnd& end, const SandboxLimits& limits, RunOutcome& out) {
    const int sig = out.signal;
    const bool clean = out.exitCode == 0 && sig == 0;
    if (sig == SIGXCPU || (sig == SIGKILL && limits.cpuSeconds > 0 && out.cpuSeconds >= limits.cpuSeconds)) {
        out.termination = Termination::CpuTimeout;
        out.detail = fmt::format("{} after {:.2f} s of CPU, limit {} s", sig == SIGXCPU ? "SIGXCPU" : "SIGKILL",
                                 out.cpuSeconds, limits.cpuSeconds);
        return true;
    }
    if (sig == SIGXFSZ || (!clean && end.fileAtLimit) || (clean && end.fileAtLimit)) {
        out.termination = Termination::OutputLimit;
        out.detail = fmt::format("a file reached the size limit of {}", mib(limits.maxFileBytes));
        return true;
    }
    return !clean && classifyMemory(end, limits, out);
}

}  // namespace

void classify(const RawEnd& end, const SandboxLimits& limits, RunOutcome& out) {
    readWaitStatus(end, out);
    if (end.sandboxFault) {
        out.judgeFault = *end.sandboxFault;
        out.detail = out.judgeFault->what;
        return;
    }
    if (classifySupervisorStop(end, limits, out) || classifyLimit(end, limits, out)) return;
    // Rule 5: how it ended by itself.
    if (out.signal != 0) {
        out.termination = Termination::Signaled;
        out.detail = fmt::format("killed by signal {} ({})", out.signal, strsignal(out.signal));
    } else {
        out.termination = Termination::Exited;
        if (out.exitCode != 0) out.detail = fmt::format("exit code {}", out.exitCode);
    }
}

}  // namespace plyjudge::sandbox::detail
