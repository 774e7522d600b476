# Hostile: writes output.txt without end. Python ignores SIGXFSZ, so it sees EFBIG (OSError) at the file size
# limit and exits 1. Expected: OutputLimit.
block = b"x" * (1 << 16)
with open("output.txt", "wb") as f:
    while True:
        f.write(block)
