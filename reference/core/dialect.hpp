// Dialects: named convention switches a course may have used (see docs/variants/README.md), given on
// the command line or in an assignment as `key=value`, e.g. `cutoff_log=bound-first`.
//
// Faults share the mechanism: a dialect is an accepted convention, a fault a known mistake. A Dialect also
// carries the set of faults the reference runs with (`plyjudge solve --fault NAME`, the grader's
// explanations); each variant declares its faults in its catalogue (fault_catalogue.hpp, reference/<v>/faults.cpp).
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "reference/core/search.hpp"

namespace plyjudge {

// One option a variant understands: its key, allowed values (the first is the default) and a description.
struct DialectOption {
    std::string_view key;
    std::vector<std::string_view> values;
    std::string_view description;
};

// Where a fault lives: in the core's search walk (search_faults.def) or in a variant's rules and answer.
enum class FaultKind { Search, Rule };

// One mistake a variant's reference can make on purpose: its name (`strict-pruning`), one sentence for the
// student saying what the program does wrong, and the rule it breaks, quoted from docs/variants/<v>.md.
// Declared in the variant's catalogue (fault_catalogue.hpp).
struct Fault {
    std::string_view name;
    std::string_view sentence;
    std::string_view rule;
    FaultKind kind = FaultKind::Rule;
    // A neighbour of a catalogued fault (Variant::neighbours): the fault it is close to, and how it differs from
    // it, in words for the student ("keeps the last flipping direction, not the first"). Empty for a catalogued one.
    std::string_view neighbourOf{};
    std::string_view difference{};
};

// The options chosen for one run. Built from `key=value` strings and checked against a variant's options.
class Dialect {
public:
    Dialect() = default;
    // Throws std::invalid_argument naming the key or value when it is not one of `known`.
    static Dialect parse(const std::vector<std::string>& settings, const std::vector<DialectOption>& known);

    // The chosen value, or the option's default.
    std::string_view get(const DialectOption& option) const;
    const std::map<std::string, std::string>& settings() const { return settings_; }

    // This dialect with `key` set to `value` (both known to be valid).
    Dialect with(std::string_view key, std::string_view value) const;

    // Faults: switched on by name; throws std::invalid_argument for a name not in `catalogue`.
    void addFault(std::string_view name, const std::vector<Fault>& catalogue);
    Dialect withFault(std::string_view name) const;
    bool has(std::string_view fault) const { return faults_.count(std::string(fault)) > 0; }
    const std::set<std::string>& faults() const { return faults_; }
    // The generic search faults switched on (search_faults.hpp), for SearchConfig::faults.
    SearchFaults searchFaults() const;
    // This dialect searching by the faulty walk even with no fault on (SearchConfig::faultyWalk).
    Dialect withFaultyWalk() const;
    bool faultyWalk() const { return faultyWalk_; }

private:
    std::map<std::string, std::string> settings_;
    std::set<std::string> faults_;
    bool faultyWalk_ = false;
};

// The cut-off log option shared by the variants whose logs print alpha and beta.
extern const DialectOption kCutoffLogOption;
CutoffLog cutoffLogOf(const Dialect& dialect);

// The search configuration of a run under `dialect`: the cut-off log convention and the search faults.
SearchConfig searchConfigOf(const Dialect& dialect, Algorithm algorithm, int depth);

}  // namespace plyjudge
