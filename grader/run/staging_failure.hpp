// Whose fault a failed staging is (staging.hpp): one student's submission is that student's verdict, so a
// folder over the staging limits, an unreadable file or folder, a name the copy cannot make refuse that
// submission (verdict "no program", message "submission refused: ..."), and the rest of the class is graded.
// Only what the grader's machine ran out of (disk space, quota, descriptors, memory, a read-only or failing
// disk) is a judge error, retried on the next run.
#pragma once

#include <exception>
#include <string>

#include <optional>

#include "common/judge_fault.hpp"
#include "grader/results/verdict.hpp"

namespace plyjudge::grader {

struct StagingFailure {
    Verdict verdict = Verdict::NoProgram;  // NoProgram: counts against the submission, unless judgeFault is set
    std::string message;
    std::optional<JudgeFault> judgeFault;  // the host ran out of something, or the copy failed on our side
};

// What stageFolder's exception `e` means for the submission.
StagingFailure stagingFailure(const std::exception& e);

}  // namespace plyjudge::grader
