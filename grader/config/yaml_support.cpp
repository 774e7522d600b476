#include "grader/config/yaml_support.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

namespace plyjudge::grader {

YamlFile::YamlFile(const std::filesystem::path& path) : name_(path.string()) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ConfigError(name_, 0, "cannot read the file");
    try {
        root_ = YAML::Load(in);
    } catch (const YAML::ParserException& e) {
        throw ConfigError(name_, e.mark.line + 1, e.msg);
    }
    if (!root_.IsMap()) throw ConfigError(name_, root_.Mark().line + 1, "expected a map of settings (key: value lines)");
}

YamlFile::YamlFile(std::string name, const std::string& text) : name_(std::move(name)) {
    try {
        root_ = YAML::Load(text);
    } catch (const YAML::ParserException& e) {
        throw ConfigError(name_, e.mark.line + 1, e.msg);
    }
    if (!root_.IsMap()) throw ConfigError(name_, root_.Mark().line + 1, "expected a map of settings (key: value lines)");
}

void YamlFile::fail(const YAML::Node& at, const std::string& message) const {
    const int line = at.Mark().is_null() ? 0 : at.Mark().line + 1;
    throw ConfigError(name_, line, message);
}

void YamlFile::onlyKeys(const YAML::Node& node, std::string_view where, std::initializer_list<std::string_view> allowed) const {
    for (const auto& entry : node) {
        const std::string key = entry.first.Scalar();
        bool known = false;
        std::string list;
        for (std::string_view a : allowed) {
            known = known || a == key;
            list += (list.empty() ? "" : ", ") + std::string(a);
        }
        if (!known) {
            fail(entry.first, "unknown key '" + (where.empty() ? key : std::string(where) + "." + key) + "' (known: " + list + ")");
        }
    }
}

void YamlFile::expectMap(const YAML::Node& node, std::string_view key) const {
    if (!node.IsMap()) fail(node, std::string(key) + ": expected a map (indented key: value lines)");
}

void YamlFile::expectSequence(const YAML::Node& node, std::string_view key) const {
    if (!node.IsSequence()) fail(node, std::string(key) + ": expected a list ('- item' lines)");
}

std::string YamlFile::text(const YAML::Node& node, std::string_view key) const {
    if (!node.IsScalar()) fail(node, std::string(key) + ": expected a single value");
    return node.Scalar();
}

namespace {
bool parseDouble(const std::string& s, double& out) {
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end;
}
}  // namespace

double YamlFile::nonNegativeNumber(const YAML::Node& node, std::string_view key) const {
    const std::string s = text(node, key);
    double v;
    if (!parseDouble(s, v) || !(v >= 0) || v > 1e12) fail(node, std::string(key) + ": expected a number >= 0, got '" + s + "'");
    return v;
}

double YamlFile::positiveNumber(const YAML::Node& node, std::string_view key) const {
    const double v = nonNegativeNumber(node, key);
    if (v <= 0) fail(node, std::string(key) + ": expected a number > 0, got '" + node.Scalar() + "'");
    return v;
}

long long YamlFile::positiveInteger(const YAML::Node& node, std::string_view key) const {
    const std::string s = text(node, key);
    long long v = 0;
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, v);
    if (ec != std::errc() || p != end || v <= 0) fail(node, std::string(key) + ": expected a whole number > 0, got '" + s + "'");
    return v;
}

std::string YamlFile::oneOf(const YAML::Node& node, std::string_view key, std::initializer_list<std::string_view> values) const {
    const std::string s = text(node, key);
    std::string list;
    for (std::string_view v : values) {
        if (v == s) return s;
        list += (list.empty() ? "" : ", ") + std::string(v);
    }
    fail(node, std::string(key) + ": expected one of " + list + ", got '" + s + "'");
}

}  // namespace plyjudge::grader
