// plyjudge-run-as [--report-fd=N] UID PROGRAM [ARGS...]: the credential switch inside bubblewrap for a root grader (bwrap runs as
// root without a user namespace, so it cannot switch itself). Does what `setpriv --reuid=UID --regid=UID
// --clear-groups --inh-caps=-all --bounding-set=-all` does, then execs PROGRAM (an absolute path).
//
// Every run under bubblewrap pays for this exec, so it is made cheap: on x86-64 it is built freestanding (no C
// library: the _start below and raw system calls), because glibc's start-up probes the CPU with cpuid, which traps
// to the hypervisor on a virtual machine: about 1 ms per exec there, against 2 ms for setpriv (its start-up, locale
// and libcap-ng). Elsewhere it is built against the C library.
#include <cstddef>

#include <linux/capability.h>
#include <linux/prctl.h>
#include <sys/syscall.h>

#if !PLYJUDGE_RUN_AS_FREESTANDING
#include <cerrno>
#include <unistd.h>
#endif

namespace {

// A system call: its result, or -errno.
long sys(long number, long a = 0, long b = 0, long c = 0, long d = 0) {
#if PLYJUDGE_RUN_AS_FREESTANDING
    long result;
    register long r10 asm("r10") = d;
    asm volatile("syscall" : "=a"(result) : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
    return result;
#else
    const long result = ::syscall(number, a, b, c, d);
    return result < 0 ? -errno : result;
#endif
}

std::size_t length(const char* s) {
    std::size_t n = 0;
    while (s[n]) ++n;
    return n;
}

// Where a failure is also reported: the grader's exec-report pipe (--report-fd), which only this helper writes and
// which is closed on the program's exec, so the grader tells "the program could not be executed" (a judge error)
// from a program that printed the same words and exited 127. -1: stderr only.
int reportFd = -1;

void sayTo(int fd, const char* s) { sys(SYS_write, fd, long(s), long(length(s))); }
void say(const char* s) {
    sayTo(2, s);
    if (reportFd >= 0) sayTo(reportFd, s);
}

// "plyjudge-run-as: WHAT: error N" on stderr and the report pipe (N: the errno), then exit 127 like a shell's
// failed exec.
[[noreturn]] void die(const char* what, long error) {
    char digits[24];
    char* p = digits + sizeof digits;
    *--p = '\0';
    unsigned long n = error < 0 ? (unsigned long)(-error) : (unsigned long)error;
    do *--p = char('0' + n % 10); while ((n /= 10) != 0);
    say("plyjudge-run-as: ");
    say(what);
    say(": error ");
    say(p);
    say("\n");
    for (;;) sys(SYS_exit_group, 127);
}

// The program gets the scheduler's default slice back (the sandbox asked for short ones for bwrap's processes,
// child_setup.hpp:requestShortSlice), keeping its policy and nice value. Best effort, like the request.
void defaultSlice() {
    struct { unsigned size, policy; unsigned long long flags; int nice; unsigned priority;
             unsigned long long runtime, deadline, period; unsigned utilMin, utilMax; } attr{};
    if (sys(SYS_sched_getattr, 0, long(&attr), long(sizeof attr), 0) != 0) return;
    if (attr.policy != 0 /* SCHED_OTHER */ && attr.policy != 3 /* SCHED_BATCH */) return;
    attr.size = sizeof attr;
    attr.flags = 0;
    attr.runtime = 0;  // the default slice
    sys(SYS_sched_setattr, 0, long(&attr), 0);
}

// Returns the exit status when it could not exec.
int runAs(int argc, char** argv, char** envp) {
    const char* option = "--report-fd=";
    if (argc > 1) {
        std::size_t i = 0;
        while (option[i] && argv[1][i] == option[i]) ++i;
        if (!option[i]) {
            long fd = 0;
            for (const char* c = argv[1] + i; *c >= '0' && *c <= '9' && fd < 1024; ++c) fd = fd * 10 + (*c - '0');
            if (fd > 2 && sys(SYS_fcntl, fd, 2 /* F_SETFD */, 1 /* FD_CLOEXEC */) == 0) reportFd = int(fd);
            --argc;
            ++argv;
        }
    }
    if (argc < 3) die("usage: plyjudge-run-as UID PROGRAM [ARGS...]", 22);
    long uid = 0;
    for (const char* c = argv[1]; *c; ++c) {
        if (*c < '0' || *c > '9' || uid > 0x7fffffffL / 10) die("bad uid", 22);
        uid = uid * 10 + (*c - '0');
    }
    if (uid <= 0) die("bad uid", 22);
    defaultSlice();
    // An empty bounding set first (that needs CAP_SETPCAP, gone after the switch): a setuid-root or file-capability
    // program it runs gains no capability. EINVAL: past the last capability this kernel knows.
    for (long cap = 0; cap <= 63; ++cap)
        if (long r = sys(SYS_prctl, PR_CAPBSET_DROP, cap); r < 0 && r != -22) die("dropping the bounding set", r);
    if (long r = sys(SYS_setgroups, 0, 0); r < 0) die("setgroups", r);
    if (long r = sys(SYS_setresgid, uid, uid, uid); r < 0) die("setresgid", r);
    if (long r = sys(SYS_setresuid, uid, uid, uid); r < 0) die("setresuid", r);
    // No capability left in any set: the switch cleared the permitted, effective and ambient ones, and the
    // inheritable set is cleared here.
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    if (long r = sys(SYS_capset, long(&header), long(data)); r < 0) die("capset", r);
    // ETXTBSY: the program (a copy made for this run) is still open for writing in another process: a run that another
    // thread of the grader was starting while the copy was written holds the descriptor from its clone to its exec
    // (child_setup.hpp marks every descriptor close-on-exec). Milliseconds: retried for up to a second, never charged
    // to the student (seen with --jobs 2: "text file busy", a judge error).
    long r = 0;
    for (int attempt = 0; attempt < 50; ++attempt) {
        r = sys(SYS_execve, long(argv[2]), long(argv + 2), long(envp));
        if (r != -26 /* ETXTBSY */) break;
        struct { long seconds, nanoseconds; } pause{0, 20'000'000};
        sys(SYS_nanosleep, long(&pause), 0);
    }
    die(argv[2], r);
}

}  // namespace

#if PLYJUDGE_RUN_AS_FREESTANDING
// The entry point without a C library: the kernel leaves argc, argv..., 0, envp..., 0 on the stack.
asm(".globl _start\n"
    "_start:\n"
    "  xor %rbp, %rbp\n"
    "  mov %rsp, %rdi\n"
    "  and $-16, %rsp\n"
    "  call plyjudge_run_as_start\n"
    "  hlt\n");

extern "C" [[noreturn]] void plyjudge_run_as_start(long* stack) {
    const int argc = int(stack[0]);
    char** argv = reinterpret_cast<char**>(stack + 1);
    for (;;) sys(SYS_exit_group, runAs(argc, argv, argv + argc + 1));
}

// What the compiler may call for the zero-initialised structures above.
extern "C" void* memset(void* to, int byte, std::size_t n) {
    auto* p = static_cast<volatile unsigned char*>(to);
    for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<unsigned char>(byte);
    return to;
}
#else
int main(int argc, char** argv, char** envp) { return runAs(argc, argv, envp); }
#endif
