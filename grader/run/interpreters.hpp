// The interpreters and compilers that run submissions (the tools of languages.hpp: python2, python3, java, javac,
// g++, gcc): where they are, what of them the runs must see, and whether the sandbox's run users can execute them. A root grader runs each program under a uid
// of its own, which cannot enter /root: a pyenv, conda or nvm shim there works for the grader and for
// nobody else, so it is found out before the first run, with the fix in the message.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace plyjudge::grader {

// Chosen paths by name ("python2" -> "/opt/py27/bin/python2.7"): the assignment's run.interpreters, or
// --interpreter NAME=PATH. A name without an entry is looked up in PATH.
struct Interpreters {
    std::map<std::string, std::string> paths;

    // The command to run for `name`: the chosen path, else the PATH lookup (resolveCommand) of each name the tool
    // goes by (languages.hpp: python2, then python2.7).
    std::string commandFor(const std::string& name) const;
    // Why the run users cannot execute `name`, or its installation may not be shown to them, with the fix; nullopt
    // when they can.
    std::optional<std::string> problemWith(const std::string& name) const;
    // What the sandbox must show the runs for `name` to work, chosen or found in PATH: its installation as the tool
    // itself reports it (tool_installation.hpp: the real path behind links, a Python's prefixes, java.home, gcc's
    // search directories), outside the sandbox's world, which may lie under its private /tmp. Empty when nothing
    // needs showing, `name` is neither a tool of languages.hpp nor chosen, or it cannot be run (problemWith says why).
    std::vector<std::filesystem::path> installationOf(const std::string& name) const;
};

// Whether an unprivileged user can reach `path` (every folder above it traversable by others, the file
// readable, or executable when `execute`).
bool reachableByOthers(const std::filesystem::path& path, bool execute);

// `name` looked up in PATH, preferring a copy that an unprivileged run uid can execute when we are root
// (e.g. /usr/bin/python3 rather than a pyenv shim under /root). A name with a '/' is returned as is;
// a name found nowhere is returned unchanged.
std::string resolveCommand(const std::string& name);

// Whether programs run under other uids than ours (a root grader).
bool runsAsOtherUser();

}  // namespace plyjudge::grader
