// The committed generated suites (cases/<variant>/generated): loadable by the grader, 50 cases,
// every case reproduced exactly by the reference, the manifest naming the command that made it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "fuzz/fault_matrix.hpp"
#include "grader/assignment/assignment.hpp"
#include "grader/suite/case_suite.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

// Each seed chosen so that no input equals one of the variant's shown suites (BundledSuites below).
void expectGeneratedSuite(const std::string& variant, int seed) {
    const auto dir = testing::casesDir() / variant / "generated";
    const grader::CaseSuite suite = grader::CaseSuite::load(dir);
    ASSERT_NE(suite.variant, nullptr);
    EXPECT_EQ(suite.cases.size(), 50u);
    EXPECT_NE(testing::readFile(dir / "suite.yaml").find("generated_by: \"plyjudge gen " + variant + " --count 50 --seed " + std::to_string(seed) + "\""),
              std::string::npos);
    for (const grader::SuiteCase& c : suite.cases) testing::expectGoldenCase(*suite.variant, c.dir);
}

TEST(GeneratedSuites, Reversi) { expectGeneratedSuite("reversi", 2); }
TEST(GeneratedSuites, Starcircle) { expectGeneratedSuite("starcircle", 2); }
TEST(GeneratedSuites, Squirrel) { expectGeneratedSuite("squirrel", 2); }
TEST(GeneratedSuites, Gomoku561) { expectGeneratedSuite("gomoku561", 11); }

}  // namespace
}  // namespace plyjudge

// The bundled assignments grade everything, and their hidden suites are hidden: cases/VARIANT/assignment.yaml lists
// the published suite (where the variant has one), selfcheck (what every student runs with plyjudge check) and a
// hidden generated suite; no input of a hidden suite equals an input of a suite students see (compared after
// line-end normalisation); and the assignment's cases catch every catalogued fault (faults --matrix over them).
namespace plyjudge {
namespace {

// An input as compared: CRLF and CR as LF, trailing white space of the file dropped.
std::string normalisedInput(const std::filesystem::path& file) {
    std::string text = testing::readFile(file), out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r') {
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        } else {
            out += text[i];
        }
    }
    while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
    return out;
}

std::vector<std::string> bundledVariants() {
    std::vector<std::string> variants;
    for (const auto& e : std::filesystem::directory_iterator(testing::casesDir()))
        if (std::filesystem::exists(e.path() / "assignment.yaml")) variants.push_back(e.path().filename().string());
    std::sort(variants.begin(), variants.end());
    return variants;
}

TEST(BundledSuites, NoHiddenInputEqualsAnInputStudentsSee) {
    for (const std::string& variant : bundledVariants()) {
        std::map<std::string, std::string> seen;  // normalised input -> the shown case that has it
        std::vector<grader::CaseSuite> hidden;
        for (const auto& dir : grader::suiteDirsOf(testing::casesDir(), variant)) {
            grader::CaseSuite suite = grader::CaseSuite::load(dir);
            if (suite.visibility == grader::Visibility::Hidden) {
                hidden.push_back(std::move(suite));
                continue;
            }
            for (const grader::SuiteCase& c : suite.cases) seen.emplace(normalisedInput(c.input()), suite.name + "/" + c.name);
        }
        EXPECT_FALSE(hidden.empty()) << variant << " has no hidden suite";
        int equal = 0;
        for (const grader::CaseSuite& suite : hidden) {
            for (const grader::SuiteCase& c : suite.cases) {
                const auto shown = seen.find(normalisedInput(c.input()));
                if (shown == seen.end()) continue;
                ++equal;
                ADD_FAILURE() << variant << ": hidden " << suite.name << "/" << c.name << " has the input of " << shown->second;
            }
        }
        EXPECT_EQ(equal, 0) << variant;
    }
}

TEST(BundledAssignments, ListPublishedSelfcheckAndAHiddenSuiteThatCatchEveryFault) {
    for (const std::string& variant : bundledVariants()) {
        const grader::Assignment a = grader::Assignment::load(testing::casesDir() / variant / "assignment.yaml");
        std::set<std::string> names;
        bool anyHidden = false;
        std::vector<fuzz::MatrixCase> cases;
        for (const grader::CaseSuite& suite : a.suites) {
            names.insert(suite.dir.filename().string());
            anyHidden = anyHidden || suite.visibility == grader::Visibility::Hidden;
            for (const grader::SuiteCase& c : suite.cases) {
                fuzz::MatrixCase m{suite.name + "/" + c.name, testing::readFile(c.input()), {}, suite.dialect};
                for (const std::string& file : c.expectedFiles(*a.variant)) m.expected[file] = testing::readFile(c.dir / file);
                cases.push_back(std::move(m));
            }
        }
        if (std::filesystem::exists(testing::casesDir() / variant / "published")) {
            EXPECT_TRUE(names.count("published")) << variant;
        }
        EXPECT_TRUE(names.count("selfcheck")) << variant;
        EXPECT_TRUE(anyHidden) << variant << ": no hidden suite in its assignment.yaml";
        const fuzz::FaultMatrix matrix = fuzz::faultMatrix(*a.variant, cases);
        EXPECT_TRUE(matrix.uncaught().empty()) << variant << ": " << fuzz::matrixReport(matrix);
    }
}

}  // namespace
}  // namespace plyjudge
