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

}  // namespace

bool staysInside(const std::string& path) {
    if (path.empty() || path.front() == '/') return false;
    for (const auto& part : std::filesystem::path(path)) {
        if (part == "..") return false;
    }
    return true;
}

std::pair<std::string, std::string> parseSetupStep(const std::string& text) {
    const auto arrow = text.find("->");
    if (arrow == std::string::npos) throw std::invalid_argument("expected 'FROM -> TO', got '" + text + "'");
    std::string from = trimmed(text.substr(0, arrow)), to = trimmed(text.substr(arrow + 2));
    if (!staysInside(from) || !staysInside(to)) {
        throw std::invalid_argument("'" + text + "': both sides must be relative paths inside the run's folder");
    }
    return {from, to};
}

void applySetup(const RunAdjustments& adjustments, const std::filesystem::path& runDir) {
    for (const auto& [from, to] : adjustments.setup) {
        if (!plainFileBelow(runDir, from)) throw std::runtime_error("setup: no file " + from + " to copy to " + to);
        const std::filesystem::path target = runDir / to;
        if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path());
        std::filesystem::copy_file(runDir / from, target, std::filesystem::copy_options::overwrite_existing);
    }
}

std::vector<std::string> collectOutputs(const RunAdjustments& adjustments, const std::filesystem::path& runDir) {
    std::vector<std::string> problems;
    for (const auto& [name, from] : adjustments.collect) {
        if (!plainFileBelow(runDir, from)) {
            problems.push_back(from + " (collected as " + name + ") was not written as a plain file");
            continue;
        }
        std::error_code ec;
        std::filesystem::rename(runDir / from, runDir / name, ec);
        if (ec) problems.push_back("cannot collect " + from + ": " + ec.message());
    }
    return problems;
}

}  // namespace plyjudge::grader
