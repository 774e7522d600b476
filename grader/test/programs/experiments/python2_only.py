# A squirrel program written for Python 2 that still compiles under Python 3 (so `python: auto` runs it with
# python3): xrange exists only in Python 2. Needs _squirrel.py beside it. Run as: python2_only.py -i INPUTFILE
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel

for _ in xrange(1):
    _squirrel.main()
