// `plyjudge cases init DIR`: a suite.yaml written from the case folders found in DIR (each a folder holding
// input.txt), so that an instructor's folder of cases becomes a suite without writing the manifest by hand
// (case_suite.hpp has its format).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grader/suite/case_suite.hpp"

namespace plyjudge {
struct Variant;
}

namespace plyjudge::grader {

struct SuiteInitRequest {
    std::filesystem::path dir;
    const Variant* variant = nullptr;  // nullptr: the one variant whose parser accepts every input
    Visibility visibility = Visibility::Hidden;
    bool overwrite = false;  // --force: replace an existing suite.yaml
};

struct SuiteInitReport {
    std::filesystem::path manifest;      // DIR/suite.yaml, written
    std::string variantName;
    bool variantInferred = false;        // chosen by parsing the inputs, not given
    std::vector<std::string> cases;      // the case folders listed, in natural order (case2 before case10)
    std::vector<std::string> passedOver; // sub-folders left out, with why ("notes: no input.txt")
};

// Writes DIR/suite.yaml listing every sub-folder holding input.txt, then reads it back as a suite. Throws
// ConfigError (naming DIR or suite.yaml) when DIR is no folder, holds no case folder, already has a suite.yaml
// (without `overwrite`), an input does not parse as the variant, or no single variant parses them all.
SuiteInitReport initSuite(const SuiteInitRequest& request);

}  // namespace plyjudge::grader
