// Where a variant's outputs go. A variant says its outputs once, in production order, to a sink (its `Outputs`
// producer, see solveBy/agreeBy below): FileSink writes them as a student's program would; AgreementSink compares
// them line by line with a program's files as they are produced (agreement.hpp), which is how the grader tests
// whether a fault or a dialect reproduces a student's output. A producer calls, whatever the sink:
//   sink.log(spec, search)   search(log) with the log `spec` describes (a NullLog if none is written); its result
//   sink.lines(file, text)   appends text (lines separated by LF) to file
//   sink.head(file, text)    fills the head reserved before a log in the same file (spec.head: reversi's next state)
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reference/core/agreement.hpp"
#include "reference/core/dialect.hpp"
#include "reference/core/input_text.hpp"
#include "reference/core/output_file.hpp"
#include "reference/core/search.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/variant.hpp"

namespace plyjudge {

// A traverse log as a task writes it: into `file` after an optional head, with its columns and header.
struct LogSpec {
    bool written = true;             // false: the task writes no log (greedy)
    std::string_view file;
    LogColumns columns = LogColumns::WithBounds;
    std::string_view firstColumn;    // the header's first column ("Node", "Move")
    std::string_view head;           // lines written before the log in the same file, filled in later by head()
};

// The log of a search task, the one rule for every variant: greedy writes none, minimax three columns,
// alpha-beta five.
inline LogSpec searchLogSpec(Algorithm algorithm, std::string_view file, std::string_view firstColumn) {
    return {.written = algorithm != Algorithm::Greedy,
            .file = file,
            .columns = algorithm == Algorithm::AlphaBeta ? LogColumns::WithBounds : LogColumns::NameDepthValue,
            .firstColumn = firstColumn,
            .head = {}};
}

// Writes the outputs into a folder, each file atomically when commit() runs (output_file.hpp): a producer that
// throws (bad input, an output too large) leaves no file.
class FileSink {
public:
    explicit FileSink(std::filesystem::path outDir) : outDir_(std::move(outDir)) {}

    template <class Search>
    auto log(const LogSpec& spec, Search&& search) {
        if (!spec.written) {
            NullLog log;
            return search(log);
        }
        OutputFile& out = open(spec.file);
        if (!spec.head.empty()) {
            headAt_ = out.offset();
            out.line(spec.head);  // a placeholder of the head's length
        }
        TraverseLog log(out, spec.columns);
        log.header(spec.firstColumn);
        return search(log);
    }
    void lines(std::string_view file, std::string_view text) { open(file).line(text); }
    void head(std::string_view file, std::string_view text) { open(file).overwrite(headAt_, text); }

    // Gives every file its name; returns the names, in name order.
    std::vector<std::string> commit();

private:
    OutputFile& open(std::string_view file);

    std::filesystem::path outDir_;
    std::vector<std::pair<std::string, std::unique_ptr<OutputFile>>> files_;
    std::size_t headAt_ = 0;
};

// Compares the outputs with a program's files as they are produced; throws Diverged at the first difference.
// A file's end is checked (no line after the last) when the producer moves on to another file, after a log,
// and at finish().
class AgreementSink {
public:
    explicit AgreementSink(AgreementCheck& check) : check_(check) {}

    template <class Search>
    auto log(const LogSpec& spec, Search&& search) {
        if (!spec.written) {
            NullLog log;
            return search(log);
        }
        endCurrent();
        check_.file(std::string(spec.file), spec.head.empty() ? 0 : lineCount(spec.head));
        MatchingLog log(check_, spec.columns);
        log.header(spec.firstColumn);
        auto result = search(log);
        check_.end();
        return result;
    }
    void lines(std::string_view file, std::string_view text);
    void head(std::string_view file, std::string_view text);
    void finish() { endCurrent(); }

private:
    void endCurrent();
    static std::size_t lineCount(std::string_view text);

    AgreementCheck& check_;
    std::string current_;  // the file lines() is appending to, whose end is still to check
};

// A variant's solve and agree (reference/variant.hpp) from its one producer: `Outputs{}(input, dialect, sink)` says
// the outputs of `input` under `dialect` to either sink. Bad input throws InputError before any file exists.
template <class Outputs>
std::vector<std::string> solveBy(const InputText& input, const Dialect& dialect, const std::filesystem::path& outDir) {
    FileSink sink(outDir);
    Outputs{}(input, dialect, sink);
    return sink.commit();
}
template <class Outputs>
Agreement agreeBy(const InputText& input, const Dialect& dialect, const OutputFiles& actual) {
    return agreementOf(actual, [&](AgreementCheck& check) {
        AgreementSink sink(check);
        Outputs{}(input, dialect, sink);
        sink.finish();
    });
}

// `variant` with its validate, solve and agree made from its problem parser and its one producer.
template <class Outputs, auto parseProblem>
Variant producedBy(Variant variant) {
    variant.validate = validateBy<parseProblem>;
    variant.solve = solveBy<Outputs>;
    variant.agree = agreeBy<Outputs>;
    return variant;
}

}  // namespace plyjudge
