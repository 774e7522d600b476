// The fuzzer's corpus: a case suite folder (e.g. fuzz-corpus/reversi/) of the disagreements found so far,
// each a ready case (input.txt + the reference's expected files), listed in its suite.yaml so that
// `plyjudge check`/`grade` can use it as it is. Replayed first by the next `plyjudge fuzz`.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "reference/variant.hpp"

namespace plyjudge::fuzz {

// (case folder, input text) of every folder holding an input.txt, in name order; none if dir is missing.
std::vector<std::pair<std::filesystem::path, std::string>> loadCorpus(const std::filesystem::path& dir);

// Writes the case as dir/case-HASH/ (the hash of the input, so a finding is saved once) with the
// reference's outputs, rewrites dir/suite.yaml, and returns the case folder.
std::filesystem::path saveToCorpus(const std::filesystem::path& dir, const Variant& variant, const std::string& input);

}  // namespace plyjudge::fuzz
