// How a submission is started: templates, the variant's input convention, languages from extensions.
#include <gtest/gtest.h>
#include <unistd.h>

#include "grader/run/program.hpp"
#include "grader/test/grader_test_support.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge;
using namespace plyjudge::grader;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;
using plyjudge::grader::testing::openToRuns;

TEST(Program, ConventionIsAppendedUnlessTheTemplateNamesTheInput) {
    ProgramSource s;
    s.commandTemplate = "solver --fast";
    const PreparedProgram p = *prepareProgram(s, "/nonexistent", sandbox::SandboxLimits{}).program;
    EXPECT_EQ(p.argvFor(InputConvention::DashI, "input.txt"), (std::vector<std::string>{"solver", "--fast", "-i", "input.txt"}));
    EXPECT_EQ(p.argvFor(InputConvention::Positional, "input.txt"), (std::vector<std::string>{"solver", "--fast", "input.txt"}));
    EXPECT_EQ(p.argvFor(InputConvention::InputTxtInWorkingDir, "input.txt"), (std::vector<std::string>{"solver", "--fast"}));
    s.commandTemplate = "solver --in={input}";
    const PreparedProgram q = *prepareProgram(s, "/nonexistent", sandbox::SandboxLimits{}).program;
    EXPECT_EQ(q.argvFor(InputConvention::DashI, "input.txt"), (std::vector<std::string>{"solver", "--in=input.txt"}));
}

TEST(Program, PathsWithSpacesStayOneArgument) {
    TempDir dir;
    writeFile(dir / "my prog.py", "print(1)");
    openToRuns(dir.path());
    ProgramSource s;
    s.file = dir / "my prog.py";
    s.commandTemplate = "python3 -u {program}";
    const PreparedProgram p = *prepareProgram(s, dir / "build", sandbox::SandboxLimits{}).program;
    EXPECT_EQ(p.argvFor(InputConvention::Positional, "input.txt"),
              (std::vector<std::string>{resolveCommand("python3"), "-u", (dir / "my prog.py").string(), "input.txt"}));
    EXPECT_EQ(p.readOnlyPaths.front(), dir.path());
}

TEST(Program, PythonVersionFromTheSwitch) {
    TempDir dir;
    writeFile(dir / "hw.py", "print(1)");
    ProgramSource s;
    s.file = dir / "hw.py";
    openToRuns(dir.path());
    auto interpreter = [&] { return std::filesystem::path(prepareProgram(s, dir / "b", sandbox::SandboxLimits{}).program->argv.front()).filename(); };
    EXPECT_EQ(interpreter(), "python3");
    s.python = 2;
    EXPECT_EQ(interpreter(), "python2");
    s.file = dir / "hw.rb";
    writeFile(dir / "hw.rb", "puts 1");
    const PrepareResult r = prepareProgram(s, dir / "b", sandbox::SandboxLimits{});
    EXPECT_FALSE(r.program);
    EXPECT_NE(r.message.find("cannot tell how to run hw.rb"), std::string::npos) << r.message;
    EXPECT_EQ(r.failure, Verdict::CompileError);
}

TEST(Program, FindsTheOneProgramFile) {
    TempDir dir;
    std::string why;
    EXPECT_FALSE(findProgramFile(dir.path(), std::nullopt, why));
    EXPECT_NE(why.find("no program file"), std::string::npos);
    std::filesystem::create_directories(dir / "src");
    writeFile(dir / "src" / "Main.java", "class Main {}");
    writeFile(dir / "README.md", "hi");
    EXPECT_EQ(findProgramFile(dir.path(), std::nullopt, why), dir / "src" / "Main.java");
    writeFile(dir / "hw.py", "");
    EXPECT_EQ(findProgramFile(dir.path(), std::nullopt, why), dir / "hw.py");  // the top level wins
    writeFile(dir / "other.cpp", "");
    EXPECT_FALSE(findProgramFile(dir.path(), std::nullopt, why));
    EXPECT_NE(why.find("several program files"), std::string::npos);
    EXPECT_EQ(findProgramFile(dir.path(), std::string("other.cpp"), why), dir / "other.cpp");
}

TEST(Program, UnreadableSubmissionIsAJudgeErrorForARootGrader) {
    if (::geteuid() != 0) GTEST_SKIP() << "only a root grader runs programs under another uid";
    TempDir dir;  // 0700: the run uid cannot enter it
    writeFile(dir / "hw.py", "print(1)");
    ProgramSource s;
    s.file = dir / "hw.py";
    const PrepareResult r = prepareProgram(s, dir / "b", sandbox::SandboxLimits{});
    EXPECT_FALSE(r.program);
    EXPECT_EQ(r.failure, Verdict::JudgeError);
    EXPECT_NE(r.message.find("cannot read"), std::string::npos) << r.message;
}
