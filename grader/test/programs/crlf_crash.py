# A reversi program that splits its input on '\n' only and insists on an exact player line: the official inputs'
# Windows line ends (CRLF) leave "X\r", and it crashes. Run as: crlf_crash.py -i INPUTFILE
import sys

lines = open(sys.argv[2], newline="").read().split("\n")
if lines[0] not in ("X", "O"):
    raise ValueError("unknown player " + repr(lines[0]))
