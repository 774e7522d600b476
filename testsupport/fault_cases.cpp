#include "testsupport/fault_cases.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::testing {

namespace {

OutputFiles filesIn(const std::filesystem::path& dir, const std::vector<std::string>& names) {
    OutputFiles files;
    for (const std::string& n : names) files[n] = readFile(dir / n);
    return files;
}

// docs/variants/<variant>.md before its Faults section, white space collapsed (lines wrap anywhere).
std::string specText(std::string_view variant) {
    const std::string doc = readFile(std::filesystem::path(PLYJUDGE_SOURCE_DIR) / "docs/variants" / (std::string(variant) + ".md"));
    const std::size_t end = doc.find("\n## Faults\n");
    EXPECT_NE(end, std::string::npos) << variant << ".md has no Faults section";
    std::string text;
    bool space = false;
    for (std::size_t i = 0; i < std::min(end, doc.size()); ++i) {
        const char c = doc[i];
        if (c == '\n' || c == ' ') {
            space = true;
            if (c == '\n' && doc.compare(i + 1, 2, "- ") == 0) ++i;  // a list item's marker
            continue;
        }
        if (space && !text.empty()) text += ' ';
        space = false;
        text += c;
    }
    return text;
}

// The committed cases of `variant` in published, hand_checked, selfcheck order ("published/sample1", ...).
std::vector<std::string> committedCases(const Variant& variant) {
    std::vector<std::string> cases;
    for (const char* suite : {"published", "hand_checked", "selfcheck"}) {
        const auto dir = casesDir() / std::string(variant.name) / suite;
        if (!std::filesystem::is_directory(dir)) continue;
        std::vector<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            if (std::filesystem::exists(entry.path() / "input.txt")) names.push_back(entry.path().filename().string());
        }
        std::sort(names.begin(), names.end());
        for (const std::string& n : names) cases.push_back(std::string(suite) + "/" + n);
    }
    return cases;
}

// The first committed case whose expected files the fault misses, or "" when none does.
std::string firstCaseCatching(const Variant& variant, const std::vector<std::string>& cases, std::string_view fault) {
    for (const std::string& name : cases) {
        const auto dir = casesDir() / std::string(variant.name) / name;
        const InputText input = InputText::readFile(dir / "input.txt");
        TempDir scratch;
        const OutputFiles expected = filesIn(dir, variant.solve(input, Dialect{}, scratch.path()));
        if (!variant.agree(input, Dialect{}.withFault(fault), expected).exact) return name;
    }
    return "";
}

}  // namespace

void expectEveryFaultChangesItsCase(const Variant& variant) {
    EXPECT_GE(variant.faults.size(), 10u) << variant.name;
    ASSERT_NE(variant.agree, nullptr);
    const std::string spec = specText(variant.name);
    const std::vector<std::string> cases = committedCases(variant);
    for (const Fault& fault : variant.faults) {
        SCOPED_TRACE(std::string(variant.name) + " fault " + std::string(fault.name));
        EXPECT_FALSE(fault.sentence.empty());
        EXPECT_FALSE(fault.rule.empty());
        EXPECT_NE(spec.find(fault.rule), std::string::npos) << "the rule is not quoted from docs/variants: " << fault.rule;
        const std::string caseName = firstCaseCatching(variant, cases, fault.name);
        ASSERT_FALSE(caseName.empty()) << "no committed case catches the fault";
        const auto caseDir = casesDir() / std::string(variant.name) / caseName;
        const InputText input = InputText::readFile(caseDir / "input.txt");
        TempDir right, wrong;
        const std::vector<std::string> written = variant.solve(input, Dialect{}, right.path());
        const OutputFiles expected = filesIn(caseDir, written);
        EXPECT_TRUE(variant.agree(input, Dialect{}, expected).exact) << "the reference misses " << caseName;
        const Dialect faulty = Dialect{}.withFault(fault.name);
        const Agreement withFault = variant.agree(input, faulty, expected);
        EXPECT_FALSE(withFault.exact) << caseName << " does not catch the fault";
        const OutputFiles mistaken = filesIn(wrong.path(), variant.solve(input, faulty, wrong.path()));
        EXPECT_TRUE(variant.agree(input, faulty, mistaken).exact) << "solve and agree disagree under the fault";
        EXPECT_FALSE(variant.agree(input, Dialect{}, mistaken).exact) << "the fault's outputs equal the reference's";
    }
}

std::string solveCaseWithFault(const Variant& variant, const std::string& caseName, const std::string& fault,
                               const std::string& file) {
    TempDir out;
    const auto input = InputText::readFile(casesDir() / std::string(variant.name) / caseName / "input.txt");
    variant.solve(input, fault.empty() ? Dialect{} : Dialect{}.withFault(fault), out.path());
    return normalized(readFile(out / file));
}

}  // namespace plyjudge::testing
