#include "grader/sandbox/stream_capture.hpp"

#include <algorithm>
#include <cerrno>

#include <unistd.h>

namespace plyjudge::grader::detail {

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

}  // namespace plyjudge::grader::detail
