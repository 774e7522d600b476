// Shared option handling for subcommands (Boost.Program_options): `--help`, usage errors, exit status 2.
#pragma once

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/exit_codes.hpp"
#include "common/judge_fault.hpp"

namespace plyjudge::cli {

namespace po = boost::program_options;

class CommandLine {
public:
    // `usage` is the synopsis after "plyjudge", e.g. "solve VARIANT [INPUTFILE] [options]";
    // `about` is a paragraph shown by --help.
    CommandLine(std::string command, std::string usage, std::string about);

    po::options_description_easy_init options() { return options_.add_options(); }
    void positional(const char* name, int maxCount) { positional_.add(name, maxCount); }
    // A hidden option (positional arguments), not listed under options in --help.
    po::options_description_easy_init hidden() { return hidden_.add_options(); }

    // Parses args. Returns nullopt after printing --help (exit 0); throws UsageError on bad usage.
    std::optional<po::variables_map> parse(const std::vector<std::string>& args);

    // Prints "plyjudge COMMAND: message" and a hint to stderr; returns the usage exit status.
    int usageError(const std::string& message) const;
    // Prints "plyjudge COMMAND: message" to stderr.
    void error(const std::string& message) const;

    void printHelp(std::ostream& out) const;

private:
    std::string command_;
    std::string usage_;
    std::string about_;
    po::options_description options_{"options"};
    po::options_description hidden_;
    po::positional_options_description positional_;
};

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Ends a command with `status` after "plyjudge COMMAND: message" (no usage hint): what a command's helper throws
// where the command would say cl.error(message) and return status. Not a std::exception, so that a command's own
// catch of std::exception (an I/O error of its run) lets it through unchanged.
struct CommandFailure {
    int status;
    std::string message;
};

// Runs body, turning UsageError into a usage message and exit status 2, CommandFailure into its message and
// status, and a judge fault that stopped the whole command (JudgeFaultError: a failed canary) into its cause, its fix
// and exit status 3.
template <class Body>
int withUsageErrors(const CommandLine& cl, Body&& body) {
    try {
        return body();
    } catch (const UsageError& e) {
        return cl.usageError(e.what());
    } catch (const CommandFailure& f) {
        cl.error(f.message);
        return f.status;
    } catch (const JudgeFaultError& e) {
        cl.error("judge error, nobody was graded: " + e.fault.text());
        return kExitJudgeError;
    }
}

// Parses args, then runs body(vm) (a pointer to the parsed options) under withUsageErrors; --help has been printed
// and exit status 0 returned when there is nothing to run.
template <class Body>
int runParsed(CommandLine& cl, const std::vector<std::string>& args, Body&& body) {
    return withUsageErrors(cl, [&]() -> int {
        const auto vm = cl.parse(args);
        return vm ? body(&*vm) : kExitOk;
    });
}

}  // namespace plyjudge::cli
