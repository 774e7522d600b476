# Squirrel War with one mistake: alpha-beta prunes only when v > beta (or v < alpha).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _squirrel
_squirrel.main(strict=True)
