#include "sandbox/cgroup.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

namespace {

// Where runs' cgroups are made: one folder per controller (v1) or one folder (v2), below the grader's own cgroup so
// that the runs stay inside whatever contains the grader (a container's memory limit, a Slurm job's).
struct CgroupBases {
    std::vector<std::pair<std::string, std::string>> folders;  // controller, folder
    std::string whyNot;
};

std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

bool writeFile(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::write(fd, text.data(), text.size()) == ssize_t(text.size());
    ::close(fd);
    return ok;
}

// The grader's own cgroup in a hierarchy ("memory" or "" for v2), from /proc/self/cgroup.
std::string ownCgroup(const std::string& controller) {
    std::istringstream lines(readFile("/proc/self/cgroup"));
    for (std::string line; std::getline(lines, line);) {
        const auto first = line.find(':'), second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        const std::string controllers = "," + line.substr(first + 1, second - first - 1) + ",";
        if (controller.empty() ? controllers == ",," : controllers.find("," + controller + ",") != std::string::npos)
            return line.substr(second + 1);
    }
    return "";
}

// A mount's folder for our cgroup: its mount point and our path below the mount's root.
std::string folderOf(const std::string& mountRoot, const std::string& mountPoint, const std::string& own) {
    if (mountRoot == "/") return mountPoint + (own == "/" ? "" : own);
    if (own.starts_with(mountRoot)) return mountPoint + own.substr(mountRoot.size());
    return mountPoint;
}

CgroupBases findBases() {
    CgroupBases bases;
    if (::geteuid() != 0) {
        bases.whyNot = "the grader is not root";
        return bases;
    }
    if (const char* off = std::getenv("PLYJUDGE_NO_CGROUPS"); off && *off && std::string(off) != "0") {
        bases.whyNot = "disabled by PLYJUDGE_NO_CGROUPS";
        return bases;
    }
    std::istringstream lines(readFile("/proc/self/mountinfo"));
    std::string v2Root, v2Point;
    for (std::string line; std::getline(lines, line);) {
        std::istringstream fields(line);
        std::string id, parent, device, root, point, options, word;
        fields >> id >> parent >> device >> root >> point >> options;
        while (fields >> word && word != "-") {}
        std::string type, source, superOptions;
        fields >> type >> source >> superOptions;
        if (type == "cgroup2") {
            v2Root = root;
            v2Point = point;
        }
        if (type != "cgroup") continue;
        for (const char* controller : {"cpuacct", "memory", "pids"})
            if (("," + superOptions + ",").find(std::string(",") + controller + ",") != std::string::npos)
                bases.folders.emplace_back(controller, folderOf(root, point, ownCgroup(controller)));
    }
    if (bases.folders.size() == 3) return bases;
    bases.folders.clear();
    if (v2Point.empty()) {
        bases.whyNot = "no cgroup hierarchy with the cpuacct, memory and pids controllers is mounted";
        return bases;
    }
    const std::string folder = folderOf(v2Root, v2Point, ownCgroup(""));
    const std::string enabled = " " + readFile(folder + "/cgroup.subtree_control");
    auto has = [&](const char* c) { return enabled.find(std::string(" ") + c) != std::string::npos; };
    if ((!has("memory") || !has("pids")) && !writeFile(folder + "/cgroup.subtree_control", "+memory +pids")) {
        bases.whyNot = "cgroup v2 without the memory and pids controllers for the grader's cgroup (" + folder +
                       "; delegate them, or run the grader in a cgroup of its own)";
        return bases;
    }
    bases.folders.emplace_back("v2", folder);
    return bases;
}

// Cgroups left by a grader killed with -9 (its runs died with it, by PDEATHSIG or bwrap's --die-with-parent, but
// nobody removed their folders): those named after a process that no longer exists, removed when empty.
void removeStaleCgroups(const CgroupBases& b) {
    for (const auto& [controller, base] : b.folders) {
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(base, ec)) {
            const std::string name = e.path().filename().string();
            if (!name.starts_with("plyjudge-run-")) continue;
            const long pid = std::atol(name.c_str() + 13);
            if (pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH) ::rmdir(e.path().c_str());
        }
    }
}

// Found once; where there are none, the grader says so once (like the note on bubblewrap, isolation.cpp).
const CgroupBases& bases() {
    static const CgroupBases found = [] {
        CgroupBases b = findBases();
        removeStaleCgroups(b);
        if (!b.whyNot.empty())
            std::cerr << "plyjudge: note: runs get no cgroups (" << b.whyNot << "): CPU time and memory are counted per "
                         "process, so children that nobody reaps and tmpfs or memfd memory escape the tree's limits\n";
        return b;
    }();
    return found;
}

