#include "grader/run/tool_installation.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "common/data_dir.hpp"
#include "common/judge_fault.hpp"
#include "grader/run/languages.hpp"
#include "grader/run/tool_probe.hpp"
#include "sandbox/world.hpp"

namespace plyjudge::grader {

namespace {

namespace fs = std::filesystem;

bool under(const fs::path& path, const fs::path& folder) {
    const std::string p = path.string(), f = folder.string();
    return p == f || (p.starts_with(f) && (f == "/" || p[f.size()] == '/'));
}

// The home folders of root, of the users who log in (uid 1000 and up) and of whoever runs the grader.
const std::vector<fs::path>& homeFolders() {
    static const std::vector<fs::path> homes = [] {
        std::vector<fs::path> out{"/root"};
        if (const char* home = std::getenv("HOME"); home && *home == '/') out.emplace_back(home);
        std::ifstream passwd("/etc/passwd");
        for (std::string line; std::getline(passwd, line);) {
            std::vector<std::string> fields;
            std::stringstream in(line);
            for (std::string f; std::getline(in, f, ':');) fields.push_back(f);
            if (fields.size() >= 6 && std::atol(fields[2].c_str()) >= 1000 && fields[2] != "65534" && fields[5].size() > 1)
                out.emplace_back(fields[5]);
        }
        for (fs::path& h : out) h = h.lexically_normal();
        return out;
    }();
    return homes;
}

// The tool's own links: `command`, and each link's target in turn, until a file that is no link.
void followLinks(ToolInstallation& t) {
    fs::path p = t.command;
    std::error_code ec;
    for (int hops = 0; hops < 40 && fs::is_symlink(p, ec); ++hops) {
        t.links.push_back(p);
        const fs::path target = fs::read_symlink(p, ec);
        if (ec) break;
        p = (target.is_absolute() ? target : p.parent_path() / target).lexically_normal();
    }
    t.realPath = fs::weakly_canonical(p, ec);
    if (ec) t.realPath = p;
}

// What the runs need, in order of weight: the folders the tool named (or, when it did not say, the folder above the
// real file's bin/), the folders of the links on the way (each must resolve inside the sandbox), the real file.
std::vector<fs::path> candidates(const ToolInstallation& t) {
    std::vector<fs::path> out = t.reported;
    if (t.reported.empty()) {
        const fs::path dir = t.realPath.parent_path();
        out.push_back(dir.filename() == "bin" ? dir.parent_path() : dir);
    }
    for (const fs::path& link : t.links) out.push_back(link.parent_path());
    out.push_back(t.realPath);
    std::error_code ec;
    // A folder named through a link (/opt/current -> py27) is shown at both places: the name the tool runs under
    // and the one the kernel resolves.
    for (std::size_t i = 0, n = out.size(); i < n; ++i) {
        const fs::path real = fs::weakly_canonical(out[i], ec);
        if (!ec && real != out[i]) out.push_back(real);
    }
    return out;
}

bool inWorld(const fs::path& p) { return sandbox::detail::inWorld(p.string()); }

// Chooses what is shown (ToolInstallation::shown), or says why the installation is refused.
void decideShown(ToolInstallation& t, const std::string& tool) {
    std::error_code ec;
    for (const fs::path& c : candidates(t)) {
        if (!fs::exists(c, ec) || inWorld(c)) continue;
        if (const auto why = forbiddenFolder(c)) {
            t.shown.clear();
            const JudgeFault fault{JudgeComponent::Interpreter,
                                   tool + " at " + t.command.string() + " would need " + c.string() + " shown to every run, and " +
                                       c.string() + " is " + *why,
                                   "install it in a folder of its own (such as /opt/" + tool + ") and set run.interpreters." +
                                       tool + " in the assignment (check, fuzz, referee: --interpreter " + tool + "=PATH)"};
            t.refused = fault.text();
            return;
        }
        const bool covered = std::any_of(t.shown.begin(), t.shown.end(), [&](const fs::path& s) { return under(c, s); });
        if (covered) continue;
        std::erase_if(t.shown, [&](const fs::path& s) { return under(s, c); });
        t.shown.push_back(c);
    }
}

std::unique_ptr<ToolInstallation> probed(const std::string& tool, const fs::path& command) {
    auto t = std::make_unique<ToolInstallation>();
    t->command = fs::absolute(command).lexically_normal();
    followLinks(*t);
    if (const ToolSpec* spec = toolSpec(tool)) {
        ProbeAnswer answer = probeTool(spec->probe, t->command);
        std::error_code ec;
        for (const fs::path& f : answer.folders)
            if (fs::is_directory(f, ec) && std::find(t->reported.begin(), t->reported.end(), f) == t->reported.end())
                t->reported.push_back(f);
        t->probeError = answer.error;
    } else {
        t->probeError = "no probe for " + tool;
    }
    decideShown(*t, tool);
    return t;
}

}  // namespace

std::optional<std::string> forbiddenFolder(const fs::path& folder) {
    std::error_code ec;
    fs::path real = fs::weakly_canonical(folder, ec);
    if (ec) real = folder.lexically_normal();
    for (const fs::path& f : {folder.lexically_normal(), real}) {
        if (f == "/" || f.empty()) return "the root of the file system";
        for (const char* host : {"/proc", "/dev", "/sys"})
            if (under(f, host)) return std::string("part of the host's ") + host;
        for (const fs::path& home : homeFolders()) {
            if (f == home) return "a whole home folder";
            if (under(home, f)) return "a folder holding the home folder " + home.string();
        }
        // An installed plyjudge's data folder whole (share/plyjudge); a build's is its source tree, where only the
        // cases are its data.
        const bool dataIsSourceTree = sourceTreeOfBuild() && dataDir() == *sourceTreeOfBuild();
        const fs::path own[] = {executablePath(), fs::weakly_canonical(bundledCasesDir(), ec),
                                dataIsSourceTree ? fs::path() : fs::weakly_canonical(dataDir(), ec)};
        for (const fs::path& mine : own) {
            if (!mine.empty() && (under(mine, f) || under(f, mine))) return "where plyjudge's own files are (" + mine.string() + ")";
        }
    }
    return std::nullopt;
}

const ToolInstallation& toolInstallation(const std::string& tool, const fs::path& command) {
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<ToolInstallation>> cache;
    const std::string key = tool + '\n' + command.string();
    {
        const std::lock_guard lock(mutex);
        if (const auto it = cache.find(key); it != cache.end()) return *it->second;
    }
    // Probed without the lock (a JVM takes a second): two threads may probe the same tool once each; the first kept wins.
    std::unique_ptr<ToolInstallation> fresh = probed(tool, command);
    const std::lock_guard lock(mutex);
    auto& slot = cache[key];
    if (!slot) slot = std::move(fresh);
    return *slot;
}

}  // namespace plyjudge::grader
