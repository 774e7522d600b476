#include "fuzz/corpus.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "fuzz/case_generator.hpp"
#include "common/file_io.hpp"
#include "common/temp_dir.hpp"

namespace plyjudge::fuzz {

namespace {

// FNV-1a: stable across runs and platforms (std::hash is not).
std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

std::vector<std::filesystem::path> caseDirs(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> dirs;
    if (!std::filesystem::is_directory(dir)) return dirs;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.is_directory() && std::filesystem::is_regular_file(entry.path() / "input.txt")) dirs.push_back(entry.path());
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
}

}  // namespace

std::vector<std::pair<std::filesystem::path, std::string>> loadCorpus(const std::filesystem::path& dir) {
    std::vector<std::pair<std::filesystem::path, std::string>> cases;
    for (const auto& d : caseDirs(dir)) cases.emplace_back(d, readWholeFile(d / "input.txt"));
    return cases;
}

std::filesystem::path saveToCorpus(const std::filesystem::path& dir, const Variant& variant, const std::string& input) {
    const std::filesystem::path caseDir = dir / fmt::format("case-{:016x}", fnv1a(input));
    std::filesystem::create_directories(caseDir);
    writeWholeFile(caseDir / "input.txt", input);
    for (const auto& [name, content] : referenceOutputs(variant, input)) writeWholeFile(caseDir / name, content);
    std::string manifest = fmt::format(
        "# Case suite manifest (read by grader/suite): disagreements found by plyjudge fuzz, shrunk, with the\n"
        "# reference's expected outputs. plyjudge fuzz replays these first.\n"
        "variant: {}\n"
        "visibility: published\n"
        "provenance: plyjudge fuzz\n"
        "cases:\n",
        variant.name);
    for (const auto& d : caseDirs(dir)) manifest += "  - " + d.filename().string() + "\n";
    writeWholeFile(dir / "suite.yaml", manifest);
    return caseDir;
}

}  // namespace plyjudge::fuzz
