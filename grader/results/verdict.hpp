// The verdict of one submission on one case.
#pragma once

#include <optional>
#include <string_view>

namespace plyjudge::grader {

enum class Verdict {
    Ok,
    WrongAnswer,
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    RuntimeError,   // non-zero exit status or a signal
    MissingOutput,  // exited normally without writing an expected file
    CompileError,   // the submission did not build
    NoProgram,      // no program file in the submission, or several and none named (ambiguous)
    NotRun,         // no result yet: the run stopped before this case (reports of a cut-short run)
};
// A failure on the grader's side is no verdict of the student's: a result carries it as a JudgeFault
// (run_results.hpp, CaseResult::judgeFault), stored and written under these names.
inline constexpr std::string_view kJudgeErrorName = "judge error";
inline constexpr std::string_view kJudgeErrorCode = "judge-error";

// What a non-zero exit status of a program that ran to its end means (the assignment's run.exit_status).
enum class ExitStatusPolicy {
    Strict,   // a runtime error, whatever the files hold
    Outputs,  // the compared files decide; the exit status is a warning in the case's message (the courses' graders)
};

std::string_view verdictName(Verdict v);      // "OK", "wrong answer", ... (what people read)
std::string_view verdictCode(Verdict v);      // "ok", "wrong-answer", ... (JSON, database)
std::optional<Verdict> verdictFromCode(std::string_view code);

}  // namespace plyjudge::grader
