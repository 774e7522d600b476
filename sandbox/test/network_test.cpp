// Each run's network namespace is one no run used before (network.hpp): tables a program can write in a namespace
// and that outlive it cannot carry data to a later run, a classmate's or its own on a published case (issue 41).
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include <sys/stat.h>

#include "sandbox/isolation.hpp"
#include "sandbox/network.hpp"
#include "sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

using testing::TempDir;

// Leaves an IPv6 flow label with a linger of 60 s (it outlives the program: /proc/net/ip6_flowlabel lists it), or
// prints that table.
constexpr const char* kFlowLabel = R"(import socket, struct, sys
if sys.argv[1] == 'leave':
    s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
    req = struct.pack('=16sIBBHHH2xI', socket.inet_pton(socket.AF_INET6, '::1'), socket.htonl(int(sys.argv[2], 16)), 0, 255, 1, 0, 60, 0)
    s.setsockopt(socket.IPPROTO_IPV6, 32, req)
    print(open('/proc/net/ip6_flowlabel').read())
else:
    print(open('/proc/net/ip6_flowlabel').read())
)";

RunSpec run(const TempDir& work, std::vector<std::string> args) {
    RunSpec s;
    s.argv = {"/usr/bin/python3", "-c", kFlowLabel};
    s.argv.insert(s.argv.end(), args.begin(), args.end());
    s.workDir = work.path();
    s.limits.wallSeconds = 10;
    return s;
}

// Before: the namespaces were pooled and reused, and the second run printed the first one's label (5EC7E).
TEST(SandboxNetwork, ARunSeesNoFlowLabelAnEarlierRunLeft) {
    if (!isolationSupport().available) GTEST_SKIP() << "bubblewrap: " << isolationSupport().reason;
    if (!std::filesystem::exists("/usr/bin/python3")) GTEST_SKIP() << "no /usr/bin/python3 to write flow labels with";
    TempDir work;
    std::filesystem::permissions(work.path(), std::filesystem::perms::all);
    const RunOutcome left = runSandboxed(run(work, {"leave", "5ec7e"}));
    ASSERT_TRUE(left.ok()) << left.detail << left.stderrHead;
    if (left.stdoutHead.find("5EC7E") == std::string::npos) GTEST_SKIP() << "this kernel keeps no flow label: " << left.stdoutHead;
    for (int i = 0; i < 4; ++i) {  // whichever namespace the next runs get
        const RunOutcome next = runSandboxed(run(work, {"read"}));
        ASSERT_TRUE(next.ok()) << next.detail << next.stderrHead;
        EXPECT_EQ(next.stdoutHead.find("5EC7E"), std::string::npos) << "run " << i << " read: " << next.stdoutHead;
    }
}

// A namespace is never handed out twice.
TEST(SandboxNetwork, NoNamespaceIsHandedOutTwice) {
    std::set<std::pair<dev_t, ino_t>> seen;
    for (int i = 0; i < 8; ++i) {
        const detail::NetworkLease lease = detail::NetworkLease::acquire();
        if (lease.fd() < 0) GTEST_SKIP() << "no namespaces made here (the grader is not root)";
        struct stat st {};
        ASSERT_EQ(::fstat(lease.fd(), &st), 0);
        EXPECT_TRUE(seen.insert({st.st_dev, st.st_ino}).second) << "namespace handed out again at lease " << i;
    }
}

}  // namespace
}  // namespace plyjudge::sandbox
