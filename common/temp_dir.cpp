#include "common/temp_dir.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <random>
#include <system_error>

#include "common/remove_tree.hpp"

namespace plyjudge {

TempDir::TempDir(const std::string& prefix, mode_t mode) {
    // $TMPDIR as the C library sees it (std::filesystem::temp_directory_path also honours it).
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (!::mkdtemp(pattern.data())) throw std::system_error(errno, std::generic_category(), "mkdtemp " + pattern);
    path_ = pattern;
    if (mode != 0700) ::chmod(path_.c_str(), mode);
}

// Through removeTree: a program run in it may have taken the owner's permissions away from folders it made.
TempDir::~TempDir() { removeTree(path_); }

std::string unguessableName() {
    static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    std::random_device random;
    std::string name;
    for (int i = 0; i < 12; ++i) name += kAlphabet[random() % (sizeof kAlphabet - 1)];
    return name;
}

}  // namespace plyjudge
