# Hostile: a child that leaves the process group and the session (setsid) and burns CPU forever, while the
# program exits 0 at once. Expected: Exited 0, and the child is killed.
import os
if os.fork() == 0:
    os.setsid()
    while True:
        pass
print("parent done")
