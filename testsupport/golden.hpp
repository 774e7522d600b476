// Golden tests: solve a committed case with a variant's reference solver and compare each output file
// with the expected one, modulo line-end style, trailing white space and final newlines (the specs' rule).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "reference/variant.hpp"

namespace plyjudge::testing {

// The committed cases folder, e.g. casesDir() / "reversi" / "published".
std::filesystem::path casesDir();

// text with CRLF turned into LF, trailing spaces/tabs removed from each line, final newlines dropped.
std::string normalized(const std::string& text);

// Solves caseDir/input.txt with `variant` (and the dialect settings) in a temporary directory; for every
// file the solver wrote, expects caseDir to hold the same file, equal after normalisation. Also expects
// every expected file in caseDir to have been written. Reports failures through GoogleTest.
void expectGoldenCase(const Variant& variant, const std::filesystem::path& caseDir,
                      const std::vector<std::string>& dialectSettings = {});

// Solves `input` (text) and returns the content of the named output file; fails the test on error.
std::string solveText(const Variant& variant, const std::string& input, const std::string& outputFile,
                      const std::vector<std::string>& dialectSettings = {});

}  // namespace plyjudge::testing
