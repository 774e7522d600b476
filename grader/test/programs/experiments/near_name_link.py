# A hostile squirrel program: it writes its right answer to answer.txt and makes next_state a symbolic link to it, so
# that an explainer following links would call the name its only mistake. Needs _squirrel.py beside it.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel

_squirrel.main()
os.rename("next_state.txt", "answer.txt")
os.symlink("answer.txt", "next_state")
