#!/usr/bin/env python3
"""A deliberately broken submission for the grader's tests.

usage: corrupt.py MODE PLYJUDGE VARIANT [ARGS...]

Runs the reference solver (PLYJUDGE solve VARIANT ARGS...) in the working directory, exactly like a student's
program would be run, then breaks its output in one precise way (MODE), or misbehaves (crash, hang, ...).
"""
import os
import signal
import subprocess
import sys
import time

mode, plyjudge, variant, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

# Misbehaviours that do not need the reference's answer.
if mode == "crash":
    raise RuntimeError("deliberate crash")
if mode == "segfault":
    os.kill(os.getpid(), signal.SIGSEGV)
if mode == "hang":
    while True:
        pass
if mode == "sleep":
    time.sleep(3600)
if mode == "flood":
    block = "x" * 65536 + "\n"
    while True:
        sys.stdout.write(block)
if mode == "big-file":
    with open("output.txt", "w") as f:
        block = "y" * (1 << 20)
        while True:
            f.write(block)
if mode == "fork-loop":
    children = []
    while True:
        try:
            pid = os.fork()
        except OSError:
            time.sleep(0.05)  # keep trying, as a fork bomb would
            continue
        if pid == 0:
            time.sleep(3600)
            os._exit(0)
        children.append(pid)
if mode == "memory-hog":
    hog = []
    while True:
        hog.append(bytearray(16 << 20))
if mode == "no-output":
    sys.exit(0)

subprocess.run([plyjudge, "solve", variant] + args, check=True)
if mode == "none":
    sys.exit(0)

if mode == "write-outside":
    # The answer is right, but the program also tries to leave a file outside its directory.
    for target in (os.environ["ESCAPE_TARGET"], "../escaped.txt"):
        with open(target, "w") as f:
            f.write("escaped\n")
    sys.exit(0)

LOG_FILE = {"reversi": "output.txt", "squirrel": "traverse_log.txt", "gomoku561": "traverse_log.txt"}
STATE_FILE = {"reversi": "output.txt", "squirrel": "next_state.txt", "gomoku561": "next_state.txt"}


def read(name):
    with open(name) as f:
        return f.read().split("\n")


def write(name, lines):
    with open(name, "w") as f:
        f.write("\n".join(lines))


def number(text):
    return {"Infinity": float("inf"), "-Infinity": float("-inf")}.get(text, None) if not text.lstrip("-").isdigit() else int(text)


def rows(lines):
    header = next(i for i, l in enumerate(lines) if l.startswith(("Node,Depth", "Move,Depth")))
    return header, [(i, l.split(",")) for i, l in enumerate(lines) if i > header and l]


def depth(fields):
    return int(fields[1])


def first_leaf(parsed):
    for k in range(1, len(parsed) - 1):
        d = depth(parsed[k][1])
        if depth(parsed[k - 1][1]) == d - 1 and depth(parsed[k + 1][1]) == d - 1 and parsed[k][1][2].lstrip("-").isdigit():
            return parsed[k][0], parsed[k][1]
    raise SystemExit("no leaf to corrupt")


if variant == "starcircle":
    lines = read("output.txt")
    if mode == "move":
        lines[0] = "A1-B2" if lines[0] != "A1-B2" else "A3-B4"
    elif mode == "myopic":
        lines[1] = str(int(lines[1]) + 1)
    elif mode == "nodes":
        lines[3] = str(int(lines[3]) + 1)
    else:
        raise SystemExit("unknown mode " + mode)
    write("output.txt", lines)
    sys.exit(0)

if mode == "other-move":
    name = STATE_FILE[variant]
    lines = read(name)
    lines[0] = ("X" if lines[0][0] != "X" else "O") + lines[0][1:]
    write(name, lines)
    sys.exit(0)

name = LOG_FILE[variant]
lines = read(name)
header, parsed = rows(lines)
if mode == "swap-siblings":
    for k in range(len(parsed) - 2):
        a, p, b = parsed[k][1], parsed[k + 1][1], parsed[k + 2][1]
        if depth(a) == depth(b) and depth(p) == depth(a) - 1 and a[0] != b[0]:
            i, j = parsed[k][0], parsed[k + 2][0]
            lines[i], lines[j] = lines[j], lines[i]
            break
    else:
        raise SystemExit("no siblings to swap")
elif mode == "leaf-value":
    i, fields = first_leaf(parsed)
    fields[2] = str(int(fields[2]) + 1)
    lines[i] = ",".join(fields)
elif mode == "shift-depth":
    i, fields = first_leaf(parsed)
    fields[1] = str(int(fields[1]) + 1)
    lines[i] = ",".join(fields)
elif mode == "drop-cutoff":
    for k, (i, f) in enumerate(parsed):
        # A node's line right after a child returned (not its entering line, not a leaf) showing a cut.
        if len(f) == 5 and k > 0 and depth(parsed[k - 1][1]) == depth(f) + 1:
            v, a, b = number(f[2]), number(f[3]), number(f[4])
            finite = v not in (float("inf"), float("-inf"))
            if finite and ((depth(f) % 2 == 0 and v >= b) or (depth(f) % 2 == 1 and v <= a)):
                del lines[i]
                break
    else:
        raise SystemExit("no cut-off line")
elif mode == "truncate-end":
    lines = lines[:-3]
elif mode == "extra-end":
    lines.append(lines[-1])
else:
    raise SystemExit("unknown mode " + mode)
write(name, lines)
