// How a submission is started: a command template, or inferred from its source file by the language table
// (languages.hpp: *.py with Python 2 or 3, *.cpp/*.cc/*.cxx compiled once with g++ -O2, *.c with gcc, *.java with
// javac). The submission is staged
// first (staging.hpp): everything runs from the grader's own copy, and compiling is a run (compile_step.hpp).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grader/explain/experiment_budget.hpp"
#include "common/command_template.hpp"
#include "grader/results/verdict.hpp"
#include "grader/run/interpreters.hpp"
#include "grader/run/languages.hpp"
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
    bool loneFolder = false;  // `dir` is check's folder of a command alone: staged as a lone program's (program.cpp)
};

// An interpreter the program could also run with, for the explanation by experiment (grader/explain/experiments).
struct OtherInterpreter {
    std::string name;     // "python2" or "python3"
    std::string command;  // its path
    std::vector<sandbox::ReadablePath> readOnlyPaths;  // its installation, where the runs must see it
};

struct PreparedProgram {
    std::vector<std::string> argv;  // may hold "{input}", "{program}" and "{dir}" tokens
    // A command with shell syntax (command_template.hpp): run as /bin/sh -c, its placeholders quoted per run; argv is
    // then its words, for naming what it runs.
    std::optional<CommandTemplate> shellCommand;
    std::map<std::string, std::string> shellInterpreters;  // a shell command's interpreter names -> the chosen paths
    // The run layout (run_steps.hpp): the staged submission folder is copied whole into each run's folder, and the
    // program starts in its own folder there.
    std::filesystem::path stagedDir;    // the staged folder; empty when nothing was staged (a command alone)
    std::filesystem::path programFile;  // the program file, relative to stagedDir; empty when there is none
    std::vector<sandbox::ReadablePath> readOnlyPaths;  // what its runs read besides the system, each with its reason
    MemoryModel memory = MemoryModel::AddressSpace;  // Java: -Xmx (the JVM reserves far more address space than it uses)
    sandbox::StudentGroup group;    // the group its staged files belong to (a root grader without bubblewrap)
    std::string interpreter;        // what runs it, for people: "python2 (/usr/bin/python2.7)", "g++ -O2", "command"
    std::string python;             // a Python file: "python2" or "python3" (argv[0] runs it); else ""
    std::optional<OtherInterpreter> otherPython;  // a Python file: the other Python, when the runs can execute it
    // A Python file that compiles under both Pythons (python_version.hpp): the grading run picks one by running a
    // case under both (python_trial.hpp), which clears this. `interpreterReason`: why this interpreter, for people.
    bool pythonUndecided = false;
    std::string interpreterReason;
    // The student's explanation-by-experiment reruns so far, shared by every case run with this program.
    std::shared_ptr<ExperimentSpending> experimentSpending = std::make_shared<ExperimentSpending>();

    // The command line for one run whose input file is `inputName` in the working directory: {input}
    // substituted, or the variant's convention appended (-i input.txt, input.txt, or nothing); {program} and {dir}
    // are the copies in `runCopy` (the run's copy of stagedDir), or the staged ones when it is empty.
    std::vector<std::string> argvFor(InputConvention convention, const std::string& inputName,
                                      const std::filesystem::path& runCopy = {}) const;
    // The folder the program starts in, relative to the run's copy: the program file's own folder.
    std::filesystem::path startFolder() const { return programFile.parent_path(); }
    // The limits to run it with (Java: the heap is limited with -Xmx instead of the address space).
    sandbox::SandboxLimits limitsFor(const sandbox::SandboxLimits& limits) const;
};

struct PrepareResult {
    std::optional<PreparedProgram> program;
    Verdict failure = Verdict::CompileError;  // when !program and no judge fault: CompileError, NoProgram or NotRun
    std::string message;                      // compiler messages (head) or why
    // When !program: the grader's side failed (a tool that cannot be executed or whose installation is refused, the
    // compiler that could not start, the disk): no verdict of the student's.
    std::optional<JudgeFault> judgeFault;
};

// The interpreters and compilers a program of `language` needs, to check before the first run (Auto
// Python: python3; python2 is checked when a program turns out to need it).
std::vector<const char*> toolsFor(Language language, PythonChoice python);

// What a build shares with the runs: their limits (a compile step's are derived from them, compile_step.hpp) and the
// paths hidden from them.
struct BuildSettings {
    sandbox::SandboxLimits limits;
    std::vector<std::filesystem::path> hiddenPaths;
    BuildSettings(const sandbox::SandboxLimits& l = {}, std::vector<std::filesystem::path> hidden = {})
        : limits(l), hiddenPaths(std::move(hidden)) {}
};

// Stages the submission into workDir/src and builds it once into workDir/bin (created): every compile step runs in
// the sandbox like the program (compile_step.hpp). Never throws for the submission's faults.
PrepareResult prepareProgram(const ProgramSource& source, const std::filesystem::path& workDir, const BuildSettings& settings);

}  // namespace plyjudge::grader
