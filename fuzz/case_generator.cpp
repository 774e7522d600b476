#include "fuzz/case_generator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
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
    std::vector<std::string_view> kills;  // the catalogued faults this case catches
};

std::size_t bytesOf(const std::vector<std::pair<std::string, std::string>>& files) {
    std::size_t n = 0;
    for (const auto& f : files) n += f.second.size();
    return n;
}

// The faults of the variant's catalogue that the case catches.
std::vector<std::string_view> killsOf(const Variant& variant, const Candidate& c, const Dialect& dialect) {
    MatrixCase m{"candidate", c.input, {}, dialect};
    for (const auto& [name, content] : c.expected) m.expected[name] = content;
    std::vector<std::string_view> kills;
    for (const Fault& f : variant.faults) {
        if (catches(variant, m, f.name)) kills.push_back(f.name);
    }
    return kills;
}

// Draws the pool: distinct, valid, small enough, each with the targets it hits and, when killing, the faults it
// catches. Counts the distinct draws and those too large in suite.
std::vector<Candidate> drawCandidates(const InputGenerator& generator, int count, std::uint64_t seed,
                                      const GenerateOptions& options, bool killing, GeneratedSuite& suite) {
    const Variant& variant = *generator.variant;
    const rc::Gen<std::string> gen = generator.inputs(InputPurpose::Suite);
    const int pool = std::max(options.minCandidates, count * options.candidatesPerCase);
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
        Candidate c{std::move(input), {}, {}, {}};
        c.expected = referenceOutputs(variant, c.input, options.dialect);
        if (bytesOf(c.expected) > options.maxCaseBytes) {
            ++suite.tooLarge;
            continue;
        }
        c.coverage = generator.coverage(c.input);
        if (killing) c.kills = killsOf(variant, c, options.dialect);
        candidates.push_back(std::move(c));
    }
    return candidates;
}

// What the chosen cases still lack: cases per coverage target, catching cases per fault.
struct Wants {
    std::map<std::string_view, int> targets, kills;

    static int wanting(const std::map<std::string_view, int>& wants, std::string_view key) {
        const auto it = wants.find(key);
        return it != wants.end() && it->second > 0 ? 1 : 0;
    }
    // How many of the wants the candidate meets.
    int hits(const Candidate& c) const {
        int n = 0;
        for (std::string_view t : c.coverage) n += wanting(targets, t);
        for (std::string_view f : c.kills) n += wanting(kills, f);
        return n;
    }
    void meet(const Candidate& c) {
        for (std::string_view t : c.coverage) --targets[t];
        for (std::string_view f : c.kills) --kills[f];
    }
};

// The candidate not yet taken that meets most wants, the first in drawing order on ties; none if none meets any.
std::optional<std::size_t> mostWanted(const std::vector<Candidate>& candidates, const std::vector<bool>& taken, const Wants& wants) {
    int bestHits = 0;
    std::size_t best = 0;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (taken[i]) continue;
        const int hits = wants.hits(candidates[i]);
        if (hits > bestHits) bestHits = hits, best = i;
    }
    if (bestHits == 0) return std::nullopt;
    return best;
}

// Choose: while some target has fewer cases than it wants (a coverage target count/10, or 1 when minimal;
// a fault `kill` cases catching it), the candidate meeting most such wants (the first in drawing order on
// ties); then, unless minimal, the remaining candidates in drawing order. Returns their indices in that order.
std::vector<std::size_t> chooseCandidates(const std::vector<Candidate>& candidates, const InputGenerator& generator,
                                          int count, const GenerateOptions& options, bool killing) {
    const int quota = options.minimal ? 1 : std::max(1, count / 10);
    Wants wants;
    for (std::string_view t : generator.targets) wants.targets[t] = quota;
    if (killing) {
        for (const Fault& f : generator.variant->faults) wants.kills[f.name] = options.kill;
    }
    std::vector<bool> taken(candidates.size(), false);
    std::vector<std::size_t> order;
    while (static_cast<int>(order.size()) < count) {
        const std::optional<std::size_t> best = mostWanted(candidates, taken, wants);
        if (!best) break;
        taken[*best] = true;
        order.push_back(*best);
        wants.meet(candidates[*best]);
    }
    for (std::size_t i = 0; !options.minimal && i < candidates.size() && static_cast<int>(order.size()) < count; ++i) {
        if (!taken[i]) taken[i] = true, order.push_back(i);
    }
    return order;
}

