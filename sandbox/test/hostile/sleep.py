# Hostile: sleeps far past the wall-time limit. Expected: WallTimeout.
import time
time.sleep(1000)
