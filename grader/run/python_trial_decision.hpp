// The evidence that decides between Python 2 and 3 for a file both compile, and the sentence that says which
// evidence it was (python_trial.hpp runs the cases; this part only weighs them, so it is tested without a sandbox).
// A trial case decides only when one Python does better on it than the other; a case both pass, or both fail the
// same way (the same exception at the same place of the program, or the same missing file), decides nothing and
// the next case is tried; when no case decides, the program's own Python-2-only constructs do, else Python 3.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace plyjudge::grader {

// How one Python did on one trial case.
struct TrialRun {
    bool ran = false;            // the run happened (not stopped, no judge error)
    bool passes = false;         // as the case would be judged
    bool exitedCleanly = false;  // exit status 0: no exception, no limit hit
    bool stoppedOnPython2Construct = false;  // its error names something Python 3 removed (xrange, has_key, ...)
    std::uint64_t linesRight = 0, linesExpected = 0;
    std::string errorLine;    // the last line of its error output when it failed ("NameError: ..."), or ""
    std::string place;        // where in the program it stopped ("hw.py line 12"), or ""
    std::string missingFile;  // the first file its error output says it could not open, or ""
    std::string outcome;      // for people: "passes it", "fails: NameError: ... (hw.py line 12)", "exits with status 1"
};

// What one trial case says.
struct CaseEvidence {
    std::string caseName;            // "published/case1"
    std::optional<bool> python2;     // set when the case decided: true for Python 2
    std::string what;                // "python2 passes it, python3 fails: ...", or why it decided nothing
};

// Weighs one case. A case people may not see (`shown` false: a hidden case) is never described by what the runs
// did (their error lines, exit statuses and lines right may carry its input): only which Python did better.
CaseEvidence weighTrialCase(const std::string& caseName, const TrialRun& three, const TrialRun& two, bool shown);

// Both runs failed the same way: the same missing file, or the same last error line at the same place.
bool failSameWay(const TrialRun& three, const TrialRun& two);

struct PythonVerdict {
    bool python2 = false;
    std::string reason;
};

// The first case that decided, after the ones that did not; when none did, the constructs (python2_constructs.hpp)
// decide: Python 2 when there are any, else Python 3.
PythonVerdict decideByEvidence(const std::vector<CaseEvidence>& cases, const std::vector<std::string>& constructs);

}  // namespace plyjudge::grader
