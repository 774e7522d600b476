#include "reports/test/report_test_support.hpp"

#include <fmt/format.h>
#include <sys/wait.h>

#include <cstdio>

#include "reports/move_annotation.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/golden.hpp"

namespace plyjudge::reports::testing {

FirstDifference boardDifference(const std::string& file, int line, const std::string& expected, const std::string& actual) {
    FirstDifference d;
    d.file = file;
    d.line = static_cast<std::uint64_t>(line);
    d.expected = expected;
    d.actual = actual;
    d.expectedAfter = {"********"};
    return d;
}

RunResults sampleRun() {
    const auto dir = plyjudge::testing::casesDir() / "reversi" / "published";
    std::vector<grader::CaseSource> cases;
    for (const char* name : {"case1", "case2", "case3"}) {
        cases.push_back({"published", name, 1.0, std::string(name) == "case3" ? Visibility::Hidden : Visibility::Published,
                         dir / name / "input.txt", dir / name});
    }
    auto ok = [](const std::string& s, const std::string& c) {
        grader::StoredResult r{s, {}};
        r.result.suite = "published";
        r.result.name = c;
        r.result.verdict = Verdict::Ok;
        r.result.points = r.result.maxPoints = 1;
        r.result.wallSeconds = 0.25;
        r.result.exitCode = 0;
        return r;
    };
    auto wrong = [](const std::string& s, const std::string& c) {
        grader::StoredResult r{s, {}};
        r.result.suite = "published";
        r.result.name = c;
        r.result.verdict = Verdict::WrongAnswer;
        r.result.maxPoints = 1;
        r.result.diagnosisKind = "tie-break";
        r.result.message = "output.txt: the next state differs at line 1 <while the traverse log matches>";
        r.result.difference = boardDifference("output.txt", 1, "********", "X*******");
        r.result.wallSeconds = 0.5;
        return r;
    };
    std::vector<grader::StoredResult> rows = {ok("alice", "case1"), ok("alice", "case2"), ok("alice", "case3"),
                                   wrong("bob", "case1"), wrong("bob", "case2"), wrong("bob", "case3"),
                                   ok("=cmd,\"x\"", "case1")};
    grader::StoredResult judge{"=cmd,\"x\"", {}};
    judge.result.suite = "published";
    judge.result.name = "case2";
    judge.result.judgeFault = JudgeFault{JudgeComponent::Disk, "no space left", ""};
    judge.result.maxPoints = 1;
    judge.result.message = "could not run the program: no space left";
    rows.push_back(judge);
    RunResults run = grader::assembleRunResults("sample", "reversi", cases, {}, rows);
    annotateMoves(run);
    return run;
}

std::string python() { return std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"; }

int shell(const std::string& command, std::string* output) {
    const plyjudge::testing::CommandRun r = plyjudge::testing::runShell(command);
    if (output) *output = r.output;
    return r.status;
}

}  // namespace plyjudge::reports::testing
