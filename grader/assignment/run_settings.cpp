#include "grader/assignment/run_settings.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace plyjudge::grader {

namespace {

PythonChoice pythonChoice(const YamlFile& file, const YAML::Node& node, std::string_view key) {
    const std::string v = file.oneOf(node, key, {"auto", "2", "3"});
    return v == "2" ? PythonChoice::Python2 : v == "3" ? PythonChoice::Python3 : PythonChoice::Auto;
}

// setup as a map, {NAME: FROM}: the program opens NAME, a copy of FROM (e.g. {input1.txt: input.txt}).
void readSetupMap(const YamlFile& file, const YAML::Node& setup, const std::string& where, RunAdjustments& adjustments) {
    for (const auto& entry : setup) {
        const std::string to = file.text(entry.first, where + ".setup"), from = file.text(entry.second, where + ".setup." + to);
        if (!staysInside(from) || !staysInside(to)) {
            file.fail(entry.second, where + ".setup: expected NAME: FROM, both relative paths inside the run's folder");
        }
        adjustments.setup.emplace_back(from, to);
    }
}

StudentOverride parseOverride(const YamlFile& file, const YAML::Node& node, const std::string& where) {
    file.expectMap(node, where);
    file.onlyKeys(node, where, {"command", "file", "python", "setup", "collect"});
    StudentOverride o;
    if (node["command"]) o.command = file.text(node["command"], where + ".command");
    if (node["file"]) {
        o.file = file.text(node["file"], where + ".file");
        if (!staysInside(*o.file)) file.fail(node["file"], where + ".file: expected a relative path inside the student's folder");
    }
    if (node["python"]) o.python = pythonChoice(file, node["python"], where + ".python");
    if (const YAML::Node setup = node["setup"]; setup && setup.IsMap()) {
        readSetupMap(file, setup, where, o.adjustments);
    } else if (setup) {
        file.expectSequence(setup, where + ".setup");
        for (const YAML::Node& step : setup) {
            try {
                o.adjustments.setup.push_back(parseSetupStep(file.text(step, where + ".setup[]")));
            } catch (const std::invalid_argument& e) {
                file.fail(step, where + ".setup: " + e.what());
            }
        }
    }
    if (const YAML::Node collect = node["collect"]) {
        file.expectMap(collect, where + ".collect");
        for (const auto& entry : collect) {
            const std::string name = entry.first.Scalar(), from = file.text(entry.second, where + ".collect." + name);
            if (name.empty() || name.find('/') != std::string::npos || !staysInside(from)) {
                file.fail(entry.second, where + ".collect: expected OUTPUT_NAME: RELATIVE/PATH inside the run's folder" +
                                            (staysInside(from) ? std::string() : " (" + whyOutside(from) + ")"));
            }
            o.adjustments.collect[name] = from;
        }
    }
    return o;
}

// Why `path` (which exists) cannot be read as a settings file, or "" when it can.
std::string unreadableSettings(const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (st.type() == fs::file_type::not_found) return "is a link to nothing";
    if (fs::is_directory(st)) return "is a folder: graded as a student's folder";
    if (ec) return "cannot be read (" + ec.message() + ")";
    if (!fs::is_regular_file(st)) return "is not a regular file (a FIFO, a socket or a device)";
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::string("cannot be read (") + std::strerror(errno) + ")";
    ::close(fd);
    return "";
}

}  // namespace

RunSettings StudentOverride::appliedTo(const RunSettings& base) const {
    RunSettings s = base;
    if (command) s.command = command;
    if (file) s.file = file;
    if (python) s.python = *python;
    return s;
}

RunSettings parseRunSettings(const YamlFile& file, const YAML::Node& r) {
    RunSettings run;
    file.expectMap(r, "run");
    file.onlyKeys(r, "run", {"command", "file", "python", "interpreters", "exit_status"});
    if (r["exit_status"]) {
        run.exitStatus = file.oneOf(r["exit_status"], "run.exit_status", {"strict", "outputs"}) == "outputs"
                             ? ExitStatusPolicy::Outputs : ExitStatusPolicy::Strict;
    }
    if (r["command"]) run.command = file.text(r["command"], "run.command");
    if (r["file"]) run.file = file.text(r["file"], "run.file");
    if (r["python"]) run.python = pythonChoice(file, r["python"], "run.python");
    if (const YAML::Node tools = r["interpreters"]) {
        file.expectMap(tools, "run.interpreters");
        file.onlyKeys(tools, "run.interpreters", {"python2", "python3", "java", "javac", "g++"});
        for (const auto& entry : tools) {
            const std::string name = entry.first.Scalar(), path = file.text(entry.second, "run.interpreters." + name);
            if (path.empty() || path.front() != '/') file.fail(entry.second, "run.interpreters." + name + ": expected an absolute path");
            run.interpreters.paths[name] = path;
        }
    }
    return run;
}

StudentOverrides parseOverrides(const YamlFile& file, const YAML::Node& node, std::string_view where) {
    file.expectMap(node, where);
    StudentOverrides overrides;
    for (const auto& entry : node) {
        const std::string student = entry.first.Scalar();
        overrides[student] = parseOverride(file, entry.second, std::string(where) + "." + student);
    }
    return overrides;
}

StudentOverrides loadStudentsFile(const std::filesystem::path& path, std::string& warning) {
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) return {};
    if (const std::string why = unreadableSettings(path); !why.empty()) {
        warning = path.string() + " " + why + "; no per-student settings read from it (students.yaml must be a readable file)";
        return {};
    }
    const YamlFile file(path);
    if (!file.root() || file.root().IsNull()) return {};
    return parseOverrides(file, file.root(), "students");
}

std::optional<StudentOverride> loadProgramSettings(const std::filesystem::path& path) {
    std::error_code ec;
    const auto linkStatus = std::filesystem::symlink_status(path, ec);
    if (!std::filesystem::exists(linkStatus)) return std::nullopt;
    // The program's folder is the student's: a link there could point a root `check` at any file (/etc/shadow), whose
    // first line a YAML error would quote. Only a regular file of the folder itself is read, opened without following.
    if (std::filesystem::is_symlink(linkStatus))
        throw ConfigError(path.string(), 0, "is a symbolic link (expected a YAML file of your settings, not a link)");
    if (std::filesystem::is_directory(linkStatus)) throw ConfigError(path.string(), 0, "is a folder (expected a YAML file of your settings)");
    if (const std::string why = unreadableSettings(path); !why.empty()) {
        throw ConfigError(path.string(), 0, why + " (expected a YAML file of your settings)");
    }
    constexpr std::uintmax_t kMaxBytes = 64 << 10;
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > static_cast<off_t>(kMaxBytes)) {
        const std::string why = fd < 0 ? std::string("cannot be read (") + std::strerror(errno) + ")"
                                : !S_ISREG(st.st_mode) ? "is not a regular file"
                                                       : "is " + std::to_string(st.st_size) + " bytes, over the 64 KiB a settings file may have";
        if (fd >= 0) ::close(fd);
        throw ConfigError(path.string(), 0, why);
    }
    std::string text(static_cast<std::size_t>(st.st_size), '\0');
    const ssize_t got = ::read(fd, text.data(), text.size());
    ::close(fd);
    text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
    const YamlFile file(path.string(), text);
    if (!file.root() || file.root().IsNull()) return StudentOverride{};
    return parseOverride(file, file.root(), "plyjudge.yaml");
}

}  // namespace plyjudge::grader
