// Running untrusted programs: a private working directory, resource limits, process-tree containment.
//
// One API for the grader (blocking runs) and the referee (long-lived players). Implementation notes and
// what is enforced with and without bubblewrap: see README.md ("Sandbox") and the .cpp files here.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/judge_fault.hpp"

namespace plyjudge::sandbox {

// Resource limits of one run. Zero means "no limit" for the numeric fields.
struct SandboxLimits {
    double wallSeconds = 10.0;          // from start to exit; the whole tree is killed at the limit
    double cpuSeconds = 10.0;           // RLIMIT_CPU of each process, and the tree's total where measurable
    // What the run may use: the memory of its whole tree where cgroups are had (cgroup.hpp, no address-space limit
    // then), else the address space of each process, sized for the runtime it starts (limits.hpp:addressSpaceFor).
    std::uint64_t memoryBytes = 2ULL << 30;
    // Memory of the whole tree (anonymous, tmpfs, memfd, page cache) where cgroups are had (cgroup.hpp); 0: the same
    // as memoryBytes. A .java program gets its -Xmx heap plus what the JVM needs around it.
    std::uint64_t treeMemoryBytes = 0;
    int maxProcesses = 64;              // processes/threads (RLIMIT_NPROC, or the pid namespace's count)
    int maxOpenFiles = 64;              // RLIMIT_NOFILE
    std::uint64_t maxFileBytes = 1ULL << 30;  // size of each file written (RLIMIT_FSIZE)
    // What the run may hold on disk at any moment (disk_quota.hpp): the bytes it adds to its working directory and those
    // in its private /tmp, /var/tmp and /dev/shm, together; also at most 100,000 entries in its working directory. 0: no
    // quota. Room for one file of the default maxFileBytes and as much again of temporaries.
    std::uint64_t diskBytes = 2ULL << 30;
    // Stack of each process (RLIMIT_STACK), set rather than inherited from the grader. Also glibc's default size
    // of each new thread's stack, which counts against memoryBytes: keep it modest for threaded programs.
    std::uint64_t stackBytes = 8ULL << 20;
    std::uint64_t maxCapturedBytes = 1 << 16; // stdout/stderr each: kept up to this, the rest counted and dropped
    bool keepTail = false;              // keep the LAST maxCapturedBytes of each stream instead of the first
    // stdout/stderr each: past this many bytes written the run is killed as OutputLimit (a flood). The pipes are
    // read continuously, so a flood never blocks the program or fills memory or disk before it is cut off.
    std::uint64_t maxStreamBytes = 16ULL << 20;
};

// The runtime a run starts, for its address-space limit where there are no cgroups (limits.hpp:addressSpaceFor): the
// JVM reserves far more than it uses, Python and compilers a little.
enum class Runtime { Unknown, Native, Jvm, Python, Compiler };

// The largest runtime named by any word of `words` (or any word inside one, for `sh -c '... java ...'`): a JVM launcher
// (java, javac, ...), a Python (python*, pypy*) or a compiler (g++, gcc, c++, clang*); Native when none. Only for text
// the caller trusts (a TA's command, the language table), never a command line rendered with a student's paths.
Runtime runtimeOfCommandWords(const std::vector<std::string>& words);

// A path a run may read besides the system folders, and the trusted input that declared it (an interpreter's
// installation asked of the tool, a file the TA's command names before its placeholders are filled, the staged
// submission). The sandbox prints it with each mount it makes (PLYJUDGE_SANDBOX_TRACE=1, bubblewrap.cpp).
struct ReadablePath {
    std::filesystem::path path;
    std::string why = "declared by its caller";
    ReadablePath(std::filesystem::path p) : path(std::move(p)) {}  // NOLINT: a path is declared without a reason
    ReadablePath(const char* p) : path(p) {}                        // NOLINT
    ReadablePath(const std::string& p) : path(p) {}                 // NOLINT
    ReadablePath(std::filesystem::path p, std::string reason) : path(std::move(p)), why(std::move(reason)) {}
    operator const std::filesystem::path&() const { return path; }  // NOLINT: read where a path is
    friend bool operator==(const ReadablePath& a, const std::filesystem::path& b) { return a.path == b; }
};

struct RunSpec {
    std::vector<std::string> argv;         // argv[0] is looked up in PATH
    // Declared by the caller from what it trusts (the program's language, the TA's command before placeholders are
    // filled). Unknown: argv[0]'s own name decides, never the other words (a student's folder named "java " would
    // otherwise raise a Python run's memory limit).
    Runtime runtime = Runtime::Unknown;
    std::filesystem::path workDir;         // exists; the program's working directory and only writable place
    // Where the program starts when not workDir itself: a folder inside workDir (the grader's run layout: the program's
    // files in a folder below a private writable parent). Empty: workDir.
    std::filesystem::path startDir;
    SandboxLimits limits;
    std::vector<ReadablePath> readOnlyPaths;  // extra paths the program may read (e.g. its build dir), and why
    std::map<std::string, std::string> environment;    // added to a minimal environment (PATH, HOME=workDir, LANG)
    bool stdinFromDevNull = true;
    bool isolate = true;                   // use bubblewrap when it works on this machine
    // Under bubblewrap: directories replaced by an empty tmpfs (the case/expected-output folders, the submissions
    // root). Ignored without bubblewrap (see README.md). A hidden path containing workDir is not allowed.
    std::vector<std::filesystem::path> hiddenPaths;
    // Several programs run in workDir at once (a referee's players). A root grader normally hands workDir to
    // the run's own uid for the run; a shared one is instead made writable for all (0777) and the programs get
    // umask 0, so each can overwrite what the others wrote. Files the caller puts there must be world-writable
    // (0666) for the programs to change them, and workDir must lie in a folder other users cannot traverse.
    bool sharedWorkDir = false;
    // A supplementary group the program keeps (a root grader without bubblewrap): its student's (studentGroup()),
    // the only group that can read that student's staged files. -1: none.
    int groupId = -1;
    // Measure the working directory's bytes at the start and at the end (RunOutcome::workDirBytesAt*: the grader's
    // bytes_written), in the walks that hand it to the run's uid and back where there are such walks.
    bool measureWorkDir = false;
};

// A group of one student's own, for a root grader running without bubblewrap: that student's staged files are
// made readable by this group alone (the runs' uids change from run to run, the student's group does not), so a
// classmate's run, which could find their path in /proc, cannot read them. Held while a copy of `hold` lives; gid -1
// where it is not needed (under bubblewrap the staged files of others are not in sight) or not possible (not root).
struct StudentGroup {
    int gid = -1;
    std::shared_ptr<void> hold;
};
StudentGroup studentGroup();

enum class Termination {
    Exited,        // exited by itself (see exitCode)
    Signaled,      // killed by a signal it did not get from us (see signal)
    WallTimeout,   // we killed it at the wall-time limit
    CpuTimeout,    // CPU-time limit (SIGXCPU/SIGKILL from RLIMIT_CPU, or our tree accounting)
    MemoryLimit,   // ran out of its memory limit (allocation failure near the limit, or the OOM evidence)
    OutputLimit,   // a file grew past maxFileBytes (SIGXFSZ) or output floods were cut off
};

struct RunOutcome {
    Termination termination = Termination::Exited;  // how the program ended; meaningless when judgeFault is set
    int exitCode = -1;        // for Exited
    int signal = 0;           // for Signaled (and the signal behind a limit, where known)
    double wallSeconds = 0;
    double cpuSeconds = 0;    // user + system of the whole tree that we could account for
    std::uint64_t peakMemoryBytes = 0;
    std::string stdoutHead, stderrHead;          // at most maxCapturedBytes each (the last ones with keepTail)
    std::uint64_t stdoutBytes = 0, stderrBytes = 0;  // everything it wrote, kept or not
    bool isolated = false;    // ran under bubblewrap
    // Set: the run could not be started or supervised (the sandbox, the program's exec, plyjudge itself), never the
    // submission's fault: the component, the tool's own words and the fix. No termination of the program's then.
    std::optional<JudgeFault> judgeFault;
    std::string detail;       // why a limit verdict was chosen (e.g. "SIGABRT with peak 1.9 GiB of 2 GiB")
    bool cancelled = false;   // stopped by cancelAllRuns(): says nothing of the program (not a verdict to keep)
    // With RunSpec::measureWorkDir: the bytes of the regular files in the working directory before the program
    // started and after everything of the run ended (links not followed; at most 100,000 entries walked).
    std::uint64_t workDirBytesAtStart = 0, workDirBytesAtEnd = 0;
    bool ok() const { return !judgeFault && termination == Termination::Exited && exitCode == 0; }
    bool judgeError() const { return judgeFault.has_value(); }
    std::string judgeFaultText() const { return judgeFault ? judgeFault->text() : ""; }
};

std::string_view terminationName(Termination t);

// Whether bubblewrap works here (probed once, cached), and why not when it does not.
struct IsolationSupport {
    bool available = false;
    std::string reason;  // empty when available
};
const IsolationSupport& isolationSupport();

// Stops every run of this process now, and any started later, killing all they started: for a grader told to stop
// (SIGTERM), whose runs and compile steps would otherwise go on to their limits. Async-signal-safe. The runs end
// with `cancelled` set.
void cancelAllRuns() noexcept;

// Runs to completion (or to a limit) and returns what happened. Never throws for the program's
// misbehaviour; kills every process the run started before returning.
RunOutcome runSandboxed(const RunSpec& spec);

// The CPU time of every run runSandboxed() has finished in this process so far, all threads together, as each
// RunOutcome accounts it: what the programs used. `grade` tells its graded runs from the reruns with it.
double sandboxedCpuSeconds();

// A program that runs while the caller does other things (the referee's players).
class SandboxedProcess {
public:
    // Starts the program; on failure the returned process has exited with a judge fault.
    static std::unique_ptr<SandboxedProcess> start(const RunSpec& spec);
    virtual ~SandboxedProcess() = default;  // kills the tree if still running

