// `plyjudge cases fill`: the expected outputs of a suite come from the reference solver, never by hand.
#pragma once

#include <filesystem>
#include <ostream>

namespace plyjudge::grader {

struct FillReport {
    int casesSolved = 0;
    int filesWritten = 0;   // expected files that were missing
    int filesKept = 0;      // already present and equal to the reference's
    int filesDiffering = 0; // already present but different from the reference's (left alone, reported)
    int casesTooLarge = 0;  // expected outputs over the size limit (OutputFile::setSizeLimit): not filled
};

// Solves every case of the suite in dir with the reference and writes the expected files that are
// missing. Existing files are never overwritten; those that disagree with the reference are listed on
// `log`. Throws ConfigError (bad manifest) or InputError (bad case input).
FillReport fillSuite(const std::filesystem::path& dir, std::ostream& log);

}  // namespace plyjudge::grader
