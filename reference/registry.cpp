// The variant registry, built from variants.def: adding a variant is its folder plus one line there.
// PLYJUDGE_VARIANTS_DEF may name another list (reference/test/sixth_variant compiles this file again with
// one more variant).
#include "reference/variant.hpp"

#ifndef PLYJUDGE_VARIANTS_DEF
#define PLYJUDGE_VARIANTS_DEF "reference/variants.def"
#endif

namespace plyjudge {

#define PLYJUDGE_VARIANT(ns) namespace ns { extern const Variant variant; }
#include PLYJUDGE_VARIANTS_DEF
#undef PLYJUDGE_VARIANT

const std::vector<const Variant*>& allVariants() {
#define PLYJUDGE_VARIANT(ns) &ns::variant,
    static const std::vector<const Variant*> variants = {
#include PLYJUDGE_VARIANTS_DEF
    };
#undef PLYJUDGE_VARIANT
    return variants;
}

const Variant* findVariant(std::string_view name) {
    for (const Variant* v : allVariants()) {
        if (v->name == name) return v;
    }
    return nullptr;
}

}  // namespace plyjudge
