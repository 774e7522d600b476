// Starting a run's program: checking the spec, its environment, the command line (bare, or wrapped in bubblewrap),
// the child's plan (child_setup.hpp) and the fork and exec itself.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <boost/process/environment.hpp>
#include <sys/types.h>

#include "sandbox/child_setup.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/stream_capture.hpp"

namespace plyjudge::sandbox::detail {

// Descriptor 3 of the child under bubblewrap: bwrap's --json-status-fd, which says when the sandbox was set up and
// the program started ("exit-code" is written only then: its absence after bwrap exited means bwrap failed).
constexpr int kBwrapStatusFd = 3;
// Descriptor 4: plyjudge-run-as's exec report (run_as_main.cpp): written only when it could not exec the program.
constexpr int kExecReportFd = 4;
// Whether the run has that report: under bubblewrap with plyjudge-run-as between bwrap and the program. Nowhere else
// is descriptor 4 passed on, so the program never holds it.
bool reportsExecFailure(bool isolated, int runUid);

// Why the run cannot start (an empty command line, a working directory that does not exist), or empty.
std::string invalidSpec(const RunSpec& spec);

// A token naming the run (process id, counter, random), for the environment marker.
std::string uniqueToken();

// Environment: minimal — PATH (the grader's), HOME = the working directory, LANG=C.UTF-8 — plus the caller's
// additions, plus the run's marker PLYJUDGE_SANDBOX_RUN=<token> (used to find escapees in /proc).
boost::process::environment runEnvironment(const RunSpec& spec, const std::filesystem::path& workDir,
                                           const std::string& token);

// The program to execute: argv[0] as a path when it has a slash, else looked up in `path` (PATH syntax); empty
// when not found.
std::string resolveProgram(const std::string& name, const std::string& path);

// What the child does between fork and exec: the working directory and umask, the resource limits
// (limits.cpp:resourceLimits), and the uid to switch to (without bubblewrap; under it plyjudge-run-as does).
// networkFd: the run's network namespace (network.hpp) or -1; cgroupEntries: the files that enter its cgroups (cgroup.hpp).
ChildPlan planChild(const RunSpec& spec, const std::filesystem::path& workDir, int runUid, bool isolated,
                    int networkFd, std::vector<int> cgroupEntries);

struct CommandLine {
    std::string exe;
    std::vector<std::string> args;  // after argv[0]
    std::vector<std::string> mounts;  // under bubblewrap: what the run sees and why (bubblewrapPrefix), for the trace
};

// Namespaces: the program, or bwrap with its options (bubblewrap.cpp) running it; then the program's arguments.
CommandLine commandLine(const RunSpec& spec, const std::string& program, int runUid, bool isolated, bool networkJoined);

// Forks and execs the command with stdin from /dev/null (or the grader's), stdout, stderr and bwrap's info pipe
// bound to descriptors 1, 2 and 3, and ChildSetup in between; closes the pipes' write ends and reaps a child that
// could not exec. Returns the pid, or -1 with `error` set.
pid_t spawn(const CommandLine& command, const boost::process::environment& env, const ChildPlan& plan,
            RunPipes& pipes, bool stdinFromDevNull, std::string& error);

}  // namespace plyjudge::sandbox::detail
