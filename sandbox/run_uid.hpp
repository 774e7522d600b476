// Credentials, the grader's side: dedicated unprivileged uids for the runs of a root grader (with or without
// bubblewrap). A uid of its own makes RLIMIT_NPROC count this run alone, lets us kill exactly its processes
// (kill(-1) as that uid), and keeps the program from writing anywhere but its working directory (and, without
// bubblewrap, world-writable places such as /tmp). The switch itself is made in the child
// (child_setup.hpp:dropToRunUid) or, under bubblewrap, by plyjudge-run-as (bubblewrap.cpp:switchToRunUid).
#pragma once

#include <filesystem>

#include "sandbox/id_pool.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/work_tree.hpp"

namespace plyjudge::sandbox::detail {

// Uids kFirstRunUid .. kFirstRunUid + kRunUids - 1 (no entries in /etc/passwd needed).
constexpr int kFirstRunUid = 61000;
constexpr int kRunUids = 512;

class RunUidLease {
public:
    RunUidLease() = default;
    // Waits while all are in use (by this grader or, through lock files, by others on the machine); kills
    // anything still running as the uid when the last holder died holding it.
    static RunUidLease acquire();
    // Cleanup: releasing the uid marks it clean (the run's cleanup has killed everything of the uid).
    int uid() const { return lease_.id(); }  // -1: none

private:
    IdLease lease_;
};

// Gids kFirstStudentGid .. + kStudentGids - 1: one per student being graded, the only group that can read that
// student's staged files when a root grader runs without bubblewrap (grader/run/program.cpp). Its runs keep it as
// their one supplementary group (RunSpec::groupId).
constexpr int kFirstStudentGid = 62000;
constexpr int kStudentGids = 4096;
IdLease acquireStudentGid();

// Changes the owner of dir and everything in it to uid (and its gid), never following symbolic links; measures it in
// the same walk (work_tree.hpp).
WorkTreeFigures giveTree(const std::filesystem::path& dir, int uid);

// Credentials: a root grader leases the run a uid of its own and hands it the working directory; a grader that is not
// root runs it as itself (no lease, uid() == -1). `atStart` is measured when the hand-over walked the directory
// (`walked` set), else left as it is.
RunUidLease assignRunUid(const std::filesystem::path& workDir, WorkTreeFigures& atStart, bool& walked);

// Credentials: the working directory and what the run wrote there belong to the grader again.
// Returns the directory's figures at the end, measured in the same walk (or in a walk of their own where nothing is
// handed back but `measure` asks for them).
WorkTreeFigures returnWorkDir(const std::filesystem::path& workDir, const RunUidLease& uid, bool measure);

}  // namespace plyjudge::sandbox::detail
