// Grading across machines: shards of a class graded as separate processes and merged give the results of
// one unsharded run; a shard killed with kill -9 resumes; merging twice changes nothing; shards of another
// assignment or other suites are refused.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "grader/results/results_store.hpp"
#include "grader/test/grader_test_support.hpp"
#include "storage/sqlite.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;
using plyjudge::testing::casesDir;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;

namespace {

// Five students; each run.sh runs the reference it carries after `sleep` seconds, two of them break it.
void makeClass(const std::filesystem::path& root, double sleep = 0) {
    std::filesystem::copy(casesDir() / "reversi" / "published", root / "suite", std::filesystem::copy_options::recursive);
    writeFile(root / "a.yaml", "variant: reversi\nrun: {command: 'sh {dir}/run.sh'}\n"
                               "limits: {wall_seconds: 20, cpu_seconds: 10, memory_mb: 512}\nsuites: [suite]\n");
    for (const std::string s : {"ann", "ben", "cat", "dan", "eve"}) {
        const auto dir = root / "subs" / s;
        std::filesystem::create_directories(dir);
        std::filesystem::copy_file(plyjudgeBinary(), dir / "plyjudge");
        const std::string tail = s == "ben" ? " && sed -i 3d output.txt" : s == "dan" ? " && exit 3" : "";
        writeFile(dir / "run.sh", "sleep " + std::to_string(sleep) + "\n\"$(dirname \"$0\")/plyjudge\" solve reversi \"$@\"" + tail + "\n");
    }
    openToRuns(root);
    shell("chmod -R a+rX " + quoted(root.string()));
}

std::string grade(const std::filesystem::path& root, const std::string& db, const std::string& extra = "") {
    return plyjudgeBinary() + " grade " + quoted((root / "a.yaml").string()) + " " + quoted((root / "subs").string()) +
           " --quiet -j 1 --db " + quoted((root / db).string()) + " " + extra;
}

// (student, suite, case, verdict, points, diagnosis, message) of every row, in key order.
std::vector<std::string> rows(const std::filesystem::path& db) {
    plyjudge::storage::Database d(db);
    std::vector<std::string> out;
    for (const StoredResult& r : readStoredResults(d)) {
        out.push_back(r.student + "|" + r.result.suite + "|" + r.result.name + "|" + std::string(verdictCode(r.result.verdict)) + "|" +
                      std::to_string(r.result.points) + "|" + r.result.diagnosisKind + "|" + r.result.message);
    }
    return out;
}

std::string merge(const std::filesystem::path& root, const std::string& out, const std::vector<std::string>& shards) {
    std::string cmd = plyjudgeBinary() + " merge " + quoted((root / out).string());
    for (const auto& s : shards) cmd += " " + quoted((root / s).string());
    return cmd;
}

}  // namespace

TEST(Shards, MergedShardsEqualOneRunAndMergingAgainChangesNothing) {
    TempDir root;
    makeClass(root.path());
    ASSERT_EQ(shell(grade(root.path(), "whole.db")).exitCode, 0);
    // Four shards as separate processes at once.
    std::vector<std::thread> shards;
    std::vector<int> status(4, -1);
    for (int k = 1; k <= 4; ++k) {
        shards.emplace_back([&, k] {
            status[k - 1] = shell(grade(root.path(), "s" + std::to_string(k) + ".db", "--shard " + std::to_string(k) + "/4")).exitCode;
        });
    }
    for (auto& t : shards) t.join();
    for (int s : status) EXPECT_EQ(s, 0);
    // Balanced: 25 runs in blocks of 6 or 7.
    for (int k = 1; k <= 4; ++k) {
        const auto n = rows(root / ("s" + std::to_string(k) + ".db")).size();
        EXPECT_TRUE(n == 6 || n == 7) << "shard " << k << ": " << n;
    }
    const auto m = shell(merge(root.path(), "merged.db", {"s1.db", "s2.db", "s3.db", "s4.db"}));
    EXPECT_EQ(m.exitCode, 0) << m.output;
    EXPECT_NE(m.output.find("shards 1/4, 2/4, 3/4, 4/4"), std::string::npos) << m.output;
    const auto whole = rows(root / "whole.db");
    ASSERT_EQ(whole.size(), 25u);
    EXPECT_EQ(rows(root / "merged.db"), whole);
    // Again: idempotent.
    EXPECT_EQ(shell(merge(root.path(), "merged.db", {"s1.db", "s2.db", "s3.db", "s4.db"})).exitCode, 0);
    EXPECT_EQ(rows(root / "merged.db"), whole);
    // A missing shard is named; the merge still works with what it has.
    const auto partial = shell(merge(root.path(), "partial.db", {"s1.db", "s3.db"}));
    EXPECT_EQ(partial.exitCode, 0);
    EXPECT_NE(partial.output.find("shards not given: 2/4, 4/4"), std::string::npos) << partial.output;
}

