#include "grader/compare/block_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <new>
#include <system_error>

#include "common/idle_buffers.hpp"

namespace plyjudge::grader {

namespace {
struct BlockReaderBuffers;
// Two per thread: a comparison reads the expected file and the program's at once.
using Idle = IdleBuffers<BlockReaderBuffers, 2>;
constexpr std::size_t kCapacity = BlockReader::kBlockBytes + BlockReader::kHistoryBytes + BlockReader::kMaxLineBytes;

char* takeBuffer() {
    if (char* kept = Idle::take()) return kept;
    if (void* fresh = std::malloc(kCapacity)) return static_cast<char*>(fresh);  // uninitialised: only what is read is touched
    throw std::bad_alloc();
}
}  // namespace

void BlockReader::GiveBack::operator()(char* buffer) const { Idle::give(buffer); }

BlockReader::BlockReader(const std::filesystem::path& path) : storage_(takeBuffer()), capacity_(kCapacity) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "cannot open " + path.string());
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
}

BlockReader::BlockReader(int fd) : fd_(fd), storage_(takeBuffer()), capacity_(kCapacity) {
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
}

std::size_t BlockReader::idleBufferCount() { return Idle::count(); }

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
    const std::size_t n = readInto(buf() + end_, room);
    end_ += n;
    return n > 0;
}

std::size_t BlockReader::readInto(char* at, std::size_t room) {
    for (;;) {
        const ssize_t n = ::read(fd_, at, std::min(room, kBlockBytes));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::system_error(errno, std::generic_category(), "read");
        eof_ = n == 0;
        return static_cast<std::size_t>(n);
    }
}

// The line at pos_ fills the buffer: its first kMaxLineBytes are kept, and the rest is read into the space after
// them and dropped, counted, up to its '\n'. What follows moves up behind the kept part, as if the line were short.
std::string_view BlockReader::cutOverlongLine() {
    const std::size_t scratch = pos_ + kMaxLineBytes;
    std::uint64_t dropped = end_ - scratch;
    end_ = scratch;
    const std::string_view line(buf() + pos_, kMaxLineBytes);
    pos_ = scratch;
    for (std::size_t n; (n = readInto(buf() + scratch, capacity_ - scratch)) > 0;) {
        const void* nl = std::memchr(buf() + scratch, '\n', n);
        if (!nl) {
            dropped += n;
            continue;
        }
        const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(nl) - buf());
        dropped += at - scratch;
        const std::size_t rest = scratch + n - (at + 1);
        buf()[scratch] = '\n';
        std::memmove(buf() + scratch + 1, buf() + at + 1, rest);
        end_ = scratch + 1 + rest;
        pos_ = scratch + 1;
        break;
    }
    lastLineCut_ = dropped;
    return line;
}

std::optional<std::string_view> BlockReader::nextLine() {
    lastLineCut_ = 0;
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
            if (!eof_) return cutOverlongLine();
            // The last line, without '\n'.
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
