#include "cli/program_argument.hpp"

#include <iostream>
#include <thread>

namespace plyjudge::cli {

void addProgramLimitOptions(CommandLine& cl, const std::string& unit) {
    cl.options()("python2", "run a *.py PROGRAM with python2 (same as --python 2)")(
        "python", po::value<std::string>()->default_value("auto"),
        "auto (by syntax; when both Pythons compile it, by runs of published cases, then by its Python 2 constructs), 2 or 3")(
        "interpreter", po::value<std::vector<std::string>>()->composing(),
        "NAME=PATH: run NAME (python2, python3, java, javac, g++, gcc) from PATH; repeatable")(
        "wall-seconds", po::value<double>()->default_value(10.0), ("wall-time limit per " + unit).c_str())(
        "cpu-seconds", po::value<double>()->default_value(10.0), ("CPU-time limit per " + unit).c_str())(
        "memory-mb", po::value<int>()->default_value(2048), ("memory limit per " + unit + " (what its processes use; sandbox/README.md, \"Memory\")").c_str());
}

void addJobsOption(CommandLine& cl, const char* what) {
    cl.options()("jobs,j", po::value<int>()->default_value(static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))), what);
}

grader::Interpreters interpretersOf(const po::variables_map& vm) {
    grader::Interpreters tools;
    if (!vm.count("interpreter")) return tools;
    for (const std::string& entry : vm["interpreter"].as<std::vector<std::string>>()) {
        const auto eq = entry.find('=');
        if (eq == std::string::npos || eq == 0 || entry.size() <= eq + 1 || entry[eq + 1] != '/') {
            throw UsageError("--interpreter expects NAME=/ABSOLUTE/PATH, got '" + entry + "'");
        }
        tools.paths[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
    return tools;
}

grader::ProgramSource programSourceOf(const po::variables_map& vm, const std::optional<std::filesystem::path>& programFile) {
    grader::ProgramSource source;
    if (programFile || vm.count("program")) {
        source.file = programFile ? *programFile : std::filesystem::path(vm["program"].as<std::string>());
        if (!std::filesystem::is_regular_file(*source.file)) throw UsageError("no such file: " + source.file->string());
    }
    if (vm.count("command")) source.commandTemplate = vm["command"].as<std::string>();
    if (!source.file && !source.commandTemplate) throw UsageError("give a PROGRAM file or --command");
    const std::string python = vm.count("python2") ? "2" : vm["python"].as<std::string>();
    if (python != "auto" && python != "2" && python != "3") throw UsageError("--python must be auto, 2 or 3");
    source.python = python == "2" ? grader::PythonChoice::Python2 : python == "3" ? grader::PythonChoice::Python3 : grader::PythonChoice::Auto;
    source.interpreters = interpretersOf(vm);
    return source;
}

sandbox::SandboxLimits limitsOf(const po::variables_map& vm) {
    sandbox::SandboxLimits limits;
    limits.wallSeconds = vm["wall-seconds"].as<double>();
    limits.cpuSeconds = vm["cpu-seconds"].as<double>();
    if (!(limits.wallSeconds > 0) || !(limits.cpuSeconds > 0)) throw UsageError("time limits must be > 0");
    const int memoryMb = vm["memory-mb"].as<int>();
    if (memoryMb < 1) throw UsageError("--memory-mb must be >= 1");
    limits.memoryBytes = static_cast<std::uint64_t>(memoryMb) << 20;
    return limits;
}

void noteIfNotIsolated() {
    if (!sandbox::isolationSupport().available) {
        std::cerr << "note: runs are not isolated with bubblewrap here (" << sandbox::isolationSupport().reason << ")\n";
    }
}

}  // namespace plyjudge::cli
