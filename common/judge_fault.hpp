// A failure of the grader's side (the sandbox, an interpreter or compiler, the disk, plyjudge itself), never the
// submission's. It travels from where it is seen (the sandbox's outcome, a compile step, the canary) to the reports
// and the exit status: a case or a student with a judge fault is "not graded", never stored as final, never explained
// as the student's mistake and never counted in a score.
#pragma once

#include <stdexcept>
#include <string>

namespace plyjudge {

// Which part of the grader's side failed.
enum class JudgeComponent {
    Sandbox,      // bubblewrap, a mount, a namespace, a cgroup, the run's helper (plyjudge-run-as)
    Interpreter,  // the chosen interpreter or compiler could not be executed or could not start any program
    Disk,         // the run folders' file system was full or failed (ENOSPC, EDQUOT, EIO, read-only)
    Setting,      // the TA's setting cannot be applied (an override's file, a command template)
    Grader,       // plyjudge itself (an exception, a helper that died)
};

struct JudgeFault {
    JudgeComponent component = JudgeComponent::Grader;
    std::string what;  // what failed, with the tool's own words ("bwrap: Can't mkdir /x: Read-only file system")
    std::string fix;   // what the TA can do about it; empty when nothing is known

    // "sandbox: WHAT (fix: FIX)": one line for the TA.
    std::string text() const;
};

// Thrown where a judge fault stops a whole command before anyone is graded (a failed canary): the CLI prints it and
// exits with kExitJudgeError.
struct JudgeFaultError : std::runtime_error {
    JudgeFault fault;
    explicit JudgeFaultError(JudgeFault f) : std::runtime_error(f.text()), fault(std::move(f)) {}
};

std::string judgeComponentName(JudgeComponent c);  // "sandbox", "interpreter", "disk", "setting", "grader"

// A judge fault read back from the one line a result stores ("judge error (disk: ... (fix: ...))"): its component
// when the line names one, the line as what it says (stored results keep no more).
JudgeFault judgeFaultOfMessage(const std::string& message);

// What a student is told of a judge fault: never its cause, which is the TA's to see.
inline constexpr const char* kNotGradedForStudents = "not graded: a problem on the grader's side";

}  // namespace plyjudge
