#include "common/remove_tree.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <string_view>
#include <vector>

namespace plyjudge {

namespace {

constexpr int kFolderFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

// A folder being emptied: who it is (to check the way back up) and its sub-folders still to remove.
struct Level {
    dev_t device = 0;
    ino_t inode = 0;
    std::vector<std::string> folders;
};

// Opens the folder `name` of `parent`, giving its owner back rwx when they were taken away: reading needs r,
// removing its entries w and x. -1 when it cannot be opened (or is not a folder: links are not followed).
int openFolder(int parent, const char* name) {
    int fd = ::openat(parent, name, kFolderFlags);
    struct stat st {};
    if (fd < 0 && errno == EACCES && ::fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode)) {
        // glibc does AT_SYMLINK_NOFOLLOW through /proc; without /proc the plain call (it is a folder, just seen).
        const mode_t mode = (st.st_mode & 07777) | S_IRWXU;
        if (::fchmodat(parent, name, mode, AT_SYMLINK_NOFOLLOW) != 0) ::fchmodat(parent, name, mode, 0);
        fd = ::openat(parent, name, kFolderFlags);
    }
    if (fd >= 0 && ::fstat(fd, &st) == 0 && (st.st_mode & S_IRWXU) != S_IRWXU) ::fchmod(fd, (st.st_mode & 07777) | S_IRWXU);
    return fd;
}

// Removes what can go at once from the folder open as `fd` (files, links, special files, empty folders) and
// returns it with the sub-folders left to empty. The names are read first: removing while reading may skip some.
Level scan(int fd) {
    Level level;
    struct stat st {};
    if (::fstat(fd, &st) == 0) {
        level.device = st.st_dev;
        level.inode = st.st_ino;
    }
    std::vector<std::string> names;
    const int listFd = ::dup(fd);
    if (DIR* dir = listFd >= 0 ? ::fdopendir(listFd) : nullptr) {
        while (const dirent* e = ::readdir(dir)) {
            const std::string_view name = e->d_name;
            if (name != "." && name != "..") names.emplace_back(name);
        }
        ::closedir(dir);
    } else if (listFd >= 0) {
        ::close(listFd);
    }
    for (const std::string& name : names) {
        if (::unlinkat(fd, name.c_str(), 0) == 0 || errno != EISDIR) continue;  // Linux: EISDIR for a folder
        if (::unlinkat(fd, name.c_str(), AT_REMOVEDIR) != 0) level.folders.push_back(name);
    }
    return level;
}

// Empties the folder open as `top` (the descriptor is closed) depth first, holding one descriptor at a time:
// the way back up is "..", checked to be the folder left (a folder moved meanwhile stops the walk).
void emptyFolder(int top) {
    int fd = top;
    std::vector<Level> levels{scan(fd)};
    while (fd >= 0) {
        if (!levels.back().folders.empty()) {
            const int child = openFolder(fd, levels.back().folders.back().c_str());
            if (child < 0) {
                levels.back().folders.pop_back();  // left as it is; the final removal says so
                continue;
            }
            ::close(fd);
            fd = child;
            levels.push_back(scan(fd));
            continue;
        }
        levels.pop_back();
        if (levels.empty()) break;
        const int up = ::openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        ::close(fd);
        fd = up;
        struct stat st {};
        if (fd < 0 || ::fstat(fd, &st) != 0 || st.st_dev != levels.back().device || st.st_ino != levels.back().inode) break;
        ::unlinkat(fd, levels.back().folders.back().c_str(), AT_REMOVEDIR);
        levels.back().folders.pop_back();
    }
    if (fd >= 0) ::close(fd);
}

}  // namespace

bool removeTree(const std::filesystem::path& path) noexcept {
    try {
        std::filesystem::path p = path.lexically_normal();
        if (!p.has_filename()) p = p.parent_path();  // "dir/"
        const std::string parentName = p.has_parent_path() ? p.parent_path().string() : ".";
        const std::string name = p.filename().string();
        const int parent = ::open(parentName.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (parent < 0) return errno == ENOENT;
        bool gone = ::unlinkat(parent, name.c_str(), 0) == 0 || errno == ENOENT;
        if (!gone && errno == EISDIR) {
            const int fd = openFolder(parent, name.c_str());
            if (fd >= 0) emptyFolder(fd);
            gone = ::unlinkat(parent, name.c_str(), AT_REMOVEDIR) == 0 || errno == ENOENT;
        }
        ::close(parent);
        return gone;
    } catch (...) {
        return false;  // no memory for a name: what is left stays
    }
}

}  // namespace plyjudge
