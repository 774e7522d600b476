// Buffered, atomic writing of a solver's output file.
//
// Lines are separated by LF with no newline after the last line: the official sample files end that way,
// and starcircle's text demands it ("no empty line after the last line"). Bytes go to an unnamed file in
// the target's folder (O_TMPFILE), given a name only by commit(): a run that stops early (bad input found
// late, SIGTERM, SIGKILL) leaves nothing at all, not even a temporary file, and the name never shows a
// partial file (commit() removes the old file, then links the complete one). Where the file system has no
// O_TMPFILE, a named temporary beside the target is used (removed on error, but left by SIGKILL).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <filesystem>
#include <memory>
#include <string_view>

#include "reference/core/value.hpp"

namespace plyjudge {

class OutputTooLarge : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class OutputFile {
public:
    explicit OutputFile(std::filesystem::path target);
    ~OutputFile();  // discards the temporary file unless commit() ran
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Starts a new line: writes the separator unless this is the first line of the file.
    void beginLine() {
        if (started_) put('\n');
        started_ = true;
    }
    void line(std::string_view text) {
        beginLine();
        put(text);
    }

    void put(char c) {
        if (end_ == limit_) flush();
        *end_++ = c;
    }
    void put(std::string_view text);
    void putInt(long long v);
    void putValue(Value v) { end_ = formatValue(reserve(kMaxValueChars), v); }

    // Room for `size` bytes written directly at the returned pointer, then advance(end) — the hot path
    // for log lines: one capacity check per line instead of one per field. size <= 4096. The buffer is
    // kept as two pointers (next byte, end of buffer), so that check and advance() touch no index.
    char* reserve(std::size_t size) {
        if (static_cast<std::size_t>(limit_ - end_) < size) [[unlikely]] flush();
        return end_;
    }
    void advance(char* end) { end_ = end; }
    // Whether a line has been started (then a new line begins with its separator '\n').
    bool started() const { return started_; }

    // Bytes written so far (including buffered ones): the offset of the next byte.
    std::size_t offset() const { return flushed_ + buffered(); }

    // Replaces bytes already written at `at` with `text` (same length); used to fill a fixed-size
    // region reserved before a streamed part whose content was unknown when the region was written.
    void overwrite(std::size_t at, std::string_view text);

    void flush();
    void commit();  // flush, then give the file its name (replacing any file of that name), close

    // A limit on the bytes of every output file this process writes from now on (0: none). Writing past it
    // throws OutputTooLarge; the file is then discarded. For expected outputs (`cases fill`, `gen`, `check`),
    // so that a deep case fails with a message rather than filling the disk.
    static void setSizeLimit(std::uint64_t bytes);

    // How a file's bytes are written. Bigger writes cost the kernel less per byte, and a solve that writes its log
    // in one go at the end keeps its caches to itself meanwhile: a file's first 8 MiB go in writes of up to 4 MiB
    // (reversi d10, 8.6 MB of log, best CPU per solve 7.9-8.3 ms against 8.7-8.8 with 512 KiB writes; squirrel's
    // 8-empty log, 2.3 MB, −5 %). Beyond that the writes are of 512 KiB, which the core's cache still holds when
    // write() copies them: squirrel's 383 MB log took 0.31-0.33 s a solve so, 0.36-0.47 s in 1 MiB writes and
    // 0.71-0.87 s in 4 MiB ones. A 4 MiB buffer is taken in transparent huge pages, two page faults where it is
    // first filled, as a 256 KiB one costs in small pages; where the kernel never gives huge pages (1024 faults,
    // 1.4 ms) the buffer is of 512 KiB.
    static constexpr std::size_t kLargeBuffer = std::size_t{4} << 20;
    static constexpr std::size_t kSteadyWrite = std::size_t{512} << 10;
    static constexpr std::size_t kLargeWritesUpTo = std::size_t{8} << 20;
    // The size of every file's buffer, fixed for the process: kLargeBuffer or kSteadyWrite, as above.
    static std::size_t bufferSize();
    // The buffers this thread keeps for its next files (0 to 2), for tests.
    static int idleBufferCount();

private:
    void checkLimit(std::size_t adding) const;
    std::filesystem::path target_;
    std::filesystem::path temporary_;  // empty: the file is unnamed (O_TMPFILE)
    int fd_ = -1;
    bool started_ = false;
    bool committed_ = false;
    std::size_t flushed_ = 0;
    // Buffers are kept per thread for the next file rather than freed: a process that solves many cases (grade,
    // fuzz, check, the benchmarks) would otherwise fault a fresh buffer in for every file (a 19x19 gomoku561 minimax
    // d3 solve, 0.44 MB of log, measured 34 faults a solve and about 10 % more CPU with the 256 KiB buffer of then).
    struct ReturnToPool {
        void operator()(char* buffer) const;
    };
    static char* takeBuffer();
    std::unique_ptr<char[], ReturnToPool> storage_{takeBuffer()};
    char* const buffer_ = storage_.get();
    char* limit_ = buffer_ + bufferSize();  // the end of the buffer, or of its first kSteadyWrite bytes (flush())
    char* end_ = buffer_;  // the next byte to write

    std::size_t buffered() const { return static_cast<std::size_t>(end_ - buffer_); }
};

}  // namespace plyjudge
