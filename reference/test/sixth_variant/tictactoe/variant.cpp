// tictactoe as a plyjudge variant: `PROGRAM -i INPUTFILE` writes ./next_state.txt (the board after the
// move) and ./traverse_log.txt (the whole game tree, streamed during the search).
#include "reference/variant.hpp"

#include "reference/core/output_sinks.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/test/sixth_variant/tictactoe/faults.hpp"
#include "reference/test/sixth_variant/tictactoe/rules.hpp"

namespace plyjudge::tictactoe {

extern const Presentation presentation;    // presentation.cpp

namespace {

// The outputs, once for writing and for agreeing: the whole game tree's log as it is written, then the next state.
struct Outputs {
    template <class Sink>
    void operator()(const InputText& input, const Dialect& dialect, Sink& sink) const {
        const Problem problem = parseProblem(input);
        const Game game(ruleFaultsOf(dialect).wrongPerspective ? opponent(problem.root.toMove) : problem.root.toMove);
        const SearchConfig config = searchConfigOf(dialect, problem.algorithm, emptyCells(problem.root));
        const auto result = sink.log(searchLogSpec(problem.algorithm, "traverse_log.txt", presentation.logFirstColumn),
                                     [&](auto& log) { return search(game, problem.root, config, log); });
        sink.lines("next_state.txt", boardText(stateAfter(game, problem.root, result)));
    }
};

}  // namespace

extern const Variant variant = producedBy<Outputs, parseProblem>({
    .name = "tictactoe",
    .title = "Tic-tac-toe (a test of the variant folder), minimax / alpha-beta to the end; next_state, traverse_log",
    .convention = InputConvention::DashI,
    .outputFiles = {"next_state.txt", "traverse_log.txt"},
    .faults = faultCatalogue().faults(),
    .presentation = &presentation,
});

}  // namespace plyjudge::tictactoe
