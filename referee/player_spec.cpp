#include "referee/player_spec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "common/command_template.hpp"
#include "referee/command_words.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;

bool validPlayerName(const std::string& name) {
    if (name.empty() || name.size() > 64 || name[0] == '.' || name[0] == '-') return false;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
        if (!ok) return false;
    }
    return true;
}

namespace {

void addReadable(PlayerSpec& spec, const fs::path& p) {
    std::error_code ec;
    if (!p.is_absolute() || !fs::exists(p, ec)) return;
    const fs::path folder = fs::is_directory(p, ec) ? p : p.parent_path();
    if (std::find(spec.readOnlyPaths.begin(), spec.readOnlyPaths.end(), folder) == spec.readOnlyPaths.end()) {
        spec.readOnlyPaths.push_back(folder);
    }
}

// The absolute paths named inside an `sh -c` string (best effort: the string is split like a command line,
// shell operators stuck to a word are dropped). Relative paths there are the shell's business: they are
// relative to the player's working folder in the game directory.
void addShellStringPaths(PlayerSpec& spec, const std::string& script) {
    std::vector<std::string> words;
    try {
        words = parseCommandTemplate(script).words;  // operators are no words
    } catch (const std::invalid_argument&) {
        return;
    }
    for (std::string w : words) {
        const auto eq = w.find("=/");
        if (eq != std::string::npos) w = w.substr(eq + 1);  // VAR=/path
        if (!w.empty() && w[0] == '/') addReadable(spec, w);
    }
}

}  // namespace

PlayerSpec makePlayerSpec(const std::string& name, const std::string& command, const fs::path& baseDir) {
    if (!validPlayerName(name)) {
        throw std::invalid_argument(fmt::format("`{}` is not a valid player name (letters, digits, _ - . only)", name));
    }
    PlayerSpec spec;
    spec.name = name;
    spec.command = command;
    // Read once, by the same rules as a grading command (common/command_template.hpp): plain words run directly, a
    // command with shell syntax (a redirection, `VAR=x prog`, a pipe) through /bin/sh -c, as the grader runs one.
    if (command.find_first_not_of(" \t\n") == std::string::npos)
        throw std::invalid_argument(fmt::format("player {} has an empty command", name));
    try {
        const CommandTemplate parsed = parseCommandTemplate(command);
        spec.argv = parsed.shell ? std::vector<std::string>{"/bin/sh", "-c", command} : parsed.words;
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(fmt::format("player {}: cannot read its command: {}", name, e.what()));
    }
    std::error_code ec;
    if (spec.argv[0] == "plyjudge") {
        spec.argv[0] = fs::read_symlink("/proc/self/exe", ec).string();
        addReadable(spec, spec.argv[0]);
    }
    for (const std::size_t i : pathWords(spec.argv)) {
        std::string& word = spec.argv[i];
        if (word.empty()) continue;
        const fs::path p(word);
        if (p.is_relative()) {
            const fs::path here = baseDir / p;
            // The program itself is always a path from where the command was typed (the game directory
            // is fresh: nothing could be found there); a program's argument only if it exists here.
            if (i == 0 || fs::exists(here, ec)) word = (fs::exists(here, ec) ? fs::weakly_canonical(here, ec) : here.lexically_normal()).string();
        }
        addReadable(spec, word);
    }
    if (const auto script = shellString(spec.argv)) addShellStringPaths(spec, *script);
    return spec;
}

PlayerSpec parsePlayerArgument(const std::string& argument, const fs::path& baseDir) {
    const auto eq = argument.find('=');
    if (eq == std::string::npos) throw std::invalid_argument(fmt::format("`{}` is not NAME=COMMAND", argument));
    return makePlayerSpec(argument.substr(0, eq), argument.substr(eq + 1), baseDir);
}

fs::path checkedWorkSubdir(const std::string& subdir) {
    std::string s = fs::path(subdir).lexically_normal().string();
    while (s.size() > 1 && s.back() == '/') s.pop_back();
    const fs::path p(s);
    bool ok = !subdir.empty() && p.is_relative() && p != ".";
    for (const auto& part : p) ok = ok && part != ".." && part != "";
    if (!ok) throw std::invalid_argument(fmt::format("`{}` is not a folder inside the game directory (relative, no ..)", subdir));
    const std::string top = p.begin()->string();
    if (top == "move_file" || top == "end_game" || top == "history_file" || top.ends_with(".go") || top.ends_with(".txt")) {
        throw std::invalid_argument(fmt::format("`{}`: {} is a file of the protocol or of the game record", subdir, top));
    }
    return p;
}

}  // namespace plyjudge::referee

namespace plyjudge::referee {

void applyInterpreters(PlayerSpec& player, const std::map<std::string, std::string>& interpreters) {
    if (player.argv.empty()) return;
    const auto it = interpreters.find(player.argv.front());
    if (it == interpreters.end()) return;
    player.argv.front() = it->second;
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(it->second, ec);
    if (ec) return;  // the start then fails as a setup error naming the path
    const std::filesystem::path dir = real.parent_path();
    player.readOnlyPaths.push_back(dir.filename() == "bin" ? dir.parent_path() : dir);
}

PlayerProtocol parsePlayerProtocol(const std::string& name) {
    if (name == "files") return PlayerProtocol::Files;
    if (name == "gomocup") return PlayerProtocol::Gomocup;
    throw std::invalid_argument(fmt::format("protocol: {}: expected files or gomocup", name));
}

}  // namespace plyjudge::referee
