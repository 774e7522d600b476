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
    }
    return "?";
}

// The finding's explanation: the one the grader's explainer gives the printed (shrunk) case itself, exact only
// when it reproduced that case's output; else "not explained". A shrunk case can be reproduced by a fault that
// does not reproduce the case first found: said, so that a coincidence on a tiny case is not taken for the cause.
void printExplanation(std::ostream& out, const FuzzOutcome& o) {
    const bool shrunk = o.result == Agreement::Disagree && !o.fromCorpus && o.shrinkSteps > 0;
    const std::string which = shrunk ? "the shrunk case" : "this case";
    const Judgement& j = o.judgement;
    if (j.explanationExact) {
        out << "explanation of " << which << " (reproduced on it): " << j.explanation << "\n";
    } else if (o.result == Agreement::ProgramFailed) {
        out << "explanation of " << which << ": not explained (a failed run is not explained by reproduction)\n";
    } else {
        out << "explanation of " << which << ": not explained (no catalogued fault, neighbour of one, or dialect reproduces its output)\n";
        if (!j.explanation.empty()) out << "    the nearest candidate, not a cause: " << j.explanation << "\n";
    }
    if (!shrunk) return;
    const Judgement& first = o.firstJudgement;
    const std::string before = fmt::format("the case first found ({} pieces, depth {})", o.original.pieces, o.original.depth);
    if (first.explanationExact && first.explainedBy == j.explainedBy) {
        out << "  the same reproduces " << before << "\n";
    } else if (first.explanationExact) {
        out << "  " << before << " is reproduced by another: " << first.explanation << "\n";
    } else if (j.explanationExact) {
        out << "  " << before << " is not explained: the shrunk case's explanation may not be the original's cause\n";
    }
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
    printExplanation(out, o);
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

// Replays the saved cases of the corpus folder, as they are; the first that does not agree goes into outcome.
bool replayCorpus(Referee& referee, const std::filesystem::path& corpus, FuzzOutcome& outcome) {
    for (const auto& [dir, input] : loadCorpus(corpus)) {
        ++outcome.corpusReplayed;
        Judgement j = referee(input);
        if (j.judgeFault) {
            outcome.judgeFault = j.judgeFault;
            return true;
        }
        if (j.agreement == Agreement::Agree) continue;
        outcome.result = j.agreement;
        outcome.fromCorpus = true;
        outcome.input = input;
        outcome.judgement = std::move(j);
        outcome.saved = dir;
        return true;
    }
    return false;
}

// Judges generated cases until the first that does not agree (returned, and in outcome), the count or the time
// budget.
std::optional<rc::Shrinkable<std::string>> searchGenerated(const InputGenerator& generator, Referee& referee,
                                                           const FuzzOptions& options, FuzzOutcome& outcome, std::ostream& out) {
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
        if (j.judgeFault) {
            outcome.judgeFault = j.judgeFault;
            break;
        }
        if (j.agreement == Agreement::Agree) continue;
        outcome.result = j.agreement;
        outcome.failingCase = i;
        outcome.input = candidate.value();
        outcome.firstJudgement = j;
        outcome.judgement = std::move(j);
        failing = std::move(candidate);
        break;
    }
    outcome.seconds = since(start);
    return failing;
}

// What shrinking may spend: maxShrinkRuns program runs, and as long as the search had.
class ShrinkBudget {
public:
    ShrinkBudget(const Referee& referee, const FuzzOptions& options)
        : referee_(referee), options_(options), runsBefore_(referee.runs()), start_(Clock::now()) {}
    int runs() const { return referee_.runs() - runsBefore_; }
    bool spent() const { return runs() >= options_.maxShrinkRuns || since(start_) > options_.timeBudgetSeconds; }

private:
    const Referee& referee_;
    const FuzzOptions& options_;
    int runsBefore_;
    Clock::time_point start_;
};

// RapidCheck's shrinks of the failing case: the first that still disagrees replaces it, until none does.
void shrinkByGenerator(rc::Shrinkable<std::string> failing, Referee& referee, const ShrinkBudget& budget,
                       FuzzOutcome& outcome) {
    bool progress = true;
    while (progress) {
        progress = false;
        auto shrinks = failing.shrinks();
        while (auto next = shrinks.next()) {
            if (budget.spent()) break;
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
}

bool isValidInput(const Variant& variant, const std::string& input) {
    try {
        variant.validate(InputText(input, "simplified"));
        return true;
    } catch (const InputError&) {
        return false;
    }
}

// Then the variant's simplifications, each kept while the program still disagrees.
void simplifyByVariant(const InputGenerator& generator, Referee& referee, const ShrinkBudget& budget, FuzzOutcome& outcome) {
    for (bool simplified = generator.simpler != nullptr; simplified;) {
        simplified = false;
        const int size = generator.sizeOf(outcome.input).total();
        for (const std::string& input : generator.simpler(outcome.input)) {
            if (budget.spent()) break;
            // Progress is a smaller case, or as small and earlier in text order (a move or a mirror): no cycles.
            const int candidateSize = generator.sizeOf(input).total();
            if (candidateSize > size || (candidateSize == size && input >= outcome.input)) continue;
            if (!isValidInput(*generator.variant, input)) continue;
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
}

// Shrinks a wrong answer (outcome.input, drawn as `failing`) as far as the budget allows.
void shrinkDisagreement(const InputGenerator& generator, Referee& referee, rc::Shrinkable<std::string> failing,
                        const FuzzOptions& options, FuzzOutcome& outcome) {
    const ShrinkBudget budget(referee, options);
    shrinkByGenerator(std::move(failing), referee, budget, outcome);
    simplifyByVariant(generator, referee, budget, outcome);
    outcome.shrinkRuns = budget.runs();
    outcome.shrunk = generator.sizeOf(outcome.input);
}

}  // namespace

FuzzOutcome runFuzz(const InputGenerator& generator, const Judge& judge, const FuzzOptions& options, std::ostream& out) {
    const Variant& variant = *generator.variant;
    FuzzOutcome outcome;
    Referee referee(variant, judge, options.scratch, options.dialect);

    // 1. The corpus: earlier disagreements first, as they are.
    if (!options.corpus.empty()) {
        if (replayCorpus(referee, options.corpus, outcome)) {
            if (!outcome.judgeFault) printFinding(out, generator, outcome, options);
            return outcome;
        }
        if (outcome.corpusReplayed > 0) out << "corpus: " << outcome.corpusReplayed << " saved cases agree\n";
    }

    // 2. Generated cases until the first finding, the count or the time budget.
    std::optional<rc::Shrinkable<std::string>> failing = searchGenerated(generator, referee, options, outcome, out);
    if (outcome.judgeFault) return outcome;
    if (outcome.result == Agreement::Agree) {
        out << fmt::format("no disagreement in {} cases ({:.1f} cases/s, seed {})\n", outcome.casesRun,
                           outcome.casesRun / std::max(outcome.seconds, 1e-9), options.seed);
        return outcome;
    }

    // 3. Shrink a wrong answer: a crash or a timeout is reported as it was found.
    outcome.original = outcome.shrunk = generator.sizeOf(outcome.input);
    if (outcome.result == Agreement::Disagree) shrinkDisagreement(generator, referee, std::move(*failing), options, outcome);
    if (!options.corpus.empty()) outcome.saved = saveToCorpus(options.corpus, variant, outcome.input);
    printFinding(out, generator, outcome, options);
    return outcome;
}

}  // namespace plyjudge::fuzz
