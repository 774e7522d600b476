#include "grader/suite/case_suite.hpp"

#include <algorithm>
#include <set>

#include "common/data_dir.hpp"
#include "grader/config/yaml_support.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {
Visibility visibilityOf(const YamlFile& file, const YAML::Node& node, std::string_view key) {
    return file.oneOf(node, key, {"published", "hidden"}) == "hidden" ? Visibility::Hidden : Visibility::Published;
}

ShowLevel showLevelOf(const YamlFile& file, const YAML::Node& node, std::string_view key) {
    const std::string level = file.oneOf(node, key, {"verdict", "diagnosis", "full"});
    return level == "full" ? ShowLevel::Full : level == "diagnosis" ? ShowLevel::Diagnosis : ShowLevel::Verdict;
}

// One entry of `cases:`, a name or a map; its settings default to the suite's.
SuiteCase caseOf(const YamlFile& file, const YAML::Node& c, const CaseSuite& suite) {
    SuiteCase sc;
    sc.visibility = suite.visibility;
    sc.show = suite.show;
    if (c.IsMap()) {
        file.onlyKeys(c, "cases[]", {"name", "points", "visibility", "show"});
        if (!c["name"]) file.fail(c, "cases: a case needs a 'name'");
        sc.name = file.text(c["name"], "cases[].name");
        if (c["points"]) sc.points = file.nonNegativeNumber(c["points"], "cases[].points");
        if (c["visibility"]) sc.visibility = visibilityOf(file, c["visibility"], "cases[].visibility");
        if (c["show"]) sc.show = showLevelOf(file, c["show"], "cases[].show");
    } else {
        sc.name = file.text(c, "cases[]");
    }
    if (sc.name.empty() || sc.name.find('/') != std::string::npos || sc.name == "." || sc.name == "..") {
        file.fail(c, "cases: '" + sc.name + "' is not a folder name");
    }
    sc.dir = suite.dir / sc.name;
    if (!std::filesystem::is_regular_file(sc.input())) file.fail(c, "cases: " + sc.input().string() + " does not exist");
    if (sc.visibility == Visibility::Published) sc.show = ShowLevel::Full;  // published cases are public anyway
    return sc;
}

}  // namespace

std::vector<std::string> SuiteCase::expectedFiles(const Variant& variant) const {
    std::vector<std::string> files;
    for (std::string_view f : variant.outputFiles) {
        if (std::filesystem::is_regular_file(dir / std::string(f))) files.emplace_back(f);
    }
    return files;
}

CaseSuite CaseSuite::load(const std::filesystem::path& dir, bool allowUnknownVariant) {
    const YamlFile file(dir / "suite.yaml");
    const YAML::Node& root = file.root();
    file.onlyKeys(root, "", {"variant", "dialect", "visibility", "show", "provenance", "generated_by", "points", "cases"});
    CaseSuite suite;
    suite.dir = dir;
    suite.name = std::filesystem::absolute(dir).lexically_normal().filename().string();
    if (suite.name.empty()) suite.name = std::filesystem::absolute(dir).lexically_normal().parent_path().filename().string();
    if (!root["variant"]) file.fail(root, "missing key 'variant'");
    suite.variantName = file.text(root["variant"], "variant");
    suite.variant = findVariant(suite.variantName);
    if (!suite.variant && !allowUnknownVariant) file.fail(root["variant"], "variant: unknown variant '" + suite.variantName + "'");
    if (const YAML::Node d = root["dialect"]) {
        file.expectMap(d, "dialect");
        for (const auto& entry : d) {
            suite.dialectSettings.push_back(entry.first.Scalar() + "=" + file.text(entry.second, "dialect." + entry.first.Scalar()));
        }
        if (suite.variant) {
            try {
                suite.dialect = Dialect::parse(suite.dialectSettings, suite.variant->dialects);
            } catch (const std::invalid_argument& e) {
                file.fail(d, std::string("dialect: ") + e.what());
            }
        }
    }
    if (const YAML::Node v = root["visibility"]) suite.visibility = visibilityOf(file, v, "visibility");
    if (const YAML::Node v = root["show"]) suite.show = showLevelOf(file, v, "show");
    if (const YAML::Node p = root["provenance"]) suite.provenance = file.text(p, "provenance");
    if (const YAML::Node p = root["points"]) suite.points = file.nonNegativeNumber(p, "points");
    const YAML::Node cases = root["cases"];
    if (!cases) file.fail(root, "missing key 'cases' (the case folders; plyjudge cases init DIR --force lists them)");
    file.expectSequence(cases, "cases");
    std::set<std::string> seen;
    for (const YAML::Node& c : cases) {
        SuiteCase sc = caseOf(file, c, suite);
        if (!seen.insert(sc.name).second) file.fail(c, "cases: '" + sc.name + "' is listed twice");
        suite.cases.push_back(std::move(sc));
    }
    return suite;
}

std::vector<std::filesystem::path> suiteDirsOf(const std::filesystem::path& casesRoot, std::string_view variant) {
    std::vector<std::filesystem::path> dirs;
    const auto root = casesRoot / std::string(variant);
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(root, ec)) {
        if (entry.is_directory() && std::filesystem::exists(entry.path() / "suite.yaml")) dirs.push_back(entry.path());
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
}

std::filesystem::path bundledCasesDir() { return plyjudge::bundledCasesDir(); }

}  // namespace plyjudge::grader
