#include "reports/test/report_test_support.hpp"

#include <fmt/format.h>
#include <sys/wait.h>

#include <cstdio>

#include "testsupport/run_command.hpp"
#include "testsupport/golden.hpp"

namespace plyjudge::reports::testing {

std::string differenceDetail(const std::string& file, int line, const std::string& expected, const std::string& actual) {
    return fmt::format("{} line {}:\n  expected: {}\n  actual:   {}\n  expected {:>6} | ********\n", file, line, expected, actual, line + 1);
}

RunResults sampleRun() {
    const auto dir = plyjudge::testing::casesDir() / "reversi" / "published";
    std::vector<CaseSource> cases;
    for (const char* name : {"case1", "case2", "case3"}) {
        cases.push_back({"published", name, 1.0, std::string(name) == "case3" ? Visibility::Hidden : Visibility::Published,
                         dir / name / "input.txt", dir / name});
    }
    auto ok = [](const std::string& s, const std::string& c) {
        ResultRow r{s, "published", c, {}};
        r.outcome.verdict = "ok";
        r.outcome.points = r.outcome.maxPoints = 1;
        r.outcome.wallSeconds = 0.25;
        r.outcome.exitCode = 0;
        return r;
    };
    auto wrong = [](const std::string& s, const std::string& c) {
        ResultRow r{s, "published", c, {}};
        r.outcome.verdict = "wrong-answer";
        r.outcome.maxPoints = 1;
        r.outcome.diagnosisKind = "tie-break";
        r.outcome.message = "output.txt: the next state differs at line 1 <most likely the tie-break>";
        r.outcome.detail = differenceDetail("output.txt", 1, "********", "X*******");
        r.outcome.wallSeconds = 0.5;
        return r;
    };
    std::vector<ResultRow> rows = {ok("alice", "case1"), ok("alice", "case2"), ok("alice", "case3"),
                                   wrong("bob", "case1"), wrong("bob", "case2"), wrong("bob", "case3"),
                                   ok("=cmd,\"x\"", "case1")};
    ResultRow judge{"=cmd,\"x\"", "published", "case2", {}};
    judge.outcome.verdict = "judge-error";
    judge.outcome.maxPoints = 1;
    judge.outcome.message = "could not run the program: no space left";
    rows.push_back(judge);
    return assembleRunResults("sample", "reversi", cases, {}, rows);
}

std::string python() { return std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"; }

int shell(const std::string& command, std::string* output) {
    const plyjudge::testing::CommandRun r = plyjudge::testing::runShell(command);
    if (output) *output = r.output;
    return r.status;
}

}  // namespace plyjudge::reports::testing
