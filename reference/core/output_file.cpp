#include "reference/core/output_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <stdexcept>
#include <string>

#include "common/idle_buffers.hpp"

namespace plyjudge {

namespace {
[[noreturn]] void ioFailure(const std::string& what, const std::filesystem::path& path) {
    throw std::runtime_error(what + " " + path.string() + ": " + std::strerror(errno));
}

// Writes all of data at the file's offset, or at `at` when it is given (overwriting), retrying after a signal.
void writeAll(int fd, const char* data, std::size_t size, const std::filesystem::path& path, off_t at = -1) {
    while (size > 0) {
        ssize_t n = at < 0 ? ::write(fd, data, size) : ::pwrite(fd, data, size, at);
        if (n < 0) {
            if (errno == EINTR) continue;
            ioFailure("cannot write", path);
        }
        data += n;
        size -= static_cast<std::size_t>(n);
        if (at >= 0) at += n;
    }
}
}  // namespace

namespace {
std::atomic<std::uint64_t> sizeLimit{0};
}  // namespace

void OutputFile::setSizeLimit(std::uint64_t bytes) { sizeLimit = bytes; }

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;

// Whether madvise(MADV_HUGEPAGE) can be honoured: the mode in brackets in "always [madvise] never" is not never.
bool hugePagesOnRequest() {
    std::ifstream settings("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string modes;
    std::getline(settings, modes);
    return modes.find('[') != std::string::npos && modes.find("[never]") == std::string::npos;
}
}  // namespace

std::size_t OutputFile::bufferSize() {
    static const std::size_t size = hugePagesOnRequest() ? kLargeBuffer : kSteadyWrite;
    return size;
}

namespace {
// The idle buffers of this thread: two, one per file a solve writes at once (traverse log and next state).
struct OutputFileBuffers;
using Idle = IdleBuffers<OutputFileBuffers, 2>;
}  // namespace

int OutputFile::idleBufferCount() { return static_cast<int>(Idle::count()); }

char* OutputFile::takeBuffer() {
    if (char* kept = Idle::take()) return kept;
    const std::size_t size = bufferSize();
    if (size < kHugePage) {
        if (void* buffer = std::malloc(size)) return static_cast<char*>(buffer);
        throw std::bad_alloc();
    }
    // Aligned to a huge page, so that the buffer is two of them; the advice is best effort (small pages otherwise).
    void* buffer = std::aligned_alloc(kHugePage, size);
    if (buffer == nullptr) throw std::bad_alloc();
    ::madvise(buffer, size, MADV_HUGEPAGE);
    return static_cast<char*>(buffer);
}

void OutputFile::ReturnToPool::operator()(char* buffer) const { Idle::give(buffer); }

OutputFile::OutputFile(std::filesystem::path target) : target_(std::move(target)) {
    const std::filesystem::path folder = target_.has_parent_path() ? target_.parent_path() : std::filesystem::path(".");
    fd_ = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    if (fd_ >= 0) return;
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) ioFailure("cannot create a file in", folder);
    temporary_ = target_;
    temporary_ += ".partial-" + std::to_string(::getpid());
    fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) ioFailure("cannot create", temporary_);
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) ::close(fd_);  // an unnamed file vanishes with its descriptor
    if (!committed_ && !temporary_.empty()) ::unlink(temporary_.c_str());
}

void OutputFile::checkLimit(std::size_t adding) const {
    const std::uint64_t limit = sizeLimit;
    if (limit > 0 && flushed_ + adding > limit) {
        throw OutputTooLarge(target_.filename().string() + " would be larger than " + std::to_string(limit >> 20) +
                             " MiB, the limit on expected outputs (--max-output-mb)");
    }
}

void OutputFile::put(std::string_view text) {
    if (text.size() > static_cast<std::size_t>(limit_ - end_)) {
        flush();
        if (text.size() > static_cast<std::size_t>(limit_ - buffer_)) {
            checkLimit(text.size());
            writeAll(fd_, text.data(), text.size(), temporary_);
            flushed_ += text.size();
            return;
        }
    }
    std::memcpy(end_, text.data(), text.size());
    end_ += text.size();
}

void OutputFile::putInt(long long v) { end_ = std::to_chars(reserve(24), limit_, v).ptr; }

void OutputFile::overwrite(std::size_t at, std::string_view text) {
    flush();
    writeAll(fd_, text.data(), text.size(), temporary_, static_cast<off_t>(at));
}

void OutputFile::flush() {
    const std::size_t used = buffered();
    checkLimit(used);
    writeAll(fd_, buffer_, used, temporary_);
    flushed_ += used;
    end_ = buffer_;
    if (flushed_ >= kLargeWritesUpTo) limit_ = buffer_ + kSteadyWrite;  // never past the buffer: it is at least that
}

void OutputFile::commit() {
    flush();
    if (temporary_.empty()) {
        // The unnamed file is linked under the target's name once any file of that name is removed; it is not
        // linked elsewhere and renamed over the target. Replacing a file by rename makes ext4 start writing the
        // new one to disk at once, in this process (auto_da_alloc: a tenth of a millisecond of CPU per MB, a
        // fifth of the cost of writing the bytes), while a name linked afresh is written back later by the
        // kernel's flusher. The cost of this choice: between the unlink and the link the name is missing (a reader
        // at that moment finds no file, never a partial one; so does one after a kill there), and no temporary
        // name is ever left behind. Solver outputs are read once the solver is done, so that moment goes unseen.
        // EEXIST: another process made the name in between; retried.
        const std::string self = "/proc/self/fd/" + std::to_string(fd_);
        for (int attempt = 1;; ++attempt) {
            if (::unlink(target_.c_str()) != 0 && errno != ENOENT) ioFailure("cannot replace", target_);
            if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, target_.c_str(), AT_SYMLINK_FOLLOW) == 0) break;
            if (errno != EEXIST || attempt == 3) ioFailure("cannot name", target_);
        }
        committed_ = true;
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) ioFailure("cannot close", target_);
        return;
    }
    if (::close(fd_) != 0) {
        fd_ = -1;
        ioFailure("cannot close", temporary_);
    }
    fd_ = -1;
    std::error_code ec;
    std::filesystem::rename(temporary_, target_, ec);
    if (ec) throw std::runtime_error("cannot rename " + temporary_.string() + " to " + target_.string() + ": " + ec.message());
    committed_ = true;
}

}  // namespace plyjudge
