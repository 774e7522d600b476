# A squirrel program right in everything but its reading: it splits the input on '\n' alone and insists on an exact
# player line, so Windows line ends (CRLF) leave "X\r" and it crashes. Needs _squirrel.py beside it (the tests copy
# grader/test/programs/faulty/squirrel/_squirrel.py there). Run as: crlf_crash.py -i INPUTFILE
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel

lines = open(sys.argv[2], "rb").read().decode().split("\n")
if lines[1] not in ("X", "O"):
    raise ValueError("unknown player " + repr(lines[1]))
_squirrel.main()
