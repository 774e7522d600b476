// squirrel as a plyjudge variant: `PROGRAM -i INPUTFILE` writes ./next_state.txt (tasks 1-3),
// ./traverse_log.txt (tasks 2-3) and ./trace_state.txt (task 4).
#include "reference/variant.hpp"

#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/squirrel/battle.hpp"
#include "reference/squirrel/faults.hpp"
#include "reference/squirrel/problem.hpp"

namespace plyjudge::squirrel {

extern const Presentation presentation;    // presentation.cpp

namespace {

void validate(const InputText& input) { parseProblem(input); }

// Tasks 1-3: the search by the given player under `dialect`, its log into `log` (a NullLog for greedy);
// returns the next state. The board is not full (checked by the parser), so the root is not a leaf.
template <class Log>
State searchNext(const Problem& problem, const Dialect& dialect, Log& log) {
    const Game game(dialect.has("wrong-perspective") ? opponent(problem.first.player) : problem.first.player, problem.values);
    return withRules(game, dialect, [&](const auto& rules) {
        const State root = problem.root();
        const SearchConfig config = searchConfigOf(dialect, problem.first.algorithm, problem.first.depth);
        const auto result = search(rules, root, withCutoffAtGameEnd(config, root), log);
        State next = root;
        rules.play(next, result.move);
        return next;
    });
}

LogColumns logColumnsOf(const Problem& problem) {
    return problem.first.algorithm == Algorithm::AlphaBeta ? LogColumns::WithBounds : LogColumns::NameDepthValue;
}

std::vector<std::string> solveSearch(const Problem& problem, const Dialect& dialect, const std::filesystem::path& outDir) {
    std::vector<std::string> written;
    State next;
    if (problem.first.algorithm == Algorithm::Greedy) {
        NullLog log;
        next = searchNext(problem, dialect, log);
    } else {
        OutputFile logFile(outDir / "traverse_log.txt");
        TraverseLog log(logFile, logColumnsOf(problem));
        log.header(presentation.logFirstColumn);
        next = searchNext(problem, dialect, log);
        logFile.commit();
        written.push_back("traverse_log.txt");
    }
    OutputFile out(outDir / "next_state.txt");
    writeBoard(out, next);
    out.commit();
    written.insert(written.begin(), "next_state.txt");
    return written;
}

// The spec names no dialect for squirrel (its logs follow the official samples, cut-off lines in the aima
// rhythm); `dialect` carries only faults.
std::vector<std::string> solve(const InputText& input, const Dialect& dialect, const std::filesystem::path& outDir) {
    const Problem problem = parseProblem(input);
    if (problem.task != kTaskBattle) return solveSearch(problem, dialect, outDir);
    std::vector<State> states;
    playBattle(problem, dialect, [&](const State& s) { states.push_back(s); });
    OutputFile out(outDir / "trace_state.txt");
    writeTrace(out, states);
    out.commit();
    return {"trace_state.txt"};
}

// The log as it is written, then the next state; a battle's boards as they are played.
Agreement agree(const InputText& input, const Dialect& dialect, const OutputFiles& actual) {
    const Problem problem = parseProblem(input);
    return agreementOf(actual, [&](AgreementCheck& check) {
        if (problem.task == kTaskBattle) {
            check.file("trace_state.txt");
            playBattle(problem, dialect, [&](const State& s) { checkLines(check, boardText(s)); });
            check.end();
            return;
        }
        const State next = matchingLog(check, problem.first.algorithm != Algorithm::Greedy, "traverse_log.txt", logColumnsOf(problem),
                                       presentation.logFirstColumn, [&](auto& log) { return searchNext(problem, dialect, log); });
        check.file("next_state.txt");
        checkLines(check, boardText(next));
        check.end();
    });
}

}  // namespace

extern const Variant variant{
    .name = "squirrel",
    .title = "Squirrel War (5x5 raid/sneak), greedy / minimax / alpha-beta / battle; next_state, traverse_log, trace_state",
    .convention = InputConvention::DashI,
    .outputFiles = {"next_state.txt", "traverse_log.txt", "trace_state.txt"},
    .dialects = {},
    .faults = faultCatalogue(),
    .validate = validate,
    .solve = solve,
    .agree = agree,
    .presentation = &presentation,
};

}  // namespace plyjudge::squirrel
