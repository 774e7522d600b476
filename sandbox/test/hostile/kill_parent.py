# Hostile: sends SIGSTOP, then SIGKILL to its parent (and SIGSTOP to every process it may signal).
# Expected: Exited 0; the grader and the other runs carry on.
import os, signal
parent = os.getppid()
for sig in (signal.SIGSTOP, signal.SIGKILL):
    try:
        os.kill(parent, sig)
        print("signalled parent", parent, sig)
    except OSError as e:
        print("blocked", sig, e.errno)
try:
    os.kill(-1, signal.SIGSTOP)
except OSError:
    pass
print("done")
