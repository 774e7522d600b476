// What a run must see of a tool, asked of the tool (grader/run/tool_probe, tool_installation), the folders never
// shown, and the language table (grader/run/languages): C, added from the table alone, compiles and runs.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <regex>

#include "common/data_dir.hpp"
#include "grader/run/interpreters.hpp"
#include "grader/run/program.hpp"
#include "grader/run/tool_installation.hpp"
#include "grader/run/tool_probe.hpp"
#include "grader/test/grader_test_support.hpp"
#include "grader/test/tool_layouts.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge;
using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;
using plyjudge::testing::writeFile;

namespace {

namespace fs = std::filesystem;
using Paths = std::vector<fs::path>;

fs::path executableScript(const fs::path& path, const std::string& body) {
    writeFile(path, "#!/bin/sh\n" + body);
    fs::permissions(path, fs::perms(0755));
    return path;
}

}  // namespace

TEST(ToolProbe, ReadsEachKindOfAnswer) {
    EXPECT_EQ(foldersInAnswer(ToolProbe::Jvm, "Property settings:\n    file.encoding = UTF-8\n    java.home = /opt/jdk-17\n"),
              Paths{"/opt/jdk-17"});
    EXPECT_EQ(foldersInAnswer(ToolProbe::Python, "a sitecustomize's noise: /etc\nplyjudge-folder: /opt/py27\nplyjudge-folder: \n"
                                                 "plyjudge-folder: /opt/py27/lib/python2.7\n"),
              (Paths{"/opt/py27", "/opt/py27/lib/python2.7"}));
    const Paths gcc = foldersInAnswer(ToolProbe::Gcc,
                                      "install: /opt/gcc/lib/gcc/x86_64-pc-linux-gnu/13/\n"
                                      "programs: =/opt/gcc/libexec/gcc/x86_64-pc-linux-gnu/13/:/opt/gcc/bin/\n"
                                      "libraries: =/opt/gcc/lib/../lib64/\n"
                                      "/opt/gcc/libexec/gcc/x86_64-pc-linux-gnu/13/cc1plus\n"
                                      "#include <...> search starts here:\n /opt/gcc/include/c++/13\nEnd of search list.\n"
                                      " /not/an/include/line\n");
    for (const char* folder : {"/opt/gcc/lib/gcc/x86_64-pc-linux-gnu/13", "/opt/gcc/libexec/gcc/x86_64-pc-linux-gnu/13",
                               "/opt/gcc/bin", "/opt/gcc/lib64", "/opt/gcc/include/c++/13"})
        EXPECT_TRUE(holds(gcc, folder)) << folder;
    EXPECT_FALSE(holds(gcc, "/not/an/include/line"));
}

// Debian's g++ names its compiler proper (cc1plus) among its folders; all of them are in the sandbox's world.
TEST(ToolInstallation, TheMachinesGccSaysWhereItsCompilerIs) {
    if (!fs::exists("/usr/bin/g++")) GTEST_SKIP() << "no /usr/bin/g++ here";
    const ToolInstallation& gcc = toolInstallation("g++", "/usr/bin/g++");
    EXPECT_TRUE(std::any_of(gcc.reported.begin(), gcc.reported.end(), [](const fs::path& f) { return fs::exists(f / "cc1plus"); }))
        << gcc.probeError;
    EXPECT_EQ(gcc.shown, Paths{}) << "Debian's g++ lies wholly in /usr";
    EXPECT_EQ(gcc.refused, "");
}

