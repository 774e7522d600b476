// tictactoe as a plyjudge variant: `PROGRAM -i INPUTFILE` writes ./next_state.txt (the board after the
// move) and ./traverse_log.txt (the whole game tree, streamed during the search).
#include "reference/variant.hpp"

#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/test/sixth_variant/tictactoe/rules.hpp"

namespace plyjudge::tictactoe {

extern const Presentation presentation;    // presentation.cpp

namespace {

std::vector<std::string> solve(const InputText& input, const Dialect&, const std::filesystem::path& outDir) {
    const Problem problem = parseProblem(input);
    const Game game(problem.root.toMove);
    OutputFile logFile(outDir / "traverse_log.txt");
    TraverseLog log(logFile, problem.algorithm == Algorithm::AlphaBeta ? LogColumns::WithBounds : LogColumns::NameDepthValue);
    log.header(presentation.logFirstColumn);
    const auto result = search(game, problem.root, SearchConfig{problem.algorithm, emptyCells(problem.root), CutoffLog::Aima}, log);
    State next = problem.root;
    game.play(next, result.move);  // the game is on (the parser checks it), so the root has a move
    OutputFile nextState(outDir / "next_state.txt");
    nextState.line(boardText(next));
    nextState.commit();
    logFile.commit();
    return {"next_state.txt", "traverse_log.txt"};
}

}  // namespace

extern const Variant variant{
    .name = "tictactoe",
    .title = "Tic-tac-toe (a test of the variant folder), minimax / alpha-beta to the end; next_state, traverse_log",
    .convention = InputConvention::DashI,
    .outputFiles = {"next_state.txt", "traverse_log.txt"},
    .dialects = {},  // none
    .validate = [](const InputText& input) { (void)parseProblem(input); },
    .solve = solve,
    .presentation = &presentation,
};

}  // namespace plyjudge::tictactoe
