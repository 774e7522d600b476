// gomoku561 as a plyjudge variant: `PROGRAM INPUTFILE` writes ./next_state.txt (every task) and
// ./traverse_log.txt (tasks 2 and 3, streamed during the search).
#include "reference/variant.hpp"

#include "reference/core/output_sinks.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/gomoku561/faults.hpp"
#include "reference/gomoku561/problem.hpp"

namespace plyjudge::gomoku561 {

extern const Presentation presentation;    // presentation.cpp

namespace {

// The search under `dialect`, its log into `log` (a NullLog for greedy); returns the next state. Decision (the
// spec is silent): with no legal move at the root (a full board) the root is a draw leaf, nothing is played
// and the next state repeats the input board.
template <class Log>
State searchNext(const Problem& problem, const Dialect& dialect, Log& log) {
    const Game game(problem.size, ruleFaultsOf(dialect).wrongPerspective ? opponent(problem.player) : problem.player);
    const State root = rootOf(problem, game);
    return withRuleFaults<FaultyGame>(game, ruleFaultsOf(dialect), [&](const auto& rules) {
        return stateAfter(rules, root, search(rules, root, searchConfigOf(dialect, problem.algorithm, static_cast<int>(problem.depth)), log));
    });
}

// The outputs, once for writing and for agreeing: the log as it is written (none for greedy), then the next state.
struct Outputs {
    template <class Sink>
    void operator()(const InputText& input, const Dialect& dialect, Sink& sink) const {
        const Problem problem = parseProblem(input);
        const State next = sink.log(searchLogSpec(problem.algorithm, "traverse_log.txt", presentation.logFirstColumn),
                                    [&](auto& log) { return searchNext(problem, dialect, log); });
        sink.lines("next_state.txt", boardText(gameOf(problem), next));
    }
};

}  // namespace

extern const Variant variant = producedBy<Outputs, parseProblem>({
    .name = "gomoku561",
    .title = "Go-Moku with the adjacency rule (N 15-25), greedy / minimax / alpha-beta; next_state.txt, traverse_log.txt",
    .convention = InputConvention::Positional,
    .outputFiles = {"next_state.txt", "traverse_log.txt"},
    .faults = faultCatalogue().faults(),
    .presentation = &presentation,
});

}  // namespace plyjudge::gomoku561
