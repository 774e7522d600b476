// plyjudge-run-as UID PROGRAM [ARGS...]: the credential switch inside bubblewrap for a root grader (bwrap runs as
// root without a user namespace, so it cannot switch itself). Does what `setpriv --reuid=UID --regid=UID
// --clear-groups --inh-caps=-all --bounding-set=-all` does, then execs PROGRAM; built static and free of locale and
// library set-up, because each run pays for this exec: setpriv's own start-up cost about 1.5 ms a run.
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

[[noreturn]] void die(const char* what) {
    const char* reason = std::strerror(errno);
    for (const char* part : {"plyjudge-run-as: ", what, ": ", reason, "\n"})
        [[maybe_unused]] auto n = ::write(2, part, std::strlen(part));
    ::_exit(127);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        errno = EINVAL;
        die("usage: plyjudge-run-as UID PROGRAM [ARGS...]");
    }
    char* end = nullptr;
    const long uid = std::strtol(argv[1], &end, 10);
    if (*end != '\0' || uid <= 0 || uid > 0x7fffffff) {
        errno = EINVAL;
        die("bad uid");
    }
    // An empty bounding set first (that needs CAP_SETPCAP, gone after the switch): a setuid-root or file-capability
    // program it runs gains no capability.
    for (int cap = 0; cap <= 63; ++cap)
        if (::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL) die("dropping the bounding set");
    if (::syscall(SYS_setgroups, 0, nullptr) != 0) die("setgroups");
    if (::syscall(SYS_setresgid, uid, uid, uid) != 0) die("setresgid");
    if (::syscall(SYS_setresuid, uid, uid, uid) != 0) die("setresuid");
    // No capability left in any set (the switch cleared the permitted, effective and ambient ones; the inheritable
    // set is cleared here).
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] = {};
    if (::syscall(SYS_capset, &header, data) != 0) die("capset");
    ::execv(argv[2], argv + 2);
    die(argv[2]);
}
