#include "grader/test/grader_test_support.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>

#include "grader/run/program.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/variant.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader::testing {

std::filesystem::path programsDir() { return std::filesystem::path(PLYJUDGE_SOURCE_DIR) / "grader" / "test" / "programs"; }
std::string plyjudgeBinary() { return PLYJUDGE_BINARY; }

std::string quoted(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string pythonPath() {
    // An interpreter the sandbox's run uid can execute (not a pyenv shim under /root), as the grader picks.
    static const std::string path = resolveCommand("python3");
    return path;
}

void openToRuns(const std::filesystem::path& dir) {
    std::filesystem::permissions(dir, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                          std::filesystem::perms::group_exec | std::filesystem::perms::others_read |
                                          std::filesystem::perms::others_exec);
}

void makeHiddenReversiSuite(const std::filesystem::path& root) {
    openToRuns(root);
    for (const char* c : {"case1", "case3"}) {
        std::filesystem::create_directories(root / "suite" / c);
        for (const char* f : {"input.txt", "output.txt"})
            std::filesystem::copy_file(plyjudge::testing::casesDir() / "reversi" / "published" / c / f, root / "suite" / c / f);
    }
    plyjudge::testing::writeFile(root / "suite" / "suite.yaml", "variant: reversi\nvisibility: hidden\ncases: [case1, case3]\n");
}

std::string corruptCommand(const std::string& mode, const std::string& variant) {
    return pythonPath() + " " + (programsDir() / "corrupt.py").string() + " " + mode + " " + plyjudgeBinary() + " " + variant;
}

sandbox::SandboxLimits quickLimits() {
    sandbox::SandboxLimits l;
    // Generous for a loaded 2-core machine (python3 may be a pyenv shim: a bash script before Python starts).
    l.wallSeconds = 15;
    l.cpuSeconds = 5;
    l.memoryBytes = 256ULL << 20;
    l.maxFileBytes = 16ULL << 20;
    l.maxStreamBytes = 4ULL << 20;
    return l;
}

CaseResult runOnCase(const std::string& variant, const std::string& suiteName, const std::string& kase,
                     const ProgramSource& source, const sandbox::SandboxLimits& limits) {
    const Variant* v = findVariant(variant);
    EXPECT_NE(v, nullptr);
    const CaseSuite suite = CaseSuite::load(plyjudge::testing::casesDir() / variant / suiteName);
    const SuiteCase* c = nullptr;
    for (const SuiteCase& sc : suite.cases) {
        if (sc.name == kase) c = &sc;
    }
    EXPECT_NE(c, nullptr);
    plyjudge::testing::TempDir work;
    openToRuns(work.path());
    RunContext context{variant, v->convention, limits, work.path(), {plyjudge::testing::casesDir()}, {}};
    PrepareResult p = prepareProgram(source, work / "build", limits);
    CaseSpec spec{suiteName, kase, c->input(), c->dir, c->expectedFiles(*v), 1};
    if (!p.program) return notRunResult(spec, p);
    return runCase(context, *p.program, spec);
}

CaseResult runCommandOnCase(const std::string& variant, const std::string& suite, const std::string& kase,
                            const std::string& command, const sandbox::SandboxLimits& limits) {
    ProgramSource source;
    source.commandTemplate = command;
    return runOnCase(variant, suite, kase, source, limits);
}

void writeFileMakingDirs(const std::filesystem::path& path, const std::string& content) {
    std::filesystem::create_directories(path.parent_path());
    plyjudge::testing::writeFile(path, content);
}

CommandOutput shell(const std::string& command) {
    const plyjudge::testing::CommandRun r = plyjudge::testing::runShell(command);
    CommandOutput out;
    out.exitCode = r.status;
    out.output = r.output;
    return out;
}

}  // namespace plyjudge::grader::testing
