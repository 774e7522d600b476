// Interpreters and compilers wherever they live (grader/run/tool_installation.hpp): for each layout a TA's machine
// may have, built here (tool_layouts.hpp), the probe finds the real file and the installation's folders, and a real
// sandboxed run of a correct program with that interpreter passes. The programs run the reference solver they carry
// in tools/ (a copy of plyjudge), so a pass shows only that the interpreter started and ran them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <regex>

#include "grader/run/interpreters.hpp"
#include "grader/run/program.hpp"
#include "grader/run/tool_installation.hpp"
#include "grader/test/grader_test_support.hpp"
#include "grader/run/tool_probe.hpp"
#include "grader/test/tool_layouts.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge;
using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;
using plyjudge::testing::writeFile;

namespace {

namespace fs = std::filesystem;

const std::string kSystemPath = "/usr/bin:/bin";

// A reversi program that only Python 2 compiles (`exec "pass"` is a SyntaxError under Python 3): it must run with
// python2, by syntax, whatever decides between the two Pythons.
ProgramSource python2Program(const fs::path& dir) {
    fs::create_directories(dir / "tools");
    fs::copy_file(plyjudgeBinary(), dir / "tools" / "plyjudge");
    writeFile(dir / "hw.py", "import os, sys\n"
                             "exec \"pass\"\n"
                             "here = os.path.dirname(os.path.abspath(__file__))\n"
                             "os.execv(os.path.join(here, 'tools', 'plyjudge'), ['plyjudge', 'solve', 'reversi'] + sys.argv[1:])\n");
    ProgramSource s;
    s.file = dir / "hw.py";
    s.dir = dir;
    return s;
}

// The probe's findings for python2 as `tools` runs it, and a sandboxed run of a Python 2 program with it.
void expectPython2Works(const Interpreters& tools, const fs::path& command, const fs::path& real, const fs::path& prefix,
                        const fs::path& scratch) {
    ASSERT_EQ(tools.commandFor("python2"), command.string());
    EXPECT_EQ(tools.problemWith("python2"), std::nullopt);
    const ToolInstallation& found = toolInstallation("python2", command);
    EXPECT_EQ(found.realPath, real);
    EXPECT_TRUE(holds(found.reported, prefix)) << found.probeError;
    EXPECT_TRUE(holds(tools.installationOf("python2"), prefix));
    ProgramSource source = python2Program(scratch / "student");
    source.interpreters = tools;
    const CaseResult r = runOnCase("reversi", "published", "case1", source);
    EXPECT_EQ(r.verdict, Verdict::Ok) << r.message << "\n" << r.stderrHead;
    EXPECT_EQ(r.interpreter.substr(0, 7 + 2 + command.string().size()), "python2 (" + command.string()) << r.interpreter;
}

class PathLinkIntoOpt : public ::testing::TestWithParam<bool> {};

}  // namespace

// The machine: python2 in PATH is a link (/usr/local/bin/python2) into a Python installed in /opt. The real
// file and the prefix come from the tool; the sandbox shows them. Under /tmp too, which the runs see as their own.
TEST_P(PathLinkIntoOpt, APython2ProgramRunsWithThePythonTheLinkLeadsTo) {
    LayoutScratch s("opt-link", GetParam());
    std::string why;
    if (!copyPython27(s / "opt/py27", why)) GTEST_SKIP() << why;
    fs::create_directories(s / "usr/local/bin");
    fs::create_symlink(s / "opt/py27/bin/python2.7", s / "usr/local/bin/python2");
    PathSetting path((s / "usr/local/bin").string() + ":" + kSystemPath);
    const Interpreters tools;
    expectPython2Works(tools, s / "usr/local/bin/python2", s / "opt/py27/bin/python2.7", s / "opt/py27", s.path());
    EXPECT_EQ(toolInstallation("python2", s / "usr/local/bin/python2").links, std::vector<fs::path>{s / "usr/local/bin/python2"});
}

INSTANTIATE_TEST_SUITE_P(ToolLayouts, PathLinkIntoOpt, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "UnderTmp" : "OutsideTmp"; });

