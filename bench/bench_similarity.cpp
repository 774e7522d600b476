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

// One random function of a family: statements over names v0..v9, which each student renames.
std::string randomFunction(std::mt19937& rng, int index) {
    std::uniform_int_distribution<int> var(0, 9), constant(1, 99), kind(0, 3);
    std::string f = fmt::format("def f{}(v0, v1):\n    v2 = v0 + v1\n", index);
    for (int s = 0; s < 12; ++s) {
        const int a = var(rng), b = var(rng), c = constant(rng);
        switch (kind(rng)) {
            case 0: f += fmt::format("    v{} = v{} * {} + v{}\n", a, b, c, var(rng)); break;
            case 1: f += fmt::format("    for i in range({}):\n        v{} += v{} - i\n", c % 7 + 1, a, b); break;
            case 2: f += fmt::format("    if v{} > {}:\n        v{} = v{} // {}\n", a, c, b, a, c % 5 + 1); break;
            default: f += fmt::format("    v{} = max(v{}, {}) - min(v{}, v{})\n", a, b, c, a, b); break;
        }
    }
    return f + "    return v2\n";
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
        std::mt19937 own(static_cast<unsigned>(s % 25 == 1 ? s - 1 : s) * 7919u);
        writeWholeFile(dir / "main.py", studentProgram(families[static_cast<std::size_t>(s % 30)], own, s));
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
        std::cout << fmt::format("{} students, {} cases, {}: {:.2f} s, {} pairs; top pair {} / {}\n", students, cases,
                                 code ? "behaviour + code (Dolos)" : "behaviour only", seconds, report.pairs.size(),
                                 report.pairs.empty() ? "-" : report.students[static_cast<std::size_t>(report.pairs[0].a)],
                                 report.pairs.empty() ? "-" : report.students[static_cast<std::size_t>(report.pairs[0].b)]);
    }
}
