#include "grader/explain/experiments.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>

#include "common/file_io.hpp"
#include "grader/explain/requested_files.hpp"

namespace plyjudge::grader {

namespace {

namespace fs = std::filesystem;

bool hasCrlf(const std::string& text) { return text.find("\r\n") != std::string::npos; }

std::string replaceAll(std::string text, std::string_view from, std::string_view to) {
    for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) text.replace(at, from.size(), to);
    return text;
}

void writeInput(const fs::path& runDir, const std::string& text) { writeWholeFile(runDir / "input.txt", text); }

// The names the program tried to open, inside its run directory, that are neither the input nor an output file.
std::vector<fs::path> openedNames(const FailedRun& f) {
    std::vector<fs::path> names;
    for (const std::string& name : missingFilesNamed(f.stderrText)) {
        const auto path = insideRunDirectory(name, f.runDir);
        if (!path || *path == "input.txt") continue;
        const auto isOutput = [&](const std::vector<std::string>& outputs) {
            return std::find(outputs.begin(), outputs.end(), path->string()) != outputs.end();
        };
        if (isOutput(f.comparedFiles) || isOutput(f.outputNames)) continue;  // a file it writes, or reads back
        names.push_back(*path);
    }
    return names;
}

std::string quotedList(const std::vector<fs::path>& names) {
    std::string out;
    for (const fs::path& n : names) out += (out.empty() ? "'" : ", '") + n.string() + "'";
    return out;
}

// 1. The input also at the name(s) the program tried to open, from its own error output.
const Experiment inputFileName{
    "input-file-name",
    [](const FailedRun& f) { return !openedNames(f).empty(); },
    [](const FailedRun& f, const fs::path& runDir) {
        for (const fs::path& name : openedNames(f)) {
            fs::create_directories((runDir / name).parent_path());
            fs::copy_file(runDir / "input.txt", runDir / name, fs::copy_options::overwrite_existing);
        }
    },
    RerunChange::None,
    [](const FailedRun& f) {
        const std::string names = quotedList(openedNames(f));
        return fmt::format("Your program opens {0}, but the input file is input.txt in the working directory: with the "
                           "input also at {0} it passes. Read input.txt.", names);
    },
    [](const FailedRun& f) { return "with the input also at " + quotedList(openedNames(f)); }};

// Files beside the program that look like an input and are not the case's (a stale input1.txt left in the
// submitted folder): regular files in the run directory named input*.txt, other than input.txt and the output files.
// A program that reads one ignores the input it is given (input_ignored.hpp says so of all its cases).
std::vector<fs::path> staleInputs(const FailedRun& f) {
    std::vector<fs::path> names;
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(f.runDir, ec)) {
        const std::string name = e.path().filename().string();
        std::string lower = name;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        const bool output = std::find(f.outputNames.begin(), f.outputNames.end(), name) != f.outputNames.end();
        if (!lower.starts_with("input") || !lower.ends_with(".txt") || lower == "input.txt" || output || !e.is_regular_file(ec) || e.is_symlink(ec)) continue;
        names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

// 1b. The input also at the stale input file(s) beside the program, which the program may read instead.
const Experiment staleInputFile{
    "stale-input-file",
    [](const FailedRun& f) { return f.verdict == Verdict::WrongAnswer && !staleInputs(f).empty(); },
    [](const FailedRun& f, const fs::path& runDir) {
        for (const fs::path& name : staleInputs(f)) fs::copy_file(runDir / "input.txt", runDir / name, fs::copy_options::overwrite_existing);
    },
    RerunChange::None,
    [](const FailedRun& f) {
        return fmt::format("Your program reads {0}, a file left beside it that is not the case's input, instead of input.txt: "
                           "with the case's input copied to {0} it passes. Read input.txt.", quotedList(staleInputs(f)));
    },
    [](const FailedRun& f) { return "with the input copied to " + quotedList(staleInputs(f)); }};

// 2. What it printed, as the output file it did not write.
const Experiment stdoutAsOutput{
    "stdout-as-output",
    [](const FailedRun& f) {
        return f.verdict == Verdict::MissingOutput && f.missingFiles.size() == 1 && f.stdoutComplete &&
               f.stdoutText.find_first_not_of(" \t\r\n") != std::string::npos;
    },
    [](const FailedRun&, const fs::path&) {},
    RerunChange::StdoutAsOutput,
    [](const FailedRun& f) {
        return fmt::format("Your program prints its answer instead of writing {0}: its standard output, saved as {0}, "
                           "passes. Write the answer to the file {0} in the working directory.", f.missingFiles.front());
    },
    [](const FailedRun& f) { return "with its standard output saved as " + f.missingFiles.front(); }};

std::string nearNamesList(const FailedRun& f) {
    std::string out;
    for (const auto& [file, near] : f.nearNames) out += fmt::format("{}'{}' instead of {}", out.empty() ? "" : ", ", near, file);
    return out;
}

std::string fileList(const std::vector<std::string>& files) {
    std::string out;
    for (const std::string& file : files) out += (out.empty() ? "" : ", ") + file;
    return out;
}

// 3. A file it wrote at a near name, read as the compared file it did not write. The fresh folder loses any file
// at that name first, so that only what the rerun writes there counts (not a stale copy in the submission).
const Experiment nearNames{
    "output-file-name",
    [](const FailedRun& f) { return f.verdict == Verdict::MissingOutput && !f.nearNames.empty(); },
    [](const FailedRun& f, const fs::path& runDir) {
        for (const auto& [file, near] : f.nearNames) fs::remove(runDir / near);
    },
    RerunChange::NearNames,
    [](const FailedRun& f) {
        return fmt::format("Your program writes {}: read there, its answer passes. Name each output file exactly as "
                           "the assignment does.", nearNamesList(f));
    },
    [](const FailedRun& f) { return "with its output read at " + nearNamesList(f); }};

// 4. Its output without the blank lines the expected file does not have.
const Experiment noBlankLines{
    "blank-lines-in-output",
    [](const FailedRun& f) { return f.verdict == Verdict::WrongAnswer && !f.strayBlankLines.empty(); },
    [](const FailedRun&, const fs::path&) {},
    RerunChange::NoBlankLines,
    [](const FailedRun& f) {
        return fmt::format("Your program writes empty lines in {} that the expected output does not have: the same "
                           "output without them passes. Write no empty line.", fileList(f.strayBlankLines));
    },
    [](const FailedRun& f) { return "without the empty lines of " + fileList(f.strayBlankLines); }};

// 5. A Python program that reads its own file: sys.argv[0] made the input's name.
const Experiment argvZeroAsInput{
    "argv0-as-input",
    [](const FailedRun& f) { return f.verdict == Verdict::RuntimeError && !f.python.empty() && f.ownSourceLineNumber > 0; },
    [](const FailedRun&, const fs::path&) {},
    RerunChange::ArgvZeroIsInput,
    [](const FailedRun& f) {
        return fmt::format("Your program reads its own file (sys.argv[0]) as its input: the text its error quotes, '{}', is "
                           "line {} of your program; run with sys.argv[0] naming input.txt, it passes. Open the input file "
                           "named on the command line.", f.ownSourceLine, f.ownSourceLineNumber);
    },
    [](const FailedRun&) { return std::string("with sys.argv[0] naming the input file instead of your program"); }};

// 6. Windows line ends (CRLF) made LF.
const Experiment lfLineEnds{
    "lf-line-ends",
    [](const FailedRun& f) { return hasCrlf(f.input); },
    [](const FailedRun& f, const fs::path& runDir) { writeInput(runDir, replaceAll(f.input, "\r\n", "\n")); },
    RerunChange::None,
    [](const FailedRun&) {
        return std::string("Your program fails on Windows line ends (CRLF, as the official inputs have): the same input "
                           "with LF line ends passes. Strip the '\\r' from each line you read (Python: line.strip(); "
                           "C++/Java: trim each line).");
    },
    [](const FailedRun&) { return std::string("with LF line ends instead of Windows ones (CRLF)"); }};

// 7. LF line ends made CRLF.
const Experiment crlfLineEnds{
    "crlf-line-ends",
    [](const FailedRun& f) { return f.input.find('\n') != std::string::npos && f.input.find('\r') == std::string::npos; },
    [](const FailedRun& f, const fs::path& runDir) { writeInput(runDir, replaceAll(f.input, "\n", "\r\n")); },
    RerunChange::None,
    [](const FailedRun&) {
        return std::string("Your program fails on LF line ends: the same input with Windows line ends (CRLF) passes. "
                           "Do not expect a '\\r' at the end of each line.");
    },
    [](const FailedRun&) { return std::string("with Windows line ends (CRLF) instead of LF"); }};

bool endsWithNewline(const std::string& text) { return !text.empty() && text.back() == '\n'; }

// 8. Without the input's final line end.
const Experiment noFinalNewline{
    "no-final-newline",
    [](const FailedRun& f) { return endsWithNewline(f.input); },
    [](const FailedRun& f, const fs::path& runDir) {
        const std::size_t cut = f.input.ends_with("\r\n") ? 2 : 1;
        writeInput(runDir, f.input.substr(0, f.input.size() - cut));
    },
    RerunChange::None,
    [](const FailedRun&) {
        return std::string("Your program fails when the input ends with a line end: the same input without its final "
                           "newline passes. Do not count on the number of lines or the end of the file.");
    },
    [](const FailedRun&) { return std::string("without the input's final newline"); }};

// 9. With a final line end.
const Experiment finalNewline{
    "final-newline",
    [](const FailedRun& f) { return !f.input.empty() && !endsWithNewline(f.input); },
    [](const FailedRun& f, const fs::path& runDir) { writeInput(runDir, f.input + (hasCrlf(f.input) ? "\r\n" : "\n")); },
    RerunChange::None,
    [](const FailedRun&) {
        return std::string("Your program fails when the last line of the input has no line end: "
                           "the same input ending with a newline passes. Read the last line even without a newline.");
    },
    [](const FailedRun&) { return std::string("with a final newline after the input's last line"); }};

// 10. The other Python.
const Experiment otherPython{
    "other-python",
    [](const FailedRun& f) { return !f.python.empty() && !f.otherPython.empty(); },
    [](const FailedRun&, const fs::path&) {},
    RerunChange::OtherPython,
    [](const FailedRun& f) {
        return fmt::format("Your program needs {1}: run with {0} (chosen because the file compiles with it) it fails, "
                           "and the same case run with {1} passes. Make it work under {0}, or have it run with {1}.",
                           f.python, f.otherPython);
    },
    [](const FailedRun& f) { return "when run with " + f.otherPython; }};

}  // namespace

const std::vector<Experiment>& experiments() {
    // The program's own evidence first (they apply rarely and then usually explain), then the input's form,
    // then the other interpreter.
    static const std::vector<Experiment> all{inputFileName, staleInputFile, stdoutAsOutput, nearNames,      noBlankLines, argvZeroAsInput,
                                             lfLineEnds,    crlfLineEnds,   noFinalNewline, finalNewline, otherPython};
    return all;
}

const Experiment* findExperiment(std::string_view name) {
    for (const Experiment& e : experiments()) {
        if (e.name == name) return &e;
    }
    return nullptr;
}

std::string nameOf(const ExperimentSteps& steps) {
    std::string name;
    for (const Experiment* e : steps) name += (name.empty() ? "" : " + ") + std::string(e->name);
    return name;
}

namespace {

// The candidates in the order tried: each applicable experiment, then each pair of an applicable run change
// with an applicable input change; what last passed for the student first.
std::vector<ExperimentSteps> candidatesFor(const FailedRun& failed, const std::string& remembered) {
    std::vector<const Experiment*> inputChanges, runChanges;
    std::vector<ExperimentSteps> all;
    for (const Experiment& e : experiments()) {
        if (!e.appliesTo(failed)) continue;
        all.push_back({&e});
        (e.change == RerunChange::None ? inputChanges : runChanges).push_back(&e);
    }
    for (const Experiment* run : runChanges) {
        for (const Experiment* input : inputChanges) all.push_back({run, input});
    }
    std::stable_partition(all.begin(), all.end(), [&](const ExperimentSteps& s) { return nameOf(s) == remembered; });
    return all;
}

Explanation explanationOf(const ExperimentSteps& steps, const FailedRun& failed) {
    Explanation x;
    x.fault = nameOf(steps);
    x.exact = true;
    x.kind = ExplanationKind::Experiment;
    if (steps.size() == 1) {
        x.sentence = steps.front()->sentence(failed);
    } else {
        x.sentence = fmt::format("Your program passes only {} and {}, together (neither change alone makes it pass).",
                                 steps[0]->phrase(failed), steps[1]->phrase(failed));
    }
    return x;
}

}  // namespace

std::optional<Explanation> explainByExperiment(const FailedRun& failed, const ExperimentBudget& budget,
                                               ExperimentSpending& spending, const RerunWith& rerun, ExperimentStats* stats) {
    for (const ExperimentSteps& steps : candidatesFor(failed, spending.remembered())) {
        if (!spending.take(budget)) break;
        const auto start = std::chrono::steady_clock::now();
        const bool passed = rerun(steps);
        spending.addSeconds(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        if (stats) stats->tried.push_back(nameOf(steps));
        if (!passed) continue;
        spending.remember(nameOf(steps));
        return explanationOf(steps, failed);
    }
    return std::nullopt;
}

std::optional<Explanation> observedOutputForm(const FailedRun& failed) {
    if (failed.verdict != Verdict::MissingOutput || failed.nearNames.empty()) return std::nullopt;
    Explanation x;
    x.fault = std::string(nearNames.name);
    x.exact = false;
    x.kind = ExplanationKind::Experiment;
    const std::string where = failed.nearNamesDiffer.empty() ? "" : " (first at " + failed.nearNamesDiffer + ")";
    x.sentence = fmt::format("Your program writes {}; read there, its answer still differs from the expected one{}, so "
                             "the name is not its only mistake.", nearNamesList(failed), where);
    return x;
}

}  // namespace plyjudge::grader
