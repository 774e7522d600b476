#include "common/program_search.hpp"
#include "referee/player_process.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "referee/gomocup_channel.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;

std::unique_ptr<sandbox::SandboxedProcess> startPlayer(const GameOptions& o, int i, double gameBoundSeconds) {
    const PlayerSpec& player = o.players[i];
    sandbox::RunSpec spec;
    spec.argv = player.argv;
    spec.runtime = sandbox::runtimeOfCommandWords(player.argv);  // the TA's (or the user's) command, as written
    // Its own folder, the only place it may write: under bubblewrap the rest of the game directory is not even in
    // sight; a root referee without bubblewrap hands the folder to the player's own uid (the other's is closed to
    // it). So a player cannot touch the files its opponent reads (referee/README.md).
    spec.workDir = playerFolder(o, i);
    if (player.protocol == PlayerProtocol::Gomocup) {
        spec.argv = GomocupChannel::wrapCommand(player.argv, player.cwd);  // its stdin and stdout: the referee's FIFOs
    } else if (!player.cwd.empty()) {
        // A shell changes into the sub-folder and replaces itself with the command (`exec`), so the command's
        // words are passed as they are, never re-split.
        spec.argv = {"/bin/sh", "-c", "cd -- \"$1\" && shift && exec \"$@\"", "plyjudge-cwd", player.cwd.string()};
        spec.argv.insert(spec.argv.end(), player.argv.begin(), player.argv.end());
    }
    for (const auto& path : player.readOnlyPaths) spec.readOnlyPaths.push_back({path, "named by the player's command"});
    spec.isolate = o.isolate;
    spec.limits.wallSeconds = gameBoundSeconds;
    spec.limits.cpuSeconds = gameBoundSeconds;
    spec.limits.memoryBytes = player.memoryBytes.value_or(o.memoryBytes);
    // The last 64 KiB of each stream (a dying program prints its error last), and no flood limit: a player
    // that prints in a busy loop is not killed for it (its CPU is measured like any other).
    spec.limits.maxCapturedBytes = kKeptOutputBytes;
    spec.limits.keepTail = true;
    spec.limits.maxStreamBytes = 0;
    return sandbox::SandboxedProcess::start(spec);
}

namespace {

// The program a command runs: argv[0] itself when it has a slash, else the first match in PATH.
fs::path programOf(const PlayerSpec& spec) {
    const std::string& name = spec.argv[0];
    if (name.find('/') != std::string::npos) return name;
    return findInPath(name);  // common/program_search.hpp
}

// Why others (the sandbox's uid) cannot reach `p`: a folder on the way they may not traverse, or the file
// itself not readable (`needRead`) or executable (`needExec`) by them.
std::optional<std::string> closedToOthers(const fs::path& p, bool needRead, bool needExec) {
    struct stat st;
    fs::path sofar = "/";
    const fs::path parent = p.parent_path();
    for (const auto& part : parent.relative_path()) {
        sofar /= part;
        if (::stat(sofar.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && !(st.st_mode & S_IXOTH)) {
            return fmt::format("{} is not open to other users (mode {:o})", sofar.string(), st.st_mode & 07777);
        }
    }
    if (::stat(p.c_str(), &st) != 0) return std::nullopt;
    if (S_ISDIR(st.st_mode)) needRead = false, needExec = true;
    if ((needRead && !(st.st_mode & S_IROTH)) || (needExec && !(st.st_mode & S_IXOTH))) {
        return fmt::format("{} is not {} by other users (mode {:o})", p.string(), needExec ? "executable" : "readable", st.st_mode & 07777);
    }
    return std::nullopt;
}

bool contains(const std::string& text, std::string_view what) { return text.find(what) != std::string::npos; }

}  // namespace

std::optional<std::string> unreachableByRunUser(const PlayerSpec& spec) {
    if (::geteuid() != 0 || spec.argv.empty()) return std::nullopt;  // players run as ourselves
    const fs::path program = programOf(spec);
    if (!program.empty()) {
        if (auto why = closedToOthers(program, false, true)) {
            return fmt::format("{} (`{}`) cannot be run by the sandbox's unprivileged user: {}. Name a program others can "
                               "reach, e.g. /usr/bin/python3 rather than a version manager's shim under /root",
                               program.string(), spec.argv[0], *why);
        }
    }
    for (std::size_t i = 1; i < spec.argv.size(); ++i) {
        const fs::path p(spec.argv[i]);
        std::error_code ec;
        if (!p.is_absolute() || !fs::exists(p, ec)) continue;
        if (auto why = closedToOthers(p, true, false)) {
            return fmt::format("{} cannot be read by the sandbox's unprivileged user: {}", p.string(), *why);
        }
    }
    return std::nullopt;
}

bool playersKeptApart(const GameOptions& options) {
    return ::geteuid() == 0 || (options.isolate && sandbox::isolationSupport().available);
}

std::optional<std::string> startupFailure(const sandbox::RunOutcome& o, const PlayerSpec& spec) {
    if (o.judgeError()) return o.judgeFault->what;
    const std::string err = lastLines(o.stderrHead, 3);
    const bool cannotExec = o.termination == sandbox::Termination::Exited && (o.exitCode == 126 || o.exitCode == 127);
    const bool interpreterGaveUp = contains(err, "can't open file") || contains(err, "Could not find or load main class") ||
                                   contains(err, "Cannot find module") || contains(err, "failed to execute") ||
                                   contains(err, "Can't open perl script") || contains(err, "bwrap:");
    if (!cannotExec && !interpreterGaveUp) return std::nullopt;
    std::string message = fmt::format("`{}` could not start{}", spec.command.empty() ? spec.argv[0] : spec.command,
                                      err.empty() ? fmt::format(" (exit code {})", o.exitCode) : ": " + err);
    if (!spec.command.empty() && spec.command.find(" -c ") != std::string::npos) {
        message += " (words inside an `sh -c` string are not rewritten: relative paths there are relative to the player's "
                   "working folder in the game directory; write absolute paths)";
    }
    return message;
}

TurnReport describeCrash(const sandbox::RunOutcome& o) {
    TurnReport r;
    std::string how = o.detail.empty() ? std::string(sandbox::terminationName(o.termination)) : o.detail;
    if (o.termination == sandbox::Termination::Exited && o.exitCode == 0) how = "exit code 0";
    const std::string tail = lastLines(o.stderrHead, 12);
    const std::string last = lastLines(o.stderrHead, 1);
    r.detail = fmt::format("its program ended during the game ({}){}", how, last.empty() ? "" : ": " + last);
    r.report = tail.empty() ? "stderr: (empty)\n" : "stderr (last lines):\n" + tail + "\n";
    // Some runtimes say why they could not start on stdout (the JVM's `Could not allocate compressed class space`).
    if (tail.empty() && !o.stdoutHead.empty()) r.report += "stdout (last lines):\n" + lastLines(o.stdoutHead, 12) + "\n";
    return r;
}

}  // namespace plyjudge::referee
