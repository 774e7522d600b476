#include "grader/assignment/assignment.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "grader/config/yaml_support.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

double defaultPointsPerCase(std::string_view variant) {
    const Variant* v = findVariant(variant);
    return v ? v->pointsPerCase : Variant{}.pointsPerCase;
}

std::string Assignment::title() const { return titleText.empty() ? path.stem().string() : titleText; }

namespace {

// dialect: the convention switches, checked against the variant's.
std::vector<std::string> dialectSettingsOf(const YamlFile& file, const YAML::Node& d, const Variant& variant) {
    file.expectMap(d, "dialect");
    std::vector<std::string> settings;
    for (const auto& entry : d) {
        settings.push_back(entry.first.Scalar() + "=" + file.text(entry.second, "dialect." + entry.first.Scalar()));
    }
    try {
        (void)Dialect::parse(settings, variant.dialects);
    } catch (const std::invalid_argument& e) {
        file.fail(d, std::string("dialect: ") + e.what());
    }
    return settings;
}

// limits: each one given replaces the default.
void readLimits(const YamlFile& file, const YAML::Node& l, sandbox::SandboxLimits& s) {
    file.expectMap(l, "limits");
    file.onlyKeys(l, "limits", {"wall_seconds", "cpu_seconds", "memory_mb", "stack_mb", "processes", "open_files", "file_mb", "disk_mb", "captured_kb"});
    if (l["wall_seconds"]) s.wallSeconds = file.positiveNumber(l["wall_seconds"], "limits.wall_seconds");
    if (l["cpu_seconds"]) s.cpuSeconds = file.positiveNumber(l["cpu_seconds"], "limits.cpu_seconds");
    if (l["memory_mb"]) s.memoryBytes = static_cast<std::uint64_t>(file.positiveInteger(l["memory_mb"], "limits.memory_mb")) << 20;
    if (l["stack_mb"]) s.stackBytes = static_cast<std::uint64_t>(file.positiveInteger(l["stack_mb"], "limits.stack_mb")) << 20;
    if (l["processes"]) s.maxProcesses = static_cast<int>(std::min(100000LL, file.positiveInteger(l["processes"], "limits.processes")));
    if (l["open_files"]) s.maxOpenFiles = static_cast<int>(std::min(100000LL, file.positiveInteger(l["open_files"], "limits.open_files")));
    if (l["file_mb"]) s.maxFileBytes = static_cast<std::uint64_t>(file.positiveInteger(l["file_mb"], "limits.file_mb")) << 20;
    if (l["disk_mb"]) s.diskBytes = static_cast<std::uint64_t>(file.positiveInteger(l["disk_mb"], "limits.disk_mb")) << 20;
    if (l["captured_kb"]) s.maxCapturedBytes = static_cast<std::uint64_t>(file.positiveInteger(l["captured_kb"], "limits.captured_kb")) << 10;
}

// scoring: points per case, and the files that must match (files the variant's programs write).
void readScoring(const YamlFile& file, const YAML::Node& s, Assignment& a) {
    file.expectMap(s, "scoring");
    file.onlyKeys(s, "scoring", {"points_per_case", "files"});
    if (s["points_per_case"]) a.pointsPerCase = file.nonNegativeNumber(s["points_per_case"], "scoring.points_per_case");
    if (const YAML::Node f = s["files"]) {
        file.expectSequence(f, "scoring.files");
        for (const YAML::Node& name : f) {
            const std::string n = file.text(name, "scoring.files[]");
            if (std::find(a.variant->outputFiles.begin(), a.variant->outputFiles.end(), n) == a.variant->outputFiles.end()) {
                file.fail(name, "scoring.files: " + a.variantName + " programs do not write '" + n + "'");
            }
            a.files.push_back(n);
        }
    }
}

// Where a suite named in suites: is: beside the assignment file first, then, for a plain relative name (no `..`),
// in the installed data's cases/VARIANT/ (bundledCasesDir), so that a copied bundled assignment still finds its
// suites. Nothing found: the error lists every place looked at.
std::filesystem::path suiteDirOf(const YamlFile& file, const YAML::Node& s, const Assignment& a, const std::string& rel) {
    const std::filesystem::path name(rel);
    std::vector<std::filesystem::path> looked = {a.path.parent_path() / name};
    const bool plainName = !rel.empty() && name.is_relative() &&
                           std::none_of(name.begin(), name.end(), [](const std::filesystem::path& part) { return part == ".."; });
    if (plainName) looked.push_back(bundledCasesDir() / a.variantName / name);
    for (const std::filesystem::path& dir : looked)
        if (std::filesystem::exists(dir / "suite.yaml")) return dir;
    std::string places;
    for (const std::filesystem::path& dir : looked) places += (places.empty() ? "" : ", ") + dir.string();
    file.fail(s, fmt::format("suites: no suite.yaml for '{}' (looked in {})", rel, places));
}

// One entry of suites: a folder with a suite.yaml (suiteDirOf), of the same variant and dialect.
CaseSuite loadSuite(const YamlFile& file, const YAML::Node& s, const Assignment& a) {
    const std::string rel = file.text(s, "suites[]");
    const std::filesystem::path dir = suiteDirOf(file, s, a, rel);
    CaseSuite suite = [&] {
        try {
            return CaseSuite::load(dir);
        } catch (const ConfigError& e) {
            file.fail(s, std::string("suites: ") + e.what());
        }
    }();
    if (suite.variant != a.variant) file.fail(s, "suites: " + dir.string() + " is a " + suite.variantName + " suite");
    // A suite's expected files were made with its own dialect (the default when it names none): the
    // assignment must use the same conventions.
    const Dialect mine = Dialect::parse(a.dialectSettings, a.variant->dialects);
    for (const DialectOption& o : a.variant->dialects) {
        if (mine.get(o) != suite.dialect.get(o)) {
            file.fail(s, fmt::format("suites: {} uses {}={}, the assignment {}={}", dir.string(), o.key,
                                     suite.dialect.get(o), o.key, mine.get(o)));
        }
    }
    return suite;
}

}  // namespace

