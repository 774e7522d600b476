# Hostile: tries to create, append to or delete ("rm:" prefix) the files named in argv, all outside its
# working directory. Prints what succeeded. Expected: Exited 0; nothing outside its directory changed.
import os, sys
for arg in sys.argv[1:]:
    remove = arg.startswith("rm:")
    path = arg[3:] if remove else arg
    try:
        if remove:
            os.remove(path)
        else:
            with open(path, "a") as f:
                f.write("pwned\n")
        print("changed", path)
    except OSError as e:
        print("blocked", path, e.errno)
