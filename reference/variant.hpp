// The one small interface through which a variant plugs into plyjudge (the CLI, the grader, the fuzzer,
// the reports). A variant folder (reference/<name>/, every .cpp in it compiled) defines one `const Variant`
// in variant.cpp, with its presentation (presentation.cpp); its input generator for `plyjudge gen` and
// `plyjudge fuzz` (input_generator.cpp, simplify.cpp: reference/input_generator.hpp) is compiled apart, into
// plyjudge_reference_generators, and found by findInputGenerator(). One line in variants.def registers both.
// Nothing else names variants.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "reference/core/agreement.hpp"
#include "reference/core/dialect.hpp"
#include "reference/core/input_text.hpp"

namespace plyjudge {

struct Presentation;  // reference/presentation/presentation.hpp

// How a student's program for the variant is started (see docs/variants/README.md).
enum class InputConvention {
    InputTxtInWorkingDir,  // `PROGRAM`, reads ./input.txt
    DashI,                 // `PROGRAM -i INPUTFILE`
    Positional,            // `PROGRAM INPUTFILE`
    LivePlay,              // started by a referee; no input file
};

struct Variant {
    std::string_view name;      // as typed on the command line, e.g. "reversi"
    std::string_view title;     // one line for `plyjudge variants`
    InputConvention convention;
    std::vector<std::string_view> outputFiles;  // every file the program may write
    std::vector<DialectOption> dialects{};
    // The mistakes the reference can make on purpose (`--fault NAME`), each changing some case's outputs:
    // the catalogue of reference/<name>/faults.cpp, in the order `plyjudge faults` lists it.
    std::vector<Fault> faults{};
    // Neighbours of catalogued faults (fault_catalogue.hpp, neighbourFault): tried by the explainer after the
    // catalogue, never listed with it.
    std::vector<Fault> neighbours{};

    // Parses and checks an input; throws InputError naming the line and what was expected.
    void (*validate)(const InputText& input) = nullptr;

    // Solves the input like a student's program would and writes its output files into outDir, each
    // atomically. Returns the names of the files written: exactly the files a submission must match for
    // this input (e.g. squirrel greedy writes next_state.txt only). Throws InputError on bad input,
    // before any output file exists. nullptr for live-play variants.
    std::vector<std::string> (*solve)(const InputText& input, const Dialect& dialect,
                                      const std::filesystem::path& outDir) = nullptr;

    // Solves the input as solve() does under `dialect` (its conventions and faults) and compares each output
    // line with `actual` (a program's files) as it is produced, stopping at the first difference
    // (reference/core/agreement.hpp). Throws InputError on bad input. nullptr: no explanation by reproduction.
    Agreement (*agree)(const InputText& input, const Dialect& dialect, const OutputFiles& actual) = nullptr;

    // Points a case is worth when neither the assignment nor the suite says.
    double pointsPerCase = 1;

    // How the grader explains a difference in each output file, the log header, and how reports draw a
    // case's position and its moves (reference/presentation/presentation.hpp, defined in the folder's
    // presentation.cpp). nullptr: the generic defaults (traverse_log.txt a log, any other file a state;
    // the input drawn as a grid of text).
    const Presentation* presentation = nullptr;
};

// Variant::validate of a variant whose problem parser checks everything there is to check: parse, then drop.
template <auto parseProblem>
void validateBy(const InputText& input) {
    (void)parseProblem(input);
}

// Every registered variant, in the order `plyjudge variants` lists them.
const std::vector<const Variant*>& allVariants();
// The variant called `name`, or nullptr.
const Variant* findVariant(std::string_view name);

}  // namespace plyjudge
