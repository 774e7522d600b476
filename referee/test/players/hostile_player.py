#!/usr/bin/env python3
"""A gomoku4341 player that attacks its opponent's move_file (the referee's tests of the move relay).

usage: hostile_player.py ATTACK NAME OPPONENT MOVE [MOVE...]
ATTACK, done as soon as OPPONENT.go appears (the opponent's turn has begun), at every move_file in reach: ours
(the course's shared directory) and the opponent's folder beside ours (../OPPONENT/move_file):
  zzz     write `zzz`
  fifo    replace move_file by a FIFO
  folder  replace move_file by a folder
On its own turns it plays MOVE after MOVE, whatever the opponent did (it never reads move_file).
"""
import os
import shutil
import sys
import time

ATTACK, NAME, OPPONENT = sys.argv[1:4]
MOVES = sys.argv[4:]
TARGETS = ["move_file", os.path.join("..", OPPONENT, "move_file")]


def plant(path):
    if ATTACK == "zzz":
        with open(path, "w") as f:
            f.write("zzz")
        return
    clear(path)
    if ATTACK == "fifo":
        os.mkfifo(path, 0o666)
    else:
        os.mkdir(path, 0o777)


def clear(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)


def attack():
    for target in TARGETS:
        try:
            plant(target)
        except OSError:
            pass  # out of reach: what the referee must make sure of


turn = 0
attacked_turn = False
while True:
    if os.path.exists("end_game"):
        sys.exit(0)
    if os.path.exists(OPPONENT + ".go"):
        if not attacked_turn:
            attack()
            attacked_turn = True
    elif os.path.exists(NAME + ".go"):
        attacked_turn = False
        clear("move_file")
        with open("move_file", "w") as f:
            f.write(f"{NAME} {MOVES[turn][0]} {MOVES[turn][1:]}\n")
        turn += 1
        while os.path.exists(NAME + ".go") and not os.path.exists("end_game"):
            time.sleep(0.001)
    time.sleep(0.001)
