// `plyjudge similarity` on classes graded by the real `plyjudge grade` (issue 30's "done when"): a class with a
// copy (renamed identifiers, reordered functions), a pair sharing a rare wrong log with different code, a pair
// sharing a catalogued mistake, and independent correct programs; and a class that all starts from one skeleton,
// where behaviour, not code, separates the pair sharing a rare wrong answer. The code half needs Dolos
// (scripts/setup-dolos): without it those checks skip, saying so, and the behaviour checks still run.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <regex>
#include <sstream>

#include "grader/similarity/dolos.hpp"
#include "grader/test/course_support.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;

namespace {

constexpr const char* kCataloguedFault = "strict-pruning";

// The correct program with its identifiers renamed and its top-level definitions in reverse order.
std::string disguisedCopy(std::string program) {
    const std::pair<const char*, const char*> renames[] = {
        {"Solver", "Engine"}, {"neighbours", "adjacent_cells"}, {"play", "apply_move"}, {"score", "evaluate_board"},
        {"search", "alphabeta"}, {"write", "emit"}, {"values", "weights"}, {"board", "grid"}, {"maxing", "is_max"},
        {"child", "reply"}, {"best", "chosen"}, {"fmt", "show_number"}, {"text", "render"}, {"lines", "rows"},
        {"depth", "limit"}, {"alpha", "lo"}, {"beta", "hi"}};
    for (const auto& [from, to] : renames) program = std::regex_replace(program, std::regex(std::string("\\b") + from + "\\b"), to);
    const std::string call = "\n\nmain()\n";
    program.erase(program.rfind(call));
    std::vector<std::string> blocks;  // top-level blocks, separated by two blank lines
    for (std::size_t start = 0;;) {
        const std::size_t end = program.find("\n\n\n", start);
        blocks.push_back(program.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) break;
        start = end + 3;
    }
    std::reverse(blocks.begin() + 1, blocks.end());  // the imports and INF stay first
    std::string out;
    for (const std::string& b : blocks) out += b + "\n\n\n";
    return out + "main()\n";
}

// Programs that run the reference solver they carry in tools/, each written its own way.
const char* const kRareWrongB =
    "import os, subprocess, sys\n"
    "here = os.path.dirname(os.path.abspath(__file__))\n"
    "subprocess.run([os.path.join(here, 'tools', 'plyjudge'), 'solve', 'squirrel'] + sys.argv[1:], check=True)\n"
    "if os.path.exists('traverse_log.txt'):\n"
    "    with open('traverse_log.txt') as f:\n"
    "        log = f.read()\n"
    "    with open('traverse_log.txt', 'w') as f:\n"
    "        f.write(log.replace('Infinity', 'inf'))\n";
const char* const kRareWrongC =
    "import os\nimport sys\n\n\n"
    "def solver_path():\n"
    "    return os.path.join(os.path.dirname(os.path.abspath(__file__)), \"tools\", \"plyjudge\")\n\n\n"
    "def shorten(line):\n"
    "    parts = line.split(\",\")\n"
    "    return \",\".join(\"inf\" if p == \"Infinity\" else \"-inf\" if p == \"-Infinity\" else p for p in parts)\n\n\n"
    "os.system(solver_path() + \" solve squirrel -i \" + sys.argv[sys.argv.index(\"-i\") + 1])\n"
    "if os.path.isfile(\"traverse_log.txt\"):\n"
    "    rows = open(\"traverse_log.txt\").read().split(\"\\n\")\n"
    "    open(\"traverse_log.txt\", \"w\").write(\"\\n\".join(shorten(r) for r in rows))\n";
std::string commonMistakeD() {
    return std::string("import os, sys\n"
                       "os.execv(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tools', 'plyjudge'),\n"
                       "         ['plyjudge', 'solve', 'squirrel', '--fault', '") + kCataloguedFault + "'] + sys.argv[1:])\n";
}
std::string commonMistakeE() {
    return std::string("from subprocess import call\nfrom os.path import abspath, dirname, join\nfrom sys import argv, exit\n"
                       "binary = join(dirname(abspath(__file__)), \"tools\", \"plyjudge\")\n"
                       "arguments = [\"solve\", \"squirrel\", \"--fault\", \"") + kCataloguedFault + "\"]\n"
                       "exit(call([binary] + arguments + argv[1:]))\n";
}
const char* const kCorrectWrapper =
    "import subprocess\nimport sys\nfrom pathlib import Path\n\n\n"
    "def main():\n"
    "    tool = Path(__file__).resolve().parent / \"tools\" / \"plyjudge\"\n"
    "    result = subprocess.run([str(tool), \"solve\", \"squirrel\", *sys.argv[1:]])\n"
    "    sys.exit(result.returncode)\n\n\n"
    "if __name__ == \"__main__\":\n    main()\n";

void addCarrying(Course& course, const std::string& name, const std::string& program) {
    const auto dir = course.addStudent(name, program);
    std::filesystem::create_directories(dir / "tools");
    std::filesystem::copy_file(plyjudgeBinary(), dir / "tools" / "plyjudge");
    openToRuns(dir);
}

struct Row {
    std::string a, b;
    double behaviour = 0;
    std::string code;
};

// The table's rows, best first.
std::vector<Row> rowsOf(const std::string& table) {
    std::vector<Row> rows;
    std::istringstream in(table);
    std::string line;
    const std::regex row(R"(^\s*\d+\s+(\S+)\s+(\S+)\s+([0-9.]+)\s+(\S+)\s)");
    for (std::smatch m; std::getline(in, line);) {
        if (std::regex_search(line, m, row)) rows.push_back({m[1], m[2], std::stod(m[3]), m[4]});
    }
    return rows;
}

std::size_t rankOf(const std::vector<Row>& rows, const std::string& x, const std::string& y) {
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if ((rows[i].a == x && rows[i].b == y) || (rows[i].a == y && rows[i].b == x)) return i;
    }
    return rows.size();
}

