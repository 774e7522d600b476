# Hostile: makes its output file a FIFO (a reader would block forever). Expected: Exited 0; the grader refuses
# to read it (openRunOutput) instead of hanging.
import os
os.mkfifo("output.txt")
