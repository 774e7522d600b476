// Run commands read by POSIX shell rules (grader/run/command_template.hpp): plain ones split into words and run
// directly, ones with shell syntax run through /bin/sh -c with their placeholders quoted for where they stand.
// Failed before (issue 28): boost's split_unix dropped the single quotes inside double quotes and passed `>` as an
// argument; nothing ran through a shell.
#include <gtest/gtest.h>

#include <stdexcept>

#include "common/command_template.hpp"
#include "grader/run/program.hpp"
#include "grader/test/grader_test_support.hpp"

namespace plyjudge::grader::testing {
namespace {

using Words = std::vector<std::string>;

TEST(CommandTemplate, PlainCommandsSplitByPosixRules) {
    EXPECT_EQ(parseCommandTemplate("python3 -c \"_o('input.txt')\"").words, (Words{"python3", "-c", "_o('input.txt')"}));
    EXPECT_EQ(parseCommandTemplate("say 'a \"b\" c' d\\ e").words, (Words{"say", "a \"b\" c", "d e"}));
    EXPECT_EQ(parseCommandTemplate("x \"q\\\"\\$\\n\"").words, (Words{"x", "q\"$\\n"}));
    EXPECT_EQ(parseCommandTemplate("a '' b").words, (Words{"a", "", "b"}));
    EXPECT_EQ(parseCommandTemplate("python3 {dir}/hw.py --in={input}").words, (Words{"python3", "{dir}/hw.py", "--in={input}"}));
    // Quoted operators are text, not shell syntax.
    EXPECT_FALSE(parseCommandTemplate("python3 -c 'import x; print(1 > 0)'").shell);
    EXPECT_FALSE(parseCommandTemplate("python3 \"a|b\" 'c&d'").shell);
}

TEST(CommandTemplate, ShellSyntaxIsFound) {
    for (const char* text : {"python3 {program} > output.txt", "a | b", "a && b", "a; b", "cat *.txt", "a $HOME",
                             "a `b`", "PYTHONPATH=. python3 x.py", "cd ~", "a # note", "a \"$X\"", "(a)", "a\nb"}) {
        EXPECT_TRUE(parseCommandTemplate(text).shell) << text;
    }
    for (const char* text : {"python3 {program}", "java -cp . homework", "x a=b --opt=1 'a;b'"}) {
        EXPECT_FALSE(parseCommandTemplate(text).shell) << text;
    }
}

TEST(CommandTemplate, CommandWordsAreThoseInCommandPosition) {
    const CommandTemplate t = parseCommandTemplate("PYTHONPATH=. python3 x.py > out && python2 'y.py'|cat; (java Main) 2>&1");
    std::vector<std::string> names;
    for (const CommandWord& w : t.commandWords) names.push_back(w.text);
    EXPECT_EQ(names, (Words{"python3", "python2", "cat", "java", "1"}));
    EXPECT_EQ(renderShellCommand(t, {}, {{"python2", "/opt/py27/bin/python2.7"}, {"java", "/j/java"}}),
              "PYTHONPATH=. python3 x.py > out && '/opt/py27/bin/python2.7' 'y.py'|cat; ('/j/java' Main) 2>&1");
}

TEST(CommandTemplate, NothingIsDroppedSilently) {
    for (const char* text : {"python3 -c 'x", "python3 \"x", "python3 x\\", "   "}) {
        try {
            parseCommandTemplate(text);
            ADD_FAILURE() << "accepted: " << text;
        } catch (const std::invalid_argument& e) {
            const std::string message = e.what();
            if (std::string(text) != "   ") {
                EXPECT_NE(message.find(text), std::string::npos) << message;
            }
        }
    }
}

// What /bin/sh makes of a rendered command: each argument of printf on its own line, between brackets.
std::string shellWords(const std::string& command) {
    const CommandOutput out = shell("/bin/sh -c " + quoted(command));
    EXPECT_EQ(out.exitCode, 0) << command << "\n" << out.output;
    return out.output;
}

TEST(CommandTemplate, PlaceholderValuesCannotInject) {
    const std::string hostile = "a;rm -rf x' \"$(id)\" `id`.py";
    const std::map<std::string, std::string> values{{"{program}", hostile}};
    for (const char* text : {"printf '[%s]\\n' {program} > /dev/stdout", "printf '[%s]\\n' \"{program}\" | cat",
                             "printf '[%s]\\n' '{program}' | cat", "printf '[%s]\\n' x{program}y | cat"}) {
        const CommandTemplate t = parseCommandTemplate(text);
        ASSERT_TRUE(t.shell) << text;
        const std::string expected = std::string(text).find("x{") != std::string::npos ? "[x" + hostile + "y]\n" : "[" + hostile + "]\n";
        EXPECT_EQ(shellWords(renderShellCommand(t, values)), expected) << text;
    }
}

TEST(CommandTemplate, AShellCommandRunsThroughShWithTheConventionAppendedQuoted) {
    ProgramSource s;
    s.commandTemplate = "python3 solver.py > output.txt";
    const PreparedProgram p = *prepareProgram(s, "/nonexistent", sandbox::SandboxLimits{}).program;
    EXPECT_EQ(p.argvFor(InputConvention::DashI, "in put.txt"),
              (Words{"/bin/sh", "-c", "'" + resolveCommand("python3") + "' solver.py > output.txt '-i' 'in put.txt'"}));
    s.commandTemplate = "echo input.txt | python3 {program}";
    s.interpreters.paths["python3"] = "/opt/py 3/bin/python3";
    const PreparedProgram piped = *prepareProgram(s, "/nonexistent", sandbox::SandboxLimits{}).program;
    EXPECT_EQ(piped.argvFor(InputConvention::InputTxtInWorkingDir, "input.txt"),
              (Words{"/bin/sh", "-c", "echo input.txt | '/opt/py 3/bin/python3' {program}"}));
    s.interpreters.paths.clear();
    s.commandTemplate = "python3 -c \"_o('input.txt')\" x";
    const PreparedProgram plain = *prepareProgram(s, "/nonexistent", sandbox::SandboxLimits{}).program;
    EXPECT_EQ(plain.argvFor(InputConvention::InputTxtInWorkingDir, "input.txt"), (Words{resolveCommand("python3"), "-c", "_o('input.txt')", "x"}));
    s.commandTemplate = "python3 'unterminated";
    const PrepareResult bad = prepareProgram(s, "/nonexistent", sandbox::SandboxLimits{});
    EXPECT_FALSE(bad.program);
    EXPECT_TRUE(bad.judgeFault);
    EXPECT_NE(bad.message.find("python3 'unterminated"), std::string::npos) << bad.message;
}

}  // namespace
}  // namespace plyjudge::grader::testing
