#include "grader/run/program.hpp"

#include <boost/program_options/parsers.hpp>

#include "grader/run/program_file.hpp"
#include "grader/run/staging.hpp"

namespace plyjudge::grader {

namespace {

void replaceAll(std::string& s, std::string_view from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
}

PrepareResult failed(Verdict verdict, std::string message) {
    PrepareResult r;
    r.failure = verdict;
    r.message = std::move(message);
    return r;
}

// Compiles with generous limits in the sandbox; a failure is the submission's (compile error) unless the
// compiler could not be started at all.
PrepareResult compile(std::vector<std::string> argv, const std::filesystem::path& buildDir,
                      const std::filesystem::path& source) {
    sandbox::RunSpec spec;
    spec.argv = std::move(argv);
    spec.workDir = buildDir;
    spec.limits.wallSeconds = 120;
    spec.limits.cpuSeconds = 120;
    spec.limits.memoryBytes = 0;
    spec.limits.maxProcesses = 64;
    spec.limits.maxOpenFiles = 256;
    spec.limits.maxCapturedBytes = 16 << 10;
    spec.readOnlyPaths = {source.parent_path()};
    const sandbox::RunOutcome out = sandbox::runSandboxed(spec);
    PrepareResult r;
    if (out.termination == sandbox::Termination::JudgeError) {
        r.failure = Verdict::JudgeError;
        r.message = "cannot run the compiler: " + out.judgeError;
    } else if (!out.ok()) {
        r.failure = Verdict::CompileError;
        r.message = out.stderrHead.empty() ? out.stdoutHead : out.stderrHead;
        if (r.message.empty()) r.message = std::string("the compiler stopped: ") + std::string(sandbox::terminationName(out.termination));
    }
    return r;
}

// A tool the run users must execute: its path, or the JudgeError saying why not and how to fix it.
std::optional<PrepareResult> unusable(const Interpreters& interpreters, const std::string& name) {
    if (auto problem = interpreters.problemWith(name)) return failed(Verdict::JudgeError, *problem);
    return std::nullopt;
}

PrepareResult fromTemplate(const ProgramSource& source, const std::string& programPath, const std::string& dirPath,
                           PreparedProgram p) {
    // Split first, substitute after: a path with spaces stays one argument.
    p.argv = boost::program_options::split_unix(*source.commandTemplate);
    for (std::string& token : p.argv) {
        replaceAll(token, "{program}", programPath);
        replaceAll(token, "{dir}", dirPath);
    }
    if (p.argv.empty()) return failed(Verdict::JudgeError, "the run command is empty");
    for (const auto& dir : source.interpreters.installationOf(p.argv[0])) p.readOnlyPaths.push_back(dir);
    p.argv[0] = source.interpreters.commandFor(p.argv[0]);
    p.interpreter = "command: " + p.argv[0];
    // Files named on the command line (a script, a solver binary) must be readable inside the sandbox.
    for (const std::string& token : p.argv) {
        std::error_code ec;
        if (token.find('/') != std::string::npos && std::filesystem::is_regular_file(token, ec)) {
            p.readOnlyPaths.push_back(std::filesystem::absolute(token));
        }
    }
    PrepareResult result;
    result.program = std::move(p);
    return result;
}

}  // namespace

std::vector<std::string> PreparedProgram::argvFor(InputConvention convention, const std::string& inputName) const {
    std::vector<std::string> out;
    bool substituted = false;
    for (std::string token : argv) {
        if (token.find("{input}") != std::string::npos) {
            replaceAll(token, "{input}", inputName);
            substituted = true;
        }
        out.push_back(std::move(token));
    }
    if (!substituted) {
        if (convention == InputConvention::DashI) {
            out.push_back("-i");
            out.push_back(inputName);
        } else if (convention == InputConvention::Positional) {
            out.push_back(inputName);
        }
    }
    return out;
}

sandbox::SandboxLimits PreparedProgram::limitsFor(const sandbox::SandboxLimits& limits) const {
    sandbox::SandboxLimits l = limits;
    if (java) l.memoryBytes = 0;  // -Xmx bounds the heap; the JVM maps gigabytes of address space it never uses
    return l;
}

std::vector<const char*> toolsFor(Language language, PythonChoice python) {
    switch (language) {
        case Language::Python: return {python == PythonChoice::Python2 ? "python2" : "python3"};
        case Language::Cpp: return {"g++"};
        case Language::Java: return {"javac", "java"};
        case Language::Unknown: break;
    }
    return {};
}

PrepareResult prepareProgram(const ProgramSource& source, const std::filesystem::path& workDir, const sandbox::SandboxLimits& limits) {
    namespace fs = std::filesystem;
    PreparedProgram p;
    std::error_code ec;
    const fs::path work = fs::absolute(workDir);
    const fs::path staged = work / "src", build = work / "bin";
    // Stage the student's folder (or, for a lone program file, the files beside it): the runs read this copy.
    std::optional<fs::path> file;
    std::string dirPath;
    try {
        if (source.dir) {
            stageFolder(*source.dir, staged, true);
            dirPath = staged.string();
            if (source.file) file = staged / fs::relative(fs::absolute(*source.file), fs::absolute(*source.dir));
        } else if (source.file) {
            // A lone program file (check, fuzz): its folder with sub-folders (helper modules, tools), unless
            // that is a large folder such as a home directory, then the files beside it only.
            const fs::path folder = fs::absolute(*source.file).parent_path();
            try {
                stageFolder(folder, staged, true, StagingLimits{64ULL << 20, 5000});
            } catch (const std::runtime_error&) {
                fs::remove_all(staged, ec);
                stageFolder(folder, staged, false);
            }
            dirPath = staged.string();
            file = staged / source.file->filename();
        }
    } catch (const std::exception& e) {
        return failed(Verdict::JudgeError, std::string("cannot stage the submission: ") + e.what());
    }
    if (!dirPath.empty()) p.readOnlyPaths.push_back(dirPath);
    if (source.commandTemplate) return fromTemplate(source, file ? file->string() : std::string(), dirPath, std::move(p));
    if (!file) return failed(Verdict::JudgeError, "neither a program file nor a command");
    fs::create_directories(build, ec);
    if (ec) return failed(Verdict::JudgeError, "cannot create " + build.string() + ": " + ec.message());
    const Interpreters& tools = source.interpreters;
    switch (languageOf(*file)) {
        case Language::Python: {
            const PythonDecision python = choosePython(source.python, *file, tools);
            if (!python.interpreter) return failed(Verdict::JudgeError, python.why);
            p.argv = {tools.commandFor(*python.interpreter), file->string()};
            for (const auto& dir : tools.installationOf(*python.interpreter)) p.readOnlyPaths.push_back(dir);
            p.interpreter = *python.interpreter + " (" + p.argv[0] + "; " + python.why + ")";
            break;
        }
        case Language::Cpp: {
            if (auto r = unusable(tools, "g++")) return *r;
            const auto binary = build / "program";
            PrepareResult c = compile({tools.commandFor("g++"), "-O2", "-std=gnu++17", "-o", binary.string(), file->string()}, build, *file);
            if (!c.message.empty()) return c;
            p.argv = {binary.string()};
            p.readOnlyPaths.push_back(build);
            p.interpreter = "g++ -O2 -std=gnu++17 (" + tools.commandFor("g++") + ")";
            break;
        }
        case Language::Java: {
            if (auto r = unusable(tools, "javac")) return *r;
            if (auto r = unusable(tools, "java")) return *r;
            PrepareResult c = compile({tools.commandFor("javac"), "-encoding", "UTF-8", "-d", build.string(), file->string()}, build, *file);
            if (!c.message.empty()) return c;
            // The class is the file's name (Java requires it for a public class).
            for (const auto& dir : tools.installationOf("java")) p.readOnlyPaths.push_back(dir);
            p.argv = {tools.commandFor("java"), "-Xss64m", "-XX:+UseSerialGC", "-cp", build.string(), file->stem().string()};
            if (limits.memoryBytes > 0) p.argv.insert(p.argv.begin() + 1, "-Xmx" + std::to_string(limits.memoryBytes >> 20) + "m");
            p.readOnlyPaths.push_back(build);
            p.java = true;
            p.interpreter = "java (" + p.argv[0] + ")";
            break;
        }
        case Language::Unknown:
            return failed(Verdict::CompileError, "cannot tell how to run " + file->filename().string() +
                                                     " (expected *.py, *.cpp, *.cc, *.cxx or *.java)");
    }
    PrepareResult result;
    result.program = std::move(p);
    return result;
}

}  // namespace plyjudge::grader
