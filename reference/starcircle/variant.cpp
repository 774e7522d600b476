// starcircle as a plyjudge variant: `PROGRAM` reads ./input.txt and writes ./output.txt (four lines).
#include "reference/variant.hpp"

#include "reference/core/output_sinks.hpp"
#include "reference/starcircle/faults.hpp"
#include "reference/starcircle/problem.hpp"
#include "reference/starcircle/solver.hpp"

namespace plyjudge::starcircle {

extern const Presentation presentation;    // presentation.cpp

namespace {

// The outputs, once for writing and for agreeing: no log, the four answer lines once the search is done.
struct Outputs {
    template <class Sink>
    void operator()(const InputText& input, const Dialect& dialect, Sink& sink) const {
        sink.lines("output.txt", answerText(solveProblem(parseProblem(input), dialect)));
    }
};

}  // namespace

extern const Variant variant = producedBy<Outputs, parseProblem>({
    .name = "starcircle",
    .title = "Star vs Circle (8x8 checkers-like), minimax / alpha-beta; output.txt = move, utilities, nodes",
    .convention = InputConvention::InputTxtInWorkingDir,
    .outputFiles = {"output.txt"},
    .faults = faultCatalogue().faults(),
    .pointsPerCase = 2,
    .presentation = &presentation,
});

}  // namespace plyjudge::starcircle
