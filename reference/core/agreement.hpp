// Comparing a run of the reference with a student's output files while the reference produces them, and
// stopping at the first difference: how the grader tests whether a fault or a dialect reproduces a student's
// output (grader/explain) and whether a fault changes a case at all (the fault matrix). A variant's `agree`
// (reference/variant.hpp) runs its search with a MatchingLog and then checks its final lines.
//
// Lines compare as the grader compares files: modulo CRLF/LF, trailing spaces and tabs, and trailing empty
// lines. "Agreeing lines" count in the reference's order of production (a log as the search writes it, then
// the lines known only at the end, such as the next state), up to the first difference.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "reference/core/log_line.hpp"
#include "reference/core/value.hpp"

namespace plyjudge {

// A run's output files: file name -> content.
using OutputFiles = std::map<std::string, std::string>;

struct Agreement {
    bool exact = false;            // every file equal
    std::uint64_t agreesLines = 0;  // lines equal, in production order, before the first difference
};

// A file's lines as the grader compares them (views into the text, which must outlive them).
class FileLines {
public:
    FileLines() = default;
    explicit FileLines(std::string_view text);
    std::size_t size() const { return lines_.size(); }
    std::string_view operator[](std::size_t i) const { return lines_[i]; }

private:
    std::vector<std::string_view> lines_;
};

// Thrown at the first difference; unwinds the search (which holds nothing needing cleanup).
struct Diverged {};

// The student's files, read as the reference writes: line() compares one line of the selected file.
class AgreementCheck {
public:
    explicit AgreementCheck(const OutputFiles& actual);

    // Selects the student's file `name` (a missing one has no lines) at line `at` (0-based).
    void file(const std::string& name, std::size_t at = 0);
    // Compares the next line of the selected file with `expected`; throws Diverged when they differ.
    void line(std::string_view expected);
    // The selected file must have no line from here on; throws Diverged otherwise.
    void end();
    std::uint64_t agreed() const { return agreed_; }

private:
    std::map<std::string, FileLines> files_;
    const FileLines* current_ = nullptr;
    std::size_t at_ = 0;
    std::uint64_t agreed_ = 0;
};

// Runs `produce(check)` (which calls check.line/end in production order) and says how far it agrees.
template <class Produce>
Agreement agreementOf(const OutputFiles& actual, Produce&& produce) {
    AgreementCheck check(actual);
    try {
        produce(check);
    } catch (const Diverged&) {
        return {false, check.agreed()};
    }
    return {true, check.agreed()};
}

// A traverse-log sink that compares each line with the student's next line as the search writes it.
class MatchingLog {
public:
    static constexpr bool enabled = true;

    MatchingLog(AgreementCheck& check, LogColumns columns) : check_(check), columns_(columns) {}

    void header(std::string_view firstColumn) { check_.line(logHeader(firstColumn, columns_)); }
    void node(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        char buffer[kMaxName + kMaxLogTail + kMaxLogBounds];
        const char* end = formatLogLine(buffer, name.substr(0, kMaxName), depth, value, alpha, beta, columns_);
        check_.line(std::string_view(buffer, static_cast<std::size_t>(end - buffer)));
    }

private:
    static constexpr std::size_t kMaxName = 64;
    AgreementCheck& check_;
    LogColumns columns_;
};

// A state's text (lines separated by LF) compared line by line.
void checkLines(AgreementCheck& check, std::string_view text);

}  // namespace plyjudge
