#include "grader/grade/bundled_cases.hpp"

#include <fmt/format.h>

#include "common/file_io.hpp"
#include "grader/assignment/assignment.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

// The dialect of a suite equals the chosen one (a suite's expected files follow its own dialect).
bool sameDialect(const Variant& variant, const Dialect& a, const Dialect& b) {
    for (const DialectOption& o : variant.dialects) {
        if (a.get(o) != b.get(o)) return false;
    }
    return true;
}

}  // namespace

BundledCases loadBundledCases(const Variant& variant, const Dialect& dialect, const std::filesystem::path& casesRoot) {
    BundledCases bundled;
    const double defaultPoints = defaultPointsPerCase(variant.name);
    for (const auto& dir : suiteDirsOf(casesRoot, variant.name)) {
        const CaseSuite suite = CaseSuite::load(dir);
        for (const SuiteCase& c : suite.cases) bundled.inputs.insert(readWholeFile(c.input()));
        if (suite.visibility == Visibility::Hidden) continue;
        bundled.publishedSuites.insert(suite.name);
        if (!sameDialect(variant, suite.dialect, dialect)) {
            bundled.notes.push_back(fmt::format("skipping {} (made with another dialect: {})", suite.name,
                                                fmt::join(suite.dialectSettings, " ")));
            continue;
        }
        for (const SuiteCase& c : suite.cases) {
            if (c.visibility == Visibility::Hidden) continue;
            bundled.published.push_back({suite.name, c.name, c.input(), c.dir, c.expectedFiles(variant),
                                         c.points.value_or(suite.points.value_or(defaultPoints))});
        }
    }
    return bundled;
}

}  // namespace plyjudge::grader
