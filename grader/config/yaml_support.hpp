// Reading the grader's YAML files (suite manifests, assignments) with errors that name the file, the
// line and the key: "assignment.yaml:7: limits.wall_seconds: expected a positive number, got 'ten'".
#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

namespace plyjudge::grader {

// A bad configuration file (what() is "FILE:LINE: MESSAGE"); the command exits with status 2.
class ConfigError : public std::runtime_error {
public:
    ConfigError(const std::string& file, int line, const std::string& message)
        : std::runtime_error(line > 0 ? file + ":" + std::to_string(line) + ": " + message : file + ": " + message) {}
};

class YamlFile {
public:
    // Parses the file; a syntax error or an unreadable file is a ConfigError.
    explicit YamlFile(const std::filesystem::path& path);
    // Parses `text`, read from the file `name` by the caller (who chose how to open it).
    YamlFile(std::string name, const std::string& text);

    const YAML::Node& root() const { return root_; }
    const std::string& name() const { return name_; }

    [[noreturn]] void fail(const YAML::Node& at, const std::string& message) const;

    // Every key of the map `node` (named `where`, e.g. "limits") must be one of `allowed`.
    void onlyKeys(const YAML::Node& node, std::string_view where, std::initializer_list<std::string_view> allowed) const;
    void expectMap(const YAML::Node& node, std::string_view key) const;
    void expectSequence(const YAML::Node& node, std::string_view key) const;

    std::string text(const YAML::Node& node, std::string_view key) const;   // a scalar
    double positiveNumber(const YAML::Node& node, std::string_view key) const;
    double nonNegativeNumber(const YAML::Node& node, std::string_view key) const;
    long long positiveInteger(const YAML::Node& node, std::string_view key) const;
    std::string oneOf(const YAML::Node& node, std::string_view key, std::initializer_list<std::string_view> values) const;

private:
    std::string name_;
    YAML::Node root_;
};

}  // namespace plyjudge::grader
