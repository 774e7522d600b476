// gomoku561 as a plyjudge variant: `PROGRAM INPUTFILE` writes ./next_state.txt (every task) and
// ./traverse_log.txt (tasks 2 and 3, streamed during the search).
#include "reference/variant.hpp"

#include <optional>

#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/gomoku561/faults.hpp"
#include "reference/gomoku561/problem.hpp"

namespace plyjudge::gomoku561 {

extern const Presentation presentation;    // presentation.cpp

namespace {

void validate(const InputText& input) { parseProblem(input); }

// The search under `dialect`, its log into `log` (a NullLog for greedy); returns the next state. Decision (the
// spec is silent): with no legal move at the root (a full board) the root is a draw leaf, nothing is played
// and the next state repeats the input board.
template <class Log>
State searchNext(const Problem& problem, const Dialect& dialect, Log& log) {
    const Game game(problem.size, dialect.has("wrong-perspective") ? opponent(problem.player) : problem.player);
    const State root = rootOf(problem, game);
    return withRules(game, dialect, [&](const auto& rules) {
        const auto result = search(rules, root, searchConfigOf(dialect, problem.algorithm, static_cast<int>(problem.depth)), log);
        State next = root;
        if (result.hasMove) rules.play(next, result.move);
        return next;
    });
}

LogColumns logColumnsOf(const Problem& problem) {
    return problem.algorithm == Algorithm::AlphaBeta ? LogColumns::WithBounds : LogColumns::NameDepthValue;
}

std::vector<std::string> solve(const InputText& input, const Dialect& dialect, const std::filesystem::path& outDir) {
    const Problem problem = parseProblem(input);
    const Game game = gameOf(problem);
    std::vector<std::string> written;
    std::optional<OutputFile> logFile;
    State next;
    if (problem.algorithm == Algorithm::Greedy) {
        NullLog log;
        next = searchNext(problem, dialect, log);
    } else {
        logFile.emplace(outDir / "traverse_log.txt");
        TraverseLog log(*logFile, logColumnsOf(problem));
        log.header(presentation.logFirstColumn);
        next = searchNext(problem, dialect, log);
    }
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

// The log as it is written, then the next state.
Agreement agree(const InputText& input, const Dialect& dialect, const OutputFiles& actual) {
    const Problem problem = parseProblem(input);
    return agreementOf(actual, [&](AgreementCheck& check) {
        const State next = matchingLog(check, problem.algorithm != Algorithm::Greedy, "traverse_log.txt", logColumnsOf(problem),
                                       presentation.logFirstColumn, [&](auto& log) { return searchNext(problem, dialect, log); });
        check.file("next_state.txt");
        checkLines(check, boardText(gameOf(problem), next));
        check.end();
    });
}

}  // namespace

extern const Variant variant{
    .name = "gomoku561",
    .title = "Go-Moku with the adjacency rule (N 15-25), greedy / minimax / alpha-beta; next_state.txt, traverse_log.txt",
    .convention = InputConvention::Positional,
    .outputFiles = {"next_state.txt", "traverse_log.txt"},
    .dialects = {},
    .faults = faultCatalogue(),
    .validate = validate,
    .solve = solve,
    .agree = agree,
    .presentation = &presentation,
};

}  // namespace plyjudge::gomoku561
