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
        // A path of the world that is there (a file or a folder, as `wanted`), once in its list.
        auto add = [&](std::vector<std::string>& list, const fs::path& p, fs::file_type wanted) {
            const std::string s = p.lexically_normal().string();
            std::error_code e;
            if (inWorld(s) && fs::symlink_status(p, e).type() == wanted && std::find(list.begin(), list.end(), s) == list.end())
                list.push_back(s);
        };
        std::error_code ec;
        std::vector<fs::path> prefixes = {"/usr", "/usr/local"};
        const fs::path self = fs::read_symlink("/proc/self/exe", ec);
        if (!ec) {
            add(found.files, self, fs::file_type::regular);
            prefixes.push_back(self.parent_path().parent_path().lexically_normal());
        }
        for (const fs::path& prefix : prefixes) {
            add(found.files, prefix / "bin" / "plyjudge", fs::file_type::regular);
            add(found.folders, prefix / "share" / "plyjudge", fs::file_type::directory);
            add(found.folders, prefix / "share" / "doc" / "plyjudge", fs::file_type::directory);
        }
        return found;
    }();
    return own;
}

}  // namespace plyjudge::sandbox::detail
