# Hostile: tries to read the files named in argv (another submission, the expected outputs) and prints what
# it could read. Expected: Exited 0; with bubblewrap none of the contents appear.
import os, sys
for path in sys.argv[1:]:
    try:
        if os.path.isdir(path):
            print(path, os.listdir(path))
        else:
            with open(path) as f:
                print(path, f.read())
    except OSError as e:
        print("blocked", path, e.errno)
