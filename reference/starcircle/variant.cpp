// starcircle as a plyjudge variant: `PROGRAM` reads ./input.txt and writes ./output.txt (four lines).
#include "reference/variant.hpp"

#include "reference/core/output_file.hpp"
#include "reference/starcircle/faults.hpp"
#include "reference/starcircle/problem.hpp"
#include "reference/starcircle/solver.hpp"

namespace plyjudge::starcircle {

extern const Presentation presentation;    // presentation.cpp

namespace {

void validate(const InputText& input) { parseProblem(input); }

std::vector<std::string> solve(const InputText& input, const Dialect& dialect, const std::filesystem::path& outDir) {
    const Solution s = solveProblem(parseProblem(input), dialect);
    OutputFile out(outDir / "output.txt");
    out.put(answerText(s));
    out.commit();
    return {"output.txt"};
}

// No log: the four answer lines once the search is done.
Agreement agree(const InputText& input, const Dialect& dialect, const OutputFiles& actual) {
    const std::string answer = answerText(solveProblem(parseProblem(input), dialect));
    return agreementOf(actual, [&](AgreementCheck& check) {
        check.file("output.txt");
        checkLines(check, answer);
        check.end();
    });
}

}  // namespace

extern const Variant variant{
    .name = "starcircle",
    .title = "Star vs Circle (8x8 checkers-like), minimax / alpha-beta; output.txt = move, utilities, nodes",
    .convention = InputConvention::InputTxtInWorkingDir,
    .outputFiles = {"output.txt"},
    .dialects = {},
    .faults = faultCatalogue(),
    .validate = validate,
    .solve = solve,
    .agree = agree,
    .pointsPerCase = 2,
    .presentation = &presentation,
};

}  // namespace plyjudge::starcircle
