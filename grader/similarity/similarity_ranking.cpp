#include "grader/similarity/similarity_ranking.hpp"

#include <fmt/format.h>

#include <memory>
#include <set>

#include <algorithm>
#include <cmath>
#include <map>

namespace plyjudge::grader {

namespace fs = std::filesystem;

double behaviourStrength(double score, int classSize) {
    const double scale = std::log(std::max(3, classSize) / 2.0);
    return 1.0 - std::exp(-score / scale);
}

namespace {

// Each student's sources; a student folder that is a link, or missing, has none.
std::vector<SubmissionSources> readClassSources(const RunResults& run, const fs::path& submissions, const SourceLimits& limits,
                                                SimilarityReport& report) {
    std::vector<SubmissionSources> sources;
    int missing = 0, capped = 0;
    std::vector<std::string> cappedNames;
    for (const StudentResults& s : run.students) {
        const fs::path dir = submissions / s.name;
        std::error_code ec;
        if (fs::is_symlink(dir, ec) || !fs::is_directory(dir, ec)) {
            ++missing;
            sources.emplace_back();
            continue;
        }
        sources.push_back(readSubmissionSources(dir, limits));
        if (!sources.back().note.empty() && ++capped <= 20) cappedNames.push_back(s.name);
    }
    if (missing > 0) report.notes.push_back(fmt::format("{} student(s) without a folder in {}: code not compared", missing, submissions.string()));
    if (capped > 0) {
        // Named: a folder of junk files over the limits is how a copied program would hide (its program file is read
        // first all the same, submission_sources.hpp).
        report.notes.push_back(fmt::format("{} student(s) over the limits ({} source files, {} KiB): only what fits compared "
                                           "(their program file first): {}{}", capped, limits.maxFiles, limits.maxBytes >> 10,
                                           fmt::join(cappedNames, ", "), capped > 20 ? fmt::format(" and {} more", capped - 20) : ""));
    }
    return sources;
}

void addCodePairs(const RunResults& run, const fs::path& submissions, const SimilarityOptions& options,
                  const BehaviourAnalysis& behaviour, std::map<std::pair<int, int>, SimilarPair>& pairs, SimilarityReport& report,
                  const std::function<void(const std::string&)>& progress) {
    std::string why;
    const std::optional<DolosInstall> dolos = findDolos(options.dolosPrefix, why);
    if (!dolos) {
        report.notes.push_back(why);
        return;
    }
    progress(fmt::format("code: reading the sources of {} students", run.students.size()));
    report.sources = readClassSources(run, submissions, options.sourceLimits, report);
    // The pairs sharing the most behaviour are compared in full whatever the fingerprint index says (best first).
    std::vector<std::pair<int, int>> wanted;
    for (const BehaviourPair& p : behaviour.pairs) {
        if (static_cast<int>(wanted.size()) == options.codeOptions.maxWantedPairs) break;
        wanted.emplace_back(p.a, p.b);
    }
    CodeComparison code;
    try {
        code = compareCode(*dolos, report.sources, wanted, options.codeOptions, progress);
    } catch (const std::exception& e) {
        report.notes.push_back(std::string("code not compared: ") + e.what());
    }
    for (int i : code.excluded)
        report.notes.push_back(fmt::format("code of {} not compared: Dolos could not tokenize its source (the others are "
                                           "compared)", report.students[static_cast<std::size_t>(i)]));
    for (CodePair& c : code.pairs) {
        SimilarPair& p = pairs[{c.a, c.b}];
        p.a = c.a;
        p.b = c.b;
        p.code = c.similarity;
        p.fragments = std::move(c.fragments);
    }
}

// The names of the files in each student's folder (links not followed, at most 20,000 entries each, as staging), for
// telling a crash in a student's own file from a traceback it printed (behaviour_similarity.hpp).
OwnsFile ownFilesOf(const RunResults& run, const fs::path& submissions) {
    auto names = std::make_shared<std::vector<std::set<std::string>>>();
    for (const StudentResults& s : run.students) {
        std::set<std::string>& mine = names->emplace_back();
        std::error_code ec;
        fs::recursive_directory_iterator it(submissions / s.name, fs::directory_options::skip_permission_denied, ec), end;
        for (int seen = 0; !ec && it != end && ++seen <= 20000; it.increment(ec)) {
            if (it->is_symlink(ec)) it.disable_recursion_pending();
            else mine.insert(it->path().filename().string());
        }
    }
    return [names](int student, const std::string& file) {
        return student >= 0 && student < static_cast<int>(names->size()) && (*names)[std::size_t(student)].count(file) > 0;
    };
}

}  // namespace

SimilarityReport rankSimilarity(const RunResults& run, const fs::path& submissions, const SimilarityOptions& options,
                                const std::function<void(const std::string&)>& progress) {
    SimilarityReport report;
    report.title = run.title;
    report.cases = run.cases;
    for (const StudentResults& s : run.students) report.students.push_back(s.name);
    progress(fmt::format("behaviour: {} students, {} cases", run.students.size(), run.cases.size()));
    const BehaviourAnalysis behaviour = compareBehaviour(run, ownFilesOf(run, submissions));
    if (behaviour.wrongAnswersWithoutDigest > 0) {
        report.notes.push_back(fmt::format("{} of {} wrong answers were graded by an older plyjudge, without the digest of their "
                                           "outputs: re-grade to compare behaviour (grade --rerun, or a fresh --db)",
                                           behaviour.wrongAnswersWithoutDigest, behaviour.wrongAnswers));
    }
    std::map<std::pair<int, int>, SimilarPair> pairs;
    for (const BehaviourPair& b : behaviour.pairs) {
        SimilarPair& p = pairs[{b.a, b.b}];
        p.a = b.a;
        p.b = b.b;
        p.behaviour = b.score;
        p.shared = b.shared;
    }
    if (options.code) addCodePairs(run, submissions, options, behaviour, pairs, report, progress);
    const int classSize = static_cast<int>(run.students.size());
    for (auto& [key, p] : pairs) {
        p.behaviourStrength = behaviourStrength(p.behaviour, classSize);
        p.rank = p.behaviourStrength + p.code.value_or(0.0);
        report.pairs.push_back(std::move(p));
    }
    std::sort(report.pairs.begin(), report.pairs.end(), [](const SimilarPair& x, const SimilarPair& y) {
        return x.rank != y.rank ? x.rank > y.rank : std::pair(x.a, x.b) < std::pair(y.a, y.b);
    });
    progress(fmt::format("{} pair(s) with something in common", report.pairs.size()));
    return report;
}

}  // namespace plyjudge::grader
