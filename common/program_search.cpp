#include "common/program_search.hpp"

#include <cstdlib>

#include <sys/stat.h>
#include <unistd.h>

namespace plyjudge {

namespace {

bool executableFile(const std::filesystem::path& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

}  // namespace

std::string hostPath() {
    const char* path = std::getenv("PATH");
    return path && *path ? path : "/usr/local/bin:/usr/bin:/bin";
}

std::vector<std::filesystem::path> executablesInPath(const std::string& name, const std::string& path) {
    std::vector<std::filesystem::path> found;
    if (name.empty()) return found;
    if (name.find('/') != std::string::npos) {
        if (executableFile(name)) found.emplace_back(name);
        return found;
    }
    for (std::size_t start = 0; start <= path.size();) {
        std::size_t end = path.find(':', start);
        if (end == std::string::npos) end = path.size();
        if (end > start) {
            std::filesystem::path candidate = std::filesystem::path(path.substr(start, end - start)) / name;
            if (executableFile(candidate)) found.push_back(std::move(candidate));
        }
        start = end + 1;
    }
    return found;
}

std::filesystem::path findInPath(const std::string& name, const std::string& path) {
    std::vector<std::filesystem::path> all = executablesInPath(name, path);
    return all.empty() ? std::filesystem::path() : all.front();
}

}  // namespace plyjudge
