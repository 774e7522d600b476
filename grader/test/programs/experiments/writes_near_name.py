# A squirrel program right in everything but its output file's name: it writes next_state (no .txt) instead of
# next_state.txt. Needs _squirrel.py beside it. Run as: writes_near_name.py -i INPUTFILE
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel

_squirrel.main()
os.rename("next_state.txt", "next_state")