// A pyenv build copied into /opt as it is (`cp -a`): its python2.7 keeps the RUNPATH of where it was built
// (/root/.pyenv/versions/2.7.18/lib), which the sandbox did not show ("error while loading shared libraries:
// libpython2.7.so.1.0"). The dynamic loader's answer (ldd) is part of the probe.
TEST(ToolLayouts, APythonCopiedWithTheRunpathOfItsBuildStillStarts) {
    LayoutScratch s("opt-runpath", false);
    std::string why;
    if (!copyPython27(s / "opt/py27", why)) GTEST_SKIP() << why;
    const fs::path original = fs::path("/root/.pyenv/versions/2.7.18");
    const auto runpath = fs::path(original / "lib" / "libpython2.7.so.1.0");
    if (!fs::exists(runpath)) GTEST_SKIP() << "no pyenv build of Python 2.7.18 with a shared libpython at " << original;
    fs::remove(s / "opt/py27/bin/python2.7");
    fs::copy_file(original / "bin/python2.7", s / "opt/py27/bin/python2.7");  // the RUNPATH left as it was built
    fs::create_directories(s / "usr/local/bin");
    fs::create_symlink(s / "opt/py27/bin/python2.7", s / "usr/local/bin/python2");
    PathSetting path((s / "usr/local/bin").string() + ":" + kSystemPath);
    const ToolInstallation& found = toolInstallation("python2", s / "usr/local/bin/python2");
    EXPECT_TRUE(holds(found.reported, original / "lib")) << found.probeError;
    ProgramSource source = python2Program(s / "student");
    const CaseResult r = runOnCase("reversi", "published", "case1", source);
    EXPECT_EQ(r.verdict, Verdict::Ok) << r.message << "\n" << r.stderrHead;
}

TEST(ToolLayouts, TheDynamicLoadersFoldersAreRead) {
    EXPECT_EQ(sharedLibraryFolders("\tlinux-vdso.so.1 (0x7f)\n\tlibpython2.7.so.1.0 => /opt/x/lib/libpython2.7.so.1.0 (0x7f)\n"
                                   "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x7f)\n\t/lib64/ld-linux-x86-64.so.2 (0x7f)\n"),
              (std::vector<fs::path>{"/opt/x/lib", "/lib/x86_64-linux-gnu"}));
}

// pyenv: ~/.pyenv/versions/2.7.18, chosen by its bin/python2 (a link to python2.7 beside it).
TEST(ToolLayouts, APyenvVersionChosenByPath) {
    LayoutScratch s("pyenv", false);
    std::string why;
    const fs::path version = s / ".pyenv/versions/2.7.18";
    if (!copyPython27(version, why)) GTEST_SKIP() << why;
    if (!fs::is_symlink(version / "bin/python2")) fs::create_symlink("python2.7", version / "bin/python2");
    PathSetting path(kSystemPath);
    Interpreters tools;
    tools.paths["python2"] = (version / "bin/python2").string();
    expectPython2Works(tools, version / "bin/python2", version / "bin/python2.7", version, s.path());
}

// conda: an environment's bin/ put first in PATH by `conda activate`.
TEST(ToolLayouts, ACondaEnvironmentInPath) {
    LayoutScratch s("conda", false);
    std::string why;
    const fs::path env = s / "miniconda3/envs/py27";
    if (!copyPython27(env, why)) GTEST_SKIP() << why;
    if (!fs::is_symlink(env / "bin/python2")) fs::create_symlink("python2.7", env / "bin/python2");
    PathSetting path((env / "bin").string() + ":" + kSystemPath);
    expectPython2Works(Interpreters{}, env / "bin/python2", env / "bin/python2.7", env, s.path());
}

