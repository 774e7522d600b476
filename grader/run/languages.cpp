// The tables themselves. A C++ table rather than a languages.yaml read at start: the compiler checks every entry (a
// misspelt field is a build error, not a TA's run-time one), there is nothing to embed, parse or fail to find, and
// each entry still reads as data, one per language. Adding a language: CONTRIBUTING.md, "Add a language".
#include "grader/run/languages.hpp"

#include <algorithm>

namespace plyjudge::grader {

const std::vector<LanguageSpec>& languages() {
    static const std::vector<LanguageSpec> table{
        {.language = Language::Python,
         .name = "Python",
         .extensions = {".py"},
         .compile = {},
         .compiled = "",
         .compileMemory = MemoryModel::AddressSpace,
         // Which Python runs it is decided per program (python_version.hpp): {tool:python} is that one.
         .run = {"{tool:python}", "{source}"},
         .memory = MemoryModel::AddressSpace,
         .describe = "python"},
        {.language = Language::Cpp,
         .name = "C++",
         .extensions = {".cpp", ".cc", ".cxx"},
         .compile = {"{tool:g++}", "-O2", "-std=gnu++17", "-o", "program", "{source}"},
         .compiled = "program",
         .compileMemory = MemoryModel::AddressSpace,
         .run = {"{build}/program"},
         .memory = MemoryModel::AddressSpace,
         .describe = "g++ -O2 -std=gnu++17"},
        {.language = Language::C,
         .name = "C",
         .extensions = {".c"},
         .compile = {"{tool:gcc}", "-O2", "-std=gnu11", "-o", "program", "{source}", "-lm"},
         .compiled = "program",
         .compileMemory = MemoryModel::AddressSpace,
         .run = {"{build}/program"},
         .memory = MemoryModel::AddressSpace,
         .describe = "gcc -O2 -std=gnu11"},
        {.language = Language::Java,
         .name = "Java",
         .extensions = {".java"},
         .compile = {"{tool:javac}", "-J-Xmx1g", "-encoding", "UTF-8", "-d", ".", "{source}"},
         .compiled = "*.class",
         .compileMemory = MemoryModel::JvmHeap,
         // The class is the file's name (Java requires it for a public class).
         .run = {"{tool:java}", "{heap}", "-Xss64m", "-XX:+UseSerialGC", "-cp", "{build}", "{class}"},
         .memory = MemoryModel::JvmHeap,
         .describe = "java"},
    };
    return table;
}

const std::vector<ToolSpec>& tools() {
    static const std::vector<ToolSpec> table{
        {"python2", {"python2", "python2.7"}, ToolProbe::Python},
        {"python3", {"python3"}, ToolProbe::Python},
        {"g++", {"g++"}, ToolProbe::Gcc},
        {"gcc", {"gcc"}, ToolProbe::Gcc},
        {"javac", {"javac"}, ToolProbe::Jvm},
        {"java", {"java"}, ToolProbe::Jvm},
    };
    return table;
}

const LanguageSpec* languageSpec(Language language) {
    for (const LanguageSpec& spec : languages())
        if (spec.language == language) return &spec;
    return nullptr;
}

const ToolSpec* toolSpec(std::string_view name) {
    for (const ToolSpec& spec : tools())
        if (spec.name == name) return &spec;
    return nullptr;
}

Language languageOf(const std::filesystem::path& file) {
    const std::string ext = file.extension().string();
    for (const LanguageSpec& spec : languages())
        if (std::find(spec.extensions.begin(), spec.extensions.end(), ext) != spec.extensions.end()) return spec.language;
    return Language::Unknown;
}

std::string extensionList(std::string_view lastJoin) {
    std::vector<std::string> all;
    for (const LanguageSpec& spec : languages())
        for (std::string_view ext : spec.extensions) all.push_back("*" + std::string(ext));
    std::string out;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const bool last = i + 1 == all.size() && i > 0;
        out += i == 0 ? "" : last && !lastJoin.empty() ? " " + std::string(lastJoin) + " " : ", ";
        out += all[i];
    }
    return out;
}

std::vector<std::string> toolsOf(const LanguageSpec& spec) {
    if (spec.language == Language::Python) return {"python2", "python3"};
    std::vector<std::string> names;
    for (const auto* command : {&spec.compile, &spec.run}) {
        for (const std::string& word : *command) {
            if (!word.starts_with("{tool:")) continue;
            const std::string name = word.substr(6, word.size() - 7);
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        }
    }
    return names;
}

bool isCompiledOutput(const LanguageSpec& spec, const std::filesystem::path& relative) {
    if (spec.compiled.starts_with("*.")) return relative.extension() == spec.compiled.substr(1);
    return !spec.compiled.empty() && relative == spec.compiled;
}

}  // namespace plyjudge::grader
