// Installations of interpreters the way TAs' machines have them, built by the tests from what this machine has: a
// Python 2.7 tree (pyenv's build, copied) behind a PATH link into an /opt-like folder, as a pyenv version, as a conda
// environment, as a `make altinstall` under a /usr/local-like prefix; a JDK outside /usr (Debian's, copied). Copies
// are hard links where the file system allows (instant, no space), except the one file changed: python2.7, whose
// library path names the tree it was built in (pyenv: /root/.pyenv/versions/2.7.18/lib) and is made relative to
// the binary ($ORIGIN/../lib, as conda's builds are), so the copy is an installation of its own.
#pragma once

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace plyjudge::grader::testing {

// A scratch folder others can traverse (a root grader's runs use other uids), removed at the end: under /tmp (the
// sandbox's private /tmp hides it: the installation must be bound in) or under the build tree (outside /tmp, as a
// course folder would be).
class LayoutScratch {
public:
    LayoutScratch(const std::string& name, bool underTmp);
    ~LayoutScratch();
    LayoutScratch(const LayoutScratch&) = delete;
    LayoutScratch& operator=(const LayoutScratch&) = delete;
    const std::filesystem::path& path() const { return root_; }
    std::filesystem::path operator/(const std::string& name) const { return root_ / name; }

private:
    std::filesystem::path root_;
};

// Copies this machine's Python 2.7 tree (a pyenv build under $HOME/.pyenv/versions) to `dest` (made), relocatable.
// False with `why` when there is none or the copy does not run as another user.
bool copyPython27(const std::filesystem::path& dest, std::string& why);

// Copies Debian's JDK 17 (/usr/lib/jvm/java-17-openjdk-amd64) to `dest` (made). False with `why`.
bool copyJdk(const std::filesystem::path& dest, std::string& why);

// Whether `paths` has `path` (what a probe reported, what an installation shows).
inline bool holds(const std::vector<std::filesystem::path>& paths, const std::filesystem::path& path) {
    return std::find(paths.begin(), paths.end(), path) != paths.end();
}

// Sets PATH for the scope of the object (the process's), back to what it was at the end.
class PathSetting {
public:
    explicit PathSetting(const std::string& path);
    ~PathSetting();
    PathSetting(const PathSetting&) = delete;
    PathSetting& operator=(const PathSetting&) = delete;

private:
    std::optional<std::string> old_;
};

}  // namespace plyjudge::grader::testing
