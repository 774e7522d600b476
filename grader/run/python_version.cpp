#include "grader/run/python_version.hpp"

#include <fmt/format.h>

#include <regex>

#include "grader/run/compile_step.hpp"
#include "sandbox/sandbox.hpp"

namespace plyjudge::grader {

namespace {

// What one Python's compile step showed. "Does not compile" needs the interpreter's own word for it: the script
// prints a marker before re-raising the compile error, so a step whose interpreter never started (bubblewrap's
// "execvp ... No such file", exit status 1) or died is never taken for a syntax error.
enum class CompileResult { Compiles, DoesNotCompile, CheckFailed };

struct CompileCheck {
    CompileResult result = CompileResult::CheckFailed;
    std::string detail;  // DoesNotCompile: "SyntaxError: invalid syntax (line 3)"; CheckFailed: what went wrong
    int errorLine = 0;   // DoesNotCompile: the line of the file the error is at (0: not said)
};

// Python 2 and 3 both read this script; compile() parses the whole file without running any of it.
constexpr const char* kCompileScript =
    "import sys\n"
    "try:\n"
    "    compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')\n"
    "except (SyntaxError, ValueError, TypeError):\n"
    "    sys.stdout.write('plyjudge-compile: no %d\\n' % sys.version_info[0])\n"
    "    raise\n"
    "sys.stdout.write('plyjudge-compile: yes %d\\n' % sys.version_info[0])\n";

std::string lastLineOf(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
    const auto start = text.find_last_of('\n');
    std::string line = start == std::string::npos ? text : text.substr(start + 1);
    return line.size() > 200 ? line.substr(0, 200) + "..." : line;
}

// The file's line a compile error names: the last `File "...", line N` of the traceback.
int errorLineOf(const std::string& stderrText) {
    static const std::regex frame("File \"[^\"]*\", line ([0-9]{1,9})");
    int line = 0;
    for (auto it = std::sregex_iterator(stderrText.begin(), stderrText.end(), frame); it != std::sregex_iterator(); ++it) {
        line = std::stoi((*it)[1].str());
    }
    return line;
}

// Why a compile step says nothing of the file: the sandbox's reason, or what the interpreter printed.
std::string whyCheckFailed(const sandbox::RunOutcome& out, const std::string& name, const std::string& command) {
    std::string why;
    if (out.judgeFault) why = out.judgeFault->what;
    else if (!lastLineOf(out.stderrHead).empty()) why = lastLineOf(out.stderrHead);
    else if (out.termination == sandbox::Termination::Exited) why = fmt::format("exit status {}", out.exitCode);
    else why = std::string(sandbox::terminationName(out.termination));
    return fmt::format("{} ({}) failed to check the file's syntax: {}", name, command, why);
}

CompileCheck compilesUnder(const Interpreters& interpreters, const std::string& name, const std::filesystem::path& file,
                           const std::filesystem::path& checkDir, const std::vector<std::filesystem::path>& hiddenPaths,
                           int groupId) {
    CompileStep step;
    step.groupId = groupId;
    step.argv = {interpreters.commandFor(name)};
    if (name == "python2") step.argv.insert(step.argv.end(), {"-E", "-s"});
    else step.argv.push_back("-I");
    step.argv.insert(step.argv.end(), {"-c", kCompileScript, file.string()});
    for (const auto& dir : interpreters.installationOf(name))
        step.readOnlyPaths.push_back({dir, "the installation of " + name + ", asked of the tool"});
    step.readOnlyPaths.push_back({file.parent_path(), "the staged submission's folder"});
    step.hiddenPaths = hiddenPaths;
    step.limits = compileLimits(sandbox::SandboxLimits{}, false);
    step.limits.wallSeconds = 20;  // a parse: far quicker than a compiler
    step.limits.cpuSeconds = 20;
    step.limits.maxCapturedBytes = 8 << 10;
    const sandbox::RunOutcome out = runCompileStep(step, checkDir, checkDir.parent_path() / "bin").run;
    const std::string major = name == "python2" ? "2" : "3";
    const bool exited = !out.judgeError() && out.termination == sandbox::Termination::Exited && !out.cancelled;
    CompileCheck c;
    if (exited && out.exitCode == 0 && out.stdoutHead == "plyjudge-compile: yes " + major + "\n") {
        c.result = CompileResult::Compiles;
    } else if (exited && out.exitCode != 0 && out.stdoutHead == "plyjudge-compile: no " + major + "\n") {
        c.result = CompileResult::DoesNotCompile;
        c.errorLine = errorLineOf(out.stderrHead);
        c.detail = lastLineOf(out.stderrHead) + (c.errorLine > 0 ? fmt::format(" (line {})", c.errorLine) : "");
    } else if (exited && out.stdoutHead.starts_with("plyjudge-compile: ") && !out.stdoutHead.ends_with(major + "\n")) {
        c.detail = fmt::format("{} ({}) is not Python {}", name, interpreters.commandFor(name), major);
    } else {
        c.detail = whyCheckFailed(out, name, interpreters.commandFor(name));
    }
    return c;
}

// Neither Python compiles the file: the one whose error comes later in it, which got further (a Python 2 program
// stops Python 3 at its first print statement, long before its own mistake); a tie keeps Python 3.
PythonDecision neitherCompiles(const CompileCheck& three, const CompileCheck& two) {
    const std::string both = fmt::format("compiles under neither Python 3 ({}) nor Python 2 ({})", three.detail, two.detail);
    if (two.errorLine > three.errorLine && three.errorLine > 0) return {"python2", both + "; python2 gets further"};
    return {"python3", both};
}

}  // namespace

PythonDecision choosePython(PythonChoice choice, const std::filesystem::path& stagedFile, const Interpreters& interpreters,
                            const std::filesystem::path& checkDir, const std::vector<std::filesystem::path>& hiddenPaths,
                            int groupId) {
    if (choice != PythonChoice::Auto) {
        const std::string name = choice == PythonChoice::Python2 ? "python2" : "python3";
        if (auto problem = interpreters.problemWith(name)) return {std::nullopt, *problem};
        return {name, "as configured"};
    }
    if (auto problem = interpreters.problemWith("python3")) return {std::nullopt, *problem};
    const CompileCheck three = compilesUnder(interpreters, "python3", stagedFile, checkDir, hiddenPaths, groupId);
    if (three.result == CompileResult::CheckFailed) return {std::nullopt, three.detail};
    const auto python2Problem = interpreters.problemWith("python2");
    if (three.result == CompileResult::Compiles) {
        // Python 2 programs often compile under Python 3 too (xrange, has_key, print(x)): then only a run tells.
        if (python2Problem) return {"python3", "compiles under Python 3"};
        const CompileCheck two = compilesUnder(interpreters, "python2", stagedFile, checkDir, hiddenPaths, groupId);
        if (two.result == CompileResult::CheckFailed) return {"python3", "compiles under Python 3; " + two.detail};
        if (two.result == CompileResult::DoesNotCompile) {
            return {"python3", "compiles under Python 3, not under Python 2 (" + two.detail + ")"};
        }
        return {"python3", "compiles under Python 3 and Python 2", true};
    }
    if (python2Problem) {
        return {std::nullopt, "it does not compile under Python 3 (" + three.detail + ") and may be Python 2, but " + *python2Problem};
    }
    const CompileCheck two = compilesUnder(interpreters, "python2", stagedFile, checkDir, hiddenPaths, groupId);
    if (two.result == CompileResult::CheckFailed) {
        return {std::nullopt, "it does not compile under Python 3 (" + three.detail + ") and may be Python 2, but " + two.detail};
    }
    if (two.result == CompileResult::Compiles) return {"python2", "does not compile under Python 3 (" + three.detail + "), compiles under Python 2"};
    return neitherCompiles(three, two);
}

}  // namespace plyjudge::grader
