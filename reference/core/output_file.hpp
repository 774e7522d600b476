// Buffered, atomic writing of a solver's output file.
//
// Lines are separated by LF with no newline after the last line: the official sample files end that way,
// and starcircle's text demands it ("no empty line after the last line"). Bytes go to a temporary file
// beside the target, renamed over it by commit(), so a run that stops early (bad input found late, a
// kill) never leaves a partial output file under the real name.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string_view>

#include "reference/core/value.hpp"

namespace plyjudge {

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
        if (used_ == kBufferSize) flush();
        buffer_[used_++] = c;
    }
    void put(std::string_view text);
    void putInt(long long v);
    void putValue(Value v) {
        if (kBufferSize - used_ < kMaxValueChars) flush();
        used_ = static_cast<std::size_t>(formatValue(buffer_ + used_, v) - buffer_);
    }

    // Room for `size` bytes written directly at the returned pointer, then advance(end) — the hot path
    // for log lines: one capacity check per line instead of one per field. size <= 4096.
    char* reserve(std::size_t size) {
        if (kBufferSize - used_ < size) flush();
        return buffer_ + used_;
    }
    void advance(char* end) { used_ = static_cast<std::size_t>(end - buffer_); }
    // The line separator for a line written through reserve(): '\n' unless it is the file's first line.
    char* beginLineAt(char* at) {
        if (started_) *at++ = '\n';
        started_ = true;
        return at;
    }

    // Bytes written so far (including buffered ones): the offset of the next byte.
    std::size_t offset() const { return flushed_ + used_; }

    // Replaces bytes already written at `at` with `text` (same length); used to fill a fixed-size
    // region reserved before a streamed part whose content was unknown when the region was written.
    void overwrite(std::size_t at, std::string_view text);

    void flush();
    void commit();  // flush, close and rename onto the target

private:
    static constexpr std::size_t kBufferSize = 1 << 16;
    std::filesystem::path target_;
    std::filesystem::path temporary_;
    int fd_ = -1;
    bool started_ = false;
    bool committed_ = false;
    std::size_t used_ = 0;
    std::size_t flushed_ = 0;
    char buffer_[kBufferSize];
};

}  // namespace plyjudge
