# A squirrel program written for Python 2 (xrange; it still compiles under Python 3) that also splits its input on
# '\n' alone: it passes only under Python 2 and with LF line ends, as many archived programs of 2016-2017 do.
# Needs _squirrel.py beside it. Run as: python2_crlf_crash.py -i INPUTFILE
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel

lines = open(sys.argv[2], "rb").read().decode().split("\n")
for _ in xrange(1):
    if lines[1] not in ("X", "O"):
        raise ValueError("unknown player " + repr(lines[1]))
    _squirrel.main()
