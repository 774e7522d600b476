#include "fuzz/case_generator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "reference/core/dialect.hpp"
#include "common/file_io.hpp"
#include "common/temp_dir.hpp"

namespace plyjudge::fuzz {

namespace {

struct Candidate {
    std::string input;
    std::vector<std::string_view> coverage;
    std::vector<std::pair<std::string, std::string>> expected;
};

std::size_t bytesOf(const std::vector<std::pair<std::string, std::string>>& files) {
    std::size_t n = 0;
    for (const auto& f : files) n += f.second.size();
    return n;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> referenceOutputs(const Variant& variant, const std::string& input) {
    TempDir dir("plyjudge-gen");
    const std::vector<std::string> written = variant.solve(InputText(input, "input.txt"), Dialect{}, dir.path());
    std::vector<std::pair<std::string, std::string>> files;
    for (const std::string& name : written) files.emplace_back(name, readWholeFile(dir.path() / name));
    return files;
}

GeneratedSuite generateSuite(const FuzzTarget& target, int count, std::uint64_t seed, const GenerateOptions& options) {
    GeneratedSuite suite;
    suite.target = &target;
    const Variant& variant = *target.variant;
    const rc::Gen<std::string> gen = target.inputs(Purpose::Suite);
    const int pool = std::max(options.minCandidates, count * options.candidatesPerCase);

    // Draw the pool: distinct, valid, small enough.
    std::vector<Candidate> candidates;
    std::set<std::string> seen;
    rc::Random random(seed);
    for (int i = 0; i < pool; ++i) {
        std::string input = gen(random.split(), i % 101).value();
        if (!seen.insert(input).second) continue;
        ++suite.candidates;
        try {
            variant.validate(InputText(input, "generated"));
        } catch (const InputError& e) {
            throw std::logic_error(fmt::format("the {} generator made an invalid input ({}):\n{}", variant.name, e.what(), input));
        }
        Candidate c{std::move(input), {}, {}};
        c.expected = referenceOutputs(variant, c.input);
        if (bytesOf(c.expected) > options.maxCaseBytes) {
            ++suite.tooLarge;
            continue;
        }
        c.coverage = target.coverage(c.input);
        candidates.push_back(std::move(c));
    }

    // Choose: while some target has fewer than `quota` cases, the candidate hitting most such targets (the
    // first in drawing order on ties); then the remaining candidates in drawing order.
    const int quota = std::max(1, count / 10);
    std::map<std::string_view, int> wanted;
    for (std::string_view t : target.targets) wanted[t] = quota;
    std::vector<bool> taken(candidates.size(), false);
    std::vector<std::size_t> order;
    while (static_cast<int>(order.size()) < count) {
        int bestHits = 0;
        std::size_t best = 0;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            if (taken[i]) continue;
            int hits = 0;
            for (std::string_view t : candidates[i].coverage) hits += wanted[t] > 0 ? 1 : 0;
            if (hits > bestHits) bestHits = hits, best = i;
        }
        if (bestHits == 0) break;
        taken[best] = true;
        order.push_back(best);
        for (std::string_view t : candidates[best].coverage) --wanted[t];
    }
    for (std::size_t i = 0; i < candidates.size() && static_cast<int>(order.size()) < count; ++i) {
        if (!taken[i]) taken[i] = true, order.push_back(i);
    }

    const int width = std::max<int>(2, static_cast<int>(fmt::format("{}", order.size()).size()));
    for (std::size_t k = 0; k < order.size(); ++k) {
        Candidate& c = candidates[order[k]];
        suite.cases.push_back({fmt::format("gen{:0{}}", k + 1, width), std::move(c.input), std::move(c.coverage),
                               std::move(c.expected)});
    }
    for (std::string_view t : target.targets) {
        TargetCount tc{t, 0};
        for (const GeneratedCase& c : suite.cases) tc.cases += std::count(c.coverage.begin(), c.coverage.end(), t) ? 1 : 0;
        suite.coverage.push_back(tc);
    }
    return suite;
}

std::vector<GeneratedCase> generateCases(const Variant& variant, int count, std::uint64_t seed) {
    const FuzzTarget* target = variant.fuzzTarget;
    if (!target || count <= 0) return {};
    return generateSuite(*target, count, seed).cases;
}

void writeSuite(const GeneratedSuite& suite, const std::filesystem::path& dir, const std::string& generatedBy) {
    std::filesystem::create_directories(dir);
    std::string manifest = fmt::format(
        "# Case suite manifest (read by grader/suite): the cases of this folder and how they are graded.\n"
        "# Generated: inputs drawn by fuzz/ from the seed, expected outputs from the reference solver.\n"
        "variant: {}\n"
        "visibility: hidden   # generated cases are the instructor's held-back tests\n"
        "provenance: generated\n"
        "generated_by: \"{}\"\n"
        "cases:\n",
        suite.target->variant->name, generatedBy);
    for (const GeneratedCase& c : suite.cases) {
        const std::filesystem::path caseDir = dir / c.name;
        std::filesystem::remove_all(caseDir);
        std::filesystem::create_directories(caseDir);
        writeWholeFile(caseDir / "input.txt", c.input);
        for (const auto& [name, content] : c.expected) writeWholeFile(caseDir / name, content);
        manifest += "  - " + c.name + "\n";
    }
    writeWholeFile(dir / "suite.yaml", manifest);
}

std::string coverageReport(const GeneratedSuite& suite) {
    std::string text;
    int missed = 0;
    for (const TargetCount& t : suite.coverage) {
        text += fmt::format("  {:<32} {:>4} case{}{}\n", t.target, t.cases, t.cases == 1 ? "" : "s", t.cases == 0 ? "  MISSED" : "");
        missed += t.cases == 0;
    }
    text += fmt::format("coverage: {} of {} targets hit ({} distinct candidates drawn, {} over the size cap)\n",
                        suite.coverage.size() - missed, suite.coverage.size(), suite.candidates, suite.tooLarge);
    return text;
}

}  // namespace plyjudge::fuzz
