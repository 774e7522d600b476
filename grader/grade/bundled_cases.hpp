// The published cases bundled with plyjudge for a variant (casesRoot/VARIANT/SUITE), as `check` runs them and as
// `fuzz` tries a Python on: one gathering, so the two see the same cases for the same variant and dialect.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "grader/run/case_runner.hpp"
#include "reference/core/dialect.hpp"

namespace plyjudge {
struct Variant;
}  // namespace plyjudge

namespace plyjudge::grader {

struct BundledCases {
    std::vector<CaseSpec> published;           // the published cases made with `dialect`, in suite order
    std::set<std::string> inputs;              // every bundled input, hidden suites' included
    std::set<std::string> publishedSuites;     // the names of the bundled published suites
    std::vector<std::string> notes;            // suites left out, and why
};

// Throws ConfigError for a bad bundled suite.
BundledCases loadBundledCases(const Variant& variant, const Dialect& dialect, const std::filesystem::path& casesRoot);

}  // namespace plyjudge::grader
