# Hostile: grows a list of buffers until Python raises MemoryError. Expected: MemoryLimit.
blocks = []
while True:
    blocks.append(bytearray(1 << 20))
