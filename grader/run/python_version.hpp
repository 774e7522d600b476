// Python 2 or 3, decided by the program: archived submissions are often Python 2, and run under Python 3
// they fail every case with a SyntaxError that says nothing of the cause.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grader/run/interpreters.hpp"

namespace plyjudge::grader {

enum class PythonChoice { Auto, Python2, Python3 };

struct PythonDecision {
    std::optional<std::string> interpreter;  // "python2" or "python3"; nullopt: cannot be run here (see why)
    std::string why;                          // how it was decided, or why it cannot run
    // Auto, and the file compiles under both Pythons (both can run here): the syntax does not decide; the
    // grading run tries the first published case under both (python_trial.hpp). `interpreter` is python3 until then.
    bool bothCompile = false;
};

// Auto: Python 3 when the file compiles under Python 3 only (or Python 2 cannot be run here); both when it
// compiles under both (bothCompile: decided by behaviour later); else Python 2 when it compiles under Python 2;
// else Python 3 (its run then shows the error). Compiling never runs the program (compile() only), and it
// is a compile step (compile_step.hpp): in the sandbox, in the fresh folder `checkDir`, with the interpreter in
// isolated mode (-I; Python 2: -E -s), so neither the submission's folder nor a HOME of its own can make the
// interpreter load a site or .pth file of the submission's. `stagedFile` must be readable by the run uids (with the
// student's group `groupId`, where it is not -1).
PythonDecision choosePython(PythonChoice choice, const std::filesystem::path& stagedFile, const Interpreters& interpreters,
                            const std::filesystem::path& checkDir, const std::vector<std::filesystem::path>& hiddenPaths = {},
                            int groupId = -1);

}  // namespace plyjudge::grader
