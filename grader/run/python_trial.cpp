#include "grader/run/python_trial.hpp"

#include <boost/uuid/detail/sha1.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <regex>

#include "common/file_io.hpp"
#include "common/remove_tree.hpp"
#include "grader/compare/compare.hpp"
#include "grader/explain/error_output.hpp"
#include "grader/explain/requested_files.hpp"
#include "grader/run/python2_constructs.hpp"
#include "grader/run/python_trial_decision.hpp"
#include "grader/run/run_steps.hpp"

namespace plyjudge::grader {

namespace {

namespace fs = std::filesystem;

// The last line that is not blank, cut for a one-line reason.
std::string lastLine(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
    const auto start = text.find_last_of('\n');
    std::string line = start == std::string::npos ? text : text.substr(start + 1);
    if (line.size() > 160) line = line.substr(0, 160) + "...";
    return line;
}

// The compared files' lines equal to the expected ones at the same place, and how many places there are (the
// longer file's lines), by the grader's own streaming comparison: a missing or unreadable file has none right.
void countLinesRight(TrialRun& t, const CaseSpec& spec, const fs::path& dir) {
    for (const std::string& file : spec.files) {
        sandbox::RunOutputFile actual = sandbox::openRunOutput(dir, file);
        if (actual.fd < 0) continue;
        const FileComparison c = compareFiles(spec.expectedDir / file, actual.fd);
        t.linesExpected += c.expectedLines;
        t.linesRight += c.expectedLines - c.differingLines;
    }
}

// An error line naming a construct Python 3 removed or changed, which Python 2 runs: the Python 3 run stopped
// where a Python 2 program is fine. The signatures of the real programs and their kin.
bool namesPython2Construct(const std::string& errorLine) {
    static const std::regex removed(
        "NameError: name '(xrange|raw_input|unicode|long|unichr|basestring|reduce|file|execfile|cmp|reload)' is not defined|"
        "has no attribute '(has_key|iteritems|iterkeys|itervalues|maxint|sort|letters|lowercase|uppercase)'|"
        "'(map|filter|zip|range|dict_keys|dict_values|dict_items)' object (is not subscriptable|has no attribute)|"
        "No module named '?(Queue|ConfigParser|cPickle|StringIO|cStringIO|urllib2|Tkinter|tkMessageBox)\\b|"
        "'cmp' is an invalid keyword argument|Missing parentheses in call to '(print|exec)'|"
        "list indices must be integers or slices, not float|'<' not supported between instances|"
        "TabError: inconsistent use of tabs and spaces");
    return std::regex_search(errorLine, removed);
}

// How a run stopped when it did not exit cleanly, for people; "" when it did.
std::string failureOf(const sandbox::RunOutcome& out, const TrialRun& t) {
    using sandbox::Termination;
    if (t.exitedCleanly) return "";
    if (out.termination == Termination::Exited) {
        if (t.errorLine.empty()) return fmt::format("exits with status {}", out.exitCode);
        return "fails: " + t.errorLine + (t.place.empty() ? "" : " (" + t.place + ")");
    }
    if (out.termination == Termination::Signaled) return fmt::format("is killed by signal {}", out.signal);
    return std::string("stops: ") + std::string(sandbox::terminationName(out.termination));
}

// What a run did, for people; only for a case they may see (the caller asks for no other). A run that passes by its
// outputs (exit_status: outputs) and then fails says both: Python 2 code often crashes under Python 3 at its end.
std::string outcomeOf(const sandbox::RunOutcome& out, const TrialRun& t) {
    const std::string failure = failureOf(out, t);
    if (t.passes) return failure.empty() ? "passes it" : "passes it, then " + failure;
    if (!failure.empty()) return failure;
    return fmt::format("writes {} of {} lines right", t.linesRight, t.linesExpected);
}

// What the run's error output says of where and why it stopped (kept out of the reason for a hidden case).
void readFailure(TrialRun& t, const sandbox::RunOutcome& out) {
    if (t.exitedCleanly) return;
    t.errorLine = lastLine(out.stderrHead);
    t.place = errorFileLineOf(out.stderrHead);
    const std::vector<std::string> missing = missingFilesNamed(out.stderrHead);
    if (!missing.empty()) t.missingFile = missing.front();
}

TrialRun runUnder(const RunContext& context, const PreparedProgram& program, const TrialCase& trial,
                  const RunAdjustments& adjustments, const OtherInterpreter* other) {
    TrialRun t;
    RunFolder run;
    try {
        run = prepareRunFolder(context, program, *trial.spec, adjustments);
        applySetup(adjustments, run.start);
        const sandbox::RunOutcome out = runProgramIn(context, program, run, other);
        t.ran = !out.cancelled && !out.judgeError();
        if (t.ran) {
            t.exitedCleanly = out.termination == sandbox::Termination::Exited && out.exitCode == 0;
            const bool exitAccepted = t.exitedCleanly || (out.termination == sandbox::Termination::Exited &&
                                                          context.exitStatus == ExitStatusPolicy::Outputs);
            collectOutputs(adjustments, run.start);
            t.passes = exitAccepted && outputsMatch(*trial.spec, run.start);
            countLinesRight(t, *trial.spec, run.start);
            readFailure(t, out);
            if (trial.shown) t.outcome = outcomeOf(out, t);
            t.stoppedOnPython2Construct = other == nullptr && !t.exitedCleanly && namesPython2Construct(lastLine(out.stderrHead));
        }
    } catch (const std::exception&) {
        t.ran = false;
    }
    removeRunFolder(run);
    return t;
}

// What decides the program's trial: the Python files of its staged folder (its own modules decide as much as its
// main file, and the main file's constructs decide when no case does), the cases, how they are judged (the exit
// status policy, the student's setup and collect) and the interpreters. Empty: too large to read for a cache key
// (then it is not cached).
std::string trialKey(const PreparedProgram& program, const std::vector<TrialCase>& trials, const RunContext& context,
                     const RunAdjustments& adjustments, const Interpreters& interpreters) {
    if (program.stagedDir.empty() || program.programFile.empty()) return {};
    boost::uuids::detail::sha1 sha;
    std::uint64_t total = 0;
    const auto add = [&](const std::string& bytes) {
        const std::string sized = std::to_string(bytes.size()) + ":" + bytes;
        sha.process_bytes(sized.data(), sized.size());
    };
    std::vector<fs::path> files;
    std::error_code ec;
    const fs::path& root = program.stagedDir;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && it->path().extension() == ".py") files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    add(program.programFile.string());  // relative: the staged folder's name is random
    for (const fs::path& f : files) {
        total += fs::file_size(f, ec);
        if (total > (16u << 20)) return {};
        add(f.lexically_relative(root).string());
        add(readWholeFile(f));
    }
    for (const TrialCase& trial : trials) {
        add(trial.spec->input.string());
        add(trial.shown ? "shown" : "hidden");
    }
    add(context.exitStatus == ExitStatusPolicy::Outputs ? "outputs" : "strict");
    for (const auto& [from, to] : adjustments.setup) add("setup " + from + " " + to);
    for (const auto& [name, path] : adjustments.collect) add("collect " + name + " " + path);
    add(interpreters.commandFor("python2") + "\n" + interpreters.commandFor("python3"));
    unsigned int digest[5];
    sha.get_digest(digest);
    return fmt::format("{:08x}{:08x}{:08x}{:08x}{:08x}", digest[0], digest[1], digest[2], digest[3], digest[4]);
}

// The Python-2-only constructs of the program file (its first MiB: a scan of code, not of data).
std::vector<std::string> constructsOf(const PreparedProgram& program) {
    if (program.stagedDir.empty() || program.programFile.empty()) return {};
    try {
        std::string source = readWholeFile(program.stagedDir / program.programFile);
        if (source.size() > (1u << 20)) source.resize(1u << 20);
        return python2OnlyConstructs(source);
    } catch (const std::exception&) {
        return {};
    }
}

// Runs the trial cases in order until one decides, then weighs the evidence. `complete`: every run could be made.
PythonVerdict runTrials(const RunContext& context, const PreparedProgram& program, const std::vector<TrialCase>& trials,
                        const RunAdjustments& adjustments, bool& complete) {
    std::vector<CaseEvidence> evidence;
    complete = true;
    for (const TrialCase& trial : trials) {
        const std::string caseName = trial.spec->suite + "/" + trial.spec->name;
        const TrialRun three = runUnder(context, program, trial, adjustments, nullptr);
        const TrialRun two = runUnder(context, program, trial, adjustments, &*program.otherPython);
        complete = complete && three.ran && two.ran;
        evidence.push_back(weighTrialCase(caseName, three, two, trial.shown));
        if (evidence.back().python2) break;
    }
    return decideByEvidence(evidence, constructsOf(program));
}

void switchToPython2(PreparedProgram& program, const Interpreters& interpreters) {
    const std::string three = program.argv[0];
    program.argv[0] = interpreters.commandFor("python2");
    for (const auto& dir : interpreters.installationOf("python2"))
        program.readOnlyPaths.push_back({dir, "the installation of python2, asked of the tool"});
    program.python = "python2";
    program.otherPython = OtherInterpreter{"python3", three, {}};
    for (const auto& dir : interpreters.installationOf("python3"))
        program.otherPython->readOnlyPaths.push_back({dir, "the installation of python3, asked of the tool"});
}

}  // namespace

