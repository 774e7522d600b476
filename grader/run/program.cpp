#include "grader/run/program.hpp"

#include <unistd.h>

#include <algorithm>
#include <map>

#include "grader/run/compile_step.hpp"
#include "grader/run/languages.hpp"
#include "grader/run/program_file.hpp"
#include "grader/run/staging.hpp"
#include "grader/run/staging_failure.hpp"
#include "grader/run/student_paths.hpp"
#include "grader/run/tool_installation.hpp"

namespace plyjudge::grader {

namespace {

// Each placeholder of `token` replaced by its value in one pass (a value is never read again for placeholders).
std::string substituted(const std::string& token, const std::map<std::string, std::string>& values) {
    std::string out;
    for (std::size_t i = 0; i < token.size();) {
        const auto hit = std::find_if(values.begin(), values.end(), [&](const auto& v) { return token.compare(i, v.first.size(), v.first) == 0; });
        if (hit == values.end()) {
            out += token[i++];
            continue;
        }
        out += hit->second;
        i += hit->first.size();
    }
    return out;
}

PrepareResult failed(Verdict verdict, std::string message) {
    PrepareResult r;
    r.failure = verdict;
    r.message = std::move(message);
    return r;
}

// An interpreter's problem as a fault: its text is one already ("interpreter: ... (fix: ...)") or a plain sentence.
JudgeFault interpreterFault(const std::string& problem) {
    JudgeFault fault = judgeFaultOfMessage(problem);
    if (!problem.starts_with(judgeComponentName(fault.component) + ": ")) fault = {JudgeComponent::Interpreter, problem, ""};
    return fault;
}

// The grader's side failed: the message is the fault's line.
PrepareResult judgeFailedWith(JudgeFault fault) {
    PrepareResult r;
    r.judgeFault = std::move(fault);
    r.message = r.judgeFault->text();
    return r;
}

PrepareResult judgeFailed(JudgeComponent component, std::string what, std::string fix = "") {
    PrepareResult r;
    r.judgeFault = JudgeFault{component, std::move(what), std::move(fix)};
    r.message = r.judgeFault->text();
    return r;
}

// Compiles in the sandbox like a run (compile_step.hpp); a failure is the submission's (compile error) unless the
// compiler could not be started at all.
PrepareResult compile(CompileStep step, const std::filesystem::path& work, const std::filesystem::path& stagedSource,
                      const BuildSettings& settings, int groupId) {
    step.readOnlyPaths.push_back({stagedSource, "the staged submission"});
    step.hiddenPaths = settings.hiddenPaths;
    step.groupId = groupId;
    const CompileOutcome c = runCompileStep(step, work / "compile", work / "bin");
    const sandbox::RunOutcome& out = c.run;
    PrepareResult r;
    if (out.cancelled) {
        r.failure = Verdict::NotRun;
        r.message = "not built: the grader was stopped";
    } else if (out.judgeFault) {
        r = judgeFailed(out.judgeFault->component, "cannot run the compiler: " + out.judgeFault->what, out.judgeFault->fix);
    } else if (!out.ok()) {
        r.failure = Verdict::CompileError;
        // The compiler names the staged copy and its own folder: the student reads their own relative paths.
        r.message = withStudentPaths(out.stderrHead.empty() ? out.stdoutHead : out.stderrHead,
                                     {stagedSource, work / "compile", work / "bin"});
        if (r.message.empty() || out.termination != sandbox::Termination::Exited)
            r.message += std::string(r.message.empty() ? "" : "\n") + "the compiler stopped: " +
                         std::string(sandbox::terminationName(out.termination)) + (out.detail.empty() ? "" : " (" + out.detail + ")");
    } else if (!c.movedError.empty()) {
        r = judgeFailed(JudgeComponent::Disk, c.movedError);
    }
    return r;
}

// A tool the run users must execute: its path, or the JudgeError saying why not and how to fix it.
std::optional<PrepareResult> unusable(const Interpreters& interpreters, const std::string& name) {
    if (auto problem = interpreters.problemWith(name)) return judgeFailedWith(interpreterFault(*problem));
    return std::nullopt;
}

bool isInterpreterName(const std::string& word) { return toolSpec(word) != nullptr; }

// Why a tool a command template names may not be shown to the runs (tool_installation.hpp), or nullopt. One that is
// not installed is not asked about here: the command's run says so, as before.
std::optional<std::string> refusedTool(const Interpreters& tools, const std::string& name) {
    if (!isInterpreterName(name) && !tools.paths.count(name)) return std::nullopt;
    const std::string command = tools.commandFor(name);
    if (command.find('/') == std::string::npos || ::access(command.c_str(), X_OK) != 0) return std::nullopt;
    const std::string& refused = toolInstallation(name, command).refused;
    return refused.empty() ? std::nullopt : std::optional<std::string>(refused);
}

// Each installation of the tools `names`, asked of each tool (tool_installation.hpp), readable by the runs.
void addInstallations(std::vector<sandbox::ReadablePath>& paths, const Interpreters& tools, const std::vector<std::string>& names) {
    for (const std::string& name : names)
        for (const auto& dir : tools.installationOf(name)) paths.push_back({dir, "the installation of " + name + ", asked of the tool"});
}

// A command template: plain ones run directly (their words, placeholders substituted per run), ones with shell
// syntax through /bin/sh -c (command_template.hpp). A first word naming an interpreter runs the chosen one.
PrepareResult fromTemplate(const ProgramSource& source, PreparedProgram p) {
    CommandTemplate command;
    try {
        command = parseCommandTemplate(*source.commandTemplate);
    } catch (const std::invalid_argument& e) {
        return judgeFailed(JudgeComponent::Setting, e.what());
    }
    p.argv = command.words;
    if (command.shell) {
        for (const CommandWord& word : command.commandWords) {
            if (!isInterpreterName(word.text)) continue;  // `cd`, `echo`: the shell's own
            if (auto refused = refusedTool(source.interpreters, word.text)) return judgeFailedWith(judgeFaultOfMessage(*refused));
            addInstallations(p.readOnlyPaths, source.interpreters, {word.text});
            if (const std::string path = source.interpreters.commandFor(word.text); path != word.text)
                p.shellInterpreters[word.text] = path;
        }
        p.interpreter = "command (sh -c): " + command.text;
        p.shellCommand = std::move(command);
    } else {
        if (auto refused = refusedTool(source.interpreters, p.argv[0])) return judgeFailedWith(judgeFaultOfMessage(*refused));
        addInstallations(p.readOnlyPaths, source.interpreters, {p.argv[0]});
        p.argv[0] = source.interpreters.commandFor(p.argv[0]);
        p.interpreter = "command: " + p.argv[0];
    }
    // Files the command names (a script, a solver binary, a TA's wrapper), read from its words before placeholders are
    // filled: readable in the sandbox with their folder (Python imports the modules beside a script, a wrapper calls its
    // helpers). Never from a rendered line, which holds the student's paths (sandbox/bubblewrap.cpp:namedFiles).
    // A word of the template, and each word inside one (`sh -c '/srv/tools/run.sh {input}'`: split at blanks, quotes and
    // the shell's operators; a word that is no file is passed over).
    auto declare = [&p](const std::string& word) {
        std::error_code ec;
        if (word.find('/') == std::string::npos || !std::filesystem::is_regular_file(word, ec)) return;
        const std::filesystem::path file = std::filesystem::absolute(word).lexically_normal();
        p.readOnlyPaths.push_back({file, "named by the command template: " + word});
        if (file.parent_path() != file.root_path())
            p.readOnlyPaths.push_back({file.parent_path(), "the folder of a file the command template names"});
    };
    for (const std::string& token : p.argv) {
        declare(token);
        std::size_t start = 0;
        for (std::size_t i = 0; i <= token.size(); ++i) {
            if (i < token.size() && std::string_view(" \t\n'\";|&<>()=`").find(token[i]) == std::string_view::npos) continue;
            if (i > start && i - start < token.size()) declare(token.substr(start, i - start));
            start = i + 1;
        }
    }
    PrepareResult result;
    result.program = std::move(p);
    return result;
}

// The staged copy of the program that the runs read, and the program file in it.
struct Staged {
    std::optional<std::filesystem::path> file;
    std::string dirPath;  // the staged folder; empty when nothing was staged
};

// A lone folder (check's program file's folder, or the folder a command alone is typed in): with its sub-folders
// (helper modules, tools), unless it is a large folder such as a home directory, then its top level only; a
// command alone in a folder that cannot be read (`/` for an unprivileged user) runs in an empty one.
void stageLoneFolder(const std::filesystem::path& folder, const std::filesystem::path& staged, bool mayBeEmpty) {
    std::error_code ec;
    try {
        stageFolder(folder, staged, true, StagingLimits{64ULL << 20, 5000});
        return;
    } catch (const std::runtime_error&) {
        std::filesystem::remove_all(staged, ec);
    }
    try {
        stageFolder(folder, staged, false);
    } catch (const std::runtime_error&) {
        if (!mayBeEmpty) throw;
        std::filesystem::remove_all(staged, ec);
        std::filesystem::create_directories(staged);
    }
}

// Stages the student's folder (or, for a lone program file, the files beside it) into `staged`. Throws what
// staging throws (staging_failure.hpp tells whose fault it is).
Staged stageProgram(const ProgramSource& source, const std::filesystem::path& staged) {
    namespace fs = std::filesystem;
    Staged s;
    if (source.dir && source.loneFolder) {
        stageLoneFolder(*source.dir, staged, !source.file);
        s.dirPath = staged.string();
    } else if (source.dir) {
        stageFolder(*source.dir, staged, true);
        s.dirPath = staged.string();
        if (source.file) s.file = staged / fs::relative(fs::absolute(*source.file), fs::absolute(*source.dir));
    } else if (source.file) {
        stageLoneFolder(fs::absolute(*source.file).parent_path(), staged, false);
        s.dirPath = staged.string();
        s.file = staged / source.file->filename();
    }
    return s;
}

// Where the program is built: work (compile/ inside), the staged source, bin/ for what the build leaves.
struct BuildPlace {
    std::filesystem::path work, staged, build;
    const BuildSettings& settings;
};

// The values of a language table command's placeholders (languages.hpp).
struct CommandValues {
    const Interpreters& tools;
    std::string python;  // a Python file: the interpreter chosen for it ({tool:python})
    std::filesystem::path source, build;
    std::uint64_t memoryBytes = 0;
};

std::vector<std::string> filled(const std::vector<std::string>& words, const CommandValues& v) {
    std::vector<std::string> out;
    for (const std::string& word : words) {
        if (word == "{heap}") {
            if (v.memoryBytes > 0) out.push_back("-Xmx" + std::to_string(v.memoryBytes >> 20) + "m");
        } else if (word.starts_with("{tool:")) {
            const std::string name = word.substr(6, word.size() - 7);
            out.push_back(v.tools.commandFor(name == "python" ? v.python : name));
        } else {
            out.push_back(substituted(word, {{"{source}", v.source.string()}, {"{build}", v.build.string()},
                                             {"{class}", v.source.stem().string()}}));
        }
    }
    return out;
}

// The tools a table command names ({tool:NAME}; python: the chosen one).
std::vector<std::string> toolsNamed(const std::vector<std::string>& words, const std::string& python) {
    std::vector<std::string> names;
    for (const std::string& word : words)
        if (word.starts_with("{tool:")) names.push_back(word == "{tool:python}" ? python : word.substr(6, word.size() - 7));
    return names;
}


// A Python file: runs with the interpreter its syntax asks for (python_version.hpp); nothing to build.
std::optional<PrepareResult> usePython(PreparedProgram& p, const ProgramSource& source, const std::filesystem::path& file,
                                       const BuildPlace& place) {
    const Interpreters& tools = source.interpreters;
    const PythonDecision python = choosePython(source.python, file, tools, place.work / "python-check",
                                               place.settings.hiddenPaths, p.group.gid);
    if (!python.interpreter) return judgeFailedWith(interpreterFault(python.why));
    const LanguageSpec& spec = *languageSpec(Language::Python);
    // The run's copy of the program, by its absolute path.
    p.argv = filled(spec.run, CommandValues{tools, *python.interpreter, "{program}", {}});
    addInstallations(p.readOnlyPaths, tools, {*python.interpreter});
    p.interpreter = *python.interpreter + " (" + p.argv[0] + "; " + python.why + ")";
    p.python = *python.interpreter;
    p.pythonUndecided = python.bothCompile;
    p.interpreterReason = python.why;
    const std::string other = p.python == "python3" ? "python2" : "python3";
    if (!tools.problemWith(other)) {
        p.otherPython = OtherInterpreter{other, tools.commandFor(other), {}};
        addInstallations(p.otherPython->readOnlyPaths, tools, {other});
    }
    return std::nullopt;
}

// A file of a compiled language (C++, C, Java: languages.hpp): compiled once in the sandbox, its outputs moved to
// bin/, then run by the table's run command.
std::optional<PrepareResult> compileByTable(PreparedProgram& p, const LanguageSpec& spec, const Interpreters& tools,
                                            const std::filesystem::path& file, const BuildPlace& place) {
    for (const std::string& tool : toolsOf(spec))
        if (auto r = unusable(tools, tool)) return *r;
    const CommandValues values{tools, "", file, place.build, place.settings.limits.memoryBytes};
    CompileStep step{filled(spec.compile, values), {}, {}, compileLimits(place.settings.limits, spec.compileMemory == MemoryModel::JvmHeap),
                     [&spec](const std::filesystem::path& f) { return isCompiledOutput(spec, f); }};
    addInstallations(step.readOnlyPaths, tools, toolsNamed(spec.compile, ""));
    PrepareResult c = compile(std::move(step), place.work, place.staged, place.settings, p.group.gid);
    if (!c.message.empty()) return c;
    p.argv = filled(spec.run, values);
    const std::vector<std::string> runTools = toolsNamed(spec.run, "");
    addInstallations(p.readOnlyPaths, tools, runTools);
    p.readOnlyPaths.push_back({place.build, "its build folder (what the compile step made)"});
    p.memory = spec.memory;
    const std::string shownTool = runTools.empty() ? toolsNamed(spec.compile, "").front() : runTools.front();
    p.interpreter = std::string(spec.describe) + " (" + tools.commandFor(shownTool) + ")";
    return std::nullopt;
}

}  // namespace

std::vector<std::string> PreparedProgram::argvFor(InputConvention convention, const std::string& inputName,
                                                  const std::filesystem::path& runCopy) const {
    const std::filesystem::path dir = runCopy.empty() ? stagedDir : runCopy;
    std::map<std::string, std::string> values{{"{input}", inputName}};
    if (!dir.empty()) values["{dir}"] = dir.string();
    if (!dir.empty() && !programFile.empty()) values["{program}"] = (dir / programFile).string();
    std::vector<std::string> appended;
    bool namesInput = false;
    for (const std::string& word : argv) namesInput = namesInput || word.find("{input}") != std::string::npos;
    if (!namesInput && convention == InputConvention::DashI) appended = {"-i", inputName};
    if (!namesInput && convention == InputConvention::Positional) appended = {inputName};
    if (shellCommand) return {"/bin/sh", "-c", renderShellCommand(*shellCommand, values, shellInterpreters, appended)};
    std::vector<std::string> out;
    for (const std::string& token : argv) out.push_back(substituted(token, values));
    out.insert(out.end(), appended.begin(), appended.end());
    return out;
}

sandbox::SandboxLimits PreparedProgram::limitsFor(const sandbox::SandboxLimits& limits) const {
    sandbox::SandboxLimits l = limits;
    if (memory == MemoryModel::JvmHeap) {
        // -Xmx bounds the heap. Its tree (where cgroups are had) gets the heap plus what the JVM needs around it
        // (metaspace, code cache, thread stacks); without cgroups the sandbox sizes the address space for a JVM
        // (sandbox/limits.hpp:addressSpaceFor), so memoryBytes stays.
        l.treeMemoryBytes = l.memoryBytes ? l.memoryBytes + kJvmHeadroom : 0;
    }
    return l;
}

std::vector<const char*> toolsFor(Language language, PythonChoice python) {
    if (language == Language::Python) return {python == PythonChoice::Python2 ? "python2" : "python3"};
    const LanguageSpec* spec = languageSpec(language);
    std::vector<const char*> names;
    // The table's names are string literals: their data() is a C string.
    if (spec)
        for (const std::string& tool : toolsOf(*spec)) names.push_back(toolSpec(tool)->name.data());
    return names;
}

PrepareResult prepareProgram(const ProgramSource& source, const std::filesystem::path& workDir, const BuildSettings& settings) {
    namespace fs = std::filesystem;
    PreparedProgram p;
    const fs::path work = fs::absolute(workDir);
    const BuildPlace place{work, work / "src", work / "bin", settings};
    Staged staged;
    try {
        staged = stageProgram(source, place.staged);
    } catch (const std::exception& e) {
        const StagingFailure why = stagingFailure(e);  // the submission's fault unless the host ran out of something
        if (why.judgeFault) return judgeFailed(why.judgeFault->component, why.judgeFault->what, why.judgeFault->fix);
        return failed(why.verdict, why.message);
    }
    // The runs read their own copy of the staged folder (run_steps.hpp), never the staged one.
    if (!staged.dirPath.empty()) p.stagedDir = staged.dirPath;
    if (staged.file) p.programFile = staged.file->lexically_relative(place.staged);
    // A root grader without bubblewrap: the staged files are this student's group's alone (sandbox::studentGroup).
    p.group = sandbox::studentGroup();
    if (p.group.gid >= 0 && !staged.dirPath.empty()) restrictToGroup(place.staged, p.group.gid);
    if (source.commandTemplate) return fromTemplate(source, std::move(p));
    if (!staged.file) return judgeFailed(JudgeComponent::Grader, "neither a program file nor a command");
    const fs::path& file = *staged.file;
    std::error_code ec;
    fs::create_directories(place.build, ec);
    if (ec) return judgeFailed(JudgeComponent::Disk, "cannot create " + place.build.string() + ": " + ec.message());
    const LanguageSpec* spec = languageSpec(languageOf(file));
    if (!spec)
        return failed(Verdict::CompileError, "cannot tell how to run " + file.filename().string() + " (expected " + extensionList("or") + ")");
    const std::optional<PrepareResult> failure = spec->compile.empty() ? usePython(p, source, file, place)
                                                                       : compileByTable(p, *spec, source.interpreters, file, place);
    if (failure) return *failure;
    if (p.group.gid >= 0) restrictToGroup(place.build, p.group.gid);
    PrepareResult result;
    result.program = std::move(p);
    return result;
}

}  // namespace plyjudge::grader
