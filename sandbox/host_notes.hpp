// The sandbox's notes on the host (runs get no cgroups, runs are not isolated): said once, on stderr, for whoever
// keeps the grader. A student's `check` keeps them for --verbose: they change nothing a student can do.
#pragma once

#include <ostream>

namespace plyjudge::sandbox {

// Where the notes go: std::cerr (the default), or nowhere. Set before the first run: each note is decided once.
void showHostNotes(bool shown);
// The stream for a note, or nullptr when they are not shown.
std::ostream* hostNoteStream();

}  // namespace plyjudge::sandbox
