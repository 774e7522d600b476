// reversi as a plyjudge variant: `PROGRAM -i INPUTFILE` writes ./output.txt (next state + traverse log).
#include "reference/variant.hpp"

#include "reference/core/output_sinks.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/reversi/faults.hpp"
#include "reference/reversi/problem.hpp"

namespace plyjudge::reversi {

extern const Presentation presentation;    // presentation.cpp

namespace {

// The problem as a program with the dialect's faults reads it.
Problem problemOf(const InputText& input, const Dialect& dialect) {
    Problem problem = parseProblem(input);
    if (ruleFaultsOf(dialect).depthFirstDigit) {
        while (problem.depth >= 10) problem.depth /= 10;
    }
    return problem;
}

// Calls body(game) with the rules the dialect's faults make: the rules themselves unless a rule fault is on.
template <class Body>
auto withGame(const Problem& problem, const Dialect& dialect, Body&& body) {
    const Game game(ruleFaultsOf(dialect).wrongPerspective ? opponent(problem.player) : problem.player);
    return withRuleFaults<FaultyGame>(game, ruleFaultsOf(dialect), body);
}

// The outputs, once for writing and for agreeing. The next state comes first in output.txt but is known only
// after the search, whose log is streamed: its 8 lines are reserved before the log (the board's fixed 71 bytes)
// and filled in after it.
struct Outputs {
    template <class Sink>
    void operator()(const InputText& input, const Dialect& dialect, Sink& sink) const {
        const Problem problem = problemOf(input, dialect);
        static const std::string placeholder = boardText(State{});
        const LogSpec spec{.file = "output.txt", .columns = LogColumns::WithBounds, .firstColumn = presentation.logFirstColumn,
                           .head = placeholder};
        const State next = sink.log(spec, [&](auto& log) {
            const SearchConfig config = searchConfigOf(dialect, Algorithm::AlphaBeta, problem.depth);
            return withGame(problem, dialect, [&](const auto& game) { return stateAfter(game, problem.root, search(game, problem.root, config, log)); });
        });
        sink.head("output.txt", boardText(next));
    }
};

}  // namespace

extern const Variant variant = producedBy<Outputs, parseProblem>({
    .name = "reversi",
    .title = "Reversi/Othello, alpha-beta with positional weights; output.txt = next state + traverse log",
    .convention = InputConvention::DashI,
    .outputFiles = {"output.txt"},
    .dialects = {kCutoffLogOption},
    .faults = faultCatalogue().faults(),
    .neighbours = faultCatalogue().neighbours(),
    .presentation = &presentation,
});

}  // namespace plyjudge::reversi
