// Explaining crashes by what the program itself said: when two or more of a student's failed runs without an
// explanation end with the same error line (Python's exception line, the last line of a traceback; Java's
// `Exception in thread ...` line), that line is a finding for each of them. It is the program's own report of
// where it stopped, not a reproduction: never exact, and worded as what it is ("its own error output: ...").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "grader/results/run_results.hpp"

namespace plyjudge::grader {

// The line of `stderrHead` that names the error: Java's "Exception in thread" line when there is one, else the last
// line that is not blank. Empty when there is none.
std::string errorLineOf(std::string_view stderrHead);

// Where the error was raised in the program's own code, from its traceback: the innermost Python frame outside the
// interpreter's library with its source line ("hw1.py line 208, in main: x, y = minimax(b)"), or Java's first
// stack line ("at Main.minimax(Main.java:42)"). Empty when the error output shows none.
std::string errorPlaceOf(std::string_view stderrHead);

// The file and line of that place, without the function and source ("hw1.py line 208"; Java's stack line as is):
// what two runs of one program under two interpreters share when they stop at the same statement.
std::string errorFileLineOf(std::string_view stderrHead);

// The texts an error line quotes, between single or double quotes ("invalid literal for int() with base 10: 'import
// operator'" gives "import operator"), of 4 bytes or more.
std::vector<std::string> quotedTexts(std::string_view errorLine);

// For every student of `run`: the runtime errors with no explanation that share their error line with at least
// one other such run get that line as their explanation (kind ErrorOutput).
void explainByErrorOutput(RunResults& run);

}  // namespace plyjudge::grader
