// squirrel as a plyjudge variant: `PROGRAM -i INPUTFILE` writes ./next_state.txt (tasks 1-3),
// ./traverse_log.txt (tasks 2-3) and ./trace_state.txt (task 4).
#include "reference/variant.hpp"

#include "reference/core/output_sinks.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/squirrel/battle.hpp"
#include "reference/squirrel/faults.hpp"
#include "reference/squirrel/problem.hpp"

namespace plyjudge::squirrel {

extern const Presentation presentation;    // presentation.cpp

namespace {

// Tasks 1-3: the search by the given player under `dialect`, its log into `log` (a NullLog for greedy);
// returns the next state. The board is not full (checked by the parser), so the root is not a leaf.
template <class Log>
State searchNext(const Problem& problem, const Dialect& dialect, Log& log) {
    const Game game(ruleFaultsOf(dialect).wrongPerspective ? opponent(problem.first.player) : problem.first.player, problem.values);
    return withRuleFaults<FaultyGame>(game, ruleFaultsOf(dialect), [&](const auto& rules) {
        const State root = problem.root();
        const SearchConfig config = searchConfigOf(dialect, problem.first.algorithm, problem.first.depth);
        return stateAfter(rules, root, search(rules, root, withCutoffAtGameEnd(config, root), log));
    });
}

// The outputs, once for writing and for agreeing: a search task's log as it is written (none for greedy), then
// the next state; a battle's boards as they are played. The spec names no dialect for squirrel (its logs follow
// the official samples, cut-off lines in the aima rhythm); the dialect carries only faults.
struct Outputs {
    template <class Sink>
    void operator()(const InputText& input, const Dialect& dialect, Sink& sink) const {
        const Problem problem = parseProblem(input);
        if (problem.task == kTaskBattle) {
            playBattle(problem, dialect, [&](const State& s) { sink.lines("trace_state.txt", boardText(s)); });
            return;
        }
        const State next = sink.log(searchLogSpec(problem.first.algorithm, "traverse_log.txt", presentation.logFirstColumn),
                                    [&](auto& log) { return searchNext(problem, dialect, log); });
        sink.lines("next_state.txt", boardText(next));
    }
};

}  // namespace

extern const Variant variant = producedBy<Outputs, parseProblem>({
    .name = "squirrel",
    .title = "Squirrel War (5x5 raid/sneak), greedy / minimax / alpha-beta / battle; next_state, traverse_log, trace_state",
    .convention = InputConvention::DashI,
    .outputFiles = {"next_state.txt", "traverse_log.txt", "trace_state.txt"},
    .faults = faultCatalogue().faults(),
    .presentation = &presentation,
});

}  // namespace plyjudge::squirrel
