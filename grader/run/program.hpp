// How a submission is started: a command template, or inferred from its source file (*.py with Python 2 or
// 3, *.cpp/*.cc compiled once with g++ -O2, *.java compiled once with javac). The submission is staged
// first (staging.hpp): everything runs from the grader's own copy.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grader/results/verdict.hpp"
#include "grader/run/interpreters.hpp"
#include "grader/run/program_file.hpp"
#include "grader/run/python_version.hpp"
#include "sandbox/sandbox.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

struct ProgramSource {
    std::optional<std::string> commandTemplate;  // "{program}", "{dir}", "{input}" are substituted
    std::optional<std::filesystem::path> file;   // the source file, if any
    std::optional<std::filesystem::path> dir;    // the submission's folder (staged whole), if any
    PythonChoice python = PythonChoice::Auto;
    Interpreters interpreters;
};

struct PreparedProgram {
    std::vector<std::string> argv;  // may hold "{input}" tokens
    std::vector<std::filesystem::path> readOnlyPaths;
    bool java = false;              // the JVM reserves far more address space than it uses
    std::string interpreter;        // what runs it, for people: "python2 (/usr/bin/python2.7)", "g++ -O2", "command"

    // The command line for one run whose input file is `inputName` in the working directory: {input}
    // substituted, or the variant's convention appended (-i input.txt, input.txt, or nothing).
    std::vector<std::string> argvFor(InputConvention convention, const std::string& inputName) const;
    // The limits to run it with (Java: the heap is limited with -Xmx instead of the address space).
    sandbox::SandboxLimits limitsFor(const sandbox::SandboxLimits& limits) const;
};

struct PrepareResult {
    std::optional<PreparedProgram> program;
    Verdict failure = Verdict::CompileError;  // when !program: CompileError, NoProgram or JudgeError
    std::string message;                      // compiler messages (head) or why
};

// The interpreters and compilers a program of `language` needs, to check before the first run (Auto
// Python: python3; python2 is checked when a program turns out to need it).
std::vector<const char*> toolsFor(Language language, PythonChoice python);

// Stages the submission into workDir/src and builds it once into workDir/bin (created). Never throws for
// the submission's faults.
PrepareResult prepareProgram(const ProgramSource& source, const std::filesystem::path& workDir, const sandbox::SandboxLimits& limits);

}  // namespace plyjudge::grader
