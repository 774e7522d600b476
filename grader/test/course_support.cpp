#include "grader/test/course_support.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "common/remove_tree.hpp"
#include "common/temp_dir.hpp"
#include "storage/sqlite.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader::testing {

namespace {
const std::string kSetpriv = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
}

std::string correctSquirrelProgram() {
    return plyjudge::testing::readFile(programsDir() / "faulty" / "squirrel" / "_squirrel.py") + "\n\nmain()\n";
}

std::string lockingSquirrelProgram() {
    return correctSquirrelProgram() +
           "import os\n"
           "os.makedirs('d/e/f')\n"
           "for p in ['d/x', 'd/e/y', 'd/e/f/z']: open(p, 'w').write('x')\n"
           "for p in ['d/e/f', 'd/e', 'd']: os.chmod(p, 0)\n"
           "os.chmod('.', 0o500)\n";
}

void makeFifo(const std::filesystem::path& p) { ASSERT_EQ(::mkfifo(p.c_str(), 0644), 0) << p; }

void makeSocket(const std::filesystem::path& p) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    ASSERT_LT(p.string().size(), sizeof address.sun_path) << "socket path too long for this build tree";
    p.string().copy(address.sun_path, sizeof address.sun_path - 1);
    EXPECT_EQ(::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0) << p;
    ::close(fd);
}

std::optional<std::string> unprivilegedPrefix(std::string& why) {
    if (::geteuid() != 0) return std::string();
    // The built binary must also be reachable by that user (a build tree under /root is not).
    static const CommandOutput probe = shell(kSetpriv + quoted(plyjudgeBinary()) + " --version");
    if (probe.exitCode == 0) return kSetpriv;
    why = "root cannot run the built plyjudge as uid 65534 here (setpriv, or a build tree it cannot reach): " + probe.output;
    return std::nullopt;
}

Course::Course(const std::string& name) : root_(std::filesystem::path(GRADER_TEST_SCRATCH_DIR) / "courses" / (name + "-" + unguessableName())) {
    std::filesystem::create_directories(submissions());
    std::filesystem::create_directories(tmp());
    for (const auto& dir : {root_.parent_path(), root_, submissions(), tmp()}) openToRuns(dir);
    // The bundled squirrel assignment's published cases only: the bundled file also lists selfcheck and a 50-case
    // hidden suite, ten times the runs these tests need.
    plyjudge::testing::writeFile(root_ / "published.yaml", "variant: squirrel\nlimits: {wall_seconds: 10, cpu_seconds: 10}\nsuites: [" +
                                                               (plyjudge::testing::casesDir() / "squirrel" / "published").string() + "]\n");
}

Course::~Course() { removeTree(root_); }

std::filesystem::path Course::assignment() const {
    return hidden_ ? root_ / "assignment.yaml" : root_ / "published.yaml";
}

std::filesystem::path Course::hideTheSuite() {
    const std::filesystem::path suite = root_ / "hidden";
    std::filesystem::copy(plyjudge::testing::casesDir() / "squirrel" / "published", suite,
                          std::filesystem::copy_options::recursive);
    std::string manifest = plyjudge::testing::readFile(suite / "suite.yaml");
    manifest.replace(manifest.find("visibility: published"), 21, "visibility: hidden");
    plyjudge::testing::writeFile(suite / "suite.yaml", manifest);
    plyjudge::testing::writeFile(root_ / "assignment.yaml",
                                 "variant: squirrel\nlimits: {wall_seconds: 10, cpu_seconds: 10}\nsuites: [hidden]\n");
    hidden_ = true;
    return suite;
}

std::filesystem::path Course::addStudent(const std::string& name, const std::string& program) {
    const std::filesystem::path dir = submissions() / name;
    writeFileMakingDirs(dir / "main.py", program);
    openToRuns(dir);
    return dir;
}

CommandOutput Course::grade(const std::string& extra, const std::string& prefix) {
    if (!prefix.empty()) shell("chown -R 65534:65534 " + quoted(root_.string()));
    // `timeout`: a grader that hangs (on a FIFO, say) fails the test before ctest's own limit kills only the test.
    return shell("cd " + quoted(root_.string()) + " && timeout 240 " + prefix + "env TMPDIR=" + quoted(tmp().string()) + " " + quoted(plyjudgeBinary()) +
                 " grade " + quoted(assignment().string()) + " subs -j 2 --db results.db " + extra);
}

std::vector<StoredResult> Course::stored() const {
    storage::Database db(database());
    return readStoredResults(db);
}

std::vector<std::string> Course::leftovers() const {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(tmp())) names.push_back(e.path().filename().string());
    return names;
}

}  // namespace plyjudge::grader::testing
