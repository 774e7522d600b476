#include "grader/suite/fill.hpp"

#include <unistd.h>

#include <random>

#include "grader/compare/compare.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/core/output_file.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

FillReport fillSuite(const std::filesystem::path& dir, std::ostream& log) {
    const CaseSuite suite = CaseSuite::load(dir);
    if (!suite.variant->solve) throw ConfigError((dir / "suite.yaml").string(), 0, suite.variantName + " is played live: no expected files");
    FillReport report;
    for (const SuiteCase& c : suite.cases) {
        // Solve into a scratch folder next to the case, then move the missing files in (same file system).
        const auto scratch = c.dir / (".fill-" + std::to_string(::getpid()));
        std::filesystem::remove_all(scratch);
        std::filesystem::create_directories(scratch);
        try {
            const InputText input = InputText::readFile(c.input());
            const auto written = suite.variant->solve(input, suite.dialect, scratch);
            ++report.casesSolved;
            for (const std::string& name : written) {
                const auto target = c.dir / name;
                if (!std::filesystem::exists(target)) {
                    std::filesystem::rename(scratch / name, target);
                    ++report.filesWritten;
                    log << "wrote " << target.string() << "\n";
                } else if (compareFiles(scratch / name, target).equal) {
                    ++report.filesKept;
                } else {
                    ++report.filesDiffering;
                    log << "differs from the reference (left alone): " << target.string() << "\n";
                }
            }
        } catch (const OutputTooLarge& e) {
            // This case only: the others are still filled.
            ++report.casesTooLarge;
            log << "not filled: " << c.dir.string() << ": " << e.what() << "\n";
        } catch (...) {
            std::filesystem::remove_all(scratch);
            throw;
        }
        std::filesystem::remove_all(scratch);
    }
    return report;
}

}  // namespace plyjudge::grader
