#include "sandbox/host_notes.hpp"

#include <atomic>
#include <iostream>

namespace plyjudge::sandbox {

namespace {
std::atomic<bool> shown{true};
}

void showHostNotes(bool show) { shown = show; }

std::ostream* hostNoteStream() { return shown ? &std::cerr : nullptr; }

}  // namespace plyjudge::sandbox
