// How much of a program's text reaches a report, the results database or the terminal. A program can write
// gigabytes on one line; the views keep a bounded start of each text and say how much was left out. The sizes
// are listed in reports/README.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace plyjudge {

inline constexpr std::size_t kReportLineBytes = 300;           // a line of a first difference (context, expected, actual)
inline constexpr std::size_t kReportStderrBytes = 4u << 10;    // the start of what a program printed on stderr, per case
inline constexpr std::size_t kReportMessageBytes = 2u << 10;   // a result's message (a diagnosis quoting lines, an error)

// `text` when it fits in `limit` bytes. Else its start and then " … [N more bytes]", N counting the bytes left out
// plus `alreadyCut` (bytes of the same text dropped before it got here, e.g. the rest of an overlong line): at most
// `limit` bytes in all, never ending inside a UTF-8 sequence. Cutting a cut text again with the same limit keeps it.
std::string cutForReport(std::string_view text, std::size_t limit, std::uint64_t alreadyCut = 0);

}  // namespace plyjudge
