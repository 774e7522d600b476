// Explaining a failed case by experiment: the program is rerun (in the sandbox, with the same limits and run
// settings: grader/run/case_runner.cpp) on a small change of its situation, and the change that makes it pass
// is the explanation, exact because the rerun passed. Each experiment is one named step, like the sandbox's
// protections: when it applies to the failed run, how it changes the fresh run directory (or the run), and
// the sentence to the student. Cheap ones first; the first that passes ends the search; a per-student budget
// (experiment_budget.hpp) bounds the reruns. An experiment explains, it never regrades.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grader/explain/experiment_budget.hpp"
#include "grader/results/run_results.hpp"

namespace plyjudge::grader {

// What is known of the failed run the experiments try to explain.
struct FailedRun {
    Verdict verdict = Verdict::WrongAnswer;      // RuntimeError, MissingOutput or WrongAnswer
    std::string input;                           // the case's input file as given
    std::string stderrText;                      // what the program printed on stderr (its start)
    std::string stdoutText;                      // what it printed on stdout (its start)
    bool stdoutComplete = false;                 // stdoutText is all it printed
    std::vector<std::string> comparedFiles;      // the files the case compares
    std::vector<std::string> missingFiles;       // those it did not write
    std::vector<std::string> outputNames;        // every output file of the variant: never taken for an input's name
    std::filesystem::path runDir;                // where it ran (for the absolute names it quotes)
    std::string python;                          // "python2" / "python3" when a Python file run so, else ""
    std::string otherPython;                     // the other one when it can be run here, else ""
    // Output forms (output_forms.hpp): each compared file it did not write, with the file at a near name it wrote
    // in its folder instead; and the compared files where it wrote blank lines the expected file does not have.
    std::vector<std::pair<std::string, std::string>> nearNames;
    std::string nearNamesDiffer;  // where the first of those near files differs from its expected file: "line 11"
    // A Python program whose error line quotes a line of its own file ("'import operator'"): the text it could not
    // read is its source, so it reads its own file (sys.argv[0]) as the input. The quoted line and its number.
    std::string ownSourceLine;
    int ownSourceLineNumber = 0;
    std::vector<std::string> strayBlankLines;
};

// How a rerun differs beyond its directory.
enum class RerunChange {
    None,
    OtherPython,     // the program's file under the other Python (FailedRun::otherPython)
    StdoutAsOutput,  // after the run, its complete stdout becomes the one compared file it did not write
    NearNames,       // a compared file it did not write is read at its near name (FailedRun::nearNames)
    NoBlankLines,    // the compared files of FailedRun::strayBlankLines are compared without their blank lines
    ArgvZeroIsInput, // a Python file run with sys.argv[0] naming the input
};

struct Experiment {
    std::string_view name;  // the explanation's `fault`, e.g. "lf-line-ends"
    bool (*appliesTo)(const FailedRun&);
    // Changes the fresh run directory, which holds input.txt exactly as the case gives it.
    void (*transform)(const FailedRun&, const std::filesystem::path& runDir);
    RerunChange change;
    std::string (*sentence)(const FailedRun&);
    std::string (*phrase)(const FailedRun&);  // the change alone, for a pair's sentence: "run with python2"
};

// Every experiment, cheapest first.
const std::vector<Experiment>& experiments();
const Experiment* findExperiment(std::string_view name);

// What one rerun applies: one experiment, or a pair of an input change with a run change (the other Python,
// stdout kept as the file), tried when no single one passes (an old Python 2 program on Windows line ends).
using ExperimentSteps = std::vector<const Experiment*>;
std::string nameOf(const ExperimentSteps& steps);  // "lf-line-ends", "other-python + lf-line-ends"

// Reruns the program with the steps applied; true when every compared file then equals the expected one (the
// case runner's comparison) and the run exited normally.
using RerunWith = std::function<bool(const ExperimentSteps&)>;

struct ExperimentStats {
    std::vector<std::string> tried;  // in order
};

// The first applicable experiment whose rerun passes, then the first such pair (what last passed for this
// student first), as an exact Experiment explanation; nullopt when none does or the budget is spent.
std::optional<Explanation> explainByExperiment(const FailedRun& failed, const ExperimentBudget& budget,
                                               ExperimentSpending& spending, const RerunWith& rerun,
                                               ExperimentStats* stats = nullptr);

// When no experiment passed: what the failed run itself shows of its answer's form, as a finding that is not exact
// (a missing file it wrote at a near name, read there and still wrong: the name is not its only mistake). nullopt
// when it shows nothing.
std::optional<Explanation> observedOutputForm(const FailedRun& failed);

}  // namespace plyjudge::grader