TEST(Shards, AShardKilledWithKill9ResumesAndMergesTheSame) {
    TempDir root;
    makeClass(root.path(), 0.15);
    ASSERT_EQ(shell(grade(root.path(), "whole.db")).exitCode, 0);
    for (int k : {1, 3}) ASSERT_EQ(shell(grade(root.path(), "s" + std::to_string(k) + ".db", "--shard " + std::to_string(k) + "/3")).exitCode, 0);
    // Shard 2 killed once it has saved something.
    const pid_t pid = ::fork();
    if (pid == 0) {
        const std::string command = "exec " + grade(root.path(), "s2.db", "--shard 2/3");  // the shell becomes plyjudge
        ::execl("/bin/sh", "sh", "-c", command.c_str(), nullptr);
        ::_exit(127);
    }
    for (int i = 0; i < 1200 && (!std::filesystem::exists(root / "s2.db") || rows(root / "s2.db").empty()); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    const auto before = rows(root / "s2.db").size();
    EXPECT_GE(before, 1u);
    EXPECT_LT(before, 9u) << "killed before it finished";
    const auto again = shell(grade(root.path(), "s2.db", "--shard 2/3"));  // resumes: only what is missing
    EXPECT_EQ(again.exitCode, 0) << again.output;
    EXPECT_EQ(rows(root / "s2.db").size(), 8u);
    ASSERT_EQ(shell(merge(root.path(), "merged.db", {"s1.db", "s2.db", "s3.db"})).exitCode, 0);
    EXPECT_EQ(rows(root / "merged.db"), rows(root / "whole.db"));
}

TEST(Shards, ShardsOfAnotherAssignmentOrOtherSuitesAreRefused) {
    TempDir root;
    makeClass(root.path());
    ASSERT_EQ(shell(grade(root.path(), "s1.db", "--shard 1/2")).exitCode, 0);
    // Another expected output: the suites' digest differs.
    writeFile(root / "suite" / "case1" / "output.txt", plyjudge::testing::readFile(root / "suite" / "case2" / "output.txt"));
    ASSERT_EQ(shell(grade(root.path(), "s2.db", "--shard 2/2")).exitCode, 0);
    const auto suites = shell(merge(root.path(), "merged.db", {"s1.db", "s2.db"}));
    EXPECT_EQ(suites.exitCode, 2) << suites.output;
    EXPECT_NE(suites.output.find("other suites"), std::string::npos) << suites.output;
    EXPECT_FALSE(std::filesystem::exists(root / "merged.db")) << "refused before anything is written";
    // Another assignment text.
    writeFile(root / "a.yaml", plyjudge::testing::readFile(root / "a.yaml") + "title: changed\n");
    ASSERT_EQ(shell(grade(root.path(), "s3.db", "--shard 2/2")).exitCode, 0);
    const auto other = shell(merge(root.path(), "merged.db", {"s1.db", "s3.db"}));
    EXPECT_EQ(other.exitCode, 2);
    EXPECT_NE(other.output.find("another assignment"), std::string::npos) << other.output;
    // A database of one shard is not resumed as another.
    const auto wrongShard = shell(grade(root.path(), "s3.db", "--shard 1/2"));
    EXPECT_EQ(wrongShard.exitCode, 2);
    EXPECT_NE(wrongShard.output.find("holds shard 2/2"), std::string::npos) << wrongShard.output;
    EXPECT_EQ(shell(grade(root.path(), "s3.db", "--shard 0/2")).exitCode, 2);
}

// Issue 41: a forged shard overwrote real verdicts (the last shard won), "1/2000000000" would list two billion
// missing shards, "x/y" stopped merge with "stoi", and a damaged database was read as it came.
TEST(Shards, ForgedOrDamagedShardsAreRefusedBeforeAnythingIsWritten) {
    TempDir root;
    makeClass(root.path());
    ASSERT_EQ(shell(grade(root.path(), "s1.db", "--shard 1/2")).exitCode, 0);
    ASSERT_EQ(shell(grade(root.path(), "s2.db", "--shard 2/2")).exitCode, 0);
    auto forge = [&](const std::string& name, const std::string& sql) {
        std::filesystem::copy_file(root / "s1.db", root / name);
        plyjudge::storage::Database db(root / name);
        db.exec(sql);
    };
    // Shard 2/2 claiming a different final verdict for one of shard 1's cases.
    forge("other-final.db", "UPDATE meta SET value = '2/2' WHERE key = 'shard'; "
                            "UPDATE results SET verdict = 'wrong-answer', points = 0, message = 'forged' "
                            "WHERE rowid = (SELECT min(rowid) FROM results)");
    const auto conflict = shell(merge(root.path(), "merged.db", {"s1.db", "other-final.db"}));
    EXPECT_EQ(conflict.exitCode, 2) << conflict.output;
    EXPECT_NE(conflict.output.find("two final results"), std::string::npos) << conflict.output;
    EXPECT_NE(conflict.output.find("s1.db"), std::string::npos) << conflict.output;
    EXPECT_NE(conflict.output.find("other-final.db"), std::string::npos) << conflict.output;
    EXPECT_FALSE(std::filesystem::exists(root / "merged.db"));
    // Shard metadata out of bounds or not numbers: one clear line, nothing written.
    forge("huge.db", "UPDATE meta SET value = '1/2000000000' WHERE key = 'shard'");
    forge("words.db", "UPDATE meta SET value = 'x/y' WHERE key = 'shard'");
    for (const char* bad : {"huge.db", "words.db"}) {
        const auto out = shell(merge(root.path(), "merged.db", {bad, "s2.db"}));
        EXPECT_EQ(out.exitCode, 2) << out.output;
        EXPECT_NE(out.output.find("malformed shard metadata"), std::string::npos) << out.output;
        EXPECT_LT(out.output.size(), 1000u) << "bounded";
        EXPECT_FALSE(std::filesystem::exists(root / "merged.db"));
    }
    // A damaged database: pages overwritten in the middle.
    std::filesystem::copy_file(root / "s2.db", root / "damaged.db");
    {
        std::string bytes = plyjudge::testing::readFile(root / "damaged.db");
        ASSERT_GT(bytes.size(), 8192u);
        for (std::size_t i = 4096; i < bytes.size() - 100; i += 1024) bytes.replace(i, 64, std::string(64, '\xA5'));
        writeFile(root / "damaged.db", bytes);
    }
    const auto damaged = shell(merge(root.path(), "merged.db", {"s1.db", "damaged.db"}));
    EXPECT_EQ(damaged.exitCode, 2) << damaged.output;
    EXPECT_NE(damaged.output.find("damaged.db"), std::string::npos) << damaged.output;
    EXPECT_FALSE(std::filesystem::exists(root / "merged.db"));
    // The real shards still merge.
    EXPECT_EQ(shell(merge(root.path(), "merged.db", {"s1.db", "s2.db"})).exitCode, 0);
}
