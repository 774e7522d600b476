// Code similarity through Dolos (@dodona/dolos-lib, tree-sitter based; https://dolos.ugent.be), run by Node.js on
// the bridge script grader/similarity/dolos_bridge.mjs. plyjudge reads the sources itself (submission_sources.hpp)
// and hands Dolos their text on standard input, so Dolos opens no submission file; the bridge runs under a time
// limit. Dolos is optional: without Node or the package, `similarity` says how to install them and compares
// behaviour alone.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/similarity/submission_sources.hpp"

namespace plyjudge::grader {

inline constexpr const char* kDolosVersion = "3.5.1";  // the version scripts/setup-dolos installs

struct DolosInstall {
    std::filesystem::path node;    // the node executable
    std::filesystem::path prefix;  // the npm --prefix folder holding node_modules/@dodona/dolos-lib
    std::filesystem::path bridge;  // dolos_bridge.mjs
};

// Where Dolos is: `prefix` when given, else $PLYJUDGE_DOLOS, else ~/.local/share/plyjudge/dolos ($XDG_DATA_HOME
// when set). nullopt with `why`, a sentence naming what is missing and the commands that install it.
std::optional<DolosInstall> findDolos(const std::optional<std::filesystem::path>& prefix, std::string& why);

// The folder scripts/setup-dolos installs into when PLYJUDGE_DOLOS is not set.
std::filesystem::path defaultDolosPrefix();

// One shared stretch of code: 0-based first and last lines of the joined texts (submission_sources.hpp).
struct CodeFragment {
    int leftFirst = 0, leftLast = 0, rightFirst = 0, rightLast = 0;
};

struct CodePair {
    int a = -1, b = -1;        // indices into the `sources` given, a < b
    double similarity = 0;     // Dolos's: shared fingerprints over all of both files' fingerprints, 0..1
    int longest = 0;           // the longest shared fragment, in fingerprints
    std::vector<CodeFragment> fragments;  // the longest few
};

struct CodeOptions {
    std::chrono::seconds timeLimit{600};  // for the bridge, per language
    int maxPairs = 3000;                  // pairs compared in full per language by the fingerprint index's count
    int maxWantedPairs = 1000;            // pairs sharing the most behaviour compared in full whatever the index says
    int fragments = 5;                    // fragments kept per pair
    int fragmentPairs = 200;              // the most similar pairs whose fragments are found (the costly part)
};

struct CodeComparison {
    std::vector<CodePair> pairs;
    std::vector<int> excluded;  // indices into `sources` whose file Dolos could not tokenize: compared with nothing
};

// The similar pairs among `sources` (one per student; those of another language than a group are compared within
// their own language only). `wanted` pairs are compared whatever the fingerprint index says (they share
// failures). `progress` receives one line per stage. A source Dolos cannot tokenize is left out alone (`excluded`).
// Throws std::runtime_error when the bridge fails or runs over its time limit, naming what happened.
CodeComparison compareCode(const DolosInstall& dolos, const std::vector<SubmissionSources>& sources,
                           const std::vector<std::pair<int, int>>& wanted, const CodeOptions& options,
                           const std::function<void(const std::string&)>& progress);

}  // namespace plyjudge::grader
