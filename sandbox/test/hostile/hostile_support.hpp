// Helpers of the hostile suite: a scratch tree around each run (its directory, sentinel files, another
// submission, expected outputs), snapshots of that tree, and a /proc scan for processes a run left behind.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>
#include <sys/types.h>

namespace plyjudge::sandbox::hostile {

struct Arena {
    Arena();   // a fresh tree under the test's binary directory (not /tmp, which bubblewrap hides anyway)
    ~Arena();  // removes it
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;

    std::filesystem::path root;
    std::filesystem::path run;              // the run's working directory (holds input.txt)
    std::filesystem::path companion;        // the working directory of a benign run alongside
    std::filesystem::path sentinel;         // files nobody may change
    std::filesystem::path otherSubmission;  // another student's folder (holds SECRET-SOLUTION-<tag>)
    std::filesystem::path expected;         // the expected outputs (hold SECRET-EXPECTED-<tag>)
    std::string tag;                        // unique; the run gets HOSTILE_TAG=<tag> in its environment
};

// Every file and directory under root except the given subtrees: relative path -> type and content.
std::map<std::string, std::string> snapshot(const std::filesystem::path& root,
                                            const std::vector<std::filesystem::path>& except);

// Processes whose environment holds HOSTILE_TAG=<tag> (what a run started and the sandbox left running).
std::vector<pid_t> processesTagged(const std::string& tag);

// Children of this process that have ended and that nobody reaped (zombies).
std::vector<pid_t> unreapedChildren();

// The home folder of the user running the tests (/root for root): a run must not write there.
std::filesystem::path graderHome();

}  // namespace plyjudge::sandbox::hostile
