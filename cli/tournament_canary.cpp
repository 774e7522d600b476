#include "cli/tournament_canary.hpp"

#include <filesystem>

#include "common/data_dir.hpp"
#include "common/temp_dir.hpp"
#include "grader/grade/canary.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/variant.hpp"

namespace plyjudge::cli {

namespace {

// The program file a player's interpreter would run, by the interpreter's name ("python3.11" -> "p.py"), or "".
std::string programFileFor(const std::string& interpreter) {
    const std::string name = std::filesystem::path(interpreter).filename().string();
    if (name.rfind("python", 0) == 0) return "p.py";
    if (name == "java") return "P.java";
    return "";
}

}  // namespace

std::string runTournamentCanary(const referee::TournamentConfig& config) {
    using namespace grader;
    // The canary's case: the first published case of a variant the reference solves (the players' own game is
    // played live and has none); its protocol differs, the sandbox and the interpreters are the same.
    const Variant* variant = findVariant("starcircle");
    const auto dirs = variant ? suiteDirsOf(plyjudge::bundledCasesDir(), variant->name) : std::vector<std::filesystem::path>{};
    if (dirs.empty()) return "";
    const CaseSuite suite = CaseSuite::load(dirs.front());
    if (suite.cases.empty()) return "";
    TempDir scratch("plyjudge-canary", 0711);
    GradingJob job;
    job.context.variantName = variant->name;
    job.context.convention = variant->convention;
    job.context.workRoot = scratch.path();
    const SuiteCase& c = suite.cases.front();
    job.cases.push_back({suite.name, c.name, c.input(), c.dir, c.expectedFiles(*variant), 1});
    for (const referee::PlayerSpec& player : config.players) {
        const std::string file = player.argv.empty() ? "" : programFileFor(player.argv.front());
        if (file.empty()) continue;
        Submission s;
        s.student = player.name;
        s.source.file = scratch.path() / file;
        // The player's interpreter, as the referee will start it (after --interpreter and the config's paths).
        const std::string name = std::filesystem::path(player.argv.front()).filename().string();
        s.source.interpreters.paths[name.rfind("python2", 0) == 0 ? "python2" : name == "java" ? "java" : "python3"] = player.argv.front();
        s.source.python = name.rfind("python2", 0) == 0 ? PythonChoice::Python2 : PythonChoice::Python3;
        job.submissions.push_back(std::move(s));
    }
    if (job.submissions.empty()) return "";
    const CanaryReport report = runCanary(job, CanaryOptions{true, std::nullopt});
    if (report.failure) throw JudgeFaultError(*report.failure);
    return report.line();
}

}  // namespace plyjudge::cli
