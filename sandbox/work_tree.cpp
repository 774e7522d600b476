#include "sandbox/work_tree.hpp"

#include <algorithm>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

namespace {

struct Walk {
    int owner;
    gid_t group;
    int entriesLeft = kMaxWorkTreeEntries;
    WorkTreeFigures figures;
};

void countRegular(Walk& w, const struct stat& st) {
    if (!S_ISREG(st.st_mode)) return;
    const auto size = static_cast<std::uint64_t>(st.st_size);
    w.figures.bytes += size;
    w.figures.largestFile = std::max(w.figures.largestFile, size);
}

// One folder, open as `fd` (closed here), depth first: a descriptor per level, as the walks it replaces held.
void walkFolder(int fd, Walk& w) {
    DIR* folder = ::fdopendir(fd);
    if (!folder) {
        ::close(fd);
        return;
    }
    const int at = ::dirfd(folder);
    while (w.entriesLeft > 0) {
        const dirent* e = ::readdir(folder);
        if (!e) break;
        if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
        --w.entriesLeft;
        ++w.figures.entries;
        if (w.owner >= 0) ::fchownat(at, e->d_name, uid_t(w.owner), w.group, AT_SYMLINK_NOFOLLOW);
        if (e->d_type == DT_DIR) {
            const int sub = ::openat(at, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub >= 0) walkFolder(sub, w);
            continue;
        }
        if (e->d_type != DT_REG && e->d_type != DT_UNKNOWN) continue;  // links, FIFOs, sockets, devices: no bytes
        struct stat st {};
        if (::fstatat(at, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (S_ISDIR(st.st_mode)) {  // a file system that does not fill d_type
            const int sub = ::openat(at, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub >= 0) walkFolder(sub, w);
            continue;
        }
        countRegular(w, st);
    }
    ::closedir(folder);
}

}  // namespace

WorkTreeFigures walkWorkTree(const std::filesystem::path& dir, int owner, gid_t group) {
    Walk w{owner, group, kMaxWorkTreeEntries, {}};
    if (owner >= 0) ::fchownat(AT_FDCWD, dir.c_str(), uid_t(owner), group, AT_SYMLINK_NOFOLLOW);
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) walkFolder(fd, w);
    return w.figures;
}

}  // namespace plyjudge::sandbox::detail
