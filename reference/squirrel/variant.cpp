// squirrel as a plyjudge variant: `PROGRAM -i INPUTFILE` writes ./next_state.txt (tasks 1-3),
// ./traverse_log.txt (tasks 2-3) and ./trace_state.txt (task 4).
#include "reference/variant.hpp"

#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/squirrel/battle.hpp"
#include "reference/squirrel/problem.hpp"

namespace plyjudge::squirrel {

extern const Presentation presentation;    // presentation.cpp
extern const fuzz::FuzzTarget fuzzTarget;  // fuzz_target.cpp

namespace {

void validate(const InputText& input) { parseProblem(input); }

// Tasks 1-3: one search by the given player; the log is streamed while searching (tasks 2-3 only).
std::vector<std::string> solveSearch(const Problem& problem, const std::filesystem::path& outDir) {
    const Game game(problem.first.player, problem.values);
    const State root = problem.root();
    const SearchConfig config{problem.first.algorithm, problem.first.depth, CutoffLog::Aima};
    SearchResult<Game> result;
    std::vector<std::string> written;
    if (problem.first.algorithm == Algorithm::Greedy) {
        NullLog log;
        result = search(game, root, config, log);
    } else {
        OutputFile logFile(outDir / "traverse_log.txt");
        TraverseLog log(logFile, problem.first.algorithm == Algorithm::AlphaBeta ? LogColumns::WithBounds
                                                                                  : LogColumns::NameDepthValue);
        log.header(presentation.logFirstColumn);
        result = search(game, root, config, log);
        logFile.commit();
        written.push_back("traverse_log.txt");
    }
    // The board is not full (checked by the parser), so the root is not a leaf and a move was chosen.
    State next = root;
    game.play(next, result.move);
    OutputFile out(outDir / "next_state.txt");
    writeBoard(out, next);
    out.commit();
    written.insert(written.begin(), "next_state.txt");
    return written;
}

// The spec names no dialect for squirrel: its logs follow the official samples (cut-off lines in the aima rhythm).
std::vector<std::string> solve(const InputText& input, const Dialect&, const std::filesystem::path& outDir) {
    const Problem problem = parseProblem(input);
    if (problem.task != kTaskBattle) return solveSearch(problem, outDir);
    const std::vector<State> states = playBattle(problem);
    OutputFile out(outDir / "trace_state.txt");
    writeTrace(out, states);
    out.commit();
    return {"trace_state.txt"};
}

}  // namespace

extern const Variant variant{
    .name = "squirrel",
    .title = "Squirrel War (5x5 raid/sneak), greedy / minimax / alpha-beta / battle; next_state, traverse_log, trace_state",
    .convention = InputConvention::DashI,
    .outputFiles = {"next_state.txt", "traverse_log.txt", "trace_state.txt"},
    .dialects = {},
    .validate = validate,
    .solve = solve,
    .presentation = &presentation,
    .fuzzTarget = &fuzzTarget,
};

}  // namespace plyjudge::squirrel
