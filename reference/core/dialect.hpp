// Dialects: named convention switches a course may have used (see docs/variants/README.md), given on
// the command line or in an assignment as `key=value`, e.g. `cutoff_log=bound-first`.
#pragma once

#include <map>
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

// The options chosen for one run. Built from `key=value` strings and checked against a variant's options.
class Dialect {
public:
    Dialect() = default;
    // Throws std::invalid_argument naming the key or value when it is not one of `known`.
    static Dialect parse(const std::vector<std::string>& settings, const std::vector<DialectOption>& known);

    // The chosen value, or the option's default.
    std::string_view get(const DialectOption& option) const;
    const std::map<std::string, std::string>& settings() const { return settings_; }

private:
    std::map<std::string, std::string> settings_;
};

// The cut-off log option shared by the variants whose logs print alpha and beta.
extern const DialectOption kCutoffLogOption;
CutoffLog cutoffLogOf(const Dialect& dialect);

}  // namespace plyjudge
