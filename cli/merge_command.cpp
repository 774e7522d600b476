// `plyjudge merge OUT.db SHARD.db...`: the databases of a run graded in shards (grade --shard K/N), merged
// into one that `report` reads like any other.
#include <fmt/format.h>

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
                   "that were not given are named.\n"
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
            if (!s.missing.empty()) std::cout << fmt::format("note: shards not given: {}\n", fmt::join(s.missing, ", "));
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
