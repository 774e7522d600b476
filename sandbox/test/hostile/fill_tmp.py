# Hostile: fills /tmp and /dev/shm until the disk says no (to hurt the grader and the classmates after it).
# Expected: stopped at its limits; under bubblewrap both are its own capped tmpfs, gone after the run.
import os
block = b"x" * (1 << 20)
for folder in ("/tmp", "/dev/shm"):
    path = os.path.join(folder, "plyjudge-hostile-fill-" + os.environ.get("HOSTILE_TAG", "x"))
    try:
        with open(path, "wb") as f:
            for i in range(64):
                f.write(block)
        print("wrote", folder)
    except OSError as e:
        print("stopped", folder, e.errno)
