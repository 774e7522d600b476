#!/usr/bin/env python3
"""A random legal gomoku4341 player for the tournament tests: speaks the file protocol in its working
directory, knows a tournament's opening from `opening_file`, and plays a uniformly random empty point.

usage: random_player.py NAME [SEED]
The choice is seeded by SEED (default 1), the opening and the moves seen, so one game replays the same way
and games from different openings differ.
"""
import os
import random
import sys
import time

NAME = sys.argv[1]
SEED = sys.argv[2] if len(sys.argv) > 2 else "1"
COLUMNS = "ABCDEFGHIJKLMNO"


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def point_of(column, row):
    return COLUMNS.index(column.upper()), int(row) - 1


board = {}  # (column, row) -> name
history = []
opening = read("opening_file") or ""
for line in opening.splitlines():
    parts = line.split()
    if len(parts) == 3:
        board[point_of(parts[1], parts[2])] = parts[0]
        history.append(line.strip())
last_written = None
while True:
    if os.path.exists("end_game"):
        sys.exit(0)
    content = read("move_file")
    if not os.path.exists(NAME + ".go") or content is None:
        time.sleep(0.002)
        continue
    parts = content.split()
    fresh = content.strip() != (last_written or "").strip()
    if not fresh or (parts and parts[0] == NAME) or (parts and len(parts) != 3):
        time.sleep(0.002)
        continue
    if parts:
        point = point_of(parts[1], parts[2])
        if board.get(point) != parts[0]:  # not the opening's last stone, already placed
            board[point] = parts[0]
            history.append(content.strip())
    chooser = random.Random("|".join([SEED, NAME] + history))
    empty = [(c, r) for c in range(15) for r in range(15) if (c, r) not in board]
    column, row = chooser.choice(empty)
    board[(column, row)] = NAME
    history.append(f"{NAME} {COLUMNS[column]} {row + 1}")
    last_written = f"{NAME} {COLUMNS[column]} {row + 1}\n"
    with open("move_file", "w") as f:
        f.write(last_written)
