// How a submission is started: a command template, or inferred from its source file (*.py with python3 or
// python2, *.cpp/*.cc compiled once with g++ -O2, *.java compiled once with javac).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sandbox/sandbox.hpp"
#include "reference/variant.hpp"
#include "grader/run/verdict.hpp"

namespace plyjudge::grader {

struct ProgramSource {
    std::optional<std::string> commandTemplate;  // "{program}", "{dir}", "{input}" are substituted
    std::optional<std::filesystem::path> file;   // the source file, if any
    std::optional<std::filesystem::path> dir;    // the submission's folder (readable by the program), if any
    int python = 3;
};

struct PreparedProgram {
    std::vector<std::string> argv;  // may hold "{input}" tokens
    std::vector<std::filesystem::path> readOnlyPaths;
    bool java = false;              // the JVM reserves far more address space than it uses

    // The command line for one run whose input file is `inputName` in the working directory: {input}
    // substituted, or the variant's convention appended (-i input.txt, input.txt, or nothing).
    std::vector<std::string> argvFor(InputConvention convention, const std::string& inputName) const;
    // The limits to run it with (Java: the heap is limited with -Xmx instead of the address space).
    sandbox::SandboxLimits limitsFor(const sandbox::SandboxLimits& limits) const;
};

struct PrepareResult {
    std::optional<PreparedProgram> program;
    Verdict failure = Verdict::CompileError;  // when !program: CompileError or JudgeError
    std::string message;                      // compiler messages (head) or why
};

// Builds the program once into buildDir (created if needed). Never throws for the submission's faults.
PrepareResult prepareProgram(const ProgramSource& source, const std::filesystem::path& buildDir,
                             const sandbox::SandboxLimits& limits);

// Whether an unprivileged user can reach `path` (every folder above it traversable by others, the file
// readable, or executable when `execute`). A root grader runs each program as a uid of its own, which
// needs exactly that (see sandbox/README.md).
bool reachableByOthers(const std::filesystem::path& path, bool execute);

// `name` looked up in PATH, preferring a copy that an unprivileged run uid can execute when we are root
// (e.g. /usr/bin/python3 rather than a pyenv shim under /root). A name with a '/' is returned as is.
std::string resolveCommand(const std::string& name);

// The program file in a student's folder: `name` if given, else the one source file (*.py, *.cpp, *.cc,
// *.java) at its top level, else the one found below it. nullopt with `why` when none or several.
std::optional<std::filesystem::path> findProgramFile(const std::filesystem::path& studentDir,
                                                     const std::optional<std::string>& name, std::string& why);

}  // namespace plyjudge::grader
