# Hostile: looks for descriptors inherited from the grader (a results database, another run's pipe) to read them.
# Expected: Exited 0, and only 0, 1 and 2 open.
import os
found = []
for fd in range(3, 1024):
    try:
        os.fstat(fd)
        found.append(fd)
    except OSError:
        pass
print("open", found)
