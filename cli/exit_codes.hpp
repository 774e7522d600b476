// Exit statuses every plyjudge subcommand keeps, so scripts can trust them.
#pragma once

namespace plyjudge {

inline constexpr int kExitOk = 0;       // done; for check/fuzz: every case passed / no disagreement
inline constexpr int kExitFailed = 1;   // the job ran and found failures (a case failed, a disagreement), or I/O failed
inline constexpr int kExitUsage = 2;    // bad usage, bad input file, bad configuration
// A failure on the grader's side (the sandbox, an interpreter, the disk, plyjudge itself): a canary failed and
// nobody was graded, or some case ended in a judge error (not graded, regraded by the next run). Never the student's.
inline constexpr int kExitJudgeError = 3;

}  // namespace plyjudge
