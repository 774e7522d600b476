// The search core has two walks (reference/core/search.hpp): the plain one and the one that honours faults. With no
// fault on they must agree byte for byte: every variant's outputs on random positions are the same by both.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "common/file_io.hpp"
#include "reference/input_generator.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::fuzz {
namespace {

OutputFiles solved(const Variant& variant, const std::string& input, const Dialect& dialect) {
    testing::TempDir dir;
    OutputFiles files;
    for (const std::string& f : variant.solve(InputText(input, "input.txt"), dialect, dir.path())) files[f] = readWholeFile(dir / f);
    return files;
}

void bothWalksAgree(std::string_view variantName) {
    const InputGenerator* generator = findInputGenerator(variantName);
    RC_ASSERT(generator != nullptr);
    const std::string input = *generator->inputs(InputPurpose::Suite);
    const OutputFiles plain = solved(*generator->variant, input, Dialect{});
    const OutputFiles faulty = solved(*generator->variant, input, Dialect{}.withFaultyWalk());
    RC_ASSERT(!plain.empty());
    RC_ASSERT(plain == faulty);
}

RC_GTEST_PROP(OneWalk, StarcircleFaultyWalkWithNoFaultIsThePlainWalk, ()) { bothWalksAgree("starcircle"); }
RC_GTEST_PROP(OneWalk, ReversiFaultyWalkWithNoFaultIsThePlainWalk, ()) { bothWalksAgree("reversi"); }
RC_GTEST_PROP(OneWalk, SquirrelFaultyWalkWithNoFaultIsThePlainWalk, ()) { bothWalksAgree("squirrel"); }
RC_GTEST_PROP(OneWalk, Gomoku561FaultyWalkWithNoFaultIsThePlainWalk, ()) { bothWalksAgree("gomoku561"); }

// That the switch really takes the faulty walk is core_test's SearchFaults.TheFaultyWalkSwitchTakesTheFaultyWalk.


}  // namespace
}  // namespace plyjudge::fuzz
