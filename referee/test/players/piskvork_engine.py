#!/usr/bin/env python3
"""A scripted Gomocup engine for the referee's tests: speaks the piskvork protocol on stdin/stdout and, on its k-th
move, does the k-th action of its script. Every command it reads is logged to stderr as `got: LINE`.

usage: piskvork_engine.py [--refuse-start | --mute] ACTION...
  --refuse-start  answer ERROR to START;  --mute  never write anything
actions (coordinates in the course's notation, sent as piskvork's 0-based x,y):
  H8           answer the point (7,7)
  raw:TEXT     answer TEXT exactly (one line)
  occupied     answer the opponent's last point (or its own last one)
  silent       never answer (time out)
  crash        exit with status 3
  chatty:H8    print MESSAGE and DEBUG lines, then answer H8
After the script runs out it plays the first empty point in reading order.
"""
import sys

FLAG = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1].startswith("--") else None
REFUSE, MUTE = FLAG == "--refuse-start", FLAG == "--mute"
SCRIPT = sys.argv[2:] if FLAG else sys.argv[1:]
COLUMNS = "ABCDEFGHIJKLMNO"
board = {}
last = None
turn = 0


def say(text):
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


def xy(token):
    return COLUMNS.index(token[0].upper()), int(token[1:]) - 1


def move():
    global turn, last
    action = SCRIPT[turn] if turn < len(SCRIPT) else None
    turn += 1
    if action is None:
        action = next(f"{COLUMNS[x]}{y + 1}" for y in range(15) for x in range(15) if (x, y) not in board)
    if action == "silent":
        return
    if action == "crash":
        sys.exit(3)
    if action.startswith("raw:"):
        say(action[4:])
        return
    if action == "occupied":
        x, y = last
    else:
        if action.startswith("chatty:"):
            say("MESSAGE thinking hard")
            say("DEBUG depth 3")
            action = action[7:]
        x, y = xy(action)
    board[(x, y)] = 1
    say(f"{x},{y}")


reading_board = False
for raw in sys.stdin:
    line = raw.strip()
    sys.stderr.write(f"got: {line}\n")
    sys.stderr.flush()
    word = line.split(" ")[0]
    if MUTE:
        continue
    if reading_board:
        if line == "DONE":
            reading_board = False
            move()
        else:
            x, y, who = (int(v) for v in line.split(","))
            board[(x, y)] = who
            last = (x, y)
    elif word == "START":
        say("ERROR unsupported size" if REFUSE else "OK")
    elif word == "BEGIN":
        move()
    elif word == "TURN":
        x, y = (int(v) for v in line.split(" ")[1].split(","))
        board[(x, y)] = 2
        last = (x, y)
        move()
    elif word == "BOARD":
        board.clear()
        reading_board = True
    elif word == "END":
        sys.exit(0)
