#include "common/program_search.hpp"
#include "grader/run/tool_probe.hpp"

#include <algorithm>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <sstream>

namespace plyjudge::grader {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxOutput = 256 << 10;
constexpr int kProbeSeconds = 20;  // a cold JVM on a loaded machine takes a few seconds
constexpr const char* kMarker = "plyjudge-folder: ";

// Python 2 and 3 both read this. The prefixes are where the standard library, the extension modules and libpython
// are; base_prefix/real_prefix are those of the Python a venv or virtualenv is made from; os's folder is the
// standard library itself, wherever a distribution put it. sys.path is left out: a .pth of an editable install
// would add a TA's project folder.
constexpr const char* kPythonProbe =
    "import os, sys\n"
    "for p in (sys.prefix, sys.exec_prefix, getattr(sys, 'base_prefix', ''), getattr(sys, 'base_exec_prefix', ''),\n"
    "          getattr(sys, 'real_prefix', ''), os.path.dirname(os.path.abspath(os.__file__))):\n"
    "    sys.stdout.write('plyjudge-folder: %s\\n' % p)\n";

void addFolder(std::vector<fs::path>& out, std::string text) {
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.pop_back();
    while (!text.empty() && text.front() == ' ') text.erase(0, 1);
    if (text.empty() || text.front() != '/') return;
    const fs::path p = fs::path(text).lexically_normal();
    out.push_back(p.has_filename() ? p : p.parent_path());
}

void addColonList(std::vector<fs::path>& out, const std::string& list) {
    std::stringstream in(list);
    for (std::string entry; std::getline(in, entry, ':');) addFolder(out, entry);
}

// gcc's answers: "install: DIR/", "programs: =A:B", "libraries: =A:B", the #include <...> search list (lines
// starting with a space), and a program's path (cc1plus), of which the folder counts.
void gccFolders(std::vector<fs::path>& out, const std::string& output) {
    std::stringstream in(output);
    bool includes = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("install: ")) addFolder(out, line.substr(9));
        else if (line.starts_with("programs: =")) addColonList(out, line.substr(11));
        else if (line.starts_with("libraries: =")) addColonList(out, line.substr(12));
        else if (line.starts_with("#include <...> search starts here:")) includes = true;
        else if (line.starts_with("End of search list.")) includes = false;
        else if (includes && line.starts_with(" /")) addFolder(out, line);
        else if (line.starts_with("/") && line.find(' ') == std::string::npos) addFolder(out, fs::path(line).parent_path().string());
    }
}

std::vector<std::vector<std::string>> probeCommands(ToolProbe kind, const std::string& tool) {
    switch (kind) {
        case ToolProbe::Python: return {{tool, "-E", "-s", "-c", kPythonProbe}};
        case ToolProbe::Jvm: {
            const bool compiler = fs::path(tool).filename().string().starts_with("javac");
            return {{tool, compiler ? "-J-XshowSettings:properties" : "-XshowSettings:properties", "-version"}};
        }
        case ToolProbe::Gcc:
            return {{tool, "-print-search-dirs"},
                    {tool, "-print-prog-name=cc1plus"},
                    {tool, "-print-prog-name=cc1"},
                    {tool, "-x", "c++", "-E", "-v", "-o", "/dev/null", "/dev/null"},
                    {tool, "-x", "c", "-E", "-v", "-o", "/dev/null", "/dev/null"}};
    }
    return {};
}

// Reads `fd` until end of file or `deadline`; false on a timeout.
bool readAll(int fd, std::string& out, std::chrono::steady_clock::time_point deadline) {
    char buffer[4096];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return false;
        pollfd ready{fd, POLLIN, 0};
        if (::poll(&ready, 1, static_cast<int>(left.count())) <= 0) continue;
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n <= 0) return true;
        if (out.size() < kMaxOutput) out.append(buffer, static_cast<std::size_t>(n));
    }
}

}  // namespace

std::optional<std::string> outputOf(const std::vector<std::string>& argv, int seconds) {
    int fds[2];
    if (argv.empty() || ::pipe2(fds, O_CLOEXEC) != 0) return std::nullopt;
    posix_spawn_file_actions_t actions;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    ::posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    ::posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
    ::posix_spawn_file_actions_addchdir_np(&actions, "/");
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    std::string path = "PATH=" + hostPath();  // common/program_search.hpp
    char lang[] = "LANG=C";
    char* env[] = {path.data(), lang, nullptr};
    pid_t pid = -1;
    const int spawned = ::posix_spawn(&pid, args[0], &actions, nullptr, args.data(), env);
    ::posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    if (spawned != 0) {
        ::close(fds[0]);
        return std::nullopt;
    }
    std::string out;
    const bool finished = readAll(fds[0], out, std::chrono::steady_clock::now() + std::chrono::seconds(seconds));
    ::close(fds[0]);
    if (!finished) ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (!finished || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
    return out;
}

std::vector<fs::path> foldersInAnswer(ToolProbe kind, const std::string& output) {
    std::vector<fs::path> out;
    if (kind == ToolProbe::Gcc) {
        gccFolders(out, output);
        return out;
    }
    std::stringstream in(output);
    for (std::string line; std::getline(in, line);) {
        if (kind == ToolProbe::Python && line.starts_with(kMarker)) addFolder(out, line.substr(std::string(kMarker).size()));
        const std::size_t home = line.find("java.home = ");
        if (kind == ToolProbe::Jvm && home != std::string::npos) addFolder(out, line.substr(home + 12));
    }
    return out;
}

std::vector<fs::path> sharedLibraryFolders(const std::string& lddOutput) {
    std::vector<fs::path> out;
    std::stringstream in(lddOutput);
    for (std::string line; std::getline(in, line);) {
        const std::size_t arrow = line.find("=> /");
        if (arrow == std::string::npos) continue;
        const std::size_t end = line.find(" (", arrow);
        const fs::path library = line.substr(arrow + 3, end == std::string::npos ? std::string::npos : end - arrow - 3);
        const fs::path folder = library.parent_path().lexically_normal();
        if (std::find(out.begin(), out.end(), folder) == out.end()) out.push_back(folder);
    }
    return out;
}

ProbeAnswer probeTool(ToolProbe kind, const fs::path& command) {
    ProbeAnswer answer;
    std::string all;
    int answered = 0;
    for (const auto& argv : probeCommands(kind, command.string())) {
        if (const auto output = outputOf(argv, kProbeSeconds)) {
            all += *output + "\n";
            ++answered;
        }
    }
    answer.folders = foldersInAnswer(kind, all);
    if (answered == 0 || answer.folders.empty())
        answer.error = command.string() + " did not say where it is installed (" + probeCommands(kind, command.string()).front()[1] + " ...)";
    // The shared libraries the dynamic loader finds for it: a Python built with --enable-shared and copied into /opt
    // keeps the RUNPATH of where it was built (/root/.pyenv/versions/2.7.18/lib): without that folder it cannot start.
    std::error_code ec;
    const fs::path real = fs::canonical(command, ec);
    if (const auto ldd = outputOf({"/usr/bin/ldd", (ec ? command : real).string()}, kProbeSeconds))
        for (fs::path& folder : sharedLibraryFolders(*ldd)) answer.folders.push_back(std::move(folder));
    return answer;
}

}  // namespace plyjudge::grader
