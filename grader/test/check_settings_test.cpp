// `plyjudge check` with a student's own settings (cli/check_settings.hpp), through the real binary: a
// plyjudge.yaml beside the program, --setup, a folder as PROGRAM, the message naming a file the program opened
// that does not exist, a hostile plyjudge.yaml, and the exit-status policy (run.exit_status).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "grader/test/grader_test_support.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader::testing;
using namespace plyjudge::testing;

namespace {

// A reversi program (Python 3 only: `print(..., file=...)`) running the reference solver it carries in tools/ on
// the file `inputName` of its working directory, whatever it is told; then exiting with `exitStatus`.
void makeProgram(const std::filesystem::path& dir, const std::string& inputName, int exitStatus = 0,
                 const std::string& file = "hw.py") {
    std::filesystem::create_directories(dir / "tools");
    std::filesystem::copy_file(plyjudgeBinary(), dir / "tools" / "plyjudge", std::filesystem::copy_options::overwrite_existing);
    writeFileMakingDirs(dir / file, std::string("import os, subprocess, sys\nprint('python 3', file=sys.stderr)\n"
                                                "here = os.path.dirname(os.path.abspath(__file__))\n") +
                                    (file.find('/') != std::string::npos ? "here = os.path.dirname(here)\n" : "") +
                                    "open('" + inputName + "').close()\n"
                                    "subprocess.check_call([os.path.join(here, 'tools', 'plyjudge'), 'solve', 'reversi', '-i', '" +
                                        inputName + "'])\n"
                                    "sys.exit(" + std::to_string(exitStatus) + ")\n");
}

CommandOutput check(const std::string& args) {
    return shell("timeout 300 " + plyjudgeBinary() + " check reversi " + args + " --generated 0 --python 3 -j 2");
}

}  // namespace

TEST(CheckSettings, APlyjudgeYamlBesideTheProgramServesTheInputItOpens) {
    TempDir dir;
    makeProgram(dir.path(), "input1.txt");
    const std::string program = quoted((dir / "hw.py").string());
    // Without settings every case fails, and the message says which file and which setting would serve it.
    const auto without = check(program);
    EXPECT_EQ(without.exitCode, 1) << without.output;
    EXPECT_NE(without.output.find("your program opened input1.txt, which does not exist; the input is input.txt — add setup: "
                                  "{input1.txt: input.txt} to plyjudge.yaml beside your program, or pass --setup input1.txt=input.txt"),
              std::string::npos) << without.output;
    writeFile(dir / "plyjudge.yaml", "setup: {input1.txt: input.txt}\n");
    const auto with = check(program);
    EXPECT_EQ(with.exitCode, 0) << with.output;
    EXPECT_NE(with.output.find("10 of 10 cases passed"), std::string::npos) << with.output;
    EXPECT_NE(with.output.find("settings read from"), std::string::npos) << with.output;
}

// A name with blanks (youhusky's squirrel program opens "Sample inputs + outputs/1/input.txt"): the --setup it suggests
// is quoted, so that it can be pasted into a shell as printed.
TEST(CheckSettings, ASuggestedSetupWithBlanksIsQuotedForTheShell) {
    TempDir dir;
    makeProgram(dir.path(), "Sample inputs/input.txt");
    const auto without = check(quoted((dir / "hw.py").string()));
    EXPECT_NE(without.output.find("or pass --setup 'Sample inputs/input.txt=input.txt'"), std::string::npos) << without.output;
}

// aaronlijie's squirrel program (docs/real-programs.md) reads back an output file it did not write: copying the input
// there serves nothing, so no setting is suggested for it (the crash keeps its own message).
TEST(CheckSettings, AnOutputFileItCouldNotOpenGetsNoSetupHint) {
    TempDir dir;
    makeProgram(dir.path(), "output.txt");
    const auto out = check(quoted((dir / "hw.py").string()));
    EXPECT_EQ(out.exitCode, 1) << out.output;
    EXPECT_NE(out.output.find("No such file or directory: 'output.txt'"), std::string::npos) << out.output;
    EXPECT_EQ(out.output.find("add setup"), std::string::npos) << out.output;
}

TEST(CheckSettings, SetupFlagAndAFolderAsProgram) {
    TempDir dir;
    makeProgram(dir / "hw", "Input/input.txt", 0, "src/main.py");
    writeFile(dir / "hw" / "src" / "notes.py", "");  // two source files: the folder needs --file or plyjudge.yaml's file:
    const std::string folder = quoted((dir / "hw").string());
    const auto flag = check(folder + " --file src/main.py --setup Input/input.txt=input.txt");
    EXPECT_EQ(flag.exitCode, 0) << flag.output;
    EXPECT_NE(flag.output.find("10 of 10 cases passed"), std::string::npos) << flag.output;
    const auto ambiguous = check(folder + " --setup Input/input.txt=input.txt");
    EXPECT_EQ(ambiguous.exitCode, 2) << ambiguous.output;
    EXPECT_NE(ambiguous.output.find("ambiguous program"), std::string::npos) << ambiguous.output;
    writeFile(dir / "hw" / "plyjudge.yaml", "file: src/main.py\nsetup: ['input.txt -> Input/input.txt']\n");
    const auto yaml = check(folder);
    EXPECT_EQ(yaml.exitCode, 0) << yaml.output;
}

