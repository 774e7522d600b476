// Explanation by contrast on explicit features: inputs are words, their features the letters they hold; the
// "program" fails exactly on inputs holding one letter (found, confirmed on new cases, with its counts), or at
// random (no contrast: new cases do not confirm a chance split).
#include <gtest/gtest.h>

#include <functional>

#include "grader/explain/contrast.hpp"

namespace plyjudge::grader {
namespace {

// Features: "it has an X" for each letter X in the input.
ContrastInputs letterInputs() {
    ContrastInputs inputs;
    inputs.featuresOf = [](const std::string& input) {
        std::vector<std::string> out;
        for (char c : input) out.push_back(std::string("it has an ") + c);
        return out;
    };
    // New words: four letters from a-f, with every wanted feature (on) or lacking one (off). A feature "it has no X"
    // (lettersWithNegations) holds when X is absent.
    inputs.draw = [](const std::vector<std::string>& features, bool on, int count, std::uint64_t seed) {
        const auto holds = [](const std::string& word, const std::string& f) {
            const bool present = word.find(f.back()) != std::string::npos;
            return f.rfind("it has no ", 0) == 0 ? !present : present;
        };
        std::vector<std::string> out;
        std::uint64_t x = seed * 2654435761u + 1;
        for (int i = 0; out.size() < static_cast<std::size_t>(count) && i < 1000; ++i) {
            std::string word;
            for (int k = 0; k < 4; ++k) word += static_cast<char>('a' + (x = x * 6364136223846793005ull + 1442695040888963407ull) % 6);
            bool all = true;
            for (const std::string& f : features) all = all && holds(word, f);
            if (all == on) out.push_back(word);
        }
        return out;
    };
    inputs.sizeOf = [](const std::string& input) { return static_cast<int>(input.size()); };
    return inputs;
}

ContrastRunner programFailingWhen(std::function<bool(const std::string&)> fails) {
    return [fails](const std::vector<std::string>& inputs) {
        std::vector<ContrastCase> out;
        for (const std::string& i : inputs) out.push_back({"", i, fails(i), true});
        return out;
    };
}

std::vector<ContrastCase> givenCases(const std::function<bool(const std::string&)>& fails) {
    std::vector<ContrastCase> out;
    int n = 0;
    for (std::string word : {"abc", "bcd", "cde", "def", "efa", "fab", "ab", "bd", "ce", "ff", "dd", "bcf"}) {
        out.push_back({"published/case" + std::to_string(++n), word, fails(word), true});
    }
    return out;
}

TEST(Contrast, FindsTheFeatureThatSeparatesTheFailuresAndConfirmsItOnNewCases) {
    const auto hasE = [](const std::string& w) { return w.find('e') != std::string::npos; };
    int newRuns = 0;
    const ContrastRunner run = [&](const std::vector<std::string>& inputs) {
        newRuns += static_cast<int>(inputs.size());
        return programFailingWhen(hasE)(inputs);
    };
    const auto finding = explainByContrast(givenCases(hasE), letterInputs(), run);
    ASSERT_TRUE(finding.has_value());
    const Explanation& e = finding->explanation;
    EXPECT_EQ(e.kind, ExplanationKind::Contrast);
    EXPECT_FALSE(e.exact);
    EXPECT_EQ(finding->separation.features, std::vector<std::string>{"it has an e"});
    EXPECT_EQ(newRuns, 16);  // 8 new cases with it, 8 without
    // 4 given cases have an e (cde, def, efa, ce) and 8 new ones; every other passes (8 given + 8 new).
    EXPECT_NE(e.sentence.find("crashes whenever it has an e (in 12 of 12 such cases) and passes every other case (in 16 of 16)"),
              std::string::npos) << e.sentence;
    EXPECT_NE(e.sentence.find("smallest failing case: published/case9"), std::string::npos) << e.sentence;  // "ce"
    EXPECT_NE(e.line().find("by contrast: "), std::string::npos);
}

// Letters a-f, each present ("it has an X") or absent ("it has no X"): every feature with its negation, as the
// variants' features are (fuzz::negationOf).
ContrastInputs lettersWithNegations() {
    ContrastInputs inputs = letterInputs();
    inputs.featuresOf = [](const std::string& input) {
        std::vector<std::string> out;
        for (char c = 'a'; c <= 'f'; ++c) out.push_back(std::string(input.find(c) != std::string::npos ? "it has an " : "it has no ") + c);
        return out;
    };
    inputs.negationOf = [](const std::string& f) {
        return f.rfind("it has no ", 0) == 0 ? "it has an " + f.substr(10) : "it has no " + f.substr(10);
    };
    return inputs;
}

// anerishah3110's squirrel program (docs/real-programs.md) writes nothing for two of the four tasks: its failures are
// the cases with one feature or another, which no feature nor pair holding together separates.
TEST(Contrast, EitherOfTwoFeaturesWhenNoSingleOneNorPairSeparates) {
    const auto hasAorF = [](const std::string& w) { return w.find_first_of("af") != std::string::npos; };
    const auto finding = explainByContrast(givenCases(hasAorF), lettersWithNegations(), programFailingWhen(hasAorF));
    ASSERT_TRUE(finding.has_value());
    EXPECT_TRUE(finding->separation.inverted);
    EXPECT_EQ(finding->separation.features, (std::vector<std::string>{"it has no a", "it has no f"}));
    EXPECT_EQ(finding->explanation.fault, "contrast: it has an a or it has an f");
    EXPECT_NE(finding->explanation.sentence.find("crashes whenever it has an a or it has an f (in "), std::string::npos)
        << finding->explanation.sentence;
    EXPECT_NE(finding->explanation.sentence.find("and passes every other case"), std::string::npos) << finding->explanation.sentence;
}

// Two causes at once: the program writes nothing on words with an e, and crashes on words holding "ab". No feature
// separates all the failures; the missing outputs alone are separated, the crashes left aside and said so.
TEST(Contrast, OneKindOfFailureWhenTwoCausesBlurEachOther) {
    const auto verdictOf = [](const std::string& w) {
        if (w.find('e') != std::string::npos) return Verdict::MissingOutput;
        return w.find("ab") != std::string::npos ? Verdict::RuntimeError : Verdict::Ok;
    };
    const auto caseOf = [&](const std::string& id, const std::string& w) {
        const Verdict v = verdictOf(w);
        return ContrastCase{id, w, v != Verdict::Ok, v != Verdict::Ok, v};
    };
    std::vector<ContrastCase> given;
    for (const ContrastCase& c : givenCases([](const std::string&) { return false; })) given.push_back(caseOf(c.id, c.input));
    const ContrastRunner run = [&](const std::vector<std::string>& inputs) {
        std::vector<ContrastCase> out;
        for (const std::string& i : inputs) out.push_back(caseOf("", i));
        return out;
    };
    const auto finding = explainByContrast(given, letterInputs(), run);
    ASSERT_TRUE(finding.has_value());
    EXPECT_EQ(finding->kind, Verdict::MissingOutput);
    EXPECT_EQ(finding->separation.features, std::vector<std::string>{"it has an e"});
    const std::string& sentence = finding->explanation.sentence;
    EXPECT_NE(sentence.find("Your program writes no output whenever it has an e (in "), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("of another kind left aside"), std::string::npos) << sentence;
    // Applied, it names the missing outputs only, never the crashes.
    RunResults results;
    StudentResults& student = results.students.emplace_back();
    for (const ContrastCase& c : given) {
        results.cases.push_back({"published", c.id.substr(c.id.find('/') + 1), 1, Visibility::Published, c.input, "", {}});
        CaseResult& r = student.outcomes.emplace_back();
        r.verdict = c.verdict;
    }
    ASSERT_GT(applyContrast(results, student, *finding, letterInputs()), 0);
    for (const CaseResult& r : student.outcomes) EXPECT_EQ(r.explanation.has_value(), r.verdict == Verdict::MissingOutput);
}

// The given cases make three letters look equally guilty (a, b and e are in every failing word and in no passing one),
// and the program fails on e alone. The first candidate, a, is refuted by its new cases; the next is chosen again over
// all the cases run so far, which refute b already, so e is tested second and confirmed (two tests, not three).
TEST(Contrast, AfterARefutedCandidateTheNextIsChosenOverTheCasesAlreadyRun) {
    const auto hasE = [](const std::string& w) { return w.find('e') != std::string::npos; };
    std::vector<ContrastCase> given;
    int n = 0;
    for (std::string word : {"abe", "eab", "bae", "cdf", "fcd", "dcf", "ff", "dd", "cc"}) {
        given.push_back({"published/case" + std::to_string(++n), word, hasE(word), true});
    }
    int batches = 0;
    const ContrastRunner run = [&](const std::vector<std::string>& inputs) {
        ++batches;
        return programFailingWhen(hasE)(inputs);
    };
    const auto finding = explainByContrast(given, letterInputs(), run);
    ASSERT_TRUE(finding.has_value());
    EXPECT_EQ(finding->separation.features, std::vector<std::string>{"it has an e"});
    EXPECT_EQ(batches, 2);
    EXPECT_NE(finding->explanation.sentence.find("generated to test it and separations refuted before it"), std::string::npos)
        << finding->explanation.sentence;
}

TEST(Contrast, APairOfFeaturesWhenNoSingleOneSeparates) {
    const auto hasBandC = [](const std::string& w) { return w.find('b') != std::string::npos && w.find('c') != std::string::npos; };
    const auto finding = explainByContrast(givenCases(hasBandC), letterInputs(), programFailingWhen(hasBandC));
    ASSERT_TRUE(finding.has_value());
    EXPECT_EQ(finding->separation.features, (std::vector<std::string>{"it has an b", "it has an c"}));
    EXPECT_EQ(finding->separation.onFailed, finding->separation.onTotal);
}

TEST(Contrast, AProgramFailingAtRandomGetsNoContrast) {
    // Fails on the given cases exactly where "it has an e" holds (a chance split), then at random on new ones.
    const auto hasE = [](const std::string& w) { return w.find('e') != std::string::npos; };
    const auto given = givenCases(hasE);
    ASSERT_FALSE(separations(given, letterInputs(), {}).empty());  // the chance split is there to be found
    int n = 0;
    const auto finding = explainByContrast(given, letterInputs(), programFailingWhen([&](const std::string&) { return ++n % 2 == 0; }));
    EXPECT_FALSE(finding.has_value()) << finding->explanation.sentence;
}

TEST(Contrast, NoSeparationNoContrastAndNoNewRuns) {
    int newRuns = 0;
    const ContrastRunner run = [&](const std::vector<std::string>& inputs) {
        newRuns += static_cast<int>(inputs.size());
        return std::vector<ContrastCase>{};
    };
    // Fails on every other given case whatever its letters.
    std::vector<ContrastCase> cases;
    for (int i = 0; i < 12; ++i) cases.push_back({"c" + std::to_string(i), i % 2 ? "ab" : "ab", i % 2 == 0, false});
    EXPECT_FALSE(explainByContrast(cases, letterInputs(), run).has_value());
    EXPECT_EQ(newRuns, 0);
}

}  // namespace
}  // namespace plyjudge::grader
