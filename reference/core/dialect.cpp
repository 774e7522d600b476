#include "reference/core/dialect.hpp"

#include <stdexcept>

namespace plyjudge {

const DialectOption kCutoffLogOption{
    "cutoff_log",
    {"aima", "bound-first"},
    "aima: a cutting child is logged with alpha/beta not yet updated (official samples); "
    "bound-first: the bound is updated before the cut-off test (reversi's worked example)"};

Dialect Dialect::parse(const std::vector<std::string>& settings, const std::vector<DialectOption>& known) {
    Dialect dialect;
    for (const std::string& setting : settings) {
        std::size_t eq = setting.find('=');
        if (eq == std::string::npos) {
            throw std::invalid_argument("dialect setting '" + setting + "' is not of the form key=value");
        }
        std::string key = setting.substr(0, eq);
        std::string value = setting.substr(eq + 1);
        const DialectOption* option = nullptr;
        for (const DialectOption& o : known) {
            if (o.key == key) option = &o;
        }
        if (option == nullptr) {
            std::string keys;
            for (const DialectOption& o : known) keys += (keys.empty() ? "" : ", ") + std::string(o.key);
            throw std::invalid_argument("unknown dialect key '" + key + "' (known: " + (keys.empty() ? "none" : keys) + ")");
        }
        bool allowed = false;
        std::string values;
        for (std::string_view v : option->values) {
            allowed = allowed || v == value;
            values += (values.empty() ? "" : ", ") + std::string(v);
        }
        if (!allowed) {
            throw std::invalid_argument("dialect " + key + " cannot be '" + value + "' (one of: " + values + ")");
        }
        dialect.settings_[key] = value;
    }
    return dialect;
}

std::string_view Dialect::get(const DialectOption& option) const {
    auto it = settings_.find(std::string(option.key));
    return it == settings_.end() ? option.values.front() : std::string_view(it->second);
}

Dialect Dialect::with(std::string_view key, std::string_view value) const {
    Dialect d = *this;
    d.settings_[std::string(key)] = std::string(value);
    return d;
}

void Dialect::addFault(std::string_view name, const std::vector<Fault>& catalogue) {
    for (const Fault& f : catalogue) {
        if (f.name == name) {
            faults_.insert(std::string(name));
            return;
        }
    }
    std::string names;
    for (const Fault& f : catalogue) names += (names.empty() ? "" : ", ") + std::string(f.name);
    throw std::invalid_argument("unknown fault '" + std::string(name) + "' (known: " + (names.empty() ? "none" : names) + ")");
}

Dialect Dialect::withFault(std::string_view name) const {
    Dialect d = *this;
    d.faults_.insert(std::string(name));
    return d;
}

SearchFaults Dialect::searchFaults() const {
    SearchFaults faults;
    for (const SearchFault* f : kSearchFaults) {
        if (has(f->name)) f->apply(faults);
    }
    return faults;
}

Dialect Dialect::withFaultyWalk() const {
    Dialect d = *this;
    d.faultyWalk_ = true;
    return d;
}

SearchConfig searchConfigOf(const Dialect& dialect, Algorithm algorithm, int depth) {
    SearchConfig config{algorithm, depth, cutoffLogOf(dialect)};
    config.faults = dialect.searchFaults();
    config.faultyWalk = dialect.faultyWalk();
    return config;
}

CutoffLog cutoffLogOf(const Dialect& dialect) {
    return dialect.get(kCutoffLogOption) == "bound-first" ? CutoffLog::BoundFirst : CutoffLog::Aima;
}

}  // namespace plyjudge
