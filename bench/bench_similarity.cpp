// The cost of `plyjudge similarity` on a synthetic class (issue 30: a class of 300 in minutes on 2 cores): STUDENTS
// generated Python programs (families of one random program each, every student's copy renamed, reordered and
// partly rewritten; a few planted disguised copies) and their results on CASES cases, made in memory (70 % passed;
// a wrong answer writes one of three common wrong outputs of its case, or its own, or, for planted pairs, a rare
// output shared by two). Prints the time of the behaviour half, of the code half (Dolos, when installed) and of both.
// Usage: build/bench/bench_similarity [STUDENTS [CASES]]  (default 300 60)
#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <random>

#include "common/file_io.hpp"
#include "common/temp_dir.hpp"
#include "grader/similarity/similarity_ranking.hpp"

using namespace plyjudge;
using namespace plyjudge::grader;

namespace {

// Random code whose syntax trees differ (Dolos compares node types, not names or constants): expressions of
// varying shape, statements of several kinds, nested.
std::string randomExpression(std::mt19937& rng, int depth) {
    std::uniform_int_distribution<int> var(0, 9), constant(1, 99), kind(0, depth > 0 ? 7 : 1);
    switch (kind(rng)) {
        case 0: return fmt::format("v{}", var(rng));
        case 1: return std::to_string(constant(rng));
        case 2: return "(" + randomExpression(rng, depth - 1) + " + " + randomExpression(rng, depth - 1) + ")";
        case 3: return randomExpression(rng, depth - 1) + " * " + randomExpression(rng, depth - 1);
        case 4: return fmt::format("max({}, {})", randomExpression(rng, depth - 1), randomExpression(rng, depth - 1));
        case 5: return fmt::format("[x for x in range({}) if x % 2]", randomExpression(rng, depth - 1));
        case 6: return fmt::format("v{}[{}]", var(rng), randomExpression(rng, depth - 1));
        default: return fmt::format("({} if {} > {} else {})", randomExpression(rng, depth - 1), randomExpression(rng, 0),
                                    randomExpression(rng, 0), randomExpression(rng, depth - 1));
    }
}

std::string randomBlock(std::mt19937& rng, int statements, int depth, const std::string& indent) {
    std::uniform_int_distribution<int> var(0, 9), kind(0, depth > 0 ? 6 : 2);
    std::string block;
    for (int s = 0; s < statements; ++s) {
        switch (kind(rng)) {
            case 0: block += fmt::format("{}v{} = {}\n", indent, var(rng), randomExpression(rng, 2)); break;
            case 1: block += fmt::format("{}v{} += {}\n", indent, var(rng), randomExpression(rng, 1)); break;
            case 2: block += fmt::format("{}print({})\n", indent, randomExpression(rng, 1)); break;
            case 3: block += fmt::format("{}for i in range({}):\n", indent, randomExpression(rng, 1)) + randomBlock(rng, 2, depth - 1, indent + "    "); break;
            case 4: block += fmt::format("{}if {} < {}:\n", indent, randomExpression(rng, 1), randomExpression(rng, 1)) +
                             randomBlock(rng, 2, depth - 1, indent + "    ") + indent + "else:\n" + randomBlock(rng, 1, depth - 1, indent + "    "); break;
            case 5: block += fmt::format("{}while v{} > 0:\n", indent, var(rng)) + randomBlock(rng, 2, depth - 1, indent + "    ") +
                             fmt::format("{}    v{} -= 1\n", indent, var(rng)); break;
            default: block += fmt::format("{}try:\n", indent) + randomBlock(rng, 2, depth - 1, indent + "    ") + indent +
                              "except IndexError:\n" + indent + "    pass\n"; break;
        }
    }
    return block;
}

// One random function of a family, over names v0..v9, which each student renames.
std::string randomFunction(std::mt19937& rng, int index) {
    return fmt::format("def f{}(v0, v1):\n    v2 = v0 + v1\n", index) + randomBlock(rng, 6, 2, "    ") + "    return v2\n";
}

// A student's program: the family's functions in a shuffled order, names renamed, some functions rewritten.
std::string studentProgram(const std::vector<std::string>& family, std::mt19937& rng, int student) {
    std::vector<std::string> functions = family;
    std::shuffle(functions.begin(), functions.end(), rng);
    std::uniform_int_distribution<int> percent(0, 99);
    std::string program = "import sys\n\n";
    for (std::size_t i = 0; i < functions.size(); ++i) {
        std::string f = percent(rng) < 20 ? randomFunction(rng, static_cast<int>(i) + 100) : functions[i];
        for (int v = 0; v < 10; ++v) {
            const std::string from = fmt::format("v{}", v), to = fmt::format("s{}_{}", student % 97, v);
            for (std::size_t at; (at = f.find(from)) != std::string::npos;) f.replace(at, from.size(), to);
        }
        program += f + "\n\n";
    }
    return program + "print(f0(int(sys.argv[1]), 2))\n";
}

void writeClass(const std::filesystem::path& subs, int students, std::mt19937& rng) {
    std::vector<std::vector<std::string>> families(30);
    for (auto& family : families) {
        for (int i = 0; i < 10; ++i) family.push_back(randomFunction(rng, i));
    }
    for (int s = 0; s < students; ++s) {
        const auto dir = subs / fmt::format("student{:03}", s);
        std::filesystem::create_directories(dir);
        // Every 25th student hands in the previous one's program, renamed and reordered.
        const int source = s % 25 == 1 ? s - 1 : s;
        std::mt19937 own(static_cast<unsigned>(source) * 7919u);
        writeWholeFile(dir / "main.py", studentProgram(families[static_cast<std::size_t>(source % 30)], own, s));
    }
}

RunResults classResults(int students, int cases, std::mt19937& rng) {
    RunResults run;
    run.title = "synthetic";
    for (int c = 0; c < cases; ++c) {
        CaseInfo info;
        info.suite = "hidden";
        info.name = fmt::format("case{:02}", c);
        run.cases.push_back(info);
    }
    std::uniform_int_distribution<int> percent(0, 99), three(0, 2);
    for (int s = 0; s < students; ++s) {
        StudentResults student;
        student.name = fmt::format("student{:03}", s);
        for (int c = 0; c < cases; ++c) {
            CaseResult r;
            r.verdict = Verdict::Ok;
            const bool planted = s % 40 < 2 && c % 12 == 0;  // students 0 and 1, 40 and 41, ...: a rare output shared
            if (planted || percent(rng) < 30) {
                r.verdict = Verdict::WrongAnswer;
                r.outputDigest = planted ? fmt::format("rare{}-{}", s / 40, c)
                                 : percent(rng) < 60 ? fmt::format("common{}-{}", c, three(rng))
                                                     : fmt::format("own{}-{}", s, c);
            }
            student.outcomes.push_back(r);
        }
        run.students.push_back(student);
    }
    return run;
}

}  // namespace