Assignment Assignment::load(const std::filesystem::path& path) {
    const YamlFile file(path);
    const YAML::Node& root = file.root();
    file.onlyKeys(root, "", {"title", "variant", "dialect", "run", "overrides", "limits", "suites", "scoring"});
    Assignment a;
    a.path = path;
    if (root["title"]) a.titleText = file.text(root["title"], "title");
    if (!root["variant"]) file.fail(root, "missing key 'variant'");
    a.variantName = file.text(root["variant"], "variant");
    a.variant = findVariant(a.variantName);
    if (!a.variant) file.fail(root["variant"], "variant: unknown variant '" + a.variantName + "'");
    if (!a.variant->solve) file.fail(root["variant"], "variant: " + a.variantName + " is played live (use plyjudge referee)");
    a.pointsPerCase = defaultPointsPerCase(a.variantName);

    if (const YAML::Node d = root["dialect"]) a.dialectSettings = dialectSettingsOf(file, d, *a.variant);
    if (const YAML::Node r = root["run"]) a.run = parseRunSettings(file, r);
    if (const YAML::Node o = root["overrides"]) a.overrides = parseOverrides(file, o, "overrides");
    if (const YAML::Node l = root["limits"]) readLimits(file, l, a.limits);
    if (const YAML::Node s = root["scoring"]) readScoring(file, s, a);
    const YAML::Node suites = root["suites"];
    if (!suites) file.fail(root, "missing key 'suites'");
    file.expectSequence(suites, "suites");
    for (const YAML::Node& s : suites) a.suites.push_back(loadSuite(file, s, a));
    if (a.suites.empty()) file.fail(suites, "suites: the list is empty");
    return a;
}

double Assignment::pointsOf(const CaseSuite& suite, const SuiteCase& c) const {
    if (c.points) return *c.points;
    if (suite.points) return *suite.points;
    return pointsPerCase;
}

std::vector<std::string> Assignment::filesToMatch(const SuiteCase& c) const {
    std::vector<std::string> present = c.expectedFiles(*variant);
    if (files.empty()) return present;
    std::vector<std::string> chosen;
    for (const std::string& f : present) {
        if (std::find(files.begin(), files.end(), f) != files.end()) chosen.push_back(f);
    }
    return chosen;
}

}  // namespace plyjudge::grader
