// gomoku561 as a plyjudge variant: `PROGRAM INPUTFILE` writes ./next_state.txt (every task) and
// ./traverse_log.txt (tasks 2 and 3, streamed during the search).
#include "reference/variant.hpp"

#include <optional>

#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/gomoku561/problem.hpp"

namespace plyjudge::gomoku561 {

extern const Presentation presentation;    // presentation.cpp
extern const fuzz::FuzzTarget fuzzTarget;  // fuzz_target.cpp

namespace {

void validate(const InputText& input) { parseProblem(input); }

std::vector<std::string> solve(const InputText& input, const Dialect&, const std::filesystem::path& outDir) {
    const Problem problem = parseProblem(input);
    const Game game = gameOf(problem);
    const State root = rootOf(problem, game);
    const SearchConfig config{problem.algorithm, static_cast<int>(problem.depth), CutoffLog::Aima};

    SearchResult<Game> result;
    std::vector<std::string> written;
    std::optional<OutputFile> logFile;
    if (problem.algorithm == Algorithm::Greedy) {
        NullLog log;
        result = search(game, root, config, log);
    } else {
        logFile.emplace(outDir / "traverse_log.txt");
        TraverseLog log(*logFile, problem.algorithm == Algorithm::AlphaBeta ? LogColumns::WithBounds
                                                                            : LogColumns::NameDepthValue);
        log.header(presentation.logFirstColumn);
        result = search(game, root, config, log);
    }
    // Decision (the spec is silent): with no legal move at the root (a full board) the root is a draw
    // leaf, nothing is played and next_state.txt repeats the input board.
    State next = root;
    if (result.hasMove) game.play(next, result.move);
    OutputFile nextState(outDir / "next_state.txt");
    nextState.line(boardText(game, next));
    nextState.commit();
    written.push_back("next_state.txt");
    if (logFile) {
        logFile->commit();
        written.push_back("traverse_log.txt");
    }
    return written;
}

}  // namespace

extern const Variant variant{
    .name = "gomoku561",
    .title = "Go-Moku with the adjacency rule (N 15-25), greedy / minimax / alpha-beta; next_state.txt, traverse_log.txt",
    .convention = InputConvention::Positional,
    .outputFiles = {"next_state.txt", "traverse_log.txt"},
    .dialects = {},
    .validate = validate,
    .solve = solve,
    .presentation = &presentation,
    .fuzzTarget = &fuzzTarget,
};

}  // namespace plyjudge::gomoku561
