#include "sandbox/dev_tree.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

namespace {

struct Entry {
    const char* name;
    mode_t type;              // S_IFCHR, S_IFLNK or S_IFDIR
    unsigned major, minor;    // S_IFCHR
    const char* target;       // S_IFLNK
};

// What bwrap's --dev makes, less devpts and ptmx.
constexpr Entry kEntries[] = {
    {"null", S_IFCHR, 1, 3, nullptr},     {"zero", S_IFCHR, 1, 5, nullptr},
    {"full", S_IFCHR, 1, 7, nullptr},     {"random", S_IFCHR, 1, 8, nullptr},
    {"urandom", S_IFCHR, 1, 9, nullptr},  {"tty", S_IFCHR, 5, 0, nullptr},
    {"stdin", S_IFLNK, 0, 0, "/proc/self/fd/0"},  {"stdout", S_IFLNK, 0, 0, "/proc/self/fd/1"},
    {"stderr", S_IFLNK, 0, 0, "/proc/self/fd/2"}, {"fd", S_IFLNK, 0, 0, "/proc/self/fd"},
    {"core", S_IFLNK, 0, 0, "/proc/kcore"},       {"shm", S_IFDIR, 0, 0, nullptr},
};

constexpr mode_t kDeviceMode = 0666;
constexpr mode_t kDirMode = 0755;

// A directory that is root's, not a symbolic link, and writable by root alone.
bool rootOnlyDirectory(const std::string& path) {
    struct stat st{};
    return ::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == 0 && (st.st_mode & 022) == 0;
}

// Exactly the entries of kEntries, each root's with its type, device numbers, mode or target; the directory itself
// root's and 0755.
bool verify(const std::string& dir) {
    struct stat st{};
    if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0 || st.st_gid != 0 ||
        (st.st_mode & 07777) != kDirMode)
        return false;
    DIR* d = ::opendir(dir.c_str());
    if (!d) return false;
    std::set<std::string> names;
    while (dirent* e = ::readdir(d))
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) names.insert(e->d_name);
    const int fd = ::dirfd(d);
    bool ok = names.size() == std::size(kEntries);
    for (const Entry& e : kEntries) {
        if (!ok) break;
        ok = names.count(e.name) && ::fstatat(fd, e.name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
             (st.st_mode & S_IFMT) == e.type && st.st_uid == 0 && st.st_gid == 0;
        if (!ok) break;
        if (e.type == S_IFCHR) {
            ok = st.st_rdev == makedev(e.major, e.minor) && (st.st_mode & 07777) == kDeviceMode;
        } else if (e.type == S_IFDIR) {
            ok = (st.st_mode & 07777) == kDirMode;
        } else {
            char target[64];
            const ssize_t n = ::readlinkat(fd, e.name, target, sizeof target);
            ok = n > 0 && std::size_t(n) == std::strlen(e.target) && std::memcmp(target, e.target, std::size_t(n)) == 0;
        }
    }
    ::closedir(d);
    return ok;
}

bool populate(const std::string& dir) {
    if (::mkdir(dir.c_str(), kDirMode) != 0 || ::chmod(dir.c_str(), kDirMode) != 0 || ::chown(dir.c_str(), 0, 0) != 0)
        return false;
    for (const Entry& e : kEntries) {
        const std::string path = dir + "/" + e.name;
        bool ok;
        if (e.type == S_IFCHR)
            ok = ::mknod(path.c_str(), S_IFCHR | kDeviceMode, makedev(e.major, e.minor)) == 0 &&
                 ::chmod(path.c_str(), kDeviceMode) == 0;
        else if (e.type == S_IFDIR)
            ok = ::mkdir(path.c_str(), kDirMode) == 0 && ::chmod(path.c_str(), kDirMode) == 0;
        else
            ok = ::symlink(e.target, path.c_str()) == 0;
        if (!ok || ::lchown(path.c_str(), 0, 0) != 0) return false;
    }
    return true;
}

// The tree at `dir` (whose parent is root's alone): made if missing or wrong, in a directory of our own renamed
// into place, so graders starting side by side never see half a tree.
bool makeAt(const std::string& dir) {
    if (verify(dir)) return true;
    const std::string mine = dir + ".new." + std::to_string(::getpid());
    std::error_code ec;
    std::filesystem::remove_all(mine, ec);
    if (!populate(mine)) {
        std::filesystem::remove_all(mine, ec);
        return false;
    }
    if (::rename(mine.c_str(), dir.c_str()) != 0) {
        // Another grader was first (then it is right), or an older, different tree is in the way: set it aside.
        if (!verify(dir)) {
            const std::string old = dir + ".old." + std::to_string(::getpid());
            if (::rename(dir.c_str(), old.c_str()) == 0) std::filesystem::remove_all(old, ec);
            ::rename(mine.c_str(), dir.c_str());
        }
        std::filesystem::remove_all(mine, ec);
    }
    return verify(dir);
}

// Where device nodes work: a file system not mounted nodev (bwrap's bind keeps nodev, and /run usually has it).
bool allowsDevices(const std::string& dir) {
    struct statvfs sv{};
    return ::statvfs(dir.c_str(), &sv) == 0 && (sv.f_flag & ST_NODEV) == 0;
}

std::string make() {
    if (::geteuid() != 0) return "";
    if (::access("/run", W_OK) == 0) {
        const std::string parent = "/run/plyjudge-sandbox";  // also the run uids' lock files (run_uid.cpp)
        ::mkdir(parent.c_str(), 0700);
        if (rootOnlyDirectory(parent) && allowsDevices(parent) && makeAt(parent + "/dev")) return parent + "/dev";
    }
    if (rootOnlyDirectory("/dev") && allowsDevices("/dev") && makeAt("/dev/plyjudge-sandbox"))
        return "/dev/plyjudge-sandbox";
    return "";
}

std::atomic<bool> disabled{false};

}  // namespace

const std::string& preparedDevTree() {
    static const std::string none;
    // Made once per grader, on the sandbox's first use (the bubblewrap probe, isolation.cpp), then shared by all runs.
    static const std::string tree = make();
    return disabled.load() ? none : tree;
}

void disablePreparedDevTree() { disabled.store(true); }

}  // namespace plyjudge::sandbox::detail
