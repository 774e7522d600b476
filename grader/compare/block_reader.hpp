// Reading a possibly huge file in large blocks, line by line, without ever holding the whole file.
// Keeps a little history before the current position so the lines before a difference can be shown.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace plyjudge::grader {

class BlockReader {
public:
    static constexpr std::size_t kBlockBytes = 4 << 20;     // one read(2)
    static constexpr std::size_t kHistoryBytes = 64 << 10;  // kept before the current line on refill
    // A longer line (never a valid output) is kept to its first kMaxLineBytes; the rest is read through without
    // being kept, and counted (lastLineCut()). Lines are compared on what is kept and on that count.
    static constexpr std::size_t kMaxLineBytes = 8 << 20;

    // Throws std::system_error when the file cannot be opened.
    explicit BlockReader(const std::filesystem::path& path);
    // Reads an already open descriptor (and closes it when done).
    explicit BlockReader(int fd);
    ~BlockReader();
    BlockReader(const BlockReader&) = delete;
    BlockReader& operator=(const BlockReader&) = delete;

    // The unread bytes in the buffer (may end in the middle of a line).
    const char* data() const { return storage_.get() + pos_; }
    std::size_t available() const { return end_ - pos_; }
    void skip(std::size_t n) { pos_ += n; }

    // The next raw line without its '\n' (refilling as needed), or nullopt at the end of the file.
    std::optional<std::string_view> nextLine();
    // How many bytes of the line nextLine() last returned were left out (0 unless it was longer than kMaxLineBytes).
    std::uint64_t lastLineCut() const { return lastLineCut_; }

    // Up to `count` complete lines just before the current position that are still in the buffer.
    std::vector<std::string_view> linesBefore(int count) const;

    // How many buffers this thread keeps for its next readers (tests).
    static std::size_t idleBufferCount();

private:
    bool refill();  // false at end of file, or when the buffer is full of one line
    std::size_t readInto(char* at, std::size_t room);  // one read(2); 0 at end of file
    std::string_view cutOverlongLine();

    // Buffers are kept per thread for the next reader rather than freed (common/idle_buffers.hpp): a grade
    // compares outputs thousands of times, and each buffer is 12 MiB of address space.
    struct GiveBack {
        void operator()(char* buffer) const;
    };
    int fd_ = -1;
    std::unique_ptr<char[], GiveBack> storage_;
    std::size_t capacity_ = 0;
    char* buf() const { return storage_.get(); }
    std::size_t pos_ = 0, end_ = 0;
    bool eof_ = false;
    bool startIsLineStart_ = true;  // buf_[0] begins a line (false once history was cut mid-line)
    std::uint64_t lastLineCut_ = 0;
};

// A line modulo line-end style and trailing spaces/tabs: the comparison's unit.
inline std::string_view normalizedLine(std::string_view line) {
    std::size_t n = line.size();
    while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t')) --n;
    return line.substr(0, n);
}

}  // namespace plyjudge::grader
