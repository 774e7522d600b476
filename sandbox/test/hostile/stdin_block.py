# Hostile: waits for input on stdin. stdin is /dev/null, so it reads end-of-file at once. Expected: Exited 0.
import sys
data = sys.stdin.read()
print("read", len(data))
