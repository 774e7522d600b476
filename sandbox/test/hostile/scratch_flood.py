# Hostile: writes scratch files, each under the file size limit, in its folder and its temporary folders, many times
# the disk quota in all, and removes them before it ends (an attack on the disk its classmates share: 3,120 MiB in
# 3 s). Expected: stopped at the disk quota (an output limit), long before it wrote them all.
import os
import sys
import time
chunk = b"x" * (1 << 20)
files_mib = int(sys.argv[1])   # each file's size, under the size limit
count = int(sys.argv[2])       # files per folder
folders = sys.argv[3:]         # its folder, and its private temporary folders under bubblewrap
made = []
for i in range(count):
    for folder in folders:
        path = os.path.join(folder, "scratch-%d" % i)
        try:
            with open(path, "wb") as f:
                for _ in range(files_mib):
                    f.write(chunk)
            made.append(path)
        except OSError:
            pass
    time.sleep(0.05)
for path in made:
    os.remove(path)
print("wrote", len(made), "files")
