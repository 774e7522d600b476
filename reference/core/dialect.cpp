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

CutoffLog cutoffLogOf(const Dialect& dialect) {
    return dialect.get(kCutoffLogOption) == "bound-first" ? CutoffLog::BoundFirst : CutoffLog::Aima;
}

}  // namespace plyjudge
