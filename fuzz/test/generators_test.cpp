// Every input the generators make, for suites and for fuzzing, passes the variant's own validator and
// is solvable by the reference; coverage never throws on it.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "reference/fuzz_target.hpp"

namespace plyjudge::fuzz {
namespace {

void checkInput(std::string_view variantName, Purpose purpose) {
    const FuzzTarget* target = findFuzzTarget(variantName);
    RC_ASSERT(target != nullptr);
    const std::string input = *target->inputs(purpose);
    try {
        target->variant->validate(InputText(input, "generated"));
    } catch (const InputError& e) {
        RC_FAIL(std::string("invalid generated input: ") + e.what() + "\n" + input);
    }
    for (std::string_view hit : target->coverage(input)) {
        RC_ASSERT(std::find(target->targets.begin(), target->targets.end(), hit) != target->targets.end());
    }
    const CaseSize size = target->sizeOf(input);
    RC_ASSERT(size.pieces >= 0);
    RC_ASSERT(size.depth >= 1);
}

RC_GTEST_PROP(GeneratedInputs, ReversiPassValidation, ()) { checkInput("reversi", *rc::gen::element(Purpose::Suite, Purpose::Fuzz)); }
RC_GTEST_PROP(GeneratedInputs, StarcirclePassValidation, ()) { checkInput("starcircle", *rc::gen::element(Purpose::Suite, Purpose::Fuzz)); }
RC_GTEST_PROP(GeneratedInputs, SquirrelPassValidation, ()) { checkInput("squirrel", *rc::gen::element(Purpose::Suite, Purpose::Fuzz)); }
RC_GTEST_PROP(GeneratedInputs, Gomoku561PassValidation, ()) { checkInput("gomoku561", Purpose::Suite); }

TEST(FuzzTargets, EverySolvableVariantHasOne) {
    for (const Variant* v : allVariants()) {
        if (!v->solve) continue;
        const FuzzTarget* t = findFuzzTarget(v->name);
        ASSERT_NE(t, nullptr) << v->name;
        EXPECT_EQ(t->variant, v);
        EXPECT_FALSE(t->targets.empty());
    }
    EXPECT_EQ(findFuzzTarget("nosuch"), nullptr);
}

}  // namespace
}  // namespace plyjudge::fuzz
