// --max-output-mb, shared by the commands that write expected outputs with the reference (cases fill, gen,
// check): a case whose expected output would pass the limit fails with a message instead of filling the disk.
#pragma once

#include "cli/command_line.hpp"
#include "reference/core/output_file.hpp"

namespace plyjudge::cli {

inline void addOutputLimitOption(CommandLine& cl) {
    cl.options()("max-output-mb", po::value<int>()->default_value(1024),
                 "largest expected output file the reference may write, in MiB (0: no limit)");
}

// Applies the option to every output file the reference writes from now on; throws UsageError when negative.
inline void applyOutputLimit(const po::variables_map& vm) {
    const int mb = vm["max-output-mb"].as<int>();
    if (mb < 0) throw UsageError("--max-output-mb must be >= 0");
    OutputFile::setSizeLimit(static_cast<std::uint64_t>(mb) << 20);
}

}  // namespace plyjudge::cli
