// The variants' fault catalogues in tests: every fault changes the outputs of a committed case, and solve() and
// agree() (reference/variant.hpp) tell the same story about it.
#pragma once

#include <map>
#include <string>

#include "reference/variant.hpp"

namespace plyjudge::testing {

// For every fault of `variant`'s catalogue, some committed case (under casesDir()/VARIANT: published, hand_checked,
// selfcheck) has expected files that the reference reproduces without the fault and misses with it;
// solving with the fault writes exactly what agree() accepts under the fault. At least 10 faults, each with a
// sentence and a rule quoted word for word from docs/variants/<variant>.md.
void expectEveryFaultChangesItsCase(const Variant& variant);

// The output file `file` of solving `caseName`'s input with `fault`.
std::string solveCaseWithFault(const Variant& variant, const std::string& caseName, const std::string& fault,
                               const std::string& file);

}  // namespace plyjudge::testing
