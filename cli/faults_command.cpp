// `plyjudge faults VARIANT [--matrix SUITE_DIR...]`: the catalogue of mistakes the reference can make on
// purpose, and which cases of some suites catch each one (fuzz/fault_matrix.hpp).
#include <iostream>

#include "common/file_io.hpp"
#include "fuzz/fault_matrix.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/suite/case_suite.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/variant_argument.hpp"

namespace plyjudge::cli {

namespace {

// Every case of the suite in `dir` with its expected files and its suite's dialect.
std::vector<fuzz::MatrixCase> matrixCasesOf(const Variant& variant, const std::filesystem::path& dir) {
    const grader::CaseSuite suite = grader::CaseSuite::load(dir);
    std::vector<fuzz::MatrixCase> cases;
    for (const grader::SuiteCase& c : suite.cases) {
        fuzz::MatrixCase m{suite.name + "/" + c.name, readWholeFile(c.input()), {}, suite.dialect};
        for (const std::string& file : c.expectedFiles(variant)) m.expected[file] = readWholeFile(c.dir / file);
        cases.push_back(std::move(m));
    }
    return cases;
}

// The suites `plyjudge check VARIANT` runs by default: the bundled published ones in the default dialect.
std::vector<std::filesystem::path> defaultSuiteDirs(const Variant& variant) {
    std::vector<std::filesystem::path> dirs;
    for (const auto& dir : grader::suiteDirsOf(grader::bundledCasesDir(), variant.name)) {
        const grader::CaseSuite suite = grader::CaseSuite::load(dir);
        if (suite.visibility == grader::Visibility::Published && suite.dialectSettings.empty()) dirs.push_back(dir);
    }
    return dirs;
}

// The matrix of `variant`'s catalogue over the suites in `dirs`, printed; whether every fault is caught.
bool printMatrix(const Variant& variant, const std::vector<std::filesystem::path>& dirs, bool distinct) {
    std::vector<fuzz::MatrixCase> cases;
    for (const auto& dir : dirs) {
        auto more = matrixCasesOf(variant, dir);
        cases.insert(cases.end(), more.begin(), more.end());
    }
    fuzz::FaultMatrix matrix = fuzz::faultMatrix(variant, cases);
    if (distinct) fuzz::distinguish(variant, cases, matrix);
    std::cout << fuzz::matrixReport(matrix);
    return matrix.uncaught().empty();
}

// The catalogue of `variant`: as a listing, or as the bullet list of the Faults section of docs/variants/<v>.md
// (which scripts/check-docs-faults compares with it in ctest).
void printCatalogue(const Variant& variant, bool markdown) {
    if (markdown) {
        for (const Fault& f : variant.faults) std::cout << "- `" << f.name << "` — " << f.sentence << " Rule: “" << f.rule << "”\n";
        return;
    }
    std::cout << variant.faults.size() << " faults of " << variant.name << " (plyjudge solve " << variant.name << " --fault NAME):\n";
    for (const Fault& f : variant.faults) {
        std::cout << "  " << f.name << "\n      " << f.sentence << "\n      rule: " << f.rule << "\n";
    }
}

}  // namespace

int runFaults(const std::vector<std::string>& args) {
    CommandLine cl("faults", "faults [VARIANT] [--markdown] [--matrix [SUITE_DIR...]]",
                   "Lists the mistakes the reference of VARIANT can make on purpose (plyjudge solve --fault NAME):\n"
                   "each fault's name, what a program with it does wrong, and the rule of the spec it breaks.\n"
                   "With --matrix, solves every case of the suites with each fault and prints which cases catch\n"
                   "which fault (the fault's output differs from the expected files) and the faults no case\n"
                   "catches; with --distinct also the pairs of faults whose outputs no case tells apart. Without SUITE_DIR: the suites plyjudge check runs by default (the bundled published\n"
                   "ones in the default dialect), for VARIANT or, without VARIANT, for every variant.\n"
                   "Exit status: 0 listed / every fault caught, 1 some fault uncaught, 2 bad usage or bad suite.");
    cl.options()("matrix,m", po::value<std::vector<std::string>>()->multitoken()->zero_tokens(),
                 "suite folders to test the catalogue on (none: check's default suites)")(
        "distinct", "with --matrix: also name the pairs of faults no case tells apart (slower)")(
        "markdown", "list the catalogue as the Faults section of docs/variants/VARIANT.md lists it");
    cl.hidden()("variant", po::value<std::string>());
    cl.positional("variant", 1);

    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        const bool matrix = vm->count("matrix") > 0;
        std::vector<std::filesystem::path> dirs;
        if (matrix) {
            for (const std::string& d : (*vm)["matrix"].as<std::vector<std::string>>()) dirs.emplace_back(d);
        }
        std::vector<const Variant*> variants;
        if (vm->count("variant")) {
            const Variant& variant = requireVariant(*vm);
            if (variant.faults.empty() || !variant.agree) throw UsageError(std::string(variant.name) + " has no fault catalogue");
            variants.push_back(&variant);
        } else {
            if (!matrix || !dirs.empty()) throw UsageError("missing VARIANT (only --matrix without folders covers every variant)");
            for (const Variant* v : allVariants()) {
                if (!v->faults.empty() && v->agree) variants.push_back(v);
            }
        }
        if (!matrix) {
            printCatalogue(*variants.front(), vm->count("markdown") > 0);
            return kExitOk;
        }
        bool allCaught = true;
        try {
            for (const Variant* v : variants) {
                if (variants.size() > 1) std::cout << "== " << v->name << "\n";
                allCaught = printMatrix(*v, dirs.empty() ? defaultSuiteDirs(*v) : dirs, vm->count("distinct") > 0) && allCaught;
            }
        } catch (const grader::ConfigError& e) {
            cl.error(e.what());
            return kExitUsage;
        }
        return allCaught ? kExitOk : kExitFailed;
    });
}

}  // namespace plyjudge::cli
