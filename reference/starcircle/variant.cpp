// starcircle as a plyjudge variant: `PROGRAM` reads ./input.txt and writes ./output.txt (four lines).
#include "reference/variant.hpp"

#include "reference/core/output_file.hpp"
#include "reference/starcircle/problem.hpp"
#include "reference/starcircle/solver.hpp"

namespace plyjudge::starcircle {

extern const Presentation presentation;    // presentation.cpp
extern const fuzz::FuzzTarget fuzzTarget;  // fuzz_target.cpp

namespace {

void validate(const InputText& input) { parseProblem(input); }

std::vector<std::string> solve(const InputText& input, const Dialect&, const std::filesystem::path& outDir) {
    const Solution s = solveProblem(parseProblem(input));
    OutputFile out(outDir / "output.txt");
    out.line(s.move);
    out.beginLine();
    out.putValue(s.myopicUtility);
    out.beginLine();
    out.putValue(s.farsightedUtility);
    out.beginLine();
    out.putInt(static_cast<long long>(s.nodes));
    out.commit();
    return {"output.txt"};
}

}  // namespace

extern const Variant variant{
    .name = "starcircle",
    .title = "Star vs Circle (8x8 checkers-like), minimax / alpha-beta; output.txt = move, utilities, nodes",
    .convention = InputConvention::InputTxtInWorkingDir,
    .outputFiles = {"output.txt"},
    .dialects = {},
    .validate = validate,
    .solve = solve,
    .pointsPerCase = 2,
    .presentation = &presentation,
    .fuzzTarget = &fuzzTarget,
};

}  // namespace plyjudge::starcircle
