// Every language a submission may be written in, described once, as data (languages.cpp), the way Kattis
// problemtools' languages.yaml or DOMjudge's language definitions do: its file extensions, the tools it needs,
// how it is compiled and run, how its memory is limited. And every tool those commands name (python2, g++, java,
// ...): the names it goes by in PATH and how its installation is asked of it (tool_installation.hpp).
// program_file (which file, which language), program (compile and run commands), interpreters (which tool path)
// and class_grading/program_check (the tools to check before the first run) all read these tables.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace plyjudge::grader {

enum class Language { Python, Cpp, C, Java, Unknown };

// How a tool says where its installation is (tool_installation.cpp runs the probe, once per tool path).
enum class ToolProbe {
    Python,  // `TOOL -E -s -c '...'`: sys.prefix, sys.exec_prefix, base prefixes, the standard library's folder
    Jvm,     // `TOOL -XshowSettings:properties -version` (javac: -J-XshowSettings...): java.home
    Gcc,     // `TOOL -print-search-dirs`, `-print-prog-name=cc1plus` (cc1), the #include <...> search list
};

struct ToolSpec {
    std::string_view name;                         // the name in commands, run.interpreters and --interpreter
    std::vector<std::string_view> pathNames;       // looked up in PATH in this order (an altinstall has python2.7 only)
    ToolProbe probe;
};

// How the run's memory limit is applied.
enum class MemoryModel {
    AddressSpace,  // the address space (or the cgroup's memory.max) is the limit
    JvmHeap,       // -Xmx is the limit; the tree gets the heap plus kJvmHeadroom (metaspace, code cache, stacks)
};
inline constexpr unsigned long long kJvmHeadroom = 384ULL << 20;

// A language. Commands are argv templates; their placeholders (languages.cpp says which) are filled by
// program.cpp: {tool:NAME} the path of that tool, {source} the staged program file, {build} the folder the compile
// step's outputs move to, {class} the source file's stem, {heap} -Xmx of the memory limit (left out without one).
struct LanguageSpec {
    Language language;
    std::string_view name;                    // for people: "Python", "C++", "C", "Java"
    std::vector<std::string_view> extensions;  // with the dot: ".cpp"
    std::vector<std::string> compile;         // empty: nothing is compiled
    std::string_view compiled;                // what the compile step hands on: a file name, or "*.class" style
    MemoryModel compileMemory = MemoryModel::AddressSpace;
    std::vector<std::string> run;
    MemoryModel memory = MemoryModel::AddressSpace;
    std::string_view describe;                // how it is built or run, for people ("g++ -O2 -std=gnu++17")
};

const std::vector<LanguageSpec>& languages();
const std::vector<ToolSpec>& tools();

const LanguageSpec* languageSpec(Language language);
const ToolSpec* toolSpec(std::string_view name);
// By the file's extension; Unknown for none of the table's.
Language languageOf(const std::filesystem::path& file);
// "*.py, *.cpp, *.cc, *.cxx, *.c, *.java" (`lastJoin`: the word before the last, e.g. "or").
std::string extensionList(std::string_view lastJoin = "");
// The tool names a language's commands name ({tool:NAME}), compile step first, each once. Python's are python2 and
// python3 (which one, python_version.hpp decides).
std::vector<std::string> toolsOf(const LanguageSpec& spec);
// Whether a compile step's output `relative` (a path in its folder) is what `spec` hands on to the runs.
bool isCompiledOutput(const LanguageSpec& spec, const std::filesystem::path& relative);

}  // namespace plyjudge::grader
