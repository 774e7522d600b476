// Every input the generators make, for suites and for fuzzing, passes the variant's own validator and
// is solvable by the reference; coverage never throws on it.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "reference/input_generator.hpp"

namespace plyjudge::fuzz {
namespace {

void checkInput(std::string_view variantName, InputPurpose purpose) {
    const InputGenerator* generator = findInputGenerator(variantName);
    RC_ASSERT(generator != nullptr);
    const std::string input = *generator->inputs(purpose);
    try {
        generator->variant->validate(InputText(input, "generated"));
    } catch (const InputError& e) {
        RC_FAIL(std::string("invalid generated input: ") + e.what() + "\n" + input);
    }
    for (std::string_view hit : generator->coverage(input)) {
        RC_ASSERT(std::find(generator->targets.begin(), generator->targets.end(), hit) != generator->targets.end());
    }
    const CaseSize size = generator->sizeOf(input);
    RC_ASSERT(size.pieces >= 0);
    RC_ASSERT(size.depth >= 1);
}

rc::Gen<InputPurpose> eitherPurpose() { return rc::gen::element(InputPurpose::Suite, InputPurpose::Fuzz); }

RC_GTEST_PROP(GeneratedInputs, ReversiPassValidation, ()) { checkInput("reversi", *eitherPurpose()); }
RC_GTEST_PROP(GeneratedInputs, StarcirclePassValidation, ()) { checkInput("starcircle", *eitherPurpose()); }
RC_GTEST_PROP(GeneratedInputs, SquirrelPassValidation, ()) { checkInput("squirrel", *eitherPurpose()); }
RC_GTEST_PROP(GeneratedInputs, Gomoku561PassValidation, ()) { checkInput("gomoku561", InputPurpose::Suite); }

// The generators' registry (generator_registry.cpp) reads the same variants.def as the variants' own: every
// solved variant has a generator of its own, a variant played live has none.
TEST(InputGenerators, EverySolvableVariantHasOneAndNoOtherDoes) {
    for (const Variant* v : allVariants()) {
        const InputGenerator* g = findInputGenerator(v->name);
        if (!v->solve) {
            EXPECT_EQ(g, nullptr) << v->name;
            continue;
        }
        ASSERT_NE(g, nullptr) << v->name;
        EXPECT_EQ(g->variant, v);
        EXPECT_FALSE(g->targets.empty());
    }
    EXPECT_EQ(findInputGenerator("nosuch"), nullptr);
}

}  // namespace
}  // namespace plyjudge::fuzz
