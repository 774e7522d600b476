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

}  // namespace

int runGradescopeBundle(const std::vector<std::string>& args) {
    CommandLine cl("gradescope-bundle", "gradescope-bundle ASSIGNMENT.yaml -o autograder.zip [--deb PLYJUDGE.deb] [--time-budget SECONDS]",
                   "Builds a Gradescope autograder zip for the assignment: setup.sh installs plyjudge on Gradescope's\n"
                   "image, from the .deb given with --deb (apt brings its libraries), else by building the bundled\n"
                   "source tree (--source; a build-tree plyjudge bundles its own source when there is no --deb).\n"
                   "run_autograder grades /autograder/submission on the assignment's suites and writes\n"
                   "/autograder/results/results.json (partial results if the time budget runs out).\n"
                   "Needs `zip` (Debian package zip). Exit status: 0 written, 1 I/O error, 2 bad usage or assignment.");
    cl.options()("output,o", po::value<std::string>(), "the zip file to write")(
        "deb", po::value<std::string>(), "a plyjudge .deb (scripts/package) that setup.sh installs with apt-get")(
        "time-budget", po::value<int>()->default_value(540),
        "seconds of grading before run_autograder stops and reports what it has (Gradescope's default limit is 600; 0: none)")(
        "source", po::value<std::string>(), "a plyjudge source tree that setup.sh builds when there is no .deb or it does not install");
    cl.hidden()("assignment", po::value<std::string>());
    cl.positional("assignment", 1);
    return withUsageErrors(cl, [&]() -> int {
        const auto vm = cl.parse(args);
        if (!vm) return kExitOk;
        if (!vm->count("assignment")) throw UsageError("give ASSIGNMENT.yaml");
        if (!vm->count("output")) throw UsageError("give -o autograder.zip");
        const int budget = (*vm)["time-budget"].as<int>();
        if (budget < 0) throw UsageError("--time-budget must be >= 0");
        const fs::path assignmentPath = fs::absolute((*vm)["assignment"].as<std::string>()).lexically_normal();
        const fs::path output = fs::absolute((*vm)["output"].as<std::string>());
        std::optional<fs::path> deb;
        if (vm->count("deb")) {
            deb = fs::absolute((*vm)["deb"].as<std::string>());
            if (!fs::is_regular_file(*deb) || deb->extension() != ".deb") {
                cl.error("not a .deb file: " + deb->string());
                return kExitUsage;
            }
        }
        std::optional<fs::path> source;
        if (vm->count("source")) {
            source = fs::absolute((*vm)["source"].as<std::string>());
        } else if (!deb) {
            source = sourceTreeOfBuild();
            if (!source) throw UsageError("give --deb plyjudge_VERSION_amd64.deb (an installed plyjudge has no source tree to bundle)");
        }
        if (source && !fs::is_regular_file(*source / "reports/bundle/run_autograder")) {
            cl.error("not a plyjudge source tree: " + source->string() + " (give --source)");
            return kExitUsage;
        }
        // The scripts come with the bundled source tree, else from this plyjudge's data (installed with it).
        const fs::path scripts = (source ? *source : dataDir()) / "reports/bundle";
        if (!fs::is_regular_file(scripts / "setup.sh") || !fs::is_regular_file(scripts / "run_autograder")) {
            cl.error("the Gradescope scripts are missing from " + scripts.string());
            return kExitFailed;
        }
        grader::Assignment assignment;
        try {
            assignment = grader::Assignment::load(assignmentPath);
        } catch (const std::exception& e) {
            cl.error(e.what());
            return kExitUsage;
        }
        const fs::path home = assignmentPath.parent_path();
        for (const grader::CaseSuite& suite : assignment.suites) {
            if (!isInside(fs::absolute(suite.dir).lexically_normal(), home)) {
                cl.error("suite " + suite.dir.string() + " is outside the assignment's folder " + home.string() +
                         ": move it under that folder to bundle it");
                return kExitUsage;
            }
        }
        try {
            TempDir scratch("plyjudge-bundle");
            const fs::path stage = scratch.path() / "root";
            fs::create_directories(stage / "assignment");
            fs::copy_file(scripts / "setup.sh", stage / "setup.sh");
            fs::copy_file(scripts / "run_autograder", stage / "run_autograder");
            for (const char* script : {"setup.sh", "run_autograder"}) {
                fs::permissions(stage / script, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                                    fs::perms::others_read | fs::perms::others_exec);
            }
            if (deb) fs::copy_file(*deb, stage / "plyjudge.deb");
            if (source) copySourceTree(*source, stage / "plyjudge");
            fs::copy_file(assignmentPath, stage / "assignment" / assignmentPath.filename());
            for (const grader::CaseSuite& suite : assignment.suites) {
                const fs::path rel = fs::absolute(suite.dir).lexically_normal().lexically_relative(home);
                fs::create_directories(stage / "assignment" / rel);
                fs::copy(suite.dir, stage / "assignment" / rel, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
            }
            {
                std::ofstream env(stage / "bundle.env");
                env << "# Written by plyjudge gradescope-bundle; read by run_autograder.\n"
                    << "ASSIGNMENT='assignment/" << assignmentPath.filename().string() << "'\n"
                    << "TIME_BUDGET=" << budget << "\n";
                if (!env) throw std::runtime_error("cannot write bundle.env");
            }
            const fs::path zipProgram = boost::process::search_path("zip").string();
            if (zipProgram.empty()) {
                cl.error("the zip program is missing (install the Debian package zip)");
                return kExitFailed;
            }
            // zip writes beside the target, then the archive is renamed over it: never a partial autograder.zip.
            const fs::path temporary = output.parent_path() / ("." + output.filename().string() + ".partial.zip");
            fs::remove(temporary);
            const int status = boost::process::system(zipProgram.string(), "-q", "-r", "-X", temporary.string(), ".",
                                                      boost::process::start_dir = stage.string());
            if (status != 0) {
                fs::remove(temporary);
                cl.error(fmt::format("zip failed with status {} writing {}", status, output.string()));
                return kExitFailed;
            }
            fs::rename(temporary, output);
        } catch (const std::exception& e) {
            cl.error(std::string("cannot build the bundle: ") + e.what());
            return kExitFailed;
        }
        std::cerr << "wrote " << output.string() << "\n";
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
