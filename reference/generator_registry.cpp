// The input generators' registry, built from variants.def like the variants' own (registry.cpp), so that a
// variant is still its folder plus one line there: PLYJUDGE_VARIANT(folder) names namespace plyjudge::folder,
// which defines `const InputGenerator inputGenerator` (input_generator.cpp); PLYJUDGE_LIVE_VARIANT(folder), a
// variant played live, has none. Compiled into the generators' side only (plyjudge_reference_generators picks
// it), so the solvers never link RapidCheck. PLYJUDGE_VARIANTS_DEF may name another list
// (reference/test/sixth_variant compiles this file again with one more variant).
#include "reference/input_generator.hpp"

#ifndef PLYJUDGE_VARIANTS_DEF
#define PLYJUDGE_VARIANTS_DEF "reference/variants.def"
#endif

namespace plyjudge {

#define PLYJUDGE_VARIANT(ns) namespace ns { extern const InputGenerator inputGenerator; }
#define PLYJUDGE_LIVE_VARIANT(ns)
#include PLYJUDGE_VARIANTS_DEF
#undef PLYJUDGE_VARIANT

namespace {

const std::vector<const InputGenerator*>& allInputGenerators() {
#define PLYJUDGE_VARIANT(ns) &ns::inputGenerator,
    static const std::vector<const InputGenerator*> generators = {
#include PLYJUDGE_VARIANTS_DEF
    };
#undef PLYJUDGE_VARIANT
#undef PLYJUDGE_LIVE_VARIANT
    return generators;
}

}  // namespace

const InputGenerator* findInputGenerator(std::string_view variant) {
    for (const InputGenerator* g : allInputGenerators()) {
        if (g->variant->name == variant) return g;
    }
    return nullptr;
}

}  // namespace plyjudge
