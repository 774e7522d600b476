#include "referee/player_spec.hpp"

#include <boost/program_options/parsers.hpp>
#include <fmt/format.h>

#include <stdexcept>

namespace plyjudge::live {

namespace fs = std::filesystem;

bool validPlayerName(const std::string& name) {
    if (name.empty() || name.size() > 64 || name[0] == '.' || name[0] == '-') return false;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
        if (!ok) return false;
    }
    return true;
}

PlayerSpec makePlayerSpec(const std::string& name, const std::string& command, const fs::path& baseDir) {
    if (!validPlayerName(name)) {
        throw std::invalid_argument(fmt::format("`{}` is not a valid player name (letters, digits, _ - . only)", name));
    }
    PlayerSpec spec;
    spec.name = name;
    spec.argv = boost::program_options::split_unix(command);
    if (spec.argv.empty()) throw std::invalid_argument(fmt::format("player {} has an empty command", name));
    std::error_code ec;
    if (spec.argv[0] == "plyjudge") {
        spec.argv[0] = fs::read_symlink("/proc/self/exe", ec).string();
        spec.readOnlyPaths.push_back(fs::path(spec.argv[0]).parent_path());
    }
    for (std::size_t i = 0; i < spec.argv.size(); ++i) {
        std::string& arg = spec.argv[i];
        const fs::path p(arg);
        if (p.is_absolute()) {
            if (fs::exists(p, ec)) spec.readOnlyPaths.push_back(fs::is_directory(p, ec) ? p : p.parent_path());
            continue;
        }
        // argv[0] without a slash is a program looked up in PATH; other words are files only if they exist.
        const bool looksLikePath = arg.find('/') != std::string::npos || i > 0;
        if (looksLikePath && !arg.empty() && arg[0] != '-' && fs::exists(baseDir / p, ec)) {
            const fs::path absolute = fs::weakly_canonical(baseDir / p, ec);
            arg = absolute.string();
            spec.readOnlyPaths.push_back(fs::is_directory(absolute, ec) ? absolute : absolute.parent_path());
        }
    }
    return spec;
}

PlayerSpec parsePlayerArgument(const std::string& argument, const fs::path& baseDir) {
    const auto eq = argument.find('=');
    if (eq == std::string::npos) throw std::invalid_argument(fmt::format("`{}` is not NAME=COMMAND", argument));
    return makePlayerSpec(argument.substr(0, eq), argument.substr(eq + 1), baseDir);
}

}  // namespace plyjudge::live
