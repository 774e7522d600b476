// The registry of fuzz targets, built from targets.def.
#include "fuzz/fuzz_target.hpp"

namespace plyjudge::fuzz {

#define PLYJUDGE_FUZZ_TARGET(ns) namespace ns { const FuzzTarget& target(); }
#include "fuzz/targets.def"
#undef PLYJUDGE_FUZZ_TARGET

const FuzzTarget* findFuzzTarget(std::string_view variant) {
#define PLYJUDGE_FUZZ_TARGET(ns) if (ns::target().variant->name == variant) return &ns::target();
#include "fuzz/targets.def"
#undef PLYJUDGE_FUZZ_TARGET
    return nullptr;
}

}  // namespace plyjudge::fuzz
