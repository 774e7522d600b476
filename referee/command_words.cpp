#include "referee/command_words.hpp"

#include <algorithm>
#include <regex>
#include <stdexcept>

namespace plyjudge::referee {

namespace {

std::string baseName(const std::string& program) {
    const auto slash = program.rfind('/');
    return slash == std::string::npos ? program : program.substr(slash + 1);
}

bool isShell(const std::string& name) {
    static const std::regex shells("(ba|da|z|k)?sh");
    return std::regex_match(name, shells);
}

// The index of the program file an interpreter runs, if the command names one.
std::optional<std::size_t> scriptOperand(const std::vector<std::string>& argv) {
    const std::string name = baseName(argv[0]);
    static const std::regex scripting("(python|pypy|lua|php|ruby|perl|node|nodejs|Rscript|julia|tclsh|wish)[0-9.]*");
    const bool java = name == "java";
    if (!java && !isShell(name) && !std::regex_match(name, scripting)) return std::nullopt;
    // Options that take the next word as their value (python's -W/-X/-Q, node's -r, perl's -I/-M...).
    static const std::vector<std::string> withValue = {"-W", "-X", "-Q", "-r", "--require", "-I", "-M", "-o", "-O"};
    for (std::size_t i = 1; i < argv.size(); ++i) {
        const std::string& w = argv[i];
        if (java && (w == "-jar" || w == "-cp" || w == "-classpath" || w == "--class-path")) {
            return i + 1 < argv.size() ? std::optional<std::size_t>(i + 1) : std::nullopt;
        }
        if (w == "-c" || w == "-m" || w == "-e" || w == "-E" || w == "--eval" || w == "-") return std::nullopt;  // code, not a file
        if (w == "--") return i + 1 < argv.size() ? std::optional<std::size_t>(i + 1) : std::nullopt;
        if (!w.empty() && w[0] == '-') {
            if (!java && std::find(withValue.begin(), withValue.end(), w) != withValue.end()) ++i;
            continue;
        }
        return java ? std::nullopt : std::optional<std::size_t>(i);  // java's bare word is a class name
    }
    return std::nullopt;
}

// For `sh -c STRING`: the index of STRING.
std::optional<std::size_t> shellStringIndex(const std::vector<std::string>& argv) {
    if (argv.empty() || !isShell(baseName(argv[0]))) return std::nullopt;
    for (std::size_t i = 1; i + 1 < argv.size(); ++i) {
        const std::string& w = argv[i];
        if (w.empty() || w[0] != '-') return std::nullopt;
        if (w.find('c') != std::string::npos && w.rfind("--", 0) != 0) return i + 1;  // -c, -ec, -xc...
    }
    return std::nullopt;
}

}  // namespace

std::vector<std::size_t> pathWords(const std::vector<std::string>& argv) {
    std::vector<std::size_t> out;
    if (argv.empty()) return out;
    const auto shell = shellStringIndex(argv);
    const auto script = shell ? std::nullopt : scriptOperand(argv);
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& w = argv[i];
        if (shell && i >= *shell) break;  // the shell string, and the $0 $1... after it
        const bool option = !w.empty() && w[0] == '-';
        const bool slashed = w.find('/') != std::string::npos && (i == 0 || !option);
        if (slashed || (script && *script == i)) out.push_back(i);
    }
    return out;
}

std::optional<std::string> shellString(const std::vector<std::string>& argv) {
    const auto i = shellStringIndex(argv);
    return i ? std::optional<std::string>(argv[*i]) : std::nullopt;
}

}  // namespace plyjudge::referee
