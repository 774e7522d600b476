#include "grader/run/python_trial_decision.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace plyjudge::grader {

namespace {

// "FileNotFoundError" of "FileNotFoundError: [Errno 2] No such file or directory: './input9.txt'".
std::string exceptionName(const std::string& errorLine) {
    const auto colon = errorLine.find(':');
    return colon == std::string::npos ? errorLine : errorLine.substr(0, colon);
}

// The failure both runs share, for people.
std::string sharedFailure(const TrialRun& three, const TrialRun& two) {
    if (!three.missingFile.empty() && three.missingFile == two.missingFile) {
        return (three.errorLine.empty() ? std::string("a missing file") : exceptionName(three.errorLine)) + " " + three.missingFile;
    }
    return three.errorLine + (three.place.empty() ? "" : " (" + three.place + ")");
}

// What made the winner better when both failed and their outcomes alone do not say it.
std::string whyBetter(const TrialRun& winner, const TrialRun& loser) {
    if (winner.passes || winner.exitedCleanly != loser.exitedCleanly) return "";
    if (loser.stoppedOnPython2Construct != winner.stoppedOnPython2Construct) return ": a Python 2 construct stops python3";
    return fmt::format(": {} of {} lines right against {}", winner.linesRight, winner.linesExpected, loser.linesRight);
}

}  // namespace

bool failSameWay(const TrialRun& three, const TrialRun& two) {
    if (three.passes || two.passes || three.exitedCleanly || two.exitedCleanly) return false;
    // Python 2 says IOError where Python 3 says FileNotFoundError: the file is what they share.
    if (!three.missingFile.empty() && three.missingFile == two.missingFile) return true;
    return !three.errorLine.empty() && three.errorLine == two.errorLine && three.place == two.place;
}

CaseEvidence weighTrialCase(const std::string& caseName, const TrialRun& three, const TrialRun& two, bool shown) {
    CaseEvidence e{caseName, std::nullopt, ""};
    if (!three.ran || !two.ran) {
        e.what = "could not be run under both Pythons";
        return e;
    }
    if (failSameWay(three, two)) {
        e.what = shown ? "both fail the same way: " + sharedFailure(three, two) : "neither does better";
        return e;
    }
    // Passing beats failing; exiting cleanly beats an exception or a limit; an error that names a construct Python 3
    // removed is the wrong Python's; then more lines right.
    const auto score = [](const TrialRun& t) {
        return std::tuple(t.passes, t.exitedCleanly, !t.stoppedOnPython2Construct, t.linesRight);
    };
    if (score(two) == score(three)) {
        if (!shown) e.what = "neither does better";
        else if (three.passes && three.exitedCleanly) e.what = "both pass it";
        else e.what = fmt::format("neither does better: python3 {}, python2 {}", three.outcome, two.outcome);
        return e;
    }
    const bool python2 = score(two) > score(three);
    const TrialRun& winner = python2 ? two : three;
    const TrialRun& loser = python2 ? three : two;
    const std::string winnerName = python2 ? "python2" : "python3", loserName = python2 ? "python3" : "python2";
    e.python2 = python2;
    e.what = shown ? fmt::format("{} {}, {} {}{}", winnerName, winner.outcome, loserName, loser.outcome, whyBetter(winner, loser))
                   : fmt::format("{} does better than {} (a case students do not see: its runs are not described)",
                                 winnerName, loserName);
    return e;
}

PythonVerdict decideByEvidence(const std::vector<CaseEvidence>& cases, const std::vector<std::string>& constructs) {
    std::vector<std::string> undecided;
    for (const CaseEvidence& c : cases) {
        if (c.python2) {
            undecided.push_back(c.caseName + ": " + c.what);
            return {*c.python2, fmt::format("{}", fmt::join(undecided, "; "))};
        }
        undecided.push_back(c.caseName + ": " + c.what);
    }
    std::string none = "no case to try";
    if (!cases.empty()) {
        const bool alike = std::all_of(cases.begin(), cases.end(), [&](const CaseEvidence& c) { return c.what == cases[0].what; });
        std::vector<std::string> names;
        for (const CaseEvidence& c : cases) names.push_back(c.caseName);
        none = alike ? fmt::format("no case decided ({}: {})", fmt::join(names, ", "), cases[0].what)
                     : fmt::format("no case decided ({})", fmt::join(undecided, "; "));
    }
    if (constructs.empty()) return {false, none + "; nothing in the source is Python 2 only: python3"};
    return {true, fmt::format("{}; the source uses {}: python2", none, fmt::join(constructs, ", "))};
}

}  // namespace plyjudge::grader
