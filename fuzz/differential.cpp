#include "fuzz/differential.hpp"

#include <fmt/format.h>

#include <chrono>
#include <map>
#include <optional>
#include <sstream>

#include "fuzz/case_generator.hpp"
#include "fuzz/corpus.hpp"
#include "common/file_io.hpp"
#include "common/temp_dir.hpp"

namespace plyjudge::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Judges inputs, writing each into a fresh case folder with the reference's expected files; remembers
// verdicts so that a shrink tree revisiting an input costs nothing.
class Referee {
public:
    Referee(const Variant& variant, const Judge& judge, std::filesystem::path scratch, Dialect dialect)
        : variant_(variant), judge_(judge), scratch_(std::move(scratch)), dialect_(std::move(dialect)) {}

    Judgement operator()(const std::string& input) {
        if (auto it = memo_.find(input); it != memo_.end()) return it->second;
        ++runs_;
        const std::filesystem::path dir = scratch_ / fmt::format("case{}", runs_);
        std::filesystem::create_directories(dir);
        writeWholeFile(dir / "input.txt", input);
        const std::vector<std::string> files = variant_.solve(InputText(input, "input.txt"), dialect_, dir);
        Judgement j = judge_(dir, files);
        std::error_code ignored;
        std::filesystem::remove_all(dir, ignored);
        return memo_[input] = j;
    }
    int runs() const { return runs_; }

private:
    const Variant& variant_;
    const Judge& judge_;
    std::filesystem::path scratch_;
    Dialect dialect_;
    std::map<std::string, Judgement> memo_;
    int runs_ = 0;
};

std::string indented(const std::string& text, std::size_t maxLines = 40) {
    std::istringstream in(text);
    std::string line, out;
    std::size_t n = 0;
    while (std::getline(in, line)) {
        if (++n > maxLines) {
            out += "    ...\n";
            break;
        }
        out += "    " + line + "\n";
    }
    return out;
}

std::string_view agreementName(Agreement a) {
    switch (a) {
        case Agreement::Agree: return "agrees";
        case Agreement::Disagree: return "DISAGREES";
        case Agreement::ProgramFailed: return "FAILED";
        case Agreement::JudgeError: return "judge error";
    }
    return "?";
}

void printFinding(std::ostream& out, const InputGenerator& generator, const FuzzOutcome& o, const FuzzOptions& options) {
    const Variant& variant = *generator.variant;
    out << "\n== the program " << agreementName(o.result) << " with the reference";
    if (o.fromCorpus) out << " on the saved case " << o.saved.string();
    else out << fmt::format(" on generated case {} (seed {})", o.failingCase, options.seed);
    out << "\n";
    if (o.result == Agreement::Disagree && !o.fromCorpus) {
        out << fmt::format("shrunk from {} pieces, depth {} to {} pieces, depth {} ({} steps, {} of them simplifications; {} "
                           "program runs)\n",
                           o.original.pieces, o.original.depth, o.shrunk.pieces, o.shrunk.depth, o.shrinkSteps,
                           o.simplifySteps, o.shrinkRuns);
    }
    out << "input.txt:\n" << indented(o.input, 60);
    out << "program: " << o.judgement.verdict << (o.judgement.message.empty() ? "" : ": " + o.judgement.message) << "\n";
    if (!o.judgement.explanation.empty()) out << o.judgement.explanation << "\n";
    if (!o.judgement.detail.empty()) out << indented(o.judgement.detail);
    try {
        for (const auto& [name, content] : referenceOutputs(variant, o.input, options.dialect)) {
            out << "reference " << name << ":\n" << indented(content, 20);
        }
    } catch (const std::exception&) {
    }
    if (!o.saved.empty() && !o.fromCorpus) out << "saved as a case: " << o.saved.string() << "/\n";
    if (!o.fromCorpus && !options.reproduce.empty()) {
        out << fmt::format("reproduce: {} --seed {} --cases {}\n", options.reproduce, options.seed, o.failingCase + 1);
    }
}

}  // namespace

