# Squirrel War with one mistake: diagonal neighbours count as adjacent, for raids and conversions.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel
_squirrel.main(diagonal=True)
