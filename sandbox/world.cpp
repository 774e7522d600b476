#include "sandbox/world.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace plyjudge::sandbox::detail {

namespace fs = std::filesystem;

const std::vector<WorldEntry>& worldEntries() {
    static const std::vector<WorldEntry> entries = [] {
        std::vector<WorldEntry> out;
        for (const char* path : {"/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
            std::error_code ec;
            const fs::file_status st = fs::symlink_status(path, ec);
            if (ec || !fs::exists(st)) continue;
            if (fs::is_symlink(st)) {
                const fs::path target = fs::read_symlink(path, ec);
                if (!ec) out.push_back({path, target.string()});
            } else if (fs::is_directory(st)) {
                out.push_back({path, ""});
            }
        }
        return out;
    }();
    return entries;
}

bool inWorld(const std::string& path) {
    for (const WorldEntry& e : worldEntries()) {
        if (path != e.path && !path.starts_with(e.path + "/")) continue;
        if (e.symlinkTarget.empty()) return true;
        // Through a link of merged /usr (/bin/sh is /usr/bin/sh): in the world when its target is.
        const fs::path target = (fs::path(e.path).parent_path() / e.symlinkTarget).lexically_normal();
        return target.string() != e.path && inWorld((target / fs::path(path).lexically_relative(e.path)).lexically_normal().string());
    }
    return false;
}

const OwnFiles& ownFilesInWorld() {
    static const OwnFiles own = [] {
        OwnFiles found;
        std::error_code ec;
        std::vector<fs::path> prefixes = {"/usr", "/usr/local"};
        const fs::path self = fs::read_symlink("/proc/self/exe", ec);
        if (!ec) {
            if (inWorld(self.lexically_normal().string())) found.files.push_back(self.lexically_normal().string());
            prefixes.push_back(self.parent_path().parent_path().lexically_normal());
        }
        auto addFile = [&](const fs::path& p) {
            const std::string s = p.lexically_normal().string();
            std::error_code e;
            if (inWorld(s) && fs::is_regular_file(fs::symlink_status(p, e)) &&
                std::find(found.files.begin(), found.files.end(), s) == found.files.end())
                found.files.push_back(s);
        };
        auto addFolder = [&](const fs::path& p) {
            const std::string s = p.lexically_normal().string();
            std::error_code e;
            if (inWorld(s) && fs::is_directory(fs::symlink_status(p, e)) &&
                std::find(found.folders.begin(), found.folders.end(), s) == found.folders.end())
                found.folders.push_back(s);
        };
        for (const fs::path& prefix : prefixes) {
            addFile(prefix / "bin" / "plyjudge");
            addFolder(prefix / "share" / "plyjudge");
            addFolder(prefix / "share" / "doc" / "plyjudge");
        }
        return found;
    }();
    return own;
}

}  // namespace plyjudge::sandbox::detail
