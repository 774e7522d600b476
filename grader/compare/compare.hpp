// Streaming comparison of an expected and an actual output file, line by line, modulo line-end style
// (CRLF/LF), trailing spaces and tabs, and final newlines (trailing empty lines). Never loads a file:
// identical stretches are skipped with memcmp over large blocks, then only the lines that differ in raw
// bytes are normalised and compared.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace plyjudge::grader {

struct CompareOptions {
    int contextLines = 3;       // common lines shown before the difference
    int lookaheadLines = 2000;  // lines kept after the difference, for the diagnosis
};

// The first line where the files differ. Every line in it is a bounded copy (kReportLineBytes, common/report_text.hpp)
// saying how many bytes it left out: a program's 20 MiB line costs a few hundred bytes here, and in every view.
struct Difference {
    std::uint64_t line = 0;                    // 1-based
    std::optional<std::string> expected;       // nullopt: the expected file ended before this line
    std::optional<std::string> actual;         // nullopt: the actual file ended before this line
    std::vector<std::string> before;           // the common lines just before (oldest first)
    std::vector<std::string> expectedAfter;    // lines after `line` in the expected file
    std::vector<std::string> actualAfter;      // lines after `line` in the actual file
};

struct FileComparison {
    bool equal = true;
    std::uint64_t expectedLines = 0;  // lines read from the expected file (all of them when equal)
    std::optional<Difference> first;
    // Aligned line positions that differ (line k against line k), and the last of them: tells a local
    // difference (e.g. only the next-state board) from a shifted rest of file.
    std::uint64_t differingLines = 0;
    std::uint64_t lastDifferingLine = 0;
    // When the files differ: the digest of the actual file's normalised lines (output_digest.hpp), for telling
    // identical wrong outputs apart from merely similar ones. Empty when the files are equal (never computed then).
    std::string actualDigest;
};

// Throws std::system_error when a file cannot be read (the caller decides whose fault that is).
FileComparison compareFiles(const std::filesystem::path& expected, const std::filesystem::path& actual,
                            const CompareOptions& options = {});
// The same with the actual file given as an open descriptor, which is closed afterwards.
FileComparison compareFiles(const std::filesystem::path& expected, int actualFd, const CompareOptions& options = {});

}  // namespace plyjudge::grader
