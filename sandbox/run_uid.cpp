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

void giveTree(const std::filesystem::path& dir, int uid) {
    gid_t gid = uid == int(::geteuid()) ? ::getegid() : gid_t(uid);
    ::fchownat(AT_FDCWD, dir.c_str(), uid_t(uid), gid, AT_SYMLINK_NOFOLLOW);
    std::error_code ec;
    std::filesystem::recursive_directory_iterator it(dir, std::filesystem::directory_options::skip_permission_denied, ec);
    int seen = 0;
    for (; !ec && it != std::filesystem::recursive_directory_iterator() && seen < 100000; it.increment(ec), ++seen)
        ::fchownat(AT_FDCWD, it->path().c_str(), uid_t(uid), gid, AT_SYMLINK_NOFOLLOW);
}

RunUidLease assignRunUid(const RunSpec& spec, const std::filesystem::path& workDir) {
    if (::geteuid() != 0) return RunUidLease();
    RunUidLease uid = RunUidLease::acquire();
    if (spec.sharedWorkDir) ::chmod(workDir.c_str(), 0777);
    else giveTree(workDir, uid.uid());
    return uid;
}

void returnWorkDir(const RunSpec& spec, const std::filesystem::path& workDir, const RunUidLease& uid) {
    if (uid.uid() >= 0 && !spec.sharedWorkDir) giveTree(workDir, int(::geteuid()));
}

}  // namespace plyjudge::sandbox::detail