TEST(CheckSettings, AHostilePlyjudgeYamlIsRefusedWithItsReason) {
    TempDir dir;
    makeProgram(dir.path(), "input.txt");
    const std::string program = quoted((dir / "hw.py").string());
    const auto refused = [&](const std::string& args, const std::string& why) {
        const auto r = check(program + args);
        EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
        EXPECT_NE(r.output.find(why), std::string::npos) << args << "\n" << r.output;
    };
    const auto yaml = dir / "plyjudge.yaml";
    writeFile(yaml, "setup: {input1.txt: [\n");
    refused("", "plyjudge.yaml:");
    writeFile(yaml, "setup: {input1.txt: ../../../etc/passwd}\n");
    refused("", "both relative paths inside the run's folder");
    writeFile(yaml, "collect: {output.txt: /etc/passwd}\n");
    refused("", "inside the run's folder");
    writeFile(yaml, "file: ../../x.py\n");
    refused("", "inside the student's folder");
    writeFile(yaml, "setp: {}\n");
    refused("", "setp");
    writeFile(yaml, "# " + std::string(70 << 10, 'x') + "\n");
    refused("", "over the 64 KiB");
    std::filesystem::remove(yaml);
    ASSERT_EQ(::mkfifo(yaml.c_str(), 0644), 0);  // never opened: opening it would wait for a writer forever
    refused("", "not a regular file");
    std::filesystem::remove(yaml);
    std::filesystem::create_symlink("/dev/zero", yaml);
    refused("", "is a symbolic link");
    std::filesystem::remove(yaml);
    // Issue 41: a link to a file the checking user may read (/etc/shadow for root) had its first line quoted.
    TempDir elsewhere;
    writeFile(elsewhere / "shadow", "root:SECRET-HASH-1f2e:19000:0:99999:7:::\nbin: [\n");
    std::filesystem::create_symlink(elsewhere / "shadow", yaml);
    refused("", "is a symbolic link");
    EXPECT_EQ(check(program).output.find("SECRET"), std::string::npos);
    std::filesystem::remove(yaml);
    refused(" --setup ../x=input.txt", "inside the run's folder");
    refused(" --setup input1.txt=/etc/passwd", "inside the run's folder");
    refused(" --collect output.txt=../../output.txt", "inside the run's folder");
    refused(" --file hw.py", "give that folder as PROGRAM");
}

TEST(CheckSettings, ExitStatusOutputsLetsTheFilesDecide) {
    TempDir dir;
    makeProgram(dir.path(), "input.txt", 3);  // right outputs, then exit status 3
    const std::string program = quoted((dir / "hw.py").string());
    const auto strict = check(program + " --exit-status strict");
    EXPECT_EQ(strict.exitCode, 1) << strict.output;
    EXPECT_NE(strict.output.find("exited with status 3"), std::string::npos) << strict.output;
    EXPECT_NE(strict.output.find("0 of 10 cases passed"), std::string::npos) << strict.output;
    // The bundled reversi assignment says exit_status: outputs (the course graded the files), and check follows it.
    const auto outputs = check(program);
    EXPECT_EQ(outputs.exitCode, 0) << outputs.output;
    EXPECT_NE(outputs.output.find("10 of 10 cases passed"), std::string::npos) << outputs.output;
    EXPECT_NE(outputs.output.find("warning: exited with status 3 (the outputs decide: exit_status: outputs)"), std::string::npos)
        << outputs.output;
}

TEST(CheckSettings, GradeFollowsTheAssignmentsExitStatus) {
    TempDir root;
    openToRuns(root.path());
    makeProgram(root / "subs" / "alice", "input.txt", 3);
    const std::string suites = "suites: [" + (casesDir() / "reversi" / "published").string() + "]\n";
    for (const char* policy : {"strict", "outputs"}) {
        writeFile(root / "a.yaml", std::string("variant: reversi\nrun: {python: 3, exit_status: ") + policy + "}\n" + suites);
        const auto r = shell(plyjudgeBinary() + " grade " + quoted((root / "a.yaml").string()) + " " + quoted((root / "subs").string()) +
                             " -j 2 --db " + quoted((root / (std::string(policy) + ".db")).string()) + " --json " +
                             quoted((root / (std::string(policy) + ".json")).string()));
        EXPECT_EQ(r.exitCode, 0) << r.output;
        const std::string json = readFile(root / (std::string(policy) + ".json"));
        if (std::string(policy) == "strict") {
            EXPECT_NE(json.find("\"passed\": 0"), std::string::npos) << json;
            EXPECT_NE(json.find("\"verdict\": \"runtime-error\""), std::string::npos) << json;
        } else {
            EXPECT_NE(json.find("\"passed\": 5"), std::string::npos) << json;
            EXPECT_NE(json.find("warning: exited with status 3"), std::string::npos) << json;
        }
    }
    writeFile(root / "a.yaml", "variant: reversi\nrun: {exit_status: lenient}\n" + suites);
    const auto bad = shell(plyjudgeBinary() + " grade " + quoted((root / "a.yaml").string()) + " " + quoted((root / "subs").string()));
    EXPECT_EQ(bad.exitCode, 2) << bad.output;
    EXPECT_NE(bad.output.find("run.exit_status"), std::string::npos) << bad.output;
}
