# Hostile: tries to ptrace every process it can see (to read a classmate's or the grader's memory).
# Expected: Exited 0, and no attach succeeds on a process that is not its own.
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
PTRACE_ATTACH, PTRACE_DETACH = 16, 17
mine = {os.getpid()}
attached = []
for name in os.listdir("/proc"):
    if not name.isdigit() or int(name) in mine:
        continue
    pid = int(name)
    if libc.ptrace(PTRACE_ATTACH, pid, None, None) == 0:
        attached.append(pid)
        libc.ptrace(PTRACE_DETACH, pid, None, None)
print("attached", attached)
