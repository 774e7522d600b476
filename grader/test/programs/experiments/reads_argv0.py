# A squirrel program right in everything but where it reads its input: it opens sys.argv[0], its own file, as the
# course's skeleton of some year did by mistake. Needs _squirrel.py beside it. Run as: reads_argv0.py -i INPUTFILE
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel

sys.argv[1:] = ["-i", sys.argv[0]]
_squirrel.main()
