#!/usr/bin/env python3
"""A scripted gomoku4341 player for the referee's tests: speaks the file protocol in its working directory
and, on its k-th turn, does the k-th action of its script.

usage: scripted_player.py NAME ACTION [ACTION...]
actions:
  H8 / "H 8"     write `NAME H 8` (with a final newline)
  nonl:H8        write `NAME H 8` without a final newline
  raw:TEXT       write TEXT exactly (\\n escapes allowed)
  empty          truncate move_file to nothing
  delete         delete move_file
  sleep          never answer (time out)
  crash          exit with status 3 before writing
  fork:H8        fork a child that sleeps for 60 s (and outlives us if we are killed), then write H8
  spin:H8        write H8, then burn CPU until our next turn
  other:H8       write the move with the opponent's name (read from move_file), out of turn
  early:H8       write H8 immediately at start-up, before any .go (out of order)
  slow:H8        wait 0.6 s, then write H8
After the script runs out it plays the first empty point in reading order.
"""
import os
import sys
import time

NAME = sys.argv[1]
SCRIPT = sys.argv[2:]
COLUMNS = "ABCDEFGHIJKLMNO"


def point_text(token):
    token = token.replace(" ", "")
    return f"{token[0]} {token[1:]}"


def write(text):
    with open("move_file", "w") as f:
        f.write(text)


board = set()
last_written = None
turn = 0
spinning = False


def wait_for_turn():
    """Until NAME.go exists and move_file no longer holds our own last line (the referee has answered)."""
    while True:
        if os.path.exists("end_game"):
            sys.exit(0)
        if os.path.exists(NAME + ".go"):
            try:
                content = open("move_file").read()
            except OSError:
                content = None
            # Still our turn after the read (the referee removes NAME.go before it rewrites move_file).
            if content is not None and os.path.exists(NAME + ".go") and (
                    last_written is None or content.strip() != last_written.strip()):
                return content
        if not spinning:
            time.sleep(0.001)
        else:
            deadline = time.time() + 0.001
            while time.time() < deadline:
                pass


if SCRIPT and SCRIPT[0].startswith("early:"):
    write(f"{NAME} {point_text(SCRIPT[0][6:])}\n")
    SCRIPT = SCRIPT[1:]

while True:
    content = wait_for_turn()
    spinning = False
    parts = content.split()
    if len(parts) == 3:
        board.add((parts[1], parts[2]))
    action = SCRIPT[turn] if turn < len(SCRIPT) else None
    turn += 1
    if action is None:
        for r in range(1, 16):
            for c in COLUMNS:
                if (c, str(r)) not in board:
                    action = f"{c}{r}"
                    break
            if action:
                break
    if action in ("sleep", "crash", "empty", "delete"):
        kind, arg = action, ""
    elif ":" in action:
        kind, _, arg = action.partition(":")
    else:
        kind, arg = "move", action
    if kind == "slow":
        time.sleep(0.6)
    if kind == "sleep":
        time.sleep(3600)
    if kind == "crash":
        sys.exit(3)
    if kind == "fork" and os.fork() == 0:
        os.setsid()
        time.sleep(60)
        os._exit(0)
    if kind == "empty":
        last_written = ""
        write("")
        continue
    if kind == "delete":
        os.remove("move_file")
        last_written = ""
        continue
    if kind == "raw":
        text = arg.replace("\\n", "\n")
        last_written = text
        write(text)
        continue
    p = point_text(arg)
    board.add(tuple(p.split()))
    name = NAME
    if kind == "other":
        name = parts[0] if len(parts) == 3 else "nobody"
    line = f"{name} {p}"
    last_written = line
    write(line if kind == "nonl" else line + "\n")
    if kind == "spin":
        spinning = True
