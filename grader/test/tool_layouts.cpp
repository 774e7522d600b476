#include "grader/test/tool_layouts.hpp"

#include <unistd.h>

#include <cstdlib>

#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader::testing {

namespace {

namespace fs = std::filesystem;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// Runs `command` as a stranger would: another uid when we are root, an empty environment.
bool runsAsOther(const std::string& command) {
    const std::string asOther = ::geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
    return plyjudge::testing::runShell(asOther + "env -i " + command + " >/dev/null 2>&1").status == 0;
}

// A tree copied as hard links (a real copy where links cannot be made), with `fresh` copied for real.
bool copyTree(const fs::path& from, const fs::path& dest, std::string& why) {
    fs::create_directories(dest.parent_path());
    const auto r = plyjudge::testing::runShell("cp -al " + quoted(from) + " " + quoted(dest) + " 2>/dev/null || cp -a " +
                                               quoted(from) + " " + quoted(dest) + " 2>&1");
    if (r.status != 0) why = "cannot copy " + from.string() + " to " + dest.string() + ": " + r.output;
    return r.status == 0;
}

// The library path `built`/lib in `binary` replaced by $ORIGIN/../lib (NUL-padded: the string table keeps its size).
bool makeRelocatable(const fs::path& binary, const fs::path& built, std::string& why) {
    std::string bytes = plyjudge::testing::readFile(binary);
    const std::string runpath = (built / "lib").string();
    const std::string relative = "$ORIGIN/../lib";
    const std::size_t at = bytes.find(runpath + '\0');
    if (at == std::string::npos) return true;  // no library path of the build's: nothing to change
    if (runpath.size() < relative.size()) {
        why = "the library path " + runpath + " is too short to be rewritten";
        return false;
    }
    bytes.replace(at, runpath.size(), relative + std::string(runpath.size() - relative.size(), '\0'));
    plyjudge::testing::writeFile(binary, bytes);
    fs::permissions(binary, fs::perms(0755));
    return true;
}

std::optional<fs::path> python27Build(std::string& why) {
    const char* home = std::getenv("HOME");
    for (const fs::path& base : {fs::path(home ? home : "/root"), fs::path("/root")}) {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(base / ".pyenv" / "versions", ec))
            if (e.path().filename().string().starts_with("2.7") && fs::exists(e.path() / "bin" / "python2.7")) return fs::canonical(e.path());
    }
    why = "no Python 2.7 build here (Debian bookworm has none; none in ~/.pyenv/versions)";
    return std::nullopt;
}

}  // namespace

LayoutScratch::LayoutScratch(const std::string& name, bool underTmp) {
    const fs::path base = underTmp ? fs::path("/tmp") : fs::path(GRADER_TEST_SCRATCH_DIR);
    root_ = base / ("plyjudge-layout-" + name + "-" + std::to_string(::getpid()) + "-" + unguessableName());
    fs::create_directories(root_);
    fs::permissions(root_, fs::perms(0755));
}

LayoutScratch::~LayoutScratch() {
    std::error_code ec;
    fs::remove_all(root_, ec);  // hard links go, what they link to stays
}

bool copyPython27(const fs::path& dest, std::string& why) {
    const auto build = python27Build(why);
    if (!build || !copyTree(*build, dest, why)) return false;
    // The one file changed is a real copy: a hard link would change pyenv's own.
    const fs::path python = dest / "bin" / "python2.7";
    fs::remove(python);
    fs::copy_file(*build / "bin" / "python2.7", python);
    if (!makeRelocatable(python, *build, why)) return false;
    if (!runsAsOther(quoted(python) + " -c 'import os, sys; assert sys.version_info[0] == 2'")) {
        why = python.string() + " (a copy of " + build->string() + ") does not run as another user";
        return false;
    }
    return true;
}

bool copyJdk(const fs::path& dest, std::string& why) {
    const fs::path jdk = "/usr/lib/jvm/java-17-openjdk-amd64";
    if (!fs::exists(jdk / "bin" / "javac")) {
        why = "no JDK 17 at " + jdk.string() + " (Debian's openjdk-17-jdk-headless)";
        return false;
    }
    if (!copyTree(jdk, dest, why)) return false;
    if (!runsAsOther(quoted(dest / "bin" / "java") + " -version")) {
        why = (dest / "bin" / "java").string() + " does not run as another user";
        return false;
    }
    return true;
}

PathSetting::PathSetting(const std::string& path) {
    if (const char* old = std::getenv("PATH")) old_ = old;
    ::setenv("PATH", path.c_str(), 1);
}

PathSetting::~PathSetting() {
    if (old_) ::setenv("PATH", old_->c_str(), 1);
    else ::unsetenv("PATH");
}

}  // namespace plyjudge::grader::testing
