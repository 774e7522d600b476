// Which case catches which fault: a fault is caught by a case when the reference with that fault writes
// something other than the case's expected files (Variant::agree, stopping at the first difference). Used by
// `plyjudge faults VARIANT --matrix`, by `plyjudge gen --kill K` to choose cases, and by the tests that keep
// the default suites mutation-adequate.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "reference/variant.hpp"

namespace plyjudge::fuzz {

// One case as the matrix needs it.
struct MatrixCase {
    std::string name;      // e.g. "published/case3"
    std::string input;     // the input file's text
    OutputFiles expected;  // the expected files
    Dialect dialect;       // the convention its expected files follow (faults are added to it)
};

// Whether the reference with `fault` (on top of the case's dialect) misses the case's expected files.
bool catches(const Variant& variant, const MatrixCase& c, std::string_view fault);

struct FaultMatrix {
    std::vector<std::string> cases;               // case names, in order
    std::vector<std::string_view> faults;         // the variant's catalogue, in order
    std::vector<std::vector<bool>> caught;        // caught[fault][case]

    // Pairs of faults whose outputs are the same on every case (filled by distinguish()): such a suite cannot
    // tell which of the two a program has.
    std::vector<std::pair<std::string_view, std::string_view>> indistinct;

    int killsOf(std::size_t fault) const;         // how many cases catch the fault
    std::vector<std::string_view> uncaught() const;
};

FaultMatrix faultMatrix(const Variant& variant, const std::vector<MatrixCase>& cases);

// Fills matrix.indistinct: solves each case with each fault and asks every other fault whether it writes the
// same (faults squared runs per case).
void distinguish(const Variant& variant, const std::vector<MatrixCase>& cases, FaultMatrix& matrix);

// The matrix as text: one line per fault with the cases catching it (at most `shown` named), then the
// uncaught faults and a one-line summary.
std::string matrixReport(const FaultMatrix& matrix, std::size_t shown = 6);

}  // namespace plyjudge::fuzz
