// What `plyjudge similarity` reads of a submission (submission_sources.hpp): the program's language only, never
// through a link, capped.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "grader/similarity/submission_sources.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;

TEST(SubmissionSources, TheProgramsLanguageProgramFirstThenPathOrderWithWhereEachFileStarts) {
    TempDir dir;
    writeFile(dir / "main.py", "import util\nutil.run()\n");
    std::filesystem::create_directories(dir / "lib");
    writeFile(dir / "lib" / "util.py", "def run():\n    pass");
    writeFile(dir / "notes.txt", "not code\n");
    std::filesystem::create_directories(dir / "java");
    writeFile(dir / "java" / "Other.java", "class Other {}\n");
    const SubmissionSources s = readSubmissionSources(dir.path());
    EXPECT_EQ(s.language, "python");
    EXPECT_EQ(s.text, "import util\nutil.run()\ndef run():\n    pass\n");
    ASSERT_EQ(s.parts.size(), 2u);
    EXPECT_EQ(sourceLineOf(s, 1), (std::pair<std::string, int>{"main.py", 2}));
    EXPECT_EQ(sourceLineOf(s, 2), (std::pair<std::string, int>{"lib/util.py", 1}));
}

TEST(SubmissionSources, LinksAreNeverFollowed) {
    TempDir outside, dir;
    writeFile(outside / "secret.py", "HIDDEN_EXPECTED_OUTPUT = 1\n");
    std::filesystem::create_directories(outside / "tree");
    writeFile(outside / "tree" / "deep.py", "DEEP_SECRET = 2\n");
    writeFile(dir / "main.py", "print(1)\n");
    std::filesystem::create_symlink(outside / "secret.py", dir / "linked.py");
    std::filesystem::create_directory_symlink(outside / "tree", dir / "sub");
    const SubmissionSources s = readSubmissionSources(dir.path());
    EXPECT_EQ(s.text, "print(1)\n");
    EXPECT_EQ(s.text.find("SECRET"), std::string::npos);
}

TEST(SubmissionSources, CappedInFilesAndBytesSayingSo) {
    TempDir dir;
    std::filesystem::create_directories(dir / "aaa");  // junk that sorts before the program
    for (int i = 0; i < 5; ++i) writeFile(dir / "aaa" / ("f" + std::to_string(i) + ".cpp"), std::string(100, 'x') + "\n");
    writeFile(dir / "main.cpp", "int main() {}\n");
    SourceLimits limits;
    limits.maxFiles = 3;
    limits.maxBytes = 250;
    const SubmissionSources s = readSubmissionSources(dir.path(), limits);
    EXPECT_EQ(s.language, "cpp");
    EXPECT_LE(s.text.size(), 253u);  // 250 bytes read, a newline added per file at most
    EXPECT_LE(s.parts.size(), 3u);
    EXPECT_NE(s.note.find("left out"), std::string::npos) << s.note;
    // Issue 41: junk files sorting before the program hid it; the program file is read first whatever its name.
    ASSERT_FALSE(s.parts.empty());
    EXPECT_EQ(s.parts.front().file, "main.cpp");
}

TEST(SubmissionSources, AFolderOfManyEntriesIsLookedAtOnlySoFar) {
    TempDir dir;
    for (int i = 0; i < 30; ++i) writeFile(dir / ("f" + std::to_string(i) + ".py"), "x = 1\n");
    SourceLimits limits;
    limits.maxEntries = 10;
    const SubmissionSources s = readSubmissionSources(dir.path(), limits);
    EXPECT_LE(s.parts.size(), 10u);
    EXPECT_NE(s.note.find("entries after the first 10"), std::string::npos) << s.note;
}

TEST(SubmissionSources, AFifoNamedLikeASourceIsNotOpened) {
    TempDir dir;
    writeFile(dir / "main.py", "print(1)\n");
    ASSERT_EQ(::mkfifo((dir / "pipe.py").c_str(), 0644), 0);
    const SubmissionSources s = readSubmissionSources(dir.path());  // would block on open without O_NONBLOCK checks
    EXPECT_EQ(s.text, "print(1)\n");
}
