#include "cli/program_argument.hpp"

namespace plyjudge::cli {

void addProgramLimitOptions(CommandLine& cl, const std::string& unit) {
    cl.options()("python2", "run a *.py PROGRAM with python2")(
        "wall-seconds", po::value<double>()->default_value(10.0), ("wall-time limit per " + unit).c_str())(
        "cpu-seconds", po::value<double>()->default_value(10.0), ("CPU-time limit per " + unit).c_str())(
        "memory-mb", po::value<int>()->default_value(2048), ("memory limit per " + unit + " (address space)").c_str());
}

grader::ProgramSource programSourceOf(const po::variables_map& vm) {
    grader::ProgramSource source;
    if (vm.count("program")) {
        source.file = vm["program"].as<std::string>();
        if (!std::filesystem::is_regular_file(*source.file)) throw UsageError("no such file: " + source.file->string());
    }
    if (vm.count("command")) source.commandTemplate = vm["command"].as<std::string>();
    if (!source.file && !source.commandTemplate) throw UsageError("give a PROGRAM file or --command");
    source.python = vm.count("python2") ? 2 : 3;
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

}  // namespace plyjudge::cli
