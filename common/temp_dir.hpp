// A fresh private folder under $TMPDIR (or /tmp), removed with everything in it when the object dies, whatever
// modes a program run in it set (common/remove_tree.hpp).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>

namespace plyjudge {

class TempDir {
public:
    // `prefix` names the folder (PREFIX-XXXXXX). `mode` is applied after creation: 0700 keeps it private;
    // 0711 lets the sandbox's run uids reach folders made inside it without listing them.
    explicit TempDir(const std::string& prefix = "plyjudge", mode_t mode = 0700);
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

// Twelve random letters and digits: a folder name others cannot guess inside a traversable, unlistable
// (0711) folder.
std::string unguessableName();

}  // namespace plyjudge
