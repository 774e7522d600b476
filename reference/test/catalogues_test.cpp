// Every variant's fault catalogue (reference/<variant>/faults.cpp): each fault changes the outputs of a committed
// case of its variant, its rule is quoted from docs/variants/<variant>.md, and solve and agree tell the same story
// under it (testsupport/fault_cases.hpp). A fault added to a catalogue is checked here without another line.
#include <gtest/gtest.h>

#include "reference/variant.hpp"
#include "testsupport/fault_cases.hpp"

namespace plyjudge {
namespace {

TEST(FaultCatalogues, EveryFaultOfEveryVariantChangesACommittedCase) {
    int catalogues = 0;
    for (const Variant* v : allVariants()) {
        if (v->faults.empty()) continue;
        SCOPED_TRACE(std::string(v->name));
        testing::expectEveryFaultChangesItsCase(*v);
        ++catalogues;
    }
    EXPECT_EQ(catalogues, 4) << "starcircle, reversi, squirrel and gomoku561 have catalogues";
}

}  // namespace
}  // namespace plyjudge