TEST(ToolInstallation, FollowsEveryLinkToTheRealFile) {
    LayoutScratch s("links", false);
    fs::create_directories(s / "real/bin");
    fs::create_directories(s / "links");
    executableScript(s / "real/bin/tool", "exit 0\n");
    fs::create_symlink("../real/bin/tool", s / "links/second");
    fs::create_symlink(s / "links/second", s / "links/first");
    const ToolInstallation& t = toolInstallation("mytool", s / "links/first");
    EXPECT_EQ(t.links, (Paths{s / "links/first", s / "links/second"}));
    EXPECT_EQ(t.realPath, s / "real/bin/tool");
    // Nothing said where it is installed: the folder above bin/ stands in, and the links' folder is shown too.
    EXPECT_TRUE(holds(t.shown, s / "real")) << t.probeError;
    EXPECT_TRUE(holds(t.shown, s / "links"));
}

TEST(ToolInstallation, NeverShowsTheRootTheHostsDevicesAHomeFolderOrPlyjudgesOwnFiles) {
    for (const char* folder : {"/", "/proc", "/proc/self", "/dev", "/sys/kernel", "/root"})
        EXPECT_TRUE(forbiddenFolder(folder)) << folder;
    EXPECT_EQ(*forbiddenFolder("/root"), "a whole home folder");
    EXPECT_TRUE(forbiddenFolder(plyjudge::executablePath().parent_path()));
    EXPECT_TRUE(forbiddenFolder(plyjudge::bundledCasesDir() / "reversi"));
    LayoutScratch s("allowed", false);
    EXPECT_EQ(forbiddenFolder(s.path()), std::nullopt);
}

// A tool whose installation would take a home folder into every run is refused, with the tool, the folder, why and
// the fix; nothing of it is shown and a program needing it is a judge error with that message.
TEST(ToolInstallation, AToolNeedingAHomeFolderIsRefusedWithItsFix) {
    LayoutScratch s("refused", false);
    const fs::path python2 = executableScript(s / "python2", "echo 'plyjudge-folder: /root'\n");
    Interpreters tools;
    tools.paths["python2"] = python2.string();
    const auto problem = tools.problemWith("python2");
    ASSERT_TRUE(problem);
    EXPECT_EQ(*problem, "interpreter: python2 at " + python2.string() + " would need /root shown to every run, and /root is a "
                        "whole home folder (fix: install it in a folder of its own (such as /opt/python2) and set "
                        "run.interpreters.python2 in the assignment (check, fuzz, referee: --interpreter python2=PATH))");
    EXPECT_EQ(tools.installationOf("python2"), Paths{});
    fs::create_directories(s / "student");
    writeFile(s / "student/hw.py", "print 'hi'\n");
    ProgramSource source;
    source.file = s / "student/hw.py";
    source.python = PythonChoice::Python2;
    source.interpreters = tools;
    const PrepareResult r = prepareProgram(source, s / "work", sandbox::SandboxLimits{});
    EXPECT_FALSE(r.program);
    EXPECT_TRUE(r.judgeFault);
    EXPECT_EQ(r.message, *problem);
    // Named by a command template, plain or through the shell, it is refused the same way.
    for (const char* command : {"python2 {program}", "cd . && python2 {program}"}) {
        source.commandTemplate = command;
        const PrepareResult byTemplate = prepareProgram(source, s / "work", sandbox::SandboxLimits{});
        EXPECT_FALSE(byTemplate.program) << command;
        EXPECT_EQ(byTemplate.message, *problem) << command;
    }
}

// A root grader's runs cannot enter /root: a pyenv shim found there in PATH is named with the folder and the fix.
TEST(ToolInstallation, APyenvShimUnderRootIsExplained) {
    const fs::path shims = "/root/.pyenv/shims";
    if (::geteuid() != 0 || !fs::exists(shims / "python2")) GTEST_SKIP() << "needs root and a pyenv python2 shim in " << shims;
    PathSetting path(shims.string());
    const auto problem = Interpreters{}.problemWith("python2");
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->find("python2 at /root/.pyenv/shims/python2 cannot be run by the sandbox user (a folder above it, /root, "
                            "is private; it is a version manager's shim"), std::string::npos) << *problem;
    EXPECT_NE(problem->find("--interpreter python2=PATH"), std::string::npos) << *problem;
}

