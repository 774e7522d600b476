// The one PATH search of plyjudge: where a command's first word is found, as execvp would find it. The sandbox resolves
// a run's program with it (in the run's PATH), the grader its interpreters (in the grader's), the referee its players'
// programs; before, each searched PATH its own way (three of them), and could disagree on what runs.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace plyjudge {

// The host's PATH, or the default a POSIX shell uses when it is unset or empty.
std::string hostPath();

// Every executable file named `name` in the folders of `path` (':'-separated; an empty entry is skipped), in PATH's
// order; `name` itself when it contains a slash (and is executable). Empty when none.
std::vector<std::filesystem::path> executablesInPath(const std::string& name, const std::string& path = hostPath());

// The first of them, or empty.
std::filesystem::path findInPath(const std::string& name, const std::string& path = hostPath());

}  // namespace plyjudge
