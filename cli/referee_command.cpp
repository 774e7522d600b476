// `plyjudge referee NAME1=CMD1 NAME2=CMD2`: one live gomoku4341 game between two programs.
#include <unistd.h>

#include <fmt/format.h>

#include <ctime>
#include <iostream>
#include <random>

#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/program_argument.hpp"
#include "referee/game.hpp"
#include "referee/player_process.hpp"
#include "referee/player_spec.hpp"

namespace plyjudge::cli {

namespace fs = std::filesystem;

namespace {
fs::path defaultGameDir(const std::string& a, const std::string& b) {
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    return fs::current_path() / fmt::format("game-{}-{}-{}-{}", a, b, stamp, getpid());
}

// --protocol and its delays, shared by nothing else on the command line (tournaments take them from YAML).
referee::ProtocolTiming timingFrom(const po::variables_map& vm, referee::Protocol protocol) {
    referee::ProtocolTiming t = referee::defaultTiming(protocol);
    const auto take = [&](const char* option, double& into) {
        if (!vm.count(option)) return;
        into = vm[option].as<double>();
        if (!(into >= 0)) throw UsageError(fmt::format("--{} must be zero or more seconds", option));
    };
    take("read-delay", t.readDelaySeconds);
    take("pause", t.pauseSeconds);
    take("startup-grace", t.startupGraceSeconds);
    t.fullStartupGrace = vm.count("full-grace") > 0;
    return t;
}
void declareRefereeOptions(CommandLine& cl) {
    cl.options()
        ("first", po::value<std::string>(), "the name of the player who moves first (default: random)")
        ("time-limit", po::value<double>()->default_value(10.0), "seconds per move, from <name>.go to the write")
        ("protocol", po::value<std::string>()->default_value("course"), "course (the course referee's timing and write-back) or fast")
        ("read-delay", po::value<double>(), "seconds from a write to reading it and removing the mover's .go (course: 0.125)")
        ("pause", po::value<double>(), "seconds from the write-back of a move to the next .go (course: 1)")
        ("startup-grace", po::value<double>(), "at most this many seconds before the first .go, less once both players are idle (course: 2)")
        ("full-grace", "wait the whole start-up grace even when both players are idle sooner")
        ("interpreter", po::value<std::vector<std::string>>()->composing(),
         "NAME=PATH: a player command starting with NAME (python2, python3, java, ...) runs PATH instead; repeatable")
        ("gomocup", po::value<std::vector<std::string>>(),
         "NAME: that player is a Gomocup engine speaking the piskvork protocol on stdin/stdout (START, BEGIN, TURN, BOARD, END; "
         "docs/gomocup.md); repeatable")
        ("cwd", po::value<std::vector<std::string>>(), "NAME=SUBDIR: run that player in SUBDIR, created inside its own folder of the game directory (repeatable)")
        ("cpu-limit", po::value<double>(), "seconds of CPU a player may use during the opponent's turns (default: measured only)")
        ("memory-limit", po::value<double>()->default_value(2048), "MiB of memory a player may use (its whole tree where cgroups are had; else address space, sized for its runtime)")
        ("dir", po::value<std::string>(), "the game directory (created; must be empty). Default: ./game-NAME1-NAME2-TIME-PID")
        ("quiet,q", "do not print the board after each move")
        ("no-isolation", "run the players without bubblewrap (limits and clean-up still apply)")
        ("polling", "watch move_file by mtime polling instead of inotify");
    cl.hidden()("player", po::value<std::vector<std::string>>(), "");
    cl.positional("player", -1);
}

// The values of a repeatable option (none when it is not given).
std::vector<std::string> valuesOf(const po::variables_map& vm, const char* option) {
    return vm.count(option) ? vm[option].as<std::vector<std::string>>() : std::vector<std::string>{};
}

// The player called `who`, for an option naming one; throws UsageError.
referee::PlayerSpec& playerNamed(referee::GameOptions& options, const std::string& who, const char* option) {
    for (referee::PlayerSpec& p : options.players) {
        if (p.name == who) return p;
    }
    throw UsageError(fmt::format("{} {}: no player called {}", option, who, who));
}

// --cwd NAME=SUBDIR: the working folder of the player called NAME.
void applyCwd(referee::GameOptions& options, const std::string& c) {
    const auto eq = c.find('=');
    if (eq == std::string::npos) throw UsageError(fmt::format("--cwd {}: expected NAME=SUBDIR", c));
    const std::string who = c.substr(0, eq);
    referee::PlayerSpec* p = who == options.players[0].name ? &options.players[0] : who == options.players[1].name ? &options.players[1] : nullptr;
    if (!p) throw UsageError(fmt::format("--cwd {}: no player called {}", c, who));
    p->cwd = referee::checkedWorkSubdir(c.substr(eq + 1));
}

// The two players NAME=COMMAND, with --interpreter and --cwd applied; throws UsageError.
void setPlayers(referee::GameOptions& options, const po::variables_map& vm) {
    const std::vector<std::string> players = valuesOf(vm, "player");
    if (players.size() != 2) throw UsageError("expected exactly two players NAME=COMMAND");
    try {
        const grader::Interpreters interpreters = interpretersOf(vm);
        for (int i = 0; i < 2; ++i) {
            options.players[i] = referee::parsePlayerArgument(players[i], fs::current_path());
            referee::applyInterpreters(options.players[i], interpreters.paths);
        }
        for (const std::string& c : valuesOf(vm, "cwd")) applyCwd(options, c);
        for (const std::string& g : valuesOf(vm, "gomocup")) playerNamed(options, g, "--gomocup").protocol = referee::PlayerProtocol::Gomocup;
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (options.players[0].name == options.players[1].name) throw UsageError("the two players need different names");
}

// Puts the player who moves first (--first, else drawn at random) in players[0].
void orderPlayers(referee::GameOptions& options, const po::variables_map& vm) {
    int first;
    if (vm.count("first")) {
        const std::string f = vm["first"].as<std::string>();
        if (f == options.players[0].name) first = 0;
        else if (f == options.players[1].name) first = 1;
        else throw UsageError(fmt::format("--first {}: no such player", f));
    } else {
        first = static_cast<int>(std::random_device{}() % 2);
    }
    if (first == 1) std::swap(options.players[0], options.players[1]);
}

// The game the options ask for; throws UsageError.
referee::GameOptions gameOptionsOf(const po::variables_map& vm) {
    referee::GameOptions options;
    setPlayers(options, vm);
    const auto protocol = referee::parseProtocol(vm["protocol"].as<std::string>());
    if (!protocol) throw UsageError("--protocol: expected course or fast");
    options.protocol = *protocol;
    options.timing = timingFrom(vm, *protocol);
    orderPlayers(options, vm);
    options.timeLimitSeconds = vm["time-limit"].as<double>();
    if (!(options.timeLimitSeconds > 0)) throw UsageError("--time-limit must be positive");
    if (vm.count("cpu-limit")) options.cpuLimitSeconds = vm["cpu-limit"].as<double>();
    options.memoryBytes = static_cast<std::uint64_t>(vm["memory-limit"].as<double>() * 1024 * 1024);
    options.dir = vm.count("dir") ? fs::absolute(vm["dir"].as<std::string>())
                                  : defaultGameDir(options.players[0].name, options.players[1].name);
    options.isolate = !vm.count("no-isolation");
    options.forcePolling = vm.count("polling") > 0;
    if (!vm.count("quiet")) options.board = &std::cout;
    return options;
}

// Plays the game until its end; a game the referee cannot set up is a usage failure.
referee::GameResult refereeGame(const referee::GameOptions& options) {
    referee::stopGamesOnSignals();
    if (!referee::playersKeptApart(options)) {
        std::cerr << "plyjudge referee: warning: neither root nor bubblewrap here: both players run as you and each can "
                     "write the other's folder; use such games for trials only\n";
    }
    try {
        return referee::playGame(options);
    } catch (const std::runtime_error& e) {
        throw CommandFailure{kExitUsage, e.what()};
    }
}

// Why the game ended and the CPU used off turn (unless quiet), the end_game line last; returns the exit status.
int reportGameEnd(const CommandLine& cl, const referee::GameOptions& options, const referee::GameResult& result, bool quiet) {
    const bool setupError = !result.judgeFault && result.reason == referee::EndReason::SetupError;
    if (setupError) cl.error(fmt::format("setup error: {}", result.detail));
    else if (!quiet && !result.detail.empty()) std::cout << "why: " << result.detail << "\n";
    if (!quiet) {
        std::cout << fmt::format("CPU on the opponent's turns: {} {:.3f} s, {} {:.3f} s\n", options.players[0].name,
                                 result.offTurnCpuSeconds[0], options.players[1].name, result.offTurnCpuSeconds[1]);
    }
    std::cout << result.endLine << std::endl;
    if (setupError) return kExitUsage;
    return result.judgeFault ? kExitFailed : kExitOk;
}

}  // namespace

int runReferee(const std::vector<std::string>& args) {
    CommandLine cl("referee", "referee NAME1=CMD1 NAME2=CMD2 [options]",
                   "Referees one gomoku4341 game between two programs through the course's file protocol "
                   "(docs/variants/gomoku4341.md). Starts both commands in a fresh game directory (their working "
                   "directory), hands turns over with <name>.go, validates every move from move_file, enforces the time "
                   "limit, kills both process trees at the end and prints the end_game line last. The directory keeps "
                   "end_game, history_file, game_record.txt, game.psq and the last 64 KiB of each player's output.\n"
                   "--protocol course (the default) behaves as the course's own referee did, as the players see it: the "
                   "move written back as `name h 8` (lower-case column) in a new move_file, the mover's .go removed 0.125 s "
                   "after its write, a 1 s pause before the next .go, and a start-up grace of up to 2 s before the first. "
                   "--protocol fast hands turns over in milliseconds and writes `name H 8` (for players known to cope).\n"
                   "A command is split like a POSIX shell splits words (quotes, backslashes; no expansions). Only words "
                   "written as paths (with a slash, or the program file of an interpreter: `python3 bob.py`) are made "
                   "absolute from the current directory; `plyjudge` means this program (e.g. alice='plyjudge play alice').");
    declareRefereeOptions(cl);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        const referee::GameOptions options = gameOptionsOf(*vm);
        const bool quiet = vm->count("quiet") > 0;
        if (!quiet) {
            std::cout << fmt::format("game directory: {}\n{} (X) moves first against {} (O); protocol {}\n", options.dir.string(),
                                     options.players[0].name, options.players[1].name, referee::protocolName(options.protocol));
        }
        const referee::GameResult result = refereeGame(options);
        return reportGameEnd(cl, options, result, quiet);
    });
}

}  // namespace plyjudge::cli
