#include "referee/dir_watch.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <thread>
#include <utility>

namespace plyjudge::referee {

DirectoryWatch::DirectoryWatch(const std::filesystem::path& dir, bool forcePolling)
    : DirectoryWatch(std::vector<std::filesystem::path>{dir}, forcePolling) {}

DirectoryWatch::DirectoryWatch(const std::vector<std::filesystem::path>& dirs, bool forcePolling) {
    if (forcePolling) return;
    fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd_ < 0) return;
    const uint32_t mask = IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM |
                          IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;
    for (const auto& dir : dirs) {
        const int wd = inotify_add_watch(fd_, dir.c_str(), mask);
        if (wd < 0) {
            close(fd_);
            fd_ = -1;
            wds_.clear();
            return;
        }
        wds_.push_back(wd);
    }
    journalFd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    for (const auto& dir : dirs) {
        if (journalFd_ < 0) break;
        const int wd = inotify_add_watch(journalFd_, dir.c_str(), mask | IN_OPEN);
        if (wd < 0) {
            close(journalFd_);
            journalFd_ = -1;
        }
        journalWds_.push_back(wd);
    }
}

int DirectoryWatch::indexOf(const std::vector<int>& wds, int wd) {
    for (std::size_t i = 0; i < wds.size(); ++i) {
        if (wds[i] == wd) return static_cast<int>(i);
    }
    return -1;
}

DirectoryWatch::~DirectoryWatch() {
    if (fd_ >= 0) close(fd_);
    if (journalFd_ >= 0) close(journalFd_);
}

void DirectoryWatch::readJournal() {
    if (journalFd_ < 0) return;
    alignas(inotify_event) char buffer[8192];
    for (;;) {
        const ssize_t n = read(journalFd_, buffer, sizeof buffer);
        if (n <= 0) break;
        const auto now = std::chrono::steady_clock::now();
        for (ssize_t i = 0; i < n;) {
            const auto* event = reinterpret_cast<const inotify_event*>(buffer + i);
            if (event->len > 0 && journal_.size() < kJournalSize) {
                journal_.push_back({indexOf(journalWds_, event->wd), event->name, event->mask, now});
            }
            i += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
}

std::vector<ClosedFile> DirectoryWatch::readEvents() {
    std::vector<ClosedFile> closed;
    alignas(inotify_event) char buffer[8192];
    for (;;) {
        const ssize_t n = read(fd_, buffer, sizeof buffer);
        if (n <= 0) break;
        for (ssize_t i = 0; i < n;) {
            const auto* event = reinterpret_cast<const inotify_event*>(buffer + i);
            if ((event->mask & IN_CLOSE_WRITE) && event->len > 0) closed.push_back({indexOf(wds_, event->wd), event->name});
            i += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
    return closed;
}

std::vector<ClosedFile> DirectoryWatch::wait(std::chrono::milliseconds timeout) {
    if (timeout.count() < 0) timeout = std::chrono::milliseconds(0);
    if (fd_ < 0) {
        std::this_thread::sleep_for(std::min(timeout, kPollInterval));
        return {};
    }
    pollfd p{fd_, POLLIN, 0};
    const bool ready = poll(&p, 1, static_cast<int>(timeout.count())) > 0;
    readJournal();
    return ready ? readEvents() : std::vector<ClosedFile>{};
}

void DirectoryWatch::drain() {
    if (fd_ >= 0) readEvents();
}

std::vector<WatchEvent> DirectoryWatch::takeJournal() {
    readJournal();
    return std::exchange(journal_, {});
}

FileStamp stampOf(const std::filesystem::path& path) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0) return {};
    return {true, static_cast<unsigned long long>(st.st_ino), static_cast<long long>(st.st_size),
            static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec};
}

std::string readSmallFile(const std::filesystem::path& path, std::size_t maxBytes) {
    // O_NOFOLLOW: a player could make move_file a symbolic link to a file only the referee may read.
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
    if (fd < 0) return {};
    std::string content;
    char buffer[4096];
    for (;;) {
        const ssize_t n = read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        content.append(buffer, static_cast<std::size_t>(n));
        if (content.size() >= maxBytes) {
            content.resize(maxBytes);
            break;
        }
    }
    close(fd);
    return content;
}

bool writeSmallFile(const std::filesystem::path& path, const std::string& content) {
    // O_NOFOLLOW: a player could plant a symbolic link where the referee writes (e.g. the other's .go).
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (fd < 0) return false;
    // Both players may write the protocol files; without bubblewrap a root sandbox runs each under a uid
    // of its own, so the files are world-writable whatever the umask.
    fchmod(fd, 0666);
    std::size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = write(fd, content.data() + done, content.size() - done);
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
    }
    return close(fd) == 0 && done == content.size();
}

}  // namespace plyjudge::referee

namespace plyjudge::referee {

bool replaceFile(const std::filesystem::path& path, const std::string& content) {
    std::string name = ".";
    name += path.filename().string();
    name += ".tmp";
    const std::filesystem::path temp = path.parent_path() / name;
    ::unlink(temp.c_str());  // whatever a player may have put there
    if (!writeSmallFile(temp, content)) return false;
    return ::rename(temp.c_str(), path.c_str()) == 0;
}

}  // namespace plyjudge::referee

namespace plyjudge::referee {

bool createFresh(const std::filesystem::path& path, const std::string& content) {
    ::unlink(path.c_str());
    return writeSmallFile(path, content);
}

}  // namespace plyjudge::referee
