# A squirrel program right in everything but the input's name: it opens input1.txt (as some courses' starter code
# did) instead of input.txt. Needs _squirrel.py beside it. Run as: opens_input1.py -i INPUTFILE
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel

sys.argv[1:] = ["-i", "input1.txt"]
_squirrel.main()