void choosePythonByBehaviour(const RunContext& context, PreparedProgram& program, const std::vector<TrialCase>& trials,
                             const RunAdjustments& adjustments, const Interpreters& interpreters) {
    if (!program.pythonUndecided || !program.otherPython || program.python != "python3") return;
    program.pythonUndecided = false;
    std::vector<TrialCase> tried;
    for (const TrialCase& t : trials) {
        if (t.spec && tried.size() < kMaxTrialCases) tried.push_back(t);
    }
    static std::mutex cacheMutex;
    static std::map<std::string, PythonVerdict> cache;
    const std::string key = trialKey(program, tried, context, adjustments, interpreters);
    std::optional<PythonVerdict> verdict;
    if (!key.empty()) {
        std::lock_guard lock(cacheMutex);
        if (auto it = cache.find(key); it != cache.end()) verdict = it->second;
    }
    if (!verdict) {
        bool complete = false;
        verdict = runTrials(context, program, tried, adjustments, complete);
        if (!key.empty() && complete) {
            std::lock_guard lock(cacheMutex);
            cache.emplace(key, *verdict);
        }
    }
    if (verdict->python2) switchToPython2(program, interpreters);
    program.interpreterReason = verdict->reason;
    program.interpreter = program.python + " (" + program.argv[0] + "; " + verdict->reason + ")";
}

}  // namespace plyjudge::grader