    virtual bool running() = 0;                       // reaps without blocking
    virtual double cpuSeconds() = 0;                  // the tree's CPU time so far (user + system)
    // Waits up to `timeout` for the program to end; nullopt if it is still running.
    virtual std::optional<RunOutcome> waitFor(std::chrono::milliseconds timeout) = 0;
    virtual RunOutcome killTree() = 0;                // kills everything it started; returns the outcome
};

// Opens the file `name` (a plain file name) of a run's working directory for reading, refusing what a hostile
// program may have put there instead of its output: a symbolic link (pointing at, say, the expected output),
// a FIFO or device (reading would block or never end), a directory, a hard link to another file.
// Read the descriptor to the end and close it; the caller owns it.
struct RunOutputFile {
    int fd = -1;          // open for reading (blocking), or -1
    std::string error;    // why not, e.g. "output.txt is a symbolic link", "output.txt does not exist"
    bool missing = false; // the file does not exist (a missing-output verdict rather than a refusal)
};
RunOutputFile openRunOutput(const std::filesystem::path& workDir, const std::string& name);
// Reads an opened run output to its end and closes it: its text, or nullopt when it was not opened, cannot be read
// or holds more than maxBytes (a flood is never read whole).
std::optional<std::string> readRunOutput(RunOutputFile file, std::size_t maxBytes);

}  // namespace plyjudge::sandbox
