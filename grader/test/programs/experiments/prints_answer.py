# A squirrel program right in everything but where its answer goes: it prints next_state.txt's text on standard
# output instead of writing the file. Needs _squirrel.py beside it. Run as: prints_answer.py -i INPUTFILE
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel

_squirrel.main()
answer = open("next_state.txt").read()
os.remove("next_state.txt")
sys.stdout.write(answer)
