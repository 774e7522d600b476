#include "grader/run/staging.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <stdexcept>

namespace plyjudge::grader {

namespace {

bool isVersionControl(const std::filesystem::path& p) {
    const std::string name = p.filename().string();
    return name == ".git" || name == ".hg" || name == ".svn";
}

void makeReadableByAll(const std::filesystem::path& p, bool directory) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) return;
    const bool executable = directory || (st.st_mode & S_IXUSR);
    ::chmod(p.c_str(), executable ? 0755 : 0644);
}

}  // namespace

void stageFolder(const std::filesystem::path& from, const std::filesystem::path& to, bool recursive, const StagingLimits& limits) {
    namespace fs = std::filesystem;
    std::uint64_t bytes = 0, files = 0;
    fs::create_directories(to);
    makeReadableByAll(to, true);
    std::error_code ec;
    auto copyEntry = [&](const fs::directory_entry& e, const fs::path& target) {
        const fs::file_status st = e.symlink_status(ec);
        if (fs::is_directory(st)) {
            fs::create_directories(target);
            makeReadableByAll(target, true);
            return;
        }
        if (!fs::is_regular_file(st)) return;  // links, FIFOs, sockets, devices: never followed or opened
        bytes += e.file_size(ec);
        if (++files > limits.maxFiles || bytes > limits.maxBytes) {
            throw std::runtime_error(fmt::format("{} holds more than {} files or {} MiB: name the program (run.file) "
                                                 "or clean the folder", from.string(), limits.maxFiles, limits.maxBytes >> 20));
        }
        fs::copy_file(e.path(), target, fs::copy_options::overwrite_existing);
        makeReadableByAll(target, false);
    };
    if (!recursive) {
        for (const auto& e : fs::directory_iterator(from)) {
            if (!e.is_directory(ec)) copyEntry(e, to / e.path().filename());
        }
        return;
    }
    for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator(); ++it) {
        if (it->is_directory(ec) && !it->is_symlink(ec) && isVersionControl(it->path())) {
            it.disable_recursion_pending();
            continue;
        }
        copyEntry(*it, to / fs::relative(it->path(), from));
    }
}

void restrictToGroup(const std::filesystem::path& dir, int gid) {
    namespace fs = std::filesystem;
    auto restrict = [gid](const fs::path& p) {
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0 || S_ISLNK(st.st_mode)) return;
        ::lchown(p.c_str(), 0, gid_t(gid));
        ::chmod(p.c_str(), S_ISDIR(st.st_mode) || (st.st_mode & S_IXUSR) ? 0750 : 0640);
    };
    restrict(dir);
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        restrict(it->path());
}

}  // namespace plyjudge::grader
