# Hostile: deletes its own input file. Expected: Exited 0; only its working directory changed.
import os
os.remove("input.txt")
print("deleted")
