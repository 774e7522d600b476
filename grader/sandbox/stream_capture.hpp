// One output stream of a run (stdout or stderr) read from its pipe as it is produced: the first
// maxCapturedBytes are kept, a short tail is kept for classifying the failure, everything is counted.
#pragma once

#include <cstdint>
#include <string>

namespace plyjudge::grader::detail {

class StreamCapture {
public:
    // keepTail: keep the last keepBytes instead of the first (head() then holds the tail).
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

}  // namespace plyjudge::grader::detail
