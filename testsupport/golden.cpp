#include "testsupport/golden.hpp"

#include <gtest/gtest.h>

#include <set>

#include "testsupport/temp_dir.hpp"

namespace plyjudge::testing {

std::filesystem::path casesDir() { return std::filesystem::path(PLYJUDGE_SOURCE_DIR) / "cases"; }

std::string normalized(const std::string& text) {
    std::string out;
    std::string line;
    auto endLine = [&] {
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.pop_back();
        out += line;
        out += '\n';
        line.clear();
    };
    for (char c : text) {
        if (c == '\n') endLine();
        else line += c;
    }
    endLine();
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

void expectGoldenCase(const Variant& variant, const std::filesystem::path& caseDir,
                      const std::vector<std::string>& dialectSettings) {
    SCOPED_TRACE("case " + caseDir.string());
    TempDir out;
    const InputText input = InputText::readFile(caseDir / "input.txt");
    const std::vector<std::string> written =
        variant.solve(input, Dialect::parse(dialectSettings, variant.dialects), out.path());
    ASSERT_FALSE(written.empty());
    for (const std::string& name : written) {
        ASSERT_TRUE(std::filesystem::exists(caseDir / name)) << "the solver wrote " << name << " but the case has none";
        EXPECT_EQ(normalized(readFile(caseDir / name)), normalized(readFile(out / name))) << "file " << name;
    }
    const std::set<std::string> writtenSet(written.begin(), written.end());
    for (std::string_view name : variant.outputFiles) {
        if (std::filesystem::exists(caseDir / std::string(name))) {
            EXPECT_TRUE(writtenSet.count(std::string(name))) << "expected " << name << " to be written";
        }
    }
}

std::string solveText(const Variant& variant, const std::string& input, const std::string& outputFile,
                      const std::vector<std::string>& dialectSettings) {
    TempDir out;
    variant.solve(InputText(input, "input.txt"), Dialect::parse(dialectSettings, variant.dialects), out.path());
    return readFile(out / outputFile);
}

}  // namespace plyjudge::testing
