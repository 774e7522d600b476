#include "grader/compare/block_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace plyjudge::grader {

BlockReader::BlockReader(const std::filesystem::path& path)
    : storage_(std::make_unique_for_overwrite<char[]>(kBlockBytes + kHistoryBytes + kMaxLineBytes)),
      capacity_(kBlockBytes + kHistoryBytes + kMaxLineBytes) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "cannot open " + path.string());
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
}

BlockReader::BlockReader(int fd)
    : fd_(fd),
      storage_(std::make_unique_for_overwrite<char[]>(kBlockBytes + kHistoryBytes + kMaxLineBytes)),
      capacity_(kBlockBytes + kHistoryBytes + kMaxLineBytes) {
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
}

BlockReader::~BlockReader() {
    if (fd_ >= 0) ::close(fd_);
}

bool BlockReader::refill() {
    if (eof_) return false;
    // Keep some history for context, and the partial line at pos_.
    const std::size_t keepFrom = pos_ > kHistoryBytes ? pos_ - kHistoryBytes : 0;
    if (keepFrom > 0) {
        startIsLineStart_ = buf()[keepFrom - 1] == '\n';
        std::memmove(buf(), buf() + keepFrom, end_ - keepFrom);
        pos_ -= keepFrom;
        end_ -= keepFrom;
    }
    const std::size_t room = capacity_ - end_;
    if (room == 0) return false;  // the caller's line is longer than kMaxLineBytes
    for (;;) {
        const ssize_t n = ::read(fd_, buf() + end_, std::min(room, kBlockBytes));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::system_error(errno, std::generic_category(), "read");
        if (n == 0) {
            eof_ = true;
            return false;
        }
        end_ += static_cast<std::size_t>(n);
        return true;
    }
}

std::optional<std::string_view> BlockReader::nextLine() {
    std::size_t searchFrom = pos_;
    for (;;) {
        const void* nl = std::memchr(buf() + searchFrom, '\n', end_ - searchFrom);
        if (nl) {
            const std::size_t at = static_cast<const char*>(nl) - buf();
            std::string_view line(buf() + pos_, at - pos_);
            pos_ = at + 1;
            return line;
        }
        const std::size_t scanned = end_ - pos_;
        if (!refill()) {
            if (pos_ == end_) return std::nullopt;
            // The last line without '\n', or a line cut at kMaxLineBytes.
            std::string_view line(buf() + pos_, end_ - pos_);
            pos_ = end_;
            return line;
        }
        searchFrom = pos_ + scanned;
    }
}

std::vector<std::string_view> BlockReader::linesBefore(int count) const {
    std::vector<std::string_view> lines;
    if (pos_ == 0) return lines;
    std::size_t lineEnd = pos_ - 1;  // the '\n' ending the previous line
    while (static_cast<int>(lines.size()) < count) {
        if (buf()[lineEnd] != '\n') break;
        std::size_t start = lineEnd;
        while (start > 0 && buf()[start - 1] != '\n') --start;
        if (start == 0 && !startIsLineStart_) break;  // its beginning was dropped with old history
        lines.insert(lines.begin(), std::string_view(buf() + start, lineEnd - start));
        if (start == 0) break;
        lineEnd = start - 1;
    }
    return lines;
}

}  // namespace plyjudge::grader