// The chosen candidates become the suite's cases gen01, gen02, ... in the order chosen; returns the faults each
// catches, in the same order.
std::vector<std::vector<std::string_view>> addChosenCases(GeneratedSuite& suite, std::vector<Candidate>& candidates,
                                                          const std::vector<std::size_t>& order) {
    const int width = std::max<int>(2, static_cast<int>(fmt::format("{}", order.size()).size()));
    std::vector<std::vector<std::string_view>> kills;
    for (std::size_t k = 0; k < order.size(); ++k) {
        Candidate& c = candidates[order[k]];
        kills.push_back(c.kills);
        suite.cases.push_back({fmt::format("gen{:0{}}", k + 1, width), std::move(c.input), std::move(c.coverage),
                               std::move(c.expected)});
    }
    return kills;
}

// How many of the suite's cases hit each of the generator's targets.
void countCoverage(GeneratedSuite& suite, const InputGenerator& generator) {
    for (std::string_view t : generator.targets) {
        TargetCount tc{t, 0};
        for (const GeneratedCase& c : suite.cases) tc.cases += std::count(c.coverage.begin(), c.coverage.end(), t) ? 1 : 0;
        suite.coverage.push_back(tc);
    }
}

// Which case catches which catalogued fault, from the faults each case catches.
void fillFaultMatrix(GeneratedSuite& suite, const Variant& variant, const std::vector<std::vector<std::string_view>>& kills) {
    for (const GeneratedCase& c : suite.cases) suite.matrix.cases.push_back(c.name);
    for (const Fault& f : variant.faults) {
        suite.matrix.faults.push_back(f.name);
        std::vector<bool> row;
        for (const auto& k : kills) row.push_back(std::find(k.begin(), k.end(), f.name) != k.end());
        suite.matrix.caught.push_back(std::move(row));
    }
}

}  // namespace

std::vector<std::pair<std::string, std::string>> referenceOutputs(const Variant& variant, const std::string& input,
                                                                  const Dialect& dialect) {
    TempDir dir("plyjudge-gen");
    const std::vector<std::string> written = variant.solve(InputText(input, "input.txt"), dialect, dir.path());
    std::vector<std::pair<std::string, std::string>> files;
    for (const std::string& name : written) files.emplace_back(name, readWholeFile(dir.path() / name));
    return files;
}

GeneratedSuite generateSuite(const InputGenerator& generator, int count, std::uint64_t seed, const GenerateOptions& options) {
    GeneratedSuite suite;
    suite.generator = &generator;
    suite.dialect = options.dialect;
    const Variant& variant = *generator.variant;
    const bool killing = options.kill > 0 && variant.agree && !variant.faults.empty();
    suite.kill = killing ? options.kill : 0;
    std::vector<Candidate> candidates = drawCandidates(generator, count, seed, options, killing, suite);
    const std::vector<std::size_t> order = chooseCandidates(candidates, generator, count, options, killing);
    const std::vector<std::vector<std::string_view>> kills = addChosenCases(suite, candidates, order);
    countCoverage(suite, generator);
    if (killing) fillFaultMatrix(suite, variant, kills);
    return suite;
}

std::vector<GeneratedCase> generateCases(const Variant& variant, int count, std::uint64_t seed) {
    const InputGenerator* generator = findInputGenerator(variant.name);
    if (!generator || count <= 0) return {};
    return generateSuite(*generator, count, seed).cases;
}

void writeSuite(const GeneratedSuite& suite, const std::filesystem::path& dir, const std::string& generatedBy, bool published) {
    std::filesystem::create_directories(dir);
    std::string manifest = fmt::format(
        "# Case suite manifest (read by grader/suite): the cases of this folder and how they are graded.\n"
        "# Generated: inputs drawn by fuzz/ from the seed, expected outputs from the reference solver.\n"
        "variant: {}\n"
        "visibility: {}\n"
        "provenance: generated\n"
        "generated_by: \"{}\"\n",
        suite.generator->variant->name,
        published ? "published   # run by plyjudge check: a student sees these cases in full"
                  : "hidden   # generated cases are the instructor's held-back tests",
        generatedBy);
    if (!suite.dialect.settings().empty()) {
        manifest += "dialect:\n";
        for (const auto& [key, value] : suite.dialect.settings()) manifest += fmt::format("  {}: {}\n", key, value);
    }
    manifest += "cases:\n";
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
    if (suite.kill > 0) {
        int short_ = 0;
        for (std::size_t f = 0; f < suite.matrix.faults.size(); ++f) short_ += suite.matrix.killsOf(f) < suite.kill;
        text += fmt::format("faults (each wants {} catching cases):\n", suite.kill) + matrixReport(suite.matrix, 4);
        if (short_ > 0) text += fmt::format("{} fault(s) caught by fewer than {} cases\n", short_, suite.kill);
    }
    return text;
}

}  // namespace plyjudge::fuzz