FuzzOutcome runFuzz(const InputGenerator& generator, const Judge& judge, const FuzzOptions& options, std::ostream& out) {
    const Variant& variant = *generator.variant;
    FuzzOutcome outcome;
    Referee referee(variant, judge, options.scratch, options.dialect);

    // 1. The corpus: earlier disagreements first, as they are.
    if (!options.corpus.empty()) {
        for (const auto& [dir, input] : loadCorpus(options.corpus)) {
            ++outcome.corpusReplayed;
            Judgement j = referee(input);
            if (j.agreement == Agreement::Agree) continue;
            outcome.result = j.agreement;
            outcome.fromCorpus = true;
            outcome.input = input;
            outcome.judgement = std::move(j);
            outcome.saved = dir;
            if (outcome.result != Agreement::JudgeError) printFinding(out, generator, outcome, options);
            return outcome;
        }
        if (outcome.corpusReplayed > 0) out << "corpus: " << outcome.corpusReplayed << " saved cases agree\n";
    }

    // 2. Generated cases until the first finding, the count or the time budget.
    const rc::Gen<std::string> gen = generator.inputs(InputPurpose::Fuzz);
    rc::Random random(options.seed);
    const auto start = Clock::now();
    std::optional<rc::Shrinkable<std::string>> failing;
    for (int i = 0; i < options.cases; ++i) {
        if (since(start) > options.timeBudgetSeconds) {
            out << fmt::format("time budget of {} s reached after {} cases\n", options.timeBudgetSeconds, i);
            break;
        }
        rc::Shrinkable<std::string> candidate = gen(random.split(), i % 101);
        Judgement j = referee(candidate.value());
        ++outcome.casesRun;
        if (j.agreement == Agreement::Agree) continue;
        outcome.result = j.agreement;
        outcome.failingCase = i;
        outcome.input = candidate.value();
        outcome.judgement = std::move(j);
        failing = std::move(candidate);
        break;
    }
    outcome.seconds = since(start);
    if (outcome.result == Agreement::Agree) {
        out << fmt::format("no disagreement in {} cases ({:.1f} cases/s, seed {})\n", outcome.casesRun,
                           outcome.casesRun / std::max(outcome.seconds, 1e-9), options.seed);
        return outcome;
    }
    if (outcome.result == Agreement::JudgeError) return outcome;

    // 3. Shrink a wrong answer: the first shrink that still disagrees replaces it, until none does.
    outcome.original = outcome.shrunk = generator.sizeOf(outcome.input);
    if (outcome.result == Agreement::Disagree) {
        const int runsBefore = referee.runs();
        const auto shrinkStart = Clock::now();
        bool progress = true;
        while (progress) {
            progress = false;
            auto shrinks = failing->shrinks();
            while (auto next = shrinks.next()) {
                if (referee.runs() - runsBefore >= options.maxShrinkRuns || since(shrinkStart) > options.timeBudgetSeconds) break;
                const std::string input = next->value();
                Judgement j = referee(input);
                if (j.agreement != Agreement::Disagree) continue;
                failing = std::move(*next);
                outcome.input = input;
                outcome.judgement = std::move(j);
                ++outcome.shrinkSteps;
                progress = true;
                break;
            }
        }
        // Then the variant's simplifications, each kept while the program still disagrees.
        for (bool simplified = generator.simpler != nullptr; simplified;) {
            simplified = false;
            const int size = generator.sizeOf(outcome.input).total();
            for (const std::string& input : generator.simpler(outcome.input)) {
                if (referee.runs() - runsBefore >= options.maxShrinkRuns || since(shrinkStart) > options.timeBudgetSeconds) break;
                // Progress is a smaller case, or as small and earlier in text order (a move or a mirror): no cycles.
                const int candidateSize = generator.sizeOf(input).total();
                if (candidateSize > size || (candidateSize == size && input >= outcome.input)) continue;
                try {
                    variant.validate(InputText(input, "simplified"));
                } catch (const InputError&) {
                    continue;
                }
                Judgement j = referee(input);
                if (j.agreement != Agreement::Disagree) continue;
                outcome.input = input;
                outcome.judgement = std::move(j);
                ++outcome.shrinkSteps;
                ++outcome.simplifySteps;
                simplified = true;
                break;
            }
        }
        outcome.shrinkRuns = referee.runs() - runsBefore;
        outcome.shrunk = generator.sizeOf(outcome.input);
    }
    if (!options.corpus.empty()) outcome.saved = saveToCorpus(options.corpus, variant, outcome.input);
    printFinding(out, generator, outcome, options);
    return outcome;
}

}  // namespace plyjudge::fuzz
