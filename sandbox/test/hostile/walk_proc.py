# Hostile: walks /proc for other processes' command lines (a classmate's staged source path, the grader's
# arguments naming the course folder). Expected: Exited 0; under bubblewrap only its own processes are in sight.
import os
seen = []
for name in os.listdir("/proc"):
    if name.isdigit():
        try:
            seen.append(open("/proc/%s/cmdline" % name, "rb").read().replace(b"\0", b" ").decode("utf-8", "replace"))
        except OSError:
            pass
print("\n".join(seen))
