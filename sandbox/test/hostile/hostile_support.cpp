#include "sandbox/test/hostile/hostile_support.hpp"

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

#include <dirent.h>
#include <pwd.h>
#include <unistd.h>

namespace plyjudge::sandbox::hostile {

namespace fs = std::filesystem;

namespace {

void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

Arena::Arena() {
    std::string pattern = (fs::path(HOSTILE_SCRATCH_DIR) / "arena-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    root = pattern;
    tag = root.filename().string() + "-" + std::to_string(std::random_device{}());
    run = root / "run";
    companion = root / "companion";
    sentinel = root / "sentinel";
    otherSubmission = root / "submissions" / "other_student";
    expected = root / "cases" / "case1";
    fs::create_directories(run);
    fs::create_directories(companion);
    write(run / "input.txt", "X\n3\n");
    write(sentinel / "a.txt", "sentinel a\n");
    write(sentinel / "sub" / "b.txt", "sentinel b\n");
    write(otherSubmission / "solution.py", "# SECRET-SOLUTION-" + tag + "\n");
    write(expected / "output.txt", "SECRET-EXPECTED-" + tag + "\n");
    write(expected / "input.txt", "X\n3\n");
}

Arena::~Arena() {
    std::error_code ec;
    fs::remove_all(root, ec);
}

std::map<std::string, std::string> snapshot(const fs::path& root, const std::vector<fs::path>& except) {
    std::map<std::string, std::string> out;
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
        bool skip = false;
        for (const auto& e : except) skip = skip || it->path() == e;
        if (skip) {
            it.disable_recursion_pending();
            continue;
        }
        std::string rel = fs::relative(it->path(), root).string();
        auto st = fs::symlink_status(it->path());
        if (fs::is_regular_file(st)) out[rel] = "file:" + slurp(it->path());
        else if (fs::is_directory(st)) out[rel] = "dir";
        else out[rel] = "other";
    }
    return out;
}

std::vector<pid_t> processesTagged(const std::string& tag) {
    const std::string needle = "HOSTILE_TAG=" + tag;
    std::vector<pid_t> found;
    DIR* dir = ::opendir("/proc");
    for (dirent* e = dir ? ::readdir(dir) : nullptr; e; e = ::readdir(dir)) {
        char* end = nullptr;
        long pid = std::strtol(e->d_name, &end, 10);
        if (pid <= 0 || *end) continue;
        std::ifstream in("/proc/" + std::string(e->d_name) + "/environ", std::ios::binary);
        std::string entry;
        while (std::getline(in, entry, '\0'))
            if (entry == needle) found.push_back(pid_t(pid));
    }
    if (dir) ::closedir(dir);
    return found;
}

std::filesystem::path graderHome() {
    const passwd* pw = ::getpwuid(::geteuid());
    return pw && pw->pw_dir && *pw->pw_dir ? fs::path(pw->pw_dir) : fs::path("/root");
}

std::vector<pid_t> unreapedChildren() {
    std::vector<pid_t> found;
    const std::string self = std::to_string(::getpid());
    DIR* dir = ::opendir("/proc");
    for (dirent* e = dir ? ::readdir(dir) : nullptr; e; e = ::readdir(dir)) {
        char* end = nullptr;
        long pid = std::strtol(e->d_name, &end, 10);
        if (pid <= 0 || *end) continue;
        std::string stat = slurp("/proc/" + std::string(e->d_name) + "/stat");
        std::size_t close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(stat.substr(close + 2));
        std::string state, ppid;
        fields >> state >> ppid;
        if (state == "Z" && ppid == self) found.push_back(pid_t(pid));
    }
    if (dir) ::closedir(dir);
    return found;
}

}  // namespace plyjudge::sandbox::hostile