TEST(Languages, EachExtensionHasOneLanguageAndEveryToolAProbe) {
    EXPECT_EQ(languageOf("a.c"), Language::C);
    EXPECT_EQ(languageOf("a.cxx"), Language::Cpp);
    EXPECT_EQ(languageOf("A.java"), Language::Java);
    EXPECT_EQ(languageOf("a.rb"), Language::Unknown);
    EXPECT_EQ(extensionList("or"), "*.py, *.cpp, *.cc, *.cxx, *.c or *.java");
    for (const LanguageSpec& spec : languages())
        for (const std::string& tool : toolsOf(spec)) EXPECT_TRUE(toolSpec(tool)) << spec.name << " names " << tool;
}

// C comes from the table alone: compiled with gcc in the sandbox, run like C++.
TEST(Languages, ACProgramIsCompiledWithGccAndRuns) {
    if (Interpreters{}.problemWith("gcc")) GTEST_SKIP() << *Interpreters{}.problemWith("gcc");
    LayoutScratch s("c", false);
    fs::create_directories(s / "student/tools");
    fs::copy_file(plyjudgeBinary(), s / "student/tools/plyjudge");
    writeFile(s / "student/main.c",
              "#include <unistd.h>\n"
              "int main(int argc, char** argv) {\n"
              "    char* args[8] = {\"plyjudge\", \"solve\", \"reversi\"};\n"
              "    for (int i = 1; i < argc && i < 5; ++i) args[i + 2] = argv[i];\n"
              "    execv(\"tools/plyjudge\", args);\n"
              "    return 1;\n"
              "}\n");
    ProgramSource source;
    source.file = s / "student/main.c";
    source.dir = s / "student";
    const CaseResult r = runOnCase("reversi", "published", "case1", source);
    EXPECT_EQ(r.verdict, Verdict::Ok) << r.message << "\n" << r.stderrHead;
    EXPECT_EQ(r.interpreter.substr(0, 18), "gcc -O2 -std=gnu11");
    // Through check, after the canary of its language (grader/grade/canary.hpp) passed.
    const auto check = shell(plyjudgeBinary() + " check reversi " + quoted((s / "student/main.c").string()) + " --generated 0 --verbose");
    EXPECT_EQ(check.exitCode, 0) << check.output;
    EXPECT_TRUE(std::regex_search(check.output, std::regex("canary: [^\\n]*gcc"))) << check.output;
}

// An installed plyjudge's data folder (share/plyjudge beside its bin/) is never shown, whatever a tool says.
TEST(ToolInstallation, AnInstalledPlyjudgesDataIsNeverPartOfATool) {
    LayoutScratch s("installed", true);  // a binary copied into the build tree would count as a build's
    fs::create_directories(s / "prefix/bin");
    fs::create_directories(s / "prefix/share/plyjudge/examples");
    fs::copy_file(plyjudgeBinary(), s / "prefix/bin/plyjudge");
    const fs::path examples = s / "prefix/share/plyjudge/examples";
    fs::create_directories(s / "tools");
    const fs::path python2 = executableScript(s / "tools/python2", "echo 'plyjudge-folder: " + examples.string() + "'\n");
    fs::create_directories(s / "student");
    writeFile(s / "student/hw.py", "print 'hi'\n");
    const auto r = shell("PLYJUDGE_CASES=" + quoted(plyjudge::testing::casesDir().string()) + " " +
                         quoted((s / "prefix/bin/plyjudge").string()) + " check reversi " + quoted((s / "student/hw.py").string()) +
                         " --python 2 --generated 0 --interpreter python2=" + quoted(python2.string()));
    EXPECT_NE(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("interpreter: python2 at " + python2.string() + " would need " + examples.string() +
                            " shown to every run, and " + examples.string() + " is where plyjudge's own files are (" +
                            (s / "prefix/share/plyjudge").string() + ")"),
              std::string::npos) << r.output;
}
