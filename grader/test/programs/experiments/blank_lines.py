# A squirrel program right in everything but empty lines: it writes an empty line before each row of
# next_state.txt. Needs _squirrel.py beside it. Run as: blank_lines.py -i INPUTFILE
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel

_squirrel.main()
rows = open("next_state.txt").read().splitlines()
open("next_state.txt", "w").write("".join("\n" + row + "\n" for row in rows))
