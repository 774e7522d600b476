// Waking up promptly when files in a directory change: inotify where the kernel offers it, otherwise
// short sleeps for mtime polling. Callers are state-based (they re-read the files after each wake-up),
// so the watch only has to wake them; it also reports which files were closed after writing, the
// inotify-only signal that a writer has finished.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace plyjudge::referee {

// One inotify event as the referee read it (the kernel gives no time nor author: `at` is when it was read).
struct WatchEvent {
    int dir = 0;  // which of the watched directories (their index)
    std::string name;
    std::uint32_t mask = 0;
    std::chrono::steady_clock::time_point at;
};

// A file closed after writing, in the directory of that index.
struct ClosedFile {
    int dir = 0;
    std::string name;
    bool operator==(const ClosedFile&) const = default;
};

class DirectoryWatch {
public:
    // Watches `dir` (which exists). `forcePolling` skips inotify (for tests of the fallback).
    explicit DirectoryWatch(const std::filesystem::path& dir, bool forcePolling = false);
    // Watches several directories (each player's own folder), told apart by their index in `dirs`.
    explicit DirectoryWatch(const std::vector<std::filesystem::path>& dirs, bool forcePolling = false);
    ~DirectoryWatch();
    DirectoryWatch(const DirectoryWatch&) = delete;
    DirectoryWatch& operator=(const DirectoryWatch&) = delete;

    bool usesInotify() const { return fd_ >= 0; }

    // Waits until something in the directory changes or `timeout` passes (polling: at most the poll
    // interval). Returns the files closed after writing since the last call.
    std::vector<ClosedFile> wait(std::chrono::milliseconds timeout);
    // Forgets the events queued so far (the caller's own writes).
    void drain();
    // The events since the last call, opens included (inotify only; at most kJournalSize are kept; times
    // are when they were read: within the caller's wait() timeouts). A second inotify instance that never
    // wakes wait(), so players that poll by opening files cost the referee nothing.
    std::vector<WatchEvent> takeJournal();

    static constexpr std::size_t kJournalSize = 4096;
    static constexpr std::chrono::milliseconds kPollInterval{2};

private:
    std::vector<ClosedFile> readEvents();
    void readJournal();
    static int indexOf(const std::vector<int>& wds, int wd);
    int fd_ = -1;
    int journalFd_ = -1;
    std::vector<int> wds_, journalWds_;  // the watch descriptors, in the order of the directories
    std::vector<WatchEvent> journal_;
};

// What identifies one version of a file without reading it: a rewrite changes mtime, size or inode.
struct FileStamp {
    bool exists = false;
    unsigned long long inode = 0;
    long long size = 0;
    long long mtimeNs = 0;
    bool operator==(const FileStamp&) const = default;
};
FileStamp stampOf(const std::filesystem::path& path);

// The whole content of a file, or "" when it cannot be read (missing, a directory, a symbolic link...).
// At most maxBytes.
std::string readSmallFile(const std::filesystem::path& path, std::size_t maxBytes = 4096);
// Writes content to path (truncate + write + close; never through a symbolic link); false on failure.
// Never throws.
bool writeSmallFile(const std::filesystem::path& path, const std::string& content);
// Removes whatever is at path and creates a new file there (an inotify IN_CREATE, like the original's
// `.go` files, not through anything a player planted). False on failure. Never throws.
bool createFresh(const std::filesystem::path& path, const std::string& content);
// Writes content to a temporary file next to path and renames it over path, so that a reader sees the
// old or the new content, never a truncated file. False on failure. Never throws.
bool replaceFile(const std::filesystem::path& path, const std::string& content);

}  // namespace plyjudge::referee
