// reversi as a plyjudge variant: `PROGRAM -i INPUTFILE` writes ./output.txt (next state + traverse log).
#include "reference/variant.hpp"

#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/reversi/problem.hpp"

namespace plyjudge::reversi {

extern const Presentation presentation;    // presentation.cpp
extern const fuzz::FuzzTarget fuzzTarget;  // fuzz_target.cpp

namespace {

void validate(const InputText& input) { parseProblem(input); }

std::vector<std::string> solve(const InputText& input, const Dialect& dialect, const std::filesystem::path& outDir) {
    const Problem problem = parseProblem(input);
    const Game game(problem.player);
    OutputFile out(outDir / "output.txt");
    // The next state comes first in the file but is known only after the search, whose log is streamed:
    // reserve the board's fixed 71 bytes, stream the log after them, then fill them in.
    const std::size_t boardAt = out.offset();
    const std::string placeholder = boardText(State{});
    out.line(placeholder);
    TraverseLog log(out, LogColumns::WithBounds);
    log.header(presentation.logFirstColumn);
    const auto result = search(game, problem.root, SearchConfig{Algorithm::AlphaBeta, problem.depth, cutoffLogOf(dialect)}, log);
    State next = problem.root;
    game.play(next, result.move);  // a pass leaves the board unchanged
    out.overwrite(boardAt, boardText(next));
    out.commit();
    return {"output.txt"};
}

}  // namespace

extern const Variant variant{
    .name = "reversi",
    .title = "Reversi/Othello, alpha-beta with positional weights; output.txt = next state + traverse log",
    .convention = InputConvention::DashI,
    .outputFiles = {"output.txt"},
    .dialects = {kCutoffLogOption},
    .validate = validate,
    .solve = solve,
    .presentation = &presentation,
    .fuzzTarget = &fuzzTarget,
};

}  // namespace plyjudge::reversi