bool dolosInstalled(std::string& why) { return findDolos(std::nullopt, why).has_value(); }

CommandOutput similarity(Course& course, const std::string& extra) {
    return shell("cd " + quoted(course.root().string()) + " && " + quoted(plyjudgeBinary()) + " similarity " +
                 quoted(course.assignment().string()) + " subs --db results.db --top 50 " + extra + " 2>&1");
}

}  // namespace

TEST(SimilarityClass, CopiesAndRareSharedWrongLogsRankAboveACommonMistakeAndCorrectPrograms) {
    Course course("similarity-class");
    course.addStudent("copy_a", correctSquirrelProgram());
    course.addStudent("copy_b", disguisedCopy(correctSquirrelProgram()));
    addCarrying(course, "rare_b", kRareWrongB);
    addCarrying(course, "rare_c", kRareWrongC);
    addCarrying(course, "common_d", commonMistakeD());
    addCarrying(course, "common_e", commonMistakeE());
    addCarrying(course, "correct_f", kCorrectWrapper);
    const auto graded = course.grade("--quiet");
    ASSERT_EQ(graded.exitCode, 0) << graded.output;

    // Behaviour alone: the rare shared log first, the catalogued mistake after it, the correct programs nowhere.
    const auto behaviour = similarity(course, "--no-code --json behaviour.json");
    ASSERT_EQ(behaviour.exitCode, 0) << behaviour.output;
    EXPECT_NE(behaviour.output.find("evidence for a person to review, not a verdict"), std::string::npos) << behaviour.output;
    const std::vector<Row> b = rowsOf(behaviour.output);
    ASSERT_GE(b.size(), 2u) << behaviour.output;
    EXPECT_EQ(rankOf(b, "rare_b", "rare_c"), 0u) << behaviour.output;
    EXPECT_EQ(rankOf(b, "common_d", "common_e"), 1u) << behaviour.output;
    EXPECT_GT(b[0].behaviour, 3 * b[1].behaviour) << "a catalogued mistake weighs a tenth: " << behaviour.output;
    EXPECT_NE(behaviour.output.find(kCataloguedFault), std::string::npos) << behaviour.output;
    std::string json = plyjudge::testing::readFile(course.root() / "behaviour.json");
    std::erase_if(json, [](char c) { return c == ' ' || c == '\n'; });  // the layout is not the contract
    EXPECT_NE(json.find("\"students\":[\"rare_b\",\"rare_c\"],\"behaviour\":"), std::string::npos) << json;
    EXPECT_NE(json.find("\"shared_cases\":[{\"case\":\"published/"), std::string::npos) << json;

    std::string why;
    if (!dolosInstalled(why)) GTEST_SKIP() << "the code half is not tested: " << why;
    const auto both = similarity(course, "--json both.json --html both.html");
    ASSERT_EQ(both.exitCode, 0) << both.output;
    const std::vector<Row> r = rowsOf(both.output);
    ASSERT_GE(r.size(), 3u) << both.output;
    const std::size_t copy = rankOf(r, "copy_a", "copy_b"), rare = rankOf(r, "rare_b", "rare_c");
    EXPECT_LT(copy, 2u) << both.output;
    EXPECT_LT(rare, 2u) << both.output;
    ASSERT_LT(copy, r.size());
    EXPECT_GE(std::stod(r[copy].code), 0.8) << "renamed and reordered, Dolos still sees the copy: " << both.output;
    EXPECT_GE(rankOf(r, "common_d", "common_e"), 2u) << both.output;
    for (const Row& row : r) {
        if (row.a.starts_with("correct") || row.b.starts_with("correct")) EXPECT_LT(std::stod(row.code == "-" ? "0" : row.code), 0.5) << both.output;
    }
    const std::string html = plyjudge::testing::readFile(course.root() / "both.html");
    EXPECT_NE(html.find("Shared code (Dolos fragments"), std::string::npos);
}