long long numberAfter(const std::string& text, const std::string& key) {
    const auto at = text.find(key + " ");
    return at == std::string::npos ? -1 : std::atoll(text.c_str() + at + key.size() + 1);
}

}  // namespace

const std::string& cgroupUnavailableReason() { return bases().whyNot; }

RunCgroup RunCgroup::create(const std::string& token, const SandboxLimits& limits) {
    RunCgroup group;
    if (!bases().whyNot.empty()) return group;
    const std::uint64_t memory = limits.treeMemoryBytes ? limits.treeMemoryBytes : limits.memoryBytes;
    // bwrap's two processes come on top of the program's (plyjudge-run-as becomes the program).
    const std::string tasks = limits.maxProcesses > 0 ? std::to_string(limits.maxProcesses + 3) : "max";
    for (const auto& [controller, base] : bases().folders) {
        const std::string path = base + "/plyjudge-run-" + token;
        if (::mkdir(path.c_str(), 0700) != 0) return RunCgroup();  // the destructor removes those made
        group.dirs_.push_back({path, controller, -1});
        bool limited = true;
        if (controller == "memory" && memory) {
            limited = writeFile(path + "/memory.limit_in_bytes", std::to_string(memory));
            writeFile(path + "/memory.memsw.limit_in_bytes", std::to_string(memory));  // where swap is counted
        } else if (controller == "pids") {
            limited = writeFile(path + "/pids.max", tasks);
        } else if (controller == "v2") {
            limited = (!memory || writeFile(path + "/memory.max", std::to_string(memory))) &&
                      writeFile(path + "/pids.max", tasks);
            writeFile(path + "/memory.swap.max", "0");
        }
        group.dirs_.back().procsFd = ::open((path + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
        if (!limited || group.dirs_.back().procsFd < 0) return RunCgroup();
    }
    return group;
}

RunCgroup::RunCgroup(RunCgroup&& o) noexcept : dirs_(std::move(o.dirs_)) { o.dirs_.clear(); }

RunCgroup::~RunCgroup() {
    if (dirs_.empty()) return;
    // The run's cleanup has killed everything: this finds nothing, unless something went wrong before.
    for (int round = 0; round < 100 && killAll() > 0; ++round) ::usleep(1000);
    for (const Dir& d : dirs_) {
        if (d.procsFd >= 0) ::close(d.procsFd);
        // A process killed a moment ago may still be leaving the cgroup: EBUSY for that moment.
        for (int round = 0; round < 200 && ::rmdir(d.path.c_str()) != 0 && errno == EBUSY; ++round) ::usleep(500);
    }
}

std::vector<int> RunCgroup::procsDescriptors() const {
    std::vector<int> fds;
    for (const Dir& d : dirs_) fds.push_back(d.procsFd);
    return fds;
}

std::string RunCgroup::read(const std::string& controller, const std::string& file) const {
    for (const Dir& d : dirs_)
        if (d.controller == controller) return readFile(d.path + "/" + file);
    return "";
}

double RunCgroup::cpuSeconds() const {
    if (!active()) return -1;
    if (dirs_.front().controller == "v2") return double(numberAfter(read("v2", "cpu.stat"), "usage_usec")) / 1e6;
    return double(std::atoll(read("cpuacct", "cpuacct.usage").c_str())) / 1e9;
}

std::uint64_t RunCgroup::peakBytes() const {
    if (!active()) return 0;
    if (dirs_.front().controller == "v2") return std::strtoull(read("v2", "memory.peak").c_str(), nullptr, 10);
    return std::strtoull(read("memory", "memory.max_usage_in_bytes").c_str(), nullptr, 10);
}

bool RunCgroup::memoryLimitKilled() const {
    if (!active()) return false;
    if (dirs_.front().controller == "v2") return numberAfter(read("v2", "memory.events"), "oom_kill") > 0;
    return numberAfter(read("memory", "memory.oom_control"), "oom_kill") > 0;
}

std::vector<pid_t> RunCgroup::processes() const {
    std::vector<pid_t> found;
    for (const Dir& d : dirs_) {
        if (d.controller != "pids" && d.controller != "v2") continue;
        std::istringstream pids(readFile(d.path + "/cgroup.procs"));
        for (long pid; pids >> pid;) found.push_back(pid_t(pid));
    }
    return found;
}

int RunCgroup::killAll() const {
    int found = 0;
    for (const Dir& d : dirs_) {
        if (d.controller != "pids" && d.controller != "v2") continue;
        std::istringstream pids(readFile(d.path + "/cgroup.procs"));
        for (long pid; pids >> pid; ++found) ::kill(pid_t(pid), SIGKILL);
    }
    return found;
}

}  // namespace plyjudge::sandbox::detail
