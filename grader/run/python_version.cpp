#include "grader/run/python_version.hpp"

#include "grader/run/compile_step.hpp"
#include "sandbox/sandbox.hpp"

namespace plyjudge::grader {

namespace {

struct CompileCheck {
    bool ran = false;       // the interpreter could be started
    bool compiles = false;
    std::string error;      // the last line of the SyntaxError
};

CompileCheck compilesUnder(const Interpreters& interpreters, const std::string& name, const std::filesystem::path& file,
                           const std::filesystem::path& checkDir, const std::vector<std::filesystem::path>& hiddenPaths,
                           int groupId) {
    CompileStep step;
    step.groupId = groupId;
    // Python 2 and 3 both read this line; compile() parses the whole file without running any of it.
    step.argv = {interpreters.commandFor(name)};
    if (name == "python2") step.argv.insert(step.argv.end(), {"-E", "-s"});
    else step.argv.push_back("-I");
    step.argv.insert(step.argv.end(), {"-c", "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')",
                                       file.string()});
    step.readOnlyPaths = interpreters.installationOf(name);
    step.readOnlyPaths.push_back(file.parent_path());
    step.hiddenPaths = hiddenPaths;
    step.limits = compileLimits(sandbox::SandboxLimits{}, false);
    step.limits.wallSeconds = 20;  // a parse: far quicker than a compiler
    step.limits.cpuSeconds = 20;
    step.limits.maxCapturedBytes = 8 << 10;
    const sandbox::RunOutcome out = runCompileStep(step, checkDir, checkDir.parent_path() / "bin").run;
    CompileCheck c;
    c.ran = !out.judgeError();
    c.compiles = out.ok();
    std::string text = out.stderrHead;
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    c.error = text.substr(text.find_last_of('\n') == std::string::npos ? 0 : text.find_last_of('\n') + 1);
    return c;
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
    if (!three.ran) return {"python3", "compiles under Python 3"};
    const bool python2Runs = !interpreters.problemWith("python2");
    if (three.compiles) {
        // Python 2 programs often compile under Python 3 too (xrange, has_key, print(x)): then only a run tells.
        if (!python2Runs) return {"python3", "compiles under Python 3"};
        if (!compilesUnder(interpreters, "python2", stagedFile, checkDir, hiddenPaths, groupId).compiles) {
            return {"python3", "compiles under Python 3, not under Python 2"};
        }
        return {"python3", "compiles under Python 3 and Python 2", true};
    }
    if (!python2Runs) {
        return {std::nullopt, "it does not compile under Python 3 (" + three.error + ") and may be Python 2, but " +
                                  *interpreters.problemWith("python2")};
    }
    const CompileCheck two = compilesUnder(interpreters, "python2", stagedFile, checkDir, hiddenPaths, groupId);
    if (two.compiles) return {"python2", "does not compile under Python 3 (" + three.error + "), compiles under Python 2"};
    return {"python3", "compiles under neither Python 3 nor Python 2"};
}

}  // namespace plyjudge::grader
