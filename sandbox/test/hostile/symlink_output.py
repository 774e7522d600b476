# Hostile: makes its output file a symbolic link to a file elsewhere (argv[1], e.g. the expected output).
# Expected: Exited 0; the grader refuses to follow it (openRunOutput).
import os, sys
os.symlink(sys.argv[1], "output.txt")
