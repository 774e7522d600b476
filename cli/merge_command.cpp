// `plyjudge merge OUT.db SHARD.db...`: the databases of a run graded in shards (grade --shard K/N), merged
// into one that `report` reads like any other.
#include <fmt/format.h>

#include <algorithm>

#include <iostream>

#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "grader/results/merge.hpp"
#include "storage/sqlite.hpp"

namespace plyjudge::cli {

int runMerge(const std::vector<std::string>& args) {
    CommandLine cl("merge", "merge OUT.db SHARD.db [SHARD.db ...]",
                   "Merges the results databases of the shards of one grading run (plyjudge grade --shard K/N, e.g.\n"
                   "a Slurm job array) into OUT.db, created or added to. Shards graded against another assignment,\n"
                   "other suites (cases or expected outputs) or by another plyjudge version are refused, naming what\n"
                   "differs, before anything is written. Merging again is harmless: a result is stored once per\n"
                   "student and case, and a final verdict is never replaced by a judge error. Shards of the run\n"
                   "that were not given are named. Each database must pass SQLite's integrity check and carry\n"
                   "well-formed shard metadata (K/N, N at most 10000); two different final results for one case are\n"
                   "refused, naming both databases.\n"
                   "Exit status: 0 merged (even with shards missing), 1 the output could not be written, 2 bad\n"
                   "usage or refused shards.");
    cl.hidden()("databases", po::value<std::vector<std::string>>());
    cl.positional("databases", -1);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        std::vector<std::string> paths;
        if (vm->count("databases")) paths = (*vm)["databases"].as<std::vector<std::string>>();
        if (paths.size() < 2) throw UsageError("give OUT.db and at least one SHARD.db");
        const std::filesystem::path out = paths.front();
        const std::vector<std::filesystem::path> shards(paths.begin() + 1, paths.end());
        try {
            const grader::MergeSummary s = grader::mergeResults(out, shards);
            std::cout << fmt::format("merged {} result(s) from {} database(s) (shards {}) into {}: {} result(s) in all\n",
                                     s.rowsRead, shards.size(), fmt::join(s.shards, ", "), out.string(), s.rows);
            if (!s.missing.empty()) {
                constexpr std::size_t kNamed = 20;  // a run of thousands of shards: the first ones and a count
                const std::vector<std::string> named(s.missing.begin(), s.missing.begin() + long(std::min(kNamed, s.missing.size())));
                std::cout << fmt::format("note: shards not given: {}{}\n", fmt::join(named, ", "),
                                         s.missing.size() > kNamed ? fmt::format(" and {} more", s.missing.size() - kNamed) : "");
            }
            return kExitOk;
        } catch (const std::invalid_argument& e) {
            cl.error(e.what());
            return kExitUsage;
        } catch (const std::exception& e) {
            cl.error(e.what());
            return kExitFailed;
        }
    });
}

}  // namespace plyjudge::cli
