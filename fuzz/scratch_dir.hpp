// A private temporary directory (mkdtemp), removed with its contents when the object dies.
#pragma once

#include <filesystem>
#include <string>

namespace plyjudge::fuzz {

class ScratchDir {
public:
    explicit ScratchDir(const std::string& prefix = "plyjudge-fuzz");
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

std::string readWholeFile(const std::filesystem::path& path);
void writeWholeFile(const std::filesystem::path& path, const std::string& content);

}  // namespace plyjudge::fuzz
