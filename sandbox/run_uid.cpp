#include "sandbox/run_uid.hpp"

#include <memory>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/cleanup.hpp"
#include "sandbox/isolation.hpp"

namespace plyjudge::sandbox::detail {

RunUidLease RunUidLease::acquire() {
    bool wasDirty = false;
    RunUidLease lease;
    lease.lease_ = IdLease::acquire(kFirstRunUid, kRunUids, "uid", wasDirty);
    // Nothing may run as the uid when a run gets it: a grader that died (kill -9) holding it may have left escapees.
    if (wasDirty) killAllOfUid(lease.uid());
    return lease;
}

IdLease acquireStudentGid() {
    bool wasDirty = false;
    return IdLease::acquire(kFirstStudentGid, kStudentGids, "gid", wasDirty);
}

}  // namespace plyjudge::sandbox::detail

namespace plyjudge::sandbox {

StudentGroup studentGroup() {
    if (::geteuid() != 0 || isolationSupport().available) return {};
    auto lease = std::make_shared<detail::IdLease>(detail::acquireStudentGid());
    const int gid = lease->id();
    return {gid, std::move(lease)};
}

}  // namespace plyjudge::sandbox

namespace plyjudge::sandbox::detail {

WorkTreeFigures giveTree(const std::filesystem::path& dir, int uid) {
    const gid_t gid = uid == int(::geteuid()) ? ::getegid() : gid_t(uid);
    return walkWorkTree(dir, uid, gid);
}

RunUidLease assignRunUid(const std::filesystem::path& workDir, WorkTreeFigures& atStart, bool& walked) {
    walked = false;
    if (::geteuid() != 0) return RunUidLease();
    RunUidLease uid = RunUidLease::acquire();
    atStart = giveTree(workDir, uid.uid());
    walked = true;
    return uid;
}

WorkTreeFigures returnWorkDir(const std::filesystem::path& workDir, const RunUidLease& uid, bool measure) {
    if (uid.uid() >= 0) return giveTree(workDir, int(::geteuid()));
    return measure ? walkWorkTree(workDir) : WorkTreeFigures{};
}

}  // namespace plyjudge::sandbox::detail
