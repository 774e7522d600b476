#include "sandbox/stream_capture.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <chrono>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

StreamCapture::~StreamCapture() {
    if (fd_ >= 0) ::close(fd_);
}

bool StreamCapture::drain() {
    if (fd_ < 0) return false;
    char buffer[65536];
    // Bounded number of reads per call so that one flooding stream cannot starve the supervisor's other
    // duties (the wall clock, the other stream): the caller polls again right away.
    for (int round = 0; round < 16; ++round) {
        ssize_t n = ::read(fd_, buffer, sizeof buffer);
        if (n > 0) {
            if (keepTail_) {
                head_.append(buffer, std::size_t(n));
                if (head_.size() > 2 * keep_) head_.erase(0, head_.size() - keep_);  // amortised: trimmed in halves
            } else {
                std::uint64_t room = total_ < keep_ ? keep_ - total_ : 0;
                head_.append(buffer, std::size_t(std::min<std::uint64_t>(room, std::uint64_t(n))));
            }
            for (ssize_t i = n > ssize_t(kTailBytes) ? n - ssize_t(kTailBytes) : 0; i < n; ++i) {
                tail_[tailPos_ % kTailBytes] = buffer[i];
                ++tailPos_;
            }
            total_ += std::uint64_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
        ::close(fd_);  // EOF, or an error that will not go away
        fd_ = -1;
        return false;
    }
    return true;
}

std::string StreamCapture::takeHead() {
    if (keepTail_ && head_.size() > keep_) head_.erase(0, head_.size() - keep_);
    return std::move(head_);
}

std::string StreamCapture::tail() const {
    std::size_t n = tailPos_ < kTailBytes ? tailPos_ : kTailBytes;
    std::string out;
    out.reserve(n);
    for (std::size_t i = tailPos_ - n; i < tailPos_; ++i) out.push_back(tail_[i % kTailBytes]);
    return out;
}

bool RunPipes::open(bool withInfo, bool withExecReport) {
    if (::pipe2(out, O_CLOEXEC) != 0) return false;
    if (::pipe2(err, O_CLOEXEC) != 0 || (withInfo && ::pipe2(info, O_CLOEXEC) != 0) ||
        (withExecReport && ::pipe2(execReport, O_CLOEXEC) != 0)) {
        for (int* fd : {&out[0], &out[1], &err[0], &err[1], &info[0], &info[1]})
            if (*fd >= 0) ::close(std::exchange(*fd, -1));
        return false;
    }
    return true;
}

void RunPipes::closeWriteEnds() {
    for (int* fd : {&out[1], &err[1], &info[1], &execReport[1]})
        if (*fd >= 0) ::close(std::exchange(*fd, -1));
}

RunStreams::RunStreams(const RunPipes& pipes, std::uint64_t keepBytes, bool keepTail)
    : info(pipes.info[0], 4096), execReport(pipes.execReport[0], 1024), out(pipes.out[0], keepBytes, keepTail), err(pipes.err[0], keepBytes, keepTail) {
    for (int fd : {out.fd(), err.fd()}) ::fcntl(fd, F_SETFL, O_NONBLOCK);
}

const std::string& readAvailable(StreamCapture& capture) {
    if (capture.fd() >= 0) ::fcntl(capture.fd(), F_SETFL, O_NONBLOCK);
    capture.drain();
    return capture.head();
}

std::uint64_t bwrapStatusNumber(const std::string& status, std::string_view key) {
    const std::string quoted = "\"" + std::string(key) + "\":";
    const std::size_t at = status.find(quoted);
    return at == std::string::npos ? 0 : std::strtoull(status.c_str() + at + quoted.size(), nullptr, 10);
}

bool overOutputBudget(const RunStreams& streams, const SandboxLimits& limits) {
    return limits.maxStreamBytes &&
           (streams.out.total() > limits.maxStreamBytes || streams.err.total() > limits.maxStreamBytes);
}

void drainAfterEnd(RunStreams& streams) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
    while ((streams.out.fd() >= 0 || streams.err.fd() >= 0) && std::chrono::steady_clock::now() < deadline) {
        pollfd fds[2] = {{streams.out.fd(), POLLIN, 0}, {streams.err.fd(), POLLIN, 0}};
        ::poll(fds, 2, 50);
        if (fds[0].revents) streams.out.drain();
        if (fds[1].revents) streams.err.drain();
    }
}

}  // namespace plyjudge::sandbox::detail
