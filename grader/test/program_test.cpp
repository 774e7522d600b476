// How a submission is started: templates, the variant's input convention, languages from extensions.
#include <gtest/gtest.h>

#include <algorithm>
#include <unistd.h>

#include "grader/run/program.hpp"
#include "grader/test/grader_test_support.hpp"
#include "testsupport/python2.hpp"
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
    const PreparedProgram p = *prepareProgram(s, dir / "work", sandbox::SandboxLimits{}).program;
    // {program} is a copy of the file (a run's, else the staged one), one argument however many spaces its name has.
    EXPECT_EQ(p.argvFor(InputConvention::Positional, "input.txt"),
              (std::vector<std::string>{resolveCommand("python3"), "-u", (dir / "work" / "src" / "my prog.py").string(), "input.txt"}));
    EXPECT_EQ(p.argvFor(InputConvention::Positional, "input.txt", "/runs/run-1/work"),
              (std::vector<std::string>{resolveCommand("python3"), "-u", "/runs/run-1/work/my prog.py", "input.txt"}));
    // The runs read their own copy (grader/run/run_steps.hpp), never the staged folder.
    EXPECT_EQ(p.stagedDir, dir / "work" / "src");
    EXPECT_EQ(std::count(p.readOnlyPaths.begin(), p.readOnlyPaths.end(), dir / "work" / "src"), 0);
}

TEST(Program, PythonVersionFromTheSwitchOrTheProgram) {
    TempDir dir;
    openToRuns(dir.path());
    writeFile(dir / "hw.py", "print(1)");
    ProgramSource s;
    s.file = dir / "hw.py";
    auto prepared = [&] { return prepareProgram(s, dir / "work", sandbox::SandboxLimits{}); };
    EXPECT_EQ(std::filesystem::path(prepared().program->argv.front()).filename(), "python3");  // auto: compiles under 3
    EXPECT_EQ(prepared().program->interpreter.substr(0, 7), "python3");
    // Told to use Python 2, with a chosen interpreter: that path is what runs.
    writeFile(dir / "py2", "#!/bin/sh\nexit 0\n");
    std::filesystem::permissions(dir / "py2", std::filesystem::perms(0755));
    s.python = PythonChoice::Python2;
    s.interpreters.paths["python2"] = (dir / "py2").string();
    EXPECT_EQ(prepared().program->argv.front(), (dir / "py2").string());
    // An interpreter that does not exist is the grader's set-up problem, named with its fix.
    s.interpreters.paths["python2"] = "/nonexistent/python2";
    const PrepareResult missing = prepared();
    EXPECT_FALSE(missing.program);
    EXPECT_TRUE(missing.judgeFault);
    EXPECT_NE(missing.message.find("run.interpreters.python2"), std::string::npos) << missing.message;
    s.file = dir / "hw.rb";
    writeFile(dir / "hw.rb", "puts 1");
    const PrepareResult r = prepared();
    EXPECT_FALSE(r.program);
    EXPECT_NE(r.message.find("cannot tell how to run hw.rb"), std::string::npos) << r.message;
    EXPECT_EQ(r.failure, Verdict::CompileError);
}

TEST(Program, APython2OnlyProgramRunsWithPython2) {
    std::string why;
    const auto python2 = plyjudge::testing::python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    openToRuns(dir.path());
    writeFile(dir / "hw.py", "print 'hello'\n");  // a Python 2 print statement: a SyntaxError under Python 3
    ProgramSource s;
    s.file = dir / "hw.py";
    s.interpreters.paths["python2"] = python2->string();
    const PrepareResult r = prepareProgram(s, dir / "work", sandbox::SandboxLimits{});
    ASSERT_TRUE(r.program) << r.message;
    EXPECT_EQ(r.program->argv.front(), python2->string());
    EXPECT_NE(r.program->interpreter.find("compiles under Python 2"), std::string::npos) << r.program->interpreter;
    // Without any Python 2 the program cannot run here, and the message names the option.
    s.interpreters.paths["python2"] = "/nonexistent/python2";
    const PrepareResult none = prepareProgram(s, dir / "work2", sandbox::SandboxLimits{});
    EXPECT_FALSE(none.program);
    EXPECT_NE(none.message.find("may be Python 2"), std::string::npos) << none.message;
    EXPECT_NE(none.message.find("--interpreter python2=PATH"), std::string::npos) << none.message;
}

TEST(Program, FindsTheOneProgramFile) {
    TempDir dir;
    std::string why;
    EXPECT_FALSE(findProgramFile(dir.path(), std::nullopt, why));
    EXPECT_NE(why.find("no program"), std::string::npos);
    std::filesystem::create_directories(dir / "src");
    writeFile(dir / "src" / "Main.java", "class Main {}");
    writeFile(dir / "README.md", "hi");
    EXPECT_EQ(findProgramFile(dir.path(), std::nullopt, why), dir / "src" / "Main.java");
    writeFile(dir / "hw.py", "");
    EXPECT_EQ(findProgramFile(dir.path(), std::nullopt, why), dir / "hw.py");  // the top level wins
    writeFile(dir / "other.cpp", "");
    EXPECT_FALSE(findProgramFile(dir.path(), std::nullopt, why));
    EXPECT_EQ(why, "ambiguous program: hw.py, other.cpp — set run.file or an override");
    EXPECT_EQ(findProgramFile(dir.path(), std::string("other.cpp"), why), dir / "other.cpp");
}

TEST(Program, ASubmissionInAPrivateFolderIsStagedForTheRuns) {
    TempDir dir;  // 0700: a run uid could not enter it
    writeFile(dir / "hw.py", "print(1)");
    std::filesystem::create_directories(dir / "pkg");
    writeFile(dir / "pkg" / "helper.py", "X = 1");
    std::filesystem::create_symlink("/etc/shadow", dir / "secret");
    TempDir scratch("plyjudge-scratch", 0711);
    ProgramSource s;
    s.file = dir / "hw.py";
    s.dir = dir.path();
    const PrepareResult r = prepareProgram(s, scratch / "alice", sandbox::SandboxLimits{});
    ASSERT_TRUE(r.program) << r.message;
    EXPECT_EQ(r.program->argvFor(InputConvention::InputTxtInWorkingDir, "input.txt").back(),
              (scratch / "alice" / "src" / "hw.py").string());
    EXPECT_TRUE(reachableByOthers(scratch / "alice" / "src" / "pkg" / "helper.py", false));
    EXPECT_FALSE(std::filesystem::exists(scratch / "alice" / "src" / "secret")) << "a link is never staged";
}

