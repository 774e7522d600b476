// The variant registry, built from variants.def: adding a variant is its folder plus one line there
// (PLYJUDGE_VARIANT, or PLYJUDGE_LIVE_VARIANT for one played live; both register the Variant alike). The input
// generators have a registry of their own over the same list (generator_registry.cpp).
// PLYJUDGE_VARIANTS_DEF may name another list (reference/test/sixth_variant compiles this file again with
// one more variant).
#include "reference/variant.hpp"

#ifndef PLYJUDGE_VARIANTS_DEF
#define PLYJUDGE_VARIANTS_DEF "reference/variants.def"
#endif

namespace plyjudge {

#define PLYJUDGE_VARIANT(ns) namespace ns { extern const Variant variant; }
#define PLYJUDGE_LIVE_VARIANT(ns) PLYJUDGE_VARIANT(ns)
#include PLYJUDGE_VARIANTS_DEF
#undef PLYJUDGE_VARIANT

const std::vector<const Variant*>& allVariants() {
#define PLYJUDGE_VARIANT(ns) &ns::variant,
    static const std::vector<const Variant*> variants = {
#include PLYJUDGE_VARIANTS_DEF
    };
#undef PLYJUDGE_VARIANT
#undef PLYJUDGE_LIVE_VARIANT
    return variants;
}

const Variant* findVariant(std::string_view name) {
    for (const Variant* v : allVariants()) {
        if (v->name == name) return v;
    }
    return nullptr;
}

}  // namespace plyjudge
