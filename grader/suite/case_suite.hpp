// A case suite: a folder of cases (each a folder with input.txt and the expected output files) described by
// a suite.yaml manifest:
//
//   variant: reversi
//   dialect: {cutoff_log: bound-first}   # optional: the suite's convention switches
//   visibility: published                # published (shown to students in full) | hidden
//   show: verdict                        # optional, hidden cases: what a student's report shows of them
//                                        #   verdict (default): the verdict and its category only
//                                        #   diagnosis: also the diagnosis sentence (it can quote a value of the
//                                        #     differing line) and the explanation, never the input, the expected
//                                        #     or actual lines, the first difference, stderr or the chosen move
//                                        #   full: everything, as for a published case
//   provenance: SOURCE.txt               # optional: where the cases come from
//   generated_by: "plyjudge gen …"       # optional: the command that made a generated suite (informative)
//   points: 1                            # optional: points of each case (an assignment may override)
//   cases:
//     - case1                            # a case folder
//     - {name: case2, points: 2, visibility: hidden, show: diagnosis}
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/dialect.hpp"

namespace plyjudge {
struct Variant;
}

namespace plyjudge::grader {

enum class Visibility { Published, Hidden };

// What a student-facing report shows of a case (reports/student_view.hpp); a published case is always Full.
enum class ShowLevel { Verdict, Diagnosis, Full };

struct SuiteCase {
    std::string name;              // folder name, unique in the suite
    std::filesystem::path dir;
    std::optional<double> points;  // overrides the suite's
    Visibility visibility = Visibility::Published;
    ShowLevel show = ShowLevel::Full;  // Full when published; the case's or the suite's `show` when hidden

    std::filesystem::path input() const { return dir / "input.txt"; }
    // The expected output files present in the folder (names only, in the variant's order).
    std::vector<std::string> expectedFiles(const Variant& variant) const;
};

struct CaseSuite {
    std::filesystem::path dir;
    std::string name;                      // the folder's name, e.g. "published"
    std::string variantName;
    const Variant* variant = nullptr;      // nullptr when the variant is not registered in this build
    std::vector<std::string> dialectSettings;  // "key=value"
    Dialect dialect;
    Visibility visibility = Visibility::Published;
    ShowLevel show = ShowLevel::Verdict;  // what students see of the suite's hidden cases (each case may say otherwise)
    std::string provenance;
    std::optional<double> points;
    std::vector<SuiteCase> cases;

    // Reads dir/suite.yaml; throws ConfigError naming the file, line and key. Checks that every case
    // folder exists and holds input.txt. An unknown variant is an error unless allowUnknownVariant.
    static CaseSuite load(const std::filesystem::path& dir, bool allowUnknownVariant = false);
};

// The committed suites of a variant: every folder under casesRoot/VARIANT with a suite.yaml, sorted.
std::vector<std::filesystem::path> suiteDirsOf(const std::filesystem::path& casesRoot, std::string_view variant);

// Where the bundled cases are: $PLYJUDGE_CASES, else beside the installed binary or in the build's source
// tree (common/data_dir.hpp).
std::filesystem::path bundledCasesDir();

}  // namespace plyjudge::grader
