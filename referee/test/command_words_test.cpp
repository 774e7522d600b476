// Player commands: read like every command (POSIX words, common/command_template.hpp); only words written as paths are made absolute.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "common/command_template.hpp"
#include "referee/command_words.hpp"
#include "referee/player_spec.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::referee {
namespace {

namespace fs = std::filesystem;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;
using Words = std::vector<std::string>;

// A player's command is read as every command is (common/command_template.hpp).
Words words(const std::string& text) { return parseCommandTemplate(text).words; }

TEST(ShellWords, SplitsLikeAPosixShell) {
    EXPECT_EQ(words("a  b\tc"), (Words{"a", "b", "c"}));
    EXPECT_EQ(words("say 'say \"a b\" c'"), (Words{"say", "say \"a b\" c"}));
    EXPECT_EQ(words("x \"it's \\\"q\\\" \\n\""), (Words{"x", "it's \"q\" \\n"}));
    EXPECT_EQ(words("a'b'\"c\"d"), (Words{"abcd"}));
    EXPECT_EQ(words("a '' b"), (Words{"a", "", "b"}));
    EXPECT_EQ(words("a\\ b c\\'d"), (Words{"a b", "c'd"}));
    EXPECT_EQ(words("'\\'"), (Words{"\\"}));
    EXPECT_THROW(words("   "), std::invalid_argument);
    EXPECT_THROW(words("a 'b"), std::invalid_argument);
    EXPECT_THROW(words("a \"b"), std::invalid_argument);
    EXPECT_THROW(words("a\\"), std::invalid_argument);
}

TEST(ShellWords, PathsAreWordsWrittenAsPaths) {
    using Index = std::vector<std::size_t>;
    EXPECT_EQ(pathWords({"plyjudge", "play", "ref"}), Index{});
    EXPECT_EQ(pathWords({"./alice", "ref"}), Index{0});
    EXPECT_EQ(pathWords({"python3", "bob.py", "ref"}), Index{1});
    EXPECT_EQ(pathWords({"python3", "-u", "-W", "ignore", "bob.py"}), Index{4});
    EXPECT_EQ(pathWords({"python3", "-m", "bob"}), Index{});
    EXPECT_EQ(pathWords({"node", "p.js", "x/y"}), (Index{1, 2}));
    EXPECT_EQ(pathWords({"java", "-jar", "p.jar", "Main"}), Index{2});
    EXPECT_EQ(pathWords({"java", "Main"}), Index{});
    EXPECT_EQ(pathWords({"prog", "--model=./m", "-o/x"}), Index{});
    EXPECT_EQ(pathWords({"sh", "-c", "python3 /x/p.py", "sh", "a/b"}), Index{});
    EXPECT_EQ(shellString({"bash", "-ec", "cd x && ./p"}), "cd x && ./p");
    EXPECT_EQ(shellString({"sh", "p.sh"}), std::nullopt);
}

TEST(PlayerCommand, OnlyPathWordsBecomeAbsolute) {
    TempDir base;
    fs::create_directory(base / "ref");
    fs::create_directories(base / "players");
    writeFile(base / "bob.py", "");
    writeFile(base / "players" / "p.py", "");
    const fs::path root = fs::weakly_canonical(base.path());
    EXPECT_EQ(makePlayerSpec("ref", "/usr/bin/plyjudge-x play ref", base.path()).argv, (Words{"/usr/bin/plyjudge-x", "play", "ref"}));
    EXPECT_EQ(makePlayerSpec("bob", "python3 bob.py ref", base.path()).argv, (Words{"python3", (root / "bob.py").string(), "ref"}));
    EXPECT_EQ(makePlayerSpec("p", "python3 players/p.py --name p", base.path()).argv,
              (Words{"python3", (root / "players/p.py").string(), "--name", "p"}));
    // A missing file is left as written (it may be meant for the player's own folder); the program never is.
    EXPECT_EQ(makePlayerSpec("p", "python3 gone.py ../move_file", base.path()).argv, (Words{"python3", "gone.py", "../move_file"}));
    EXPECT_EQ(makePlayerSpec("a", "./alice", base.path()).argv, (Words{(root / "alice").string()}));
}

TEST(PlayerCommand, AbsolutePathsInsideAShellStringAreReadable) {
    TempDir base;
    fs::create_directories(base / "bin");
    writeFile(base / "bin" / "p.py", "");
    const fs::path bin = base / "bin";
    const PlayerSpec spec = makePlayerSpec("p", "sh -c 'cd sub && exec python3 " + (bin / "p.py").string() + "; echo done'", base.path());
    EXPECT_EQ(spec.argv.size(), 3u);
    EXPECT_NE(std::find(spec.readOnlyPaths.begin(), spec.readOnlyPaths.end(), bin), spec.readOnlyPaths.end());
}

TEST(PlayerCommand, BadCommandsAndFolders) {
    EXPECT_THROW(makePlayerSpec("p", "python3 'unterminated", "/"), std::invalid_argument);
    EXPECT_THROW(makePlayerSpec("p", "   ", "/"), std::invalid_argument);
    EXPECT_EQ(checkedWorkSubdir("a/b/"), fs::path("a/b"));
    EXPECT_EQ(checkedWorkSubdir("./sub"), fs::path("sub"));
    for (const std::string bad : {"", ".", "..", "../x", "a/../../x", "/abs", "move_file", "x.go/sub"}) EXPECT_THROW(checkedWorkSubdir(bad), std::invalid_argument) << bad;
}

TEST(PlayerCommands, AnInterpreterChosenByNameRunsFromItsPathWithItsInstallationVisible) {
    TempDir dir;
    fs::create_directories(dir / "py27" / "bin");
    writeFile(dir / "py27" / "bin" / "python2.7", "#!/bin/sh\n");
    PlayerSpec p = makePlayerSpec("bob", "python2 bob.py --fast", dir.path());
    applyInterpreters(p, {{"python2", (dir / "py27" / "bin" / "python2.7").string()}, {"java", "/opt/jdk/bin/java"}});
    ASSERT_FALSE(p.argv.empty());
    EXPECT_EQ(p.argv.front(), (dir / "py27" / "bin" / "python2.7").string());
    EXPECT_EQ(p.argv.back(), "--fast");
    EXPECT_NE(std::find(p.readOnlyPaths.begin(), p.readOnlyPaths.end(), fs::canonical(dir / "py27")), p.readOnlyPaths.end());
    PlayerSpec other = makePlayerSpec("ann", "python3 ann.py", dir.path());
    applyInterpreters(other, {{"python2", "/x/python2"}});
    EXPECT_EQ(other.argv.front(), "python3") << "only the named interpreter is replaced";
}

}  // namespace
}  // namespace plyjudge::referee
