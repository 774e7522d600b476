// The output side of the explanation by experiment (experiments.hpp): a program that writes the right answer in
// the wrong form. Two forms are recognised, each from what the failed run left in its folder and then checked on a
// rerun: the answer written to a file at a near name (`trace_state` for trace_state.txt), and empty lines the
// expected file does not have. Files are read through descriptors opened without following links
// (sandbox::openRunOutput), only in the folder the program starts in, and a bounded number of bytes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plyjudge::grader {

// How much of a file the checks read: a larger program file is not taken for a form of the answer.
inline constexpr std::size_t kOutputFormBytes = 64u << 20;

// A file name without case, extensions and punctuation: "Trace_State.TXT", "trace-state" and "trace_state.txt.txt"
// all give "tracestate".
std::string nearNameKey(std::string_view name);

// The regular file directly in `dir` whose name is near `missing` (the same nearNameKey, another name), none of
// `excluded`; the first in name order, among at most 4,096 entries. nullopt when there is none.
std::optional<std::string> nearNameIn(const std::filesystem::path& dir, const std::string& missing,
                                      const std::vector<std::string>& excluded);

// Whether `text` has an empty (or blank) line before a line that is not: trailing empty lines never count, since the
// comparison already ignores them.
bool hasInnerBlankLine(std::string_view text);

// `text` without its blank lines.
std::string withoutBlankLines(std::string_view text);

// The file `name` in `dir` as the run left it (no link followed, a regular file), at most kOutputFormBytes; nullopt
// when it cannot be read so or is larger.
std::optional<std::string> readRunFile(const std::filesystem::path& dir, const std::string& name);

// Whether `text` equals the expected file as the comparison sees it (compare.hpp: modulo line ends, trailing spaces
// and final newlines).
bool equalsExpected(const std::filesystem::path& expected, const std::string& text);

}  // namespace plyjudge::grader
