#include "cli/check_settings.hpp"

#include <iostream>

#include "common/escaping.hpp"
#include "grader/assignment/run_settings.hpp"
#include "grader/run/program_file.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/variant.hpp"
#include "cli/program_argument.hpp"

namespace plyjudge::cli {

using namespace plyjudge::grader;
namespace fs = std::filesystem;

namespace {

// NAME=VALUE of --setup or --collect, both relative paths that stay inside the run's folder.
std::pair<std::string, std::string> nameValue(const std::string& flag, const std::string& entry, const char* form) {
    const auto eq = entry.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == entry.size()) {
        throw UsageError("--" + flag + " expects " + form + ", got '" + entry + "'");
    }
    std::string name = entry.substr(0, eq), value = entry.substr(eq + 1);
    if (!staysInside(name) || !staysInside(value)) {
        throw UsageError("--" + flag + " " + entry + ": both sides must be relative paths inside the run's folder (no '..', not absolute)");
    }
    return {std::move(name), std::move(value)};
}

std::vector<std::string> entriesOf(const po::variables_map& vm, const char* key) {
    return vm.count(key) ? vm[key].as<std::vector<std::string>>() : std::vector<std::string>{};
}

// plyjudge.yaml in `folder`, read as a check's settings; a bad one stops the check (exit status 2).
std::optional<StudentOverride> settingsIn(const fs::path& folder) {
    try {
        std::optional<StudentOverride> settings = loadProgramSettings(folder / "plyjudge.yaml");
        if (settings) std::cerr << "note: settings read from " << terminalSafe((folder / "plyjudge.yaml").string()) << "\n";
        return settings;
    } catch (const ConfigError& e) {
        throw CommandFailure{kExitUsage, e.what()};
    }
}

// The program file of a PROGRAM folder: --file, else plyjudge.yaml's file:, else its one source file.
fs::path programInFolder(const po::variables_map& vm, const fs::path& folder, const std::optional<StudentOverride>& settings) {
    std::optional<std::string> name = settings ? settings->file : std::nullopt;
    if (vm.count("file")) name = vm["file"].as<std::string>();
    if (name && !staysInside(*name)) throw UsageError("--file " + *name + ": expected a relative path inside " + folder.string());
    std::string why;
    const std::optional<fs::path> file = findProgramFile(folder, name, why);
    if (!file) throw UsageError(why);
    return *file;
}

void applyAdjustments(const po::variables_map& vm, RunAdjustments& adjustments) {
    for (const std::string& entry : entriesOf(vm, "setup")) {
        const auto [name, from] = nameValue("setup", entry, "NAME=FROM (the program opens NAME, a copy of FROM)");
        adjustments.setup.emplace_back(from, name);
    }
    for (const std::string& entry : entriesOf(vm, "collect")) {
        const auto [name, from] = nameValue("collect", entry, "OUTPUT=PATH (the program writes OUTPUT at PATH)");
        if (name.find('/') != std::string::npos) throw UsageError("--collect " + entry + ": OUTPUT is a file name such as output.txt");
        adjustments.collect[name] = from;
    }
}

}  // namespace

ExitStatusPolicy bundledExitStatus(const Variant& variant) {
    const fs::path path = bundledCasesDir() / std::string(variant.name) / "assignment.yaml";
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return ExitStatusPolicy::Strict;
    try {
        const YamlFile file(path);
        if (file.root().IsMap() && file.root()["run"]) return parseRunSettings(file, file.root()["run"]).exitStatus;
    } catch (const ConfigError&) {
        // the bundled file is checked by ctest; a damaged installation keeps today's behaviour
    }
    return ExitStatusPolicy::Strict;
}

void addCheckSettingsOptions(CommandLine& cl) {
    cl.options()("file", po::value<std::string>(), "with a folder as PROGRAM: the program file in it (as plyjudge.yaml's file:)")(
        "setup", po::value<std::vector<std::string>>()->composing(),
        "NAME=FROM: before each run, copy FROM (e.g. input.txt) to NAME, which your program opens; repeatable")(
        "collect", po::value<std::vector<std::string>>()->composing(),
        "OUTPUT=PATH: your program writes OUTPUT (e.g. output.txt) at PATH in its folder; repeatable")(
        "exit-status", po::value<std::string>(),
        "strict (a non-zero exit status fails the case) or outputs (the files decide); default: the variant's assignment");
}

void applyCheckSettings(const po::variables_map& vm, const Variant& variant, ProgramCheckRequest& request) {
    std::error_code ec;
    const std::optional<fs::path> program = vm.count("program") ? std::optional(fs::path(vm["program"].as<std::string>())) : std::nullopt;
    const bool folderGiven = program && fs::is_directory(*program, ec);
    if (vm.count("file") && !folderGiven) throw UsageError("--file names the program inside a folder: give that folder as PROGRAM");
    // A command alone (`--command 'java -cp . homework'`) runs in a copy of the folder it is typed in, as a
    // program's folder: its files and plyjudge.yaml are that folder's.
    const fs::path folder = !program ? fs::current_path() : folderGiven ? *program : fs::absolute(*program).parent_path();
    const std::optional<StudentOverride> settings = settingsIn(folder);
    const std::optional<fs::path> file = folderGiven ? std::optional(programInFolder(vm, *program, settings)) : std::nullopt;
    request.program = programSourceOf(vm, file);
    if (folderGiven || !program) request.program.dir = folder;
    request.program.loneFolder = !program;
    if (settings) {
        if (!vm.count("command") && settings->command) request.program.commandTemplate = settings->command;
        if (vm["python"].defaulted() && !vm.count("python2") && settings->python) request.program.python = *settings->python;
        request.adjustments = settings->adjustments;
    }
    applyAdjustments(vm, request.adjustments);
    request.programName = request.program.file ? request.program.file->filename().string() : std::string("command");
    request.exitStatus = bundledExitStatus(variant);
    if (vm.count("exit-status")) {
        const std::string policy = vm["exit-status"].as<std::string>();
        if (policy != "strict" && policy != "outputs") throw UsageError("--exit-status must be strict or outputs");
        request.exitStatus = policy == "outputs" ? ExitStatusPolicy::Outputs : ExitStatusPolicy::Strict;
    }
}

}  // namespace plyjudge::cli