int main(int argc, char** argv) {
    const int students = argc > 1 ? std::atoi(argv[1]) : 300;
    const int cases = argc > 2 ? std::atoi(argv[2]) : 60;
    std::mt19937 rng(30);
    TempDir work("plyjudge-bench-similarity");
    writeClass(work / "subs", students, rng);
    const RunResults run = classResults(students, cases, rng);
    auto progress = [](const std::string& line) { std::cerr << "  " << line << "\n"; };
    for (const bool code : {false, true}) {
        SimilarityOptions options;
        options.code = code;
        const auto start = std::chrono::steady_clock::now();
        const SimilarityReport report = rankSimilarity(run, work / "subs", options, progress);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        for (const std::string& note : report.notes) std::cout << "note: " << note << "\n";
        std::cout << fmt::format("{} students, {} cases, {}: {:.2f} s, {} pairs; the top 5:", students, cases,
                                 code ? "behaviour + code (Dolos)" : "behaviour only", seconds, report.pairs.size());
        for (std::size_t i = 0; i < std::min<std::size_t>(5, report.pairs.size()); ++i) {
            const SimilarPair& p = report.pairs[i];
            std::cout << fmt::format(" {}/{} ({:.2f}, {})", report.students[static_cast<std::size_t>(p.a)],
                                     report.students[static_cast<std::size_t>(p.b)], p.behaviour,
                                     p.code ? fmt::format("{:.2f}", *p.code) : "-");
        }
        std::cout << "\n";
    }
}
