// The variant registry, built from variants.def: adding a variant is its folder plus one line there.
#include "reference/variant.hpp"

namespace plyjudge {

#define PLYJUDGE_VARIANT(ns) namespace ns { extern const Variant variant; }
#include "reference/variants.def"
#undef PLYJUDGE_VARIANT

const std::vector<const Variant*>& allVariants() {
#define PLYJUDGE_VARIANT(ns) &ns::variant,
    static const std::vector<const Variant*> variants = {
#include "reference/variants.def"
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
