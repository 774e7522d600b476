// The move a program chose, read from its own output files the way the reference's move is read from the
// expected files (the variant's presentation): the reports show it beside the expected move even when the
// first difference is in the traverse log.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grader/results/run_results.hpp"

namespace plyjudge::grader {

// `runDir` holds the program's outputs (untrusted: each is opened as the sandbox opens outputs, refusing
// links and special files, and only its first 64 KiB are read). nullopt when the outputs do not show a move.
std::optional<ChosenMove> chosenMoveOf(const std::string& variant, const std::filesystem::path& input,
                                       const std::filesystem::path& runDir, const std::vector<std::string>& files);

}  // namespace plyjudge::grader
