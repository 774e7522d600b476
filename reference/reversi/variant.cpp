// reversi as a plyjudge variant: `PROGRAM -i INPUTFILE` writes ./output.txt (next state + traverse log).
#include "reference/variant.hpp"

#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/presentation/presentation.hpp"
#include "reference/reversi/faults.hpp"
#include "reference/reversi/problem.hpp"

namespace plyjudge::reversi {

extern const Presentation presentation;    // presentation.cpp

namespace {

void validate(const InputText& input) { parseProblem(input); }

// The problem as a program with the dialect's faults reads it.
Problem problemOf(const InputText& input, const Dialect& dialect) {
    Problem problem = parseProblem(input);
    if (dialect.has("depth-first-digit")) {
        while (problem.depth >= 10) problem.depth /= 10;
    }
    return problem;
}

// Calls body(game) with the rules the dialect's faults make: the rules themselves unless a rule fault is on.
template <class Body>
auto withGame(const Problem& problem, const Dialect& dialect, Body&& body) {
    const Game game(dialect.has("wrong-perspective") ? opponent(problem.player) : problem.player);
    return withRuleFaults<FaultyGame>(game, ruleFaultsOf(dialect), body);
}

// The header and the search's log into `log`; returns the next state (the root's when the root is a leaf).
template <class G, class Log>
State searchNext(const G& game, const Problem& problem, const Dialect& dialect, Log& log) {
    log.header(presentation.logFirstColumn);
    const auto result = search(game, problem.root, searchConfigOf(dialect, Algorithm::AlphaBeta, problem.depth), log);
    State next = problem.root;
    if (result.hasMove) game.play(next, result.move);  // a pass leaves the board unchanged
    return next;
}

std::vector<std::string> solve(const InputText& input, const Dialect& dialect, const std::filesystem::path& outDir) {
    const Problem problem = problemOf(input, dialect);
    OutputFile out(outDir / "output.txt");
    // The next state comes first in the file but is known only after the search, whose log is streamed:
    // reserve the board's fixed 71 bytes, stream the log after them, then fill them in.
    const std::size_t boardAt = out.offset();
    out.line(boardText(State{}));
    TraverseLog log(out, LogColumns::WithBounds);
    const State next = withGame(problem, dialect, [&](const auto& game) { return searchNext(game, problem, dialect, log); });
    out.overwrite(boardAt, boardText(next));
    out.commit();
    return {"output.txt"};
}

// The log (from line 9) as it is written, then the board.
Agreement agree(const InputText& input, const Dialect& dialect, const OutputFiles& actual) {
    const Problem problem = problemOf(input, dialect);
    return agreementOf(actual, [&](AgreementCheck& check) {
        check.file("output.txt", 8);
        MatchingLog log(check, LogColumns::WithBounds);
        const State next = withGame(problem, dialect, [&](const auto& game) { return searchNext(game, problem, dialect, log); });
        check.end();
        check.seek(0);
        checkLines(check, boardText(next));
    });
}

}  // namespace

extern const Variant variant{
    .name = "reversi",
    .title = "Reversi/Othello, alpha-beta with positional weights; output.txt = next state + traverse log",
    .convention = InputConvention::DashI,
    .outputFiles = {"output.txt"},
    .dialects = {kCutoffLogOption},
    .faults = faultCatalogue(),
    .validate = validate,
    .solve = solve,
    .agree = agree,
    .presentation = &presentation,
};

}  // namespace plyjudge::reversi