TEST(SimilarityClass, FromOneSkeletonBehaviourNotCodeSeparatesTheRareSharedWrongAnswer) {
    Course course("similarity-skeleton");
    const std::string skeleton = plyjudge::testing::readFile(programsDir() / "faulty" / "squirrel" / "_squirrel.py");
    // Every student completes the course's skeleton a little differently; s4 and s5 print infinities as "inf".
    course.addStudent("s1", skeleton + "\n\nmain()\n");
    course.addStudent("s2", skeleton + "\n\n# my solution\nmain(strict=True)\n");
    course.addStudent("s3", skeleton + "\n\nif __name__ == '__main__':\n    main()\n");
    std::string inf = skeleton;
    const std::string spelled = "return \"Infinity\" if v == INF else \"-Infinity\"";
    ASSERT_NE(inf.find(spelled), std::string::npos);
    inf.replace(inf.find(spelled), spelled.size(), "return \"inf\" if v == INF else \"-inf\"");
    course.addStudent("s4", inf + "\n\nmain()\n");
    course.addStudent("s5", skeleton + "\n\nmain()\n"
                                       "import os\n"
                                       "if os.path.exists('traverse_log.txt'):\n"
                                       "    t = open('traverse_log.txt').read().replace('Infinity', 'inf')\n"
                                       "    open('traverse_log.txt', 'w').write(t)\n");
    course.addStudent("s6", skeleton + "\n\nmain(strict=True)  # alpha-beta\n");
    const auto graded = course.grade("--quiet");
    ASSERT_EQ(graded.exitCode, 0) << graded.output;
    std::string why;
    const bool code = dolosInstalled(why);
    const auto out = similarity(course, code ? "" : "--no-code");
    ASSERT_EQ(out.exitCode, 0) << out.output;
    const std::vector<Row> r = rowsOf(out.output);
    ASSERT_FALSE(r.empty()) << out.output;
    EXPECT_EQ(rankOf(r, "s4", "s5"), 0u) << out.output;
    if (!code) GTEST_SKIP() << "behaviour ranks the pair first; that code cannot is not tested: " << why;
    // Code cannot tell: every pair of this class looks alike to Dolos, the disguised pair no more than the rest.
    const std::size_t ranked = std::count_if(r.begin(), r.end(), [](const Row& row) { return row.code != "-"; });
    EXPECT_EQ(ranked, 15u) << out.output;  // all 6 * 5 / 2 pairs were compared
    for (const Row& row : r) EXPECT_GE(std::stod(row.code == "-" ? "0" : row.code), 0.8) << out.output;
    double highestCode = 0;
    for (const Row& row : r) highestCode = std::max(highestCode, std::stod(row.code));
    EXPECT_LT(std::stod(r[0].code), highestCode) << "the rare pair is not the most similar code: " << out.output;
}

// Issue 41: 40 junk source files that sort before the program (a00.py ... a39.py, the per-student cap) left "1 student(s)
// over the limits", unnamed: the student over the cap is named, its program file read first. (The junk still dilutes
// Dolos's similarity of the pair: the program-first read keeps the copy in the comparison, not at the top of it.)
TEST(SimilarityClass, JunkFilesThatSortFirstAreNamedAndTheProgramIsStillRead) {
    Course course("similarity-junk");
    course.addStudent("copy_a", correctSquirrelProgram());
    const auto junk = course.addStudent("copy_b", disguisedCopy(correctSquirrelProgram()));
    for (int i = 0; i < 40; ++i) {
        std::string filler;
        for (int line = 0; line < 40; ++line) filler += "x" + std::to_string(line) + " = " + std::to_string(i * 97 + line) + "\n";
        plyjudge::testing::writeFile(junk / fmt::format("a{:02}.py", i), filler);
    }
    course.addStudent("correct_f", kCorrectWrapper);
    const auto graded = course.grade("--quiet");
    ASSERT_EQ(graded.exitCode, 0) << graded.output;
    std::string why;
    if (!dolosInstalled(why)) GTEST_SKIP() << "code is not compared here: " << why;
    const auto both = similarity(course, "");
    ASSERT_EQ(both.exitCode, 0) << both.output;
    EXPECT_NE(both.output.find("1 student(s) over the limits (40 source files, 1024 KiB): only what fits compared "
                               "(their program file first): copy_b"), std::string::npos) << both.output;
}