// `make altinstall` into a /usr/local-like prefix: python2.7 and no python2 link; python2 is found by that name.
TEST(ToolLayouts, AnAltinstallWithOnlyPython27) {
    LayoutScratch s("altinstall", false);
    std::string why;
    const fs::path prefix = s / "usr/local";
    if (!copyPython27(prefix, why)) GTEST_SKIP() << why;
    for (const char* link : {"python", "python2"}) fs::remove(prefix / "bin" / link);
    PathSetting path((prefix / "bin").string() + ":" + kSystemPath);
    expectPython2Works(Interpreters{}, prefix / "bin/python2.7", prefix / "bin/python2.7", prefix, s.path());
}

// A JDK outside /usr, chosen by path: java.home is asked of java, and a Java program compiles and runs with it.
TEST(ToolLayouts, AJdkOutsideUsr) {
    LayoutScratch s("jdk", false);
    std::string why;
    const fs::path jdk = s / "opt/jdk-17";
    if (!copyJdk(jdk, why)) GTEST_SKIP() << why;
    Interpreters tools;
    tools.paths["java"] = (jdk / "bin/java").string();
    tools.paths["javac"] = (jdk / "bin/javac").string();
    const std::vector<fs::path>& reported = toolInstallation("java", jdk / "bin/java").reported;
    ASSERT_FALSE(reported.empty());
    EXPECT_EQ(reported.front(), jdk);  // java.home first; then the folders of its shared libraries (ldd)
    EXPECT_TRUE(holds(tools.installationOf("javac"), jdk));
    const fs::path dir = s / "student";
    fs::create_directories(dir / "tools");
    fs::copy_file(plyjudgeBinary(), dir / "tools" / "plyjudge");
    writeFile(dir / "Main.java",
              "import java.util.*;\n"
              "public class Main {\n"
              "  public static void main(String[] args) throws Exception {\n"
              "    List<String> c = new ArrayList<>(List.of(\"tools/plyjudge\", \"solve\", \"reversi\"));\n"
              "    c.addAll(Arrays.asList(args));\n"
              "    System.exit(new ProcessBuilder(c).inheritIO().start().waitFor());\n"
              "  }\n"
              "}\n");
    ProgramSource source;
    source.file = dir / "Main.java";
    source.dir = dir;
    source.interpreters = tools;
    const CaseResult r = runOnCase("reversi", "published", "case1", source);
    EXPECT_EQ(r.verdict, Verdict::Ok) << r.message << "\n" << r.stderrHead;
    EXPECT_EQ(r.interpreter, "java (" + (jdk / "bin/java").string() + ")");
}

// The acceptance: python2 in PATH a link into /opt, and a correct Python-2-only program passes `check` and
// `grade` with no flag (before, check said it compiled under neither Python and ran it with Python 3: 0 points).
TEST(ToolLayouts, CheckAndGradePassAPython2OnlyProgramWithNoFlag) {
    LayoutScratch s("opt-cli", false);
    std::string why;
    if (!copyPython27(s / "opt/py27", why)) GTEST_SKIP() << why;
    fs::create_directories(s / "usr/local/bin");
    fs::create_symlink(s / "opt/py27/bin/python2.7", s / "usr/local/bin/python2");
    python2Program(s / "subs" / "alice");
    const char* hostPath = std::getenv("PATH");
    const std::string path = "PATH=" + quoted((s / "usr/local/bin").string() + ":" + (hostPath ? hostPath : kSystemPath)) + " ";
    const auto check = shell(path + plyjudgeBinary() + " check reversi " + quoted((s / "subs/alice/hw.py").string()) + " --generated 0");
    EXPECT_EQ(check.exitCode, 0) << check.output;
    EXPECT_NE(check.output.find("hw.py: run with python2"), std::string::npos) << check.output;
    writeFile(s / "a.yaml", "variant: reversi\nsuites: [" + (plyjudge::testing::casesDir() / "reversi" / "published").string() + "]\n");
    const auto grade = shell(path + plyjudgeBinary() + " grade " + quoted((s / "a.yaml").string()) + " " +
                             quoted((s / "subs").string()) + " --db " + quoted((s / "r.db").string()));
    EXPECT_EQ(grade.exitCode, 0) << grade.output;
    EXPECT_TRUE(std::regex_search(grade.output, std::regex("alice +5 +5 +5 OK"))) << grade.output;
}
