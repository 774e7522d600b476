#!/usr/bin/env python3
"""A scripted gomoku4341 player for the referee's tests: speaks the file protocol in its working directory
and, on its k-th turn, does the k-th action of its script.

usage: scripted_player.py [OPTIONS] NAME ACTION [ACTION...]
options (each imitates a real student player's habit):
  --dir D          the protocol files are in D (e.g. .. for a player run in a sub-folder)
  --poll S         test for NAME.go every S seconds (default 0.001)
  --sleep-after S  sleep S seconds after each write (to let the referee remove NAME.go)
  --lower-only     parse the opponent's column as ord(c) - ord('a') and crash on anything else (upper case)
  --inotify        learn of NAME.go only from inotify events (never tests whether it exists)
  --slow-start S   burn S seconds of CPU before anything else (an interpreter's heavy imports)
  --busy-print     print "Waiting turn..." in a busy loop while waiting (and 128 KiB of it at start-up, so that
                   its output outgrows the 64 KiB the referee keeps however fast the game is)
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
  think:S:H8     wait S seconds, then write H8
After the script runs out it plays the first empty point in reading order.
"""
import ctypes
import os
import struct
import sys
import time

OPTIONS = {"dir": ".", "poll": 0.001, "sleep-after": 0.0, "slow-start": 0.0}
FLAGS = set()
args = sys.argv[1:]
while args and args[0].startswith("--"):
    option = args.pop(0)[2:]
    if option in OPTIONS:
        OPTIONS[option] = args.pop(0) if option == "dir" else float(args.pop(0))
    else:
        FLAGS.add(option)
NAME = args[0]
SCRIPT = args[1:]
COLUMNS = "ABCDEFGHIJKLMNO"
GO = os.path.join(OPTIONS["dir"], NAME + ".go")
MOVE_FILE = os.path.join(OPTIONS["dir"], "move_file")
END_GAME = os.path.join(OPTIONS["dir"], "end_game")
if "busy-print" in FLAGS:
    sys.stdout.write("Waiting turn...\n" * 8192)


def point_text(token):
    token = token.replace(" ", "")
    return f"{token[0]} {token[1:]}"


def write(text):
    with open(MOVE_FILE, "w") as f:
        f.write(text)


def inotify_watch():
    """An inotify descriptor on the protocol folder (creations and writes), through libc."""
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.inotify_init()
    IN_MODIFY, IN_CLOSE_WRITE, IN_CREATE, IN_MOVED_TO = 0x2, 0x8, 0x100, 0x80
    libc.inotify_add_watch(fd, OPTIONS["dir"].encode(), IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO)
    return fd


def inotify_names(fd):
    """Blocks until events arrive; the names they concern."""
    data = os.read(fd, 65536)
    names, i = [], 0
    while i < len(data):
        _, _, _, length = struct.unpack_from("iIII", data, i)
        names.append(data[i + 16:i + 16 + length].rstrip(b"\0").decode())
        i += 16 + length
    return names


board = set()
last_written = None
turn = 0
spinning = False


def read_move_file():
    try:
        return open(MOVE_FILE).read()
    except OSError:
        return None


def fresh(content):
    """move_file holds something else than our own last line (the referee has answered)."""
    return content is not None and (last_written is None or content.strip() != last_written.strip())


def wait_by_inotify():
    """Only events say it is our turn: a NAME.go created before we watched is never seen."""
    while True:
        names = inotify_names(WATCH)
        if os.path.exists(END_GAME):
            sys.exit(0)
        content = read_move_file()
        if NAME + ".go" in names and fresh(content):
            return content


def wait_for_turn():
    """Until NAME.go exists and move_file no longer holds our own last line (the referee has answered)."""
    if "inotify" in FLAGS:
        return wait_by_inotify()
    while True:
        if os.path.exists(END_GAME):
            sys.exit(0)
        if os.path.exists(GO):
            content = read_move_file()
            # Still our turn after the read (the referee removes NAME.go before it rewrites move_file).
            if fresh(content) and os.path.exists(GO):
                return content
        if "busy-print" in FLAGS:
            print("Waiting turn...")
        elif not spinning:
            time.sleep(OPTIONS["poll"])
        else:
            deadline = time.time() + 0.001
            while time.time() < deadline:
                pass


def parse_lower_only(parts):
    """The opponent's move as a player tuned to the course referee reads it: lower-case columns only."""
    column = ord(parts[1]) - ord("a")
    if not 0 <= column < 15:
        raise ValueError(f"bad column {parts[1]!r} in {' '.join(parts)!r}")
    return column


deadline = time.time() + OPTIONS["slow-start"]
while time.time() < deadline:
    pass
WATCH = inotify_watch() if "inotify" in FLAGS else None

if SCRIPT and SCRIPT[0].startswith("early:"):
    write(f"{NAME} {point_text(SCRIPT[0][6:])}\n")
    SCRIPT = SCRIPT[1:]

while True:
    content = wait_for_turn()
    spinning = False
    parts = content.split()
    if len(parts) == 3:
        if "lower-only" in FLAGS:
            parse_lower_only(parts)
        board.add((parts[1].upper(), parts[2]))
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
    if kind == "think":
        seconds, _, arg = arg.partition(":")
        time.sleep(float(seconds))
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
        os.remove(MOVE_FILE)
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
    if "lower-only" in FLAGS:
        line = line.lower().replace(NAME.lower(), NAME, 1)
    last_written = line
    write(line if kind == "nonl" else line + "\n")
    time.sleep(OPTIONS["sleep-after"])
    if kind == "spin":
        spinning = True
