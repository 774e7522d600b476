// `plyjudge gradescope-bundle ASSIGNMENT.yaml -o autograder.zip [--deb PLYJUDGE.deb]`: a ready Gradescope autograder.
//
// The zip holds, at its root: setup.sh and run_autograder (reports/bundle/), bundle.env (which assignment,
// the time budget), plyjudge.deb (--deb: the package setup.sh installs with apt) and/or plyjudge/ (a source
// tree setup.sh builds when there is no package or it does not install) and assignment/ (the assignment file
// and its suites, at the same relative places). The archive is made by Debian's `zip` (Info-ZIP): it keeps the
// scripts' execute permission, which Gradescope needs, and no zip library is among plyjudge's dependencies.
#include <fmt/format.h>

#include <boost/process.hpp>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "common/data_dir.hpp"
#include "grader/assignment/assignment.hpp"
#include "grader/config/yaml_support.hpp"
#include "common/temp_dir.hpp"
#include "reports/report_formats.hpp"

namespace plyjudge::cli {

namespace fs = std::filesystem;

namespace {

// The source tree without version control, build folders or editor leftovers.
void copySourceTree(const fs::path& from, const fs::path& to) {
    fs::create_directories(to);
    for (const auto& entry : fs::directory_iterator(from)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with(".") || name.starts_with("build") || name == "Testing") continue;
        fs::copy(entry.path(), to / name, fs::copy_options::recursive | fs::copy_options::skip_symlinks);
    }
}

// Whether `inner` lies inside `outer` (both absolute and normal).
bool isInside(const fs::path& inner, const fs::path& outer) {
    const fs::path rel = inner.lexically_relative(outer);
    return !rel.empty() && *rel.begin() != "..";
}

// What the command line asks for, checked.
struct BundleSettings {
    fs::path assignmentPath;  // absolute and normal
    fs::path output;          // the zip
    int timeBudget = 0;
    std::optional<fs::path> deb;     // the package setup.sh installs
    std::optional<fs::path> source;  // the source tree setup.sh builds
};

void declareBundleOptions(CommandLine& cl) {
    cl.options()("output,o", po::value<std::string>(), "the zip file to write")(
        "deb", po::value<std::string>(), "a plyjudge .deb (scripts/package) that setup.sh installs with apt-get")(
        "time-budget", po::value<int>()->default_value(540),
        "seconds of grading before run_autograder stops and reports what it has (Gradescope's default limit is 600; 0: none)")(
        "source", po::value<std::string>(), "a plyjudge source tree that setup.sh builds when there is no .deb or it does not install");
    cl.hidden()("assignment", po::value<std::string>());
    cl.positional("assignment", 1);
}

// --deb, which must name a .deb file.
std::optional<fs::path> debOf(const po::variables_map& vm) {
    if (!vm.count("deb")) return std::nullopt;
    const fs::path deb = fs::absolute(vm["deb"].as<std::string>());
    if (!fs::is_regular_file(deb) || deb.extension() != ".deb") throw CommandFailure{kExitUsage, "not a .deb file: " + deb.string()};
    return deb;
}

// --source, else (without a .deb) the source tree this plyjudge was built from; it must be a plyjudge source tree.
std::optional<fs::path> sourceOf(const po::variables_map& vm, const std::optional<fs::path>& deb) {
    std::optional<fs::path> source;
    if (vm.count("source")) {
        source = fs::absolute(vm["source"].as<std::string>());
    } else if (!deb) {
        source = sourceTreeOfBuild();
        if (!source) throw UsageError("give --deb plyjudge_VERSION_amd64.deb (an installed plyjudge has no source tree to bundle)");
    }
    if (source && !fs::is_regular_file(*source / "reports/bundle/run_autograder")) {
        throw CommandFailure{kExitUsage, "not a plyjudge source tree: " + source->string() + " (give --source)"};
    }
    return source;
}

BundleSettings bundleSettingsOf(const po::variables_map& vm) {
    if (!vm.count("assignment")) throw UsageError("give ASSIGNMENT.yaml");
    if (!vm.count("output")) throw UsageError("give -o autograder.zip");
    BundleSettings settings;
    settings.timeBudget = vm["time-budget"].as<int>();
    if (settings.timeBudget < 0) throw UsageError("--time-budget must be >= 0");
    settings.assignmentPath = fs::absolute(vm["assignment"].as<std::string>()).lexically_normal();
    settings.output = fs::absolute(vm["output"].as<std::string>());
    settings.deb = debOf(vm);
    settings.source = sourceOf(vm, settings.deb);
    return settings;
}

// The folder of setup.sh and run_autograder: the bundled source tree's, else this plyjudge's data (installed with it).
fs::path bundleScriptsOf(const std::optional<fs::path>& source) {
    const fs::path scripts = (source ? *source : dataDir()) / "reports/bundle";
    if (!fs::is_regular_file(scripts / "setup.sh") || !fs::is_regular_file(scripts / "run_autograder")) {
        throw CommandFailure{kExitFailed, "the Gradescope scripts are missing from " + scripts.string()};
    }
    return scripts;
}

// The assignment, whose suites must lie in its folder: the bundle keeps their places relative to it.
grader::Assignment loadBundledAssignment(const fs::path& assignmentPath) {
    grader::Assignment assignment;
    try {
        assignment = grader::Assignment::load(assignmentPath);
    } catch (const std::exception& e) {
        throw CommandFailure{kExitUsage, e.what()};
    }
    const fs::path home = assignmentPath.parent_path();
    for (const grader::CaseSuite& suite : assignment.suites) {
        if (!isInside(fs::absolute(suite.dir).lexically_normal(), home)) {
            throw CommandFailure{kExitUsage, "suite " + suite.dir.string() + " is outside the assignment's folder " +
                                                 home.string() + ": move it under that folder to bundle it"};
        }
    }
    return assignment;
}

// The zip's contents, in stage: the scripts (executable), the package and/or the source tree, the assignment and
// its suites, bundle.env.
void stageBundle(const BundleSettings& settings, const fs::path& scripts, const grader::Assignment& assignment,
                 const fs::path& stage) {
    fs::create_directories(stage / "assignment");
    fs::copy_file(scripts / "setup.sh", stage / "setup.sh");
    fs::copy_file(scripts / "run_autograder", stage / "run_autograder");
    for (const char* script : {"setup.sh", "run_autograder"}) {
        fs::permissions(stage / script, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                            fs::perms::others_read | fs::perms::others_exec);
    }
    if (settings.deb) fs::copy_file(*settings.deb, stage / "plyjudge.deb");
    if (settings.source) copySourceTree(*settings.source, stage / "plyjudge");
    const fs::path home = settings.assignmentPath.parent_path();
    fs::copy_file(settings.assignmentPath, stage / "assignment" / settings.assignmentPath.filename());
    for (const grader::CaseSuite& suite : assignment.suites) {
        const fs::path rel = fs::absolute(suite.dir).lexically_normal().lexically_relative(home);
        fs::create_directories(stage / "assignment" / rel);
        fs::copy(suite.dir, stage / "assignment" / rel, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    }
    std::ofstream env(stage / "bundle.env");
    env << "# Written by plyjudge gradescope-bundle; read by run_autograder.\n"
        << "ASSIGNMENT='assignment/" << settings.assignmentPath.filename().string() << "'\n"
        << "TIME_BUDGET=" << settings.timeBudget << "\n";
    if (!env) throw std::runtime_error("cannot write bundle.env");
}

// Zips the folder stage into output with Info-ZIP's zip.
void zipFolder(const fs::path& stage, const fs::path& output) {
    const fs::path zipProgram = boost::process::search_path("zip").string();
    if (zipProgram.empty()) throw CommandFailure{kExitFailed, "the zip program is missing (install the Debian package zip)"};
    // zip writes beside the target, then the archive is renamed over it: never a partial autograder.zip.
    const fs::path temporary = output.parent_path() / ("." + output.filename().string() + ".partial.zip");
    fs::remove(temporary);
    const int status = boost::process::system(zipProgram.string(), "-q", "-r", "-X", temporary.string(), ".",
                                              boost::process::start_dir = stage.string());
    if (status != 0) {
        fs::remove(temporary);
        throw CommandFailure{kExitFailed, fmt::format("zip failed with status {} writing {}", status, output.string())};
    }
    fs::rename(temporary, output);
}

void buildBundle(const BundleSettings& settings, const fs::path& scripts, const grader::Assignment& assignment) {
    try {
        TempDir scratch("plyjudge-bundle");
        const fs::path stage = scratch.path() / "root";
        stageBundle(settings, scripts, assignment, stage);
        zipFolder(stage, settings.output);
    } catch (const std::exception& e) {
        throw CommandFailure{kExitFailed, std::string("cannot build the bundle: ") + e.what()};
    }
}

}  // namespace

int runGradescopeBundle(const std::vector<std::string>& args) {
    CommandLine cl("gradescope-bundle", "gradescope-bundle ASSIGNMENT.yaml -o autograder.zip [--deb PLYJUDGE.deb] [--time-budget SECONDS]",
                   "Builds a Gradescope autograder zip for the assignment: setup.sh installs plyjudge on Gradescope's\n"
                   "image, from the .deb given with --deb (apt brings its libraries), else by building the bundled\n"
                   "source tree (--source; a build-tree plyjudge bundles its own source when there is no --deb).\n"
                   "run_autograder grades /autograder/submission on the assignment's suites and writes\n"
                   "/autograder/results/results.json (partial results if the time budget runs out).\n"
                   "Needs `zip` (Debian package zip). Exit status: 0 written, 1 I/O error, 2 bad usage or assignment.");
    declareBundleOptions(cl);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        const BundleSettings settings = bundleSettingsOf(*vm);
        const fs::path scripts = bundleScriptsOf(settings.source);
        const grader::Assignment assignment = loadBundledAssignment(settings.assignmentPath);
        buildBundle(settings, scripts, assignment);
        std::cerr << "wrote " << settings.output.string() << "\n";
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
