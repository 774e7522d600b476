#include "grader/run/program.hpp"

#include <boost/program_options/parsers.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

namespace plyjudge::grader {

namespace {

bool isSourceFile(const std::filesystem::path& p) {
    const std::string ext = p.extension().string();
    return ext == ".py" || ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".java";
}

void replaceAll(std::string& s, std::string_view from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
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

bool runsAsOtherUser() { return ::geteuid() == 0; }

// Unreachable by the run uid: a judge error (the grader's set-up), never the student's fault.
std::optional<PrepareResult> unreachable(const std::filesystem::path& p) {
    if (!runsAsOtherUser() || reachableByOthers(p, false)) return std::nullopt;
    PrepareResult r;
    r.failure = Verdict::JudgeError;
    r.message = "the sandbox's run user cannot read " + p.string() +
                ": make the submissions readable by all (chmod -R a+rX) in folders others may traverse";
    return r;
}

}  // namespace

bool reachableByOthers(const std::filesystem::path& path, bool execute) {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::canonical(path, ec);
    if (ec) return false;
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0) return false;
    const bool isDir = S_ISDIR(st.st_mode);
    if (!(st.st_mode & S_IROTH) && !isDir) return false;
    if ((execute || isDir) && !(st.st_mode & S_IXOTH)) return false;
    for (std::filesystem::path dir = p.parent_path(); ; dir = dir.parent_path()) {
        if (::stat(dir.c_str(), &st) != 0 || !(st.st_mode & S_IXOTH)) return false;
        if (dir == dir.root_path()) break;
    }
    return true;
}

std::string resolveCommand(const std::string& name) {
    if (name.find('/') != std::string::npos) return name;
    const char* path = std::getenv("PATH");
    std::string first;
    std::string dirs = path ? path : "/usr/bin:/bin";
    for (std::size_t start = 0; start <= dirs.size();) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const std::filesystem::path candidate = std::filesystem::path(dirs.substr(start, end - start)) / name;
        start = end + 1;
        if (::access(candidate.c_str(), X_OK) != 0) continue;
        if (!runsAsOtherUser() || reachableByOthers(candidate, true)) return candidate.string();
        if (first.empty()) first = candidate.string();
    }
    return first.empty() ? name : first;
}

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

PrepareResult prepareProgram(const ProgramSource& source, const std::filesystem::path& buildDir, const sandbox::SandboxLimits& limits) {
    PrepareResult result;
    PreparedProgram p;
    const std::string programPath = source.file ? std::filesystem::absolute(*source.file).string() : std::string();
    const std::string dirPath = source.dir ? std::filesystem::absolute(*source.dir).string()
                                : source.file ? std::filesystem::absolute(*source.file).parent_path().string()
                                              : std::string();
    if (!dirPath.empty()) p.readOnlyPaths.push_back(dirPath);
    if (source.commandTemplate) {
        // Split first, substitute after: a path with spaces stays one argument.
        p.argv = boost::program_options::split_unix(*source.commandTemplate);
        for (std::string& token : p.argv) {
            replaceAll(token, "{program}", programPath);
            replaceAll(token, "{dir}", dirPath);
        }
        if (p.argv.empty()) {
            result.failure = Verdict::JudgeError;
            result.message = "the run command is empty";
            return result;
        }
        p.argv[0] = resolveCommand(p.argv[0]);
        // Files named on the command line (a script, a solver binary) must be readable inside the sandbox.
        for (const std::string& token : p.argv) {
            std::error_code ec;
            if (token.find('/') != std::string::npos && std::filesystem::is_regular_file(token, ec)) {
                p.readOnlyPaths.push_back(std::filesystem::absolute(token));
            }
        }
        result.program = std::move(p);
        return result;
    }
    if (!source.file) {
        result.failure = Verdict::JudgeError;
        result.message = "neither a program file nor a command";
        return result;
    }
    const std::filesystem::path file = std::filesystem::absolute(*source.file);
    const std::string ext = file.extension().string();
    if (auto r = unreachable(file)) return *r;
    std::error_code ec;
    std::filesystem::create_directories(buildDir, ec);
    if (ec) {
        result.failure = Verdict::JudgeError;
        result.message = "cannot create " + buildDir.string() + ": " + ec.message();
        return result;
    }
    const std::filesystem::path build = std::filesystem::absolute(buildDir);
    if (ext == ".py") {
        p.argv = {resolveCommand(source.python == 2 ? "python2" : "python3"), file.string()};
    } else if (ext == ".cpp" || ext == ".cc" || ext == ".cxx") {
        const auto binary = build / "program";
        PrepareResult c = compile({resolveCommand("g++"), "-O2", "-std=gnu++17", "-o", binary.string(), file.string()}, build, file);
        if (!c.message.empty()) return c;
        p.argv = {binary.string()};
        p.readOnlyPaths.push_back(build);
    } else if (ext == ".java") {
        PrepareResult c = compile({resolveCommand("javac"), "-encoding", "UTF-8", "-d", build.string(), file.string()}, build, file);
        if (!c.message.empty()) return c;
        // The class is the file's name (Java requires it for a public class).
        p.argv = {resolveCommand("java"), "-Xss64m", "-XX:+UseSerialGC", "-cp", build.string(), file.stem().string()};
        if (limits.memoryBytes > 0) p.argv.insert(p.argv.begin() + 1, "-Xmx" + std::to_string(limits.memoryBytes >> 20) + "m");
        p.readOnlyPaths.push_back(build);
        p.java = true;
    } else {
        result.failure = Verdict::CompileError;
        result.message = "cannot tell how to run " + file.filename().string() + " (expected *.py, *.cpp, *.cc or *.java)";
        return result;
    }
    result.program = std::move(p);
    return result;
}

std::optional<std::filesystem::path> findProgramFile(const std::filesystem::path& studentDir,
                                                     const std::optional<std::string>& name, std::string& why) {
    std::error_code ec;
    if (name) {
        const auto p = studentDir / *name;
        if (std::filesystem::is_regular_file(p, ec)) return p;
        why = "no file " + *name + " in " + studentDir.string();
        return std::nullopt;
    }
    for (bool recursive : {false, true}) {
        std::vector<std::filesystem::path> found;
        auto consider = [&](const std::filesystem::directory_entry& e) {
            if (e.is_regular_file(ec) && isSourceFile(e.path())) found.push_back(e.path());
        };
        if (recursive) {
            for (const auto& e : std::filesystem::recursive_directory_iterator(studentDir, ec)) consider(e);
        } else {
            for (const auto& e : std::filesystem::directory_iterator(studentDir, ec)) consider(e);
        }
        if (found.size() == 1) return found.front();
        if (found.size() > 1) {
            std::sort(found.begin(), found.end());
            why = "several program files in " + studentDir.string() + " (say which with run.file): ";
            for (const auto& f : found) why += f.filename().string() + " ";
            return std::nullopt;
        }
    }
    why = "no program file (*.py, *.cpp, *.cc, *.java) in " + studentDir.string();
    return std::nullopt;
}

}  // namespace plyjudge::grader
