#include "grader/run/run_adjustments.hpp"

#include <sys/stat.h>

#include <stdexcept>

namespace plyjudge::grader {

namespace {

std::string trimmed(const std::string& s) {
    const auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// Every component of `relative` below `root` is a real folder (no link), and the last one a regular file.
bool plainFileBelow(const std::filesystem::path& root, const std::filesystem::path& relative) {
    std::filesystem::path at = root;
    struct stat st {};
    for (auto it = relative.begin(); it != relative.end(); ++it) {
        at /= *it;
        if (::lstat(at.c_str(), &st) != 0) return false;
        const bool last = std::next(it) == relative.end();
        if (last ? !S_ISREG(st.st_mode) : !S_ISDIR(st.st_mode)) return false;
    }
    return true;
}

// Every folder of `relative` below `root` that exists is a real folder (no link): a file written there stays inside.
bool noLinkOnTheWay(const std::filesystem::path& root, const std::filesystem::path& relative) {
    std::filesystem::path at = root;
    struct stat st {};
    for (const auto& part : relative) {
        at /= part;
        if (::lstat(at.c_str(), &st) != 0) return true;  // made below as a folder, or the file itself
        if (at != root / relative && !S_ISDIR(st.st_mode)) return false;
        if (at == root / relative && !S_ISREG(st.st_mode)) return false;
    }
    return true;
}

}  // namespace

std::filesystem::path placeOf(const std::string& name, const std::filesystem::path& start) {
    if (!name.empty() && name.front() == '\\') return start.parent_path() / (start.filename().string() + name);
    return start / name;
}

std::string whyOutside(const std::string& path) {
    if (path.empty()) return "an empty name";
    if (path.front() == '/') return path + " is an absolute path";
    for (const auto& part : std::filesystem::path(path)) {
        if (part == "..") return path + " goes up with ..";
    }
    return "";
}

bool staysInside(const std::string& path) { return whyOutside(path).empty(); }

std::pair<std::string, std::string> parseSetupStep(const std::string& text) {
    const auto arrow = text.find("->");
    if (arrow == std::string::npos) throw std::invalid_argument("expected 'FROM -> TO', got '" + text + "'");
    std::string from = trimmed(text.substr(0, arrow)), to = trimmed(text.substr(arrow + 2));
    for (const std::string& side : {from, to}) {
        if (const std::string why = whyOutside(side); !why.empty())
            throw std::invalid_argument("'" + text + "': " + why + "; both sides must be names inside the run's folder");
    }
    return {from, to};
}

void applySetup(const RunAdjustments& adjustments, const std::filesystem::path& runDir) {
    const std::filesystem::path root = runDir.parent_path();
    for (const auto& [from, to] : adjustments.setup) {
        const std::filesystem::path source = placeOf(from, runDir), target = placeOf(to, runDir);
        if (!plainFileBelow(root, source.lexically_relative(root))) throw std::runtime_error("setup: no file " + from + " to copy to " + to);
        if (!noLinkOnTheWay(root, target.lexically_relative(root)))
            throw std::runtime_error("setup: " + to + " would be written through a link or over a folder");
        if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path());
        std::filesystem::copy_file(source, target, std::filesystem::copy_options::overwrite_existing);
    }
}

std::vector<std::string> collectOutputs(const RunAdjustments& adjustments, const std::filesystem::path& runDir) {
    std::vector<std::string> problems;
    const std::filesystem::path root = runDir.parent_path();
    for (const auto& [name, from] : adjustments.collect) {
        const std::filesystem::path source = placeOf(from, runDir);
        if (!plainFileBelow(root, source.lexically_relative(root))) {
            problems.push_back(from + " (collected as " + name + ") was not written as a plain file");
            continue;
        }
        std::error_code ec;
        std::filesystem::rename(source, runDir / name, ec);
        if (ec) problems.push_back("cannot collect " + from + ": " + ec.message());
    }
    return problems;
}

}  // namespace plyjudge::grader
