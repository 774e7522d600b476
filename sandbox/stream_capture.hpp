// The output budget: a run's stdout and stderr are read from their pipes as they are produced (so a flood never
// blocks the program nor fills memory or disk): the first maxCapturedBytes of each are kept, a short tail is
// kept for classifying the failure, everything is counted, and past maxStreamBytes the run is cut off.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sandbox/sandbox.hpp"

namespace plyjudge::sandbox::detail {

// One output stream of a run (stdout or stderr, or bwrap's --info-fd).
class StreamCapture {
public:
    // keepTail: keep the last keepBytes instead of the first (head() then holds the tail), for long-lived
    // players whose last words (the error they die with) matter most.
    StreamCapture(int fd, std::uint64_t keepBytes, bool keepTail = false) : fd_(fd), keep_(keepBytes), keepTail_(keepTail) {}
    ~StreamCapture();
    StreamCapture(const StreamCapture&) = delete;
    StreamCapture& operator=(const StreamCapture&) = delete;

    int fd() const { return fd_; }        // -1 once the writers are all gone (EOF)
    // Reads what is available without blocking (the descriptor is non-blocking). Returns false at EOF.
    bool drain();
    std::uint64_t total() const { return total_; }
    const std::string& head() const { return head_; }
    std::string tail() const;             // the last bytes written (up to kTailBytes)
    std::string takeHead();

    static constexpr std::size_t kTailBytes = 4096;

private:
    int fd_;
    std::uint64_t keep_;
    bool keepTail_;
    std::uint64_t total_ = 0;
    std::string head_;
    char tail_[kTailBytes] = {};
    std::size_t tailPos_ = 0;  // ring buffer position
};

// The pipes of one run, [0] read and [1] write end (close-on-exec; the spawn binds the write ends to descriptors
// 1, 2, 3 and 4 of the child): the program's stdout and stderr, and under bubblewrap bwrap's --json-status-fd and
// plyjudge-run-as's exec report.
struct RunPipes {
    int out[2] = {-1, -1}, err[2] = {-1, -1}, info[2] = {-1, -1}, execReport[2] = {-1, -1};
    // Opens them (info only `withInfo`, execReport only `withExecReport`); false, with nothing left open, when it
    // could not.
    bool open(bool withInfo, bool withExecReport);
    void closeWriteEnds();  // once the child has its copies
};

// What the supervisor reads: stdout and stderr (non-blocking, the first or last `keepBytes` of each kept) and
// bwrap's report.
struct RunStreams {
    RunStreams(const RunPipes& pipes, std::uint64_t keepBytes, bool keepTail);
    StreamCapture info;        // bwrap's --json-status-fd (cleanup.cpp, supervisor.cpp:sandboxFault)
    StreamCapture execReport;  // plyjudge-run-as's exec report (supervisor.cpp:sandboxFault)
    StreamCapture out, err;
};

// What has come on `capture` so far, read without waiting: bwrap's status descriptor gets its first line as soon as
// the namespace exists, while a process in it may still hold the write end (no end of file to wait for).
const std::string& readAvailable(StreamCapture& capture);

// A number in bwrap's --json-status-fd text: "child-pid" (its pid-1 process, as the host numbers it), "mnt-namespace"
// (the inode of the run's mount namespace). 0 when it is not there (yet).
std::uint64_t bwrapStatusNumber(const std::string& status, std::string_view key);

// Output budget (flood cut-off): more than maxStreamBytes written to stdout or stderr ends the run (OutputLimit).
bool overOutputBudget(const RunStreams& streams, const SandboxLimits& limits);

// Output budget: reads what is left in the pipes once every writer is dead (EOF comes quickly, unless a process
// survived: then at most 500 ms).
void drainAfterEnd(RunStreams& streams);

}  // namespace plyjudge::sandbox::detail
