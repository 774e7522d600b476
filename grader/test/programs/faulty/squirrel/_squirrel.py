# A Squirrel War solver written from docs/variants/squirrel.md, independently of the reference, with switches
# for two mistakes; strict-pruning.py and diagonal-adjacency.py run it with one of them on.
#   python3 <program>.py -i INPUTFILE
import sys

INF = float("inf")


def fmt(v):
    return "Infinity" if v == INF else "-Infinity" if v == -INF else str(int(v))


class Solver:
    def __init__(self, values, strict=False, diagonal=False):
        self.values, self.strict, self.diagonal = values, strict, diagonal
        self.log = []

    def neighbours(self, i):
        r, c = divmod(i, 5)
        steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if self.diagonal:
            steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        return [(r + dr) * 5 + c + dc for dr, dc in steps if 0 <= r + dr < 5 and 0 <= c + dc < 5]

    def play(self, board, i, p):
        board = list(board)
        enemy = "O" if p == "X" else "X"
        raid = any(board[n] == p for n in self.neighbours(i))
        board[i] = p
        if raid:
            for n in self.neighbours(i):
                if board[n] == enemy:
                    board[n] = p
        return board

    def score(self, board, root):
        return sum(v if b == root else -v if b != "*" else 0 for b, v in zip(board, self.values))

    def search(self, board, p, root, depth, ab, name="root", d=0, alpha=-INF, beta=INF):
        full = "*" not in board
        if d == depth or full:
            v = self.score(board, root)
            self.write(name, d, v, alpha, beta, ab)
            return v, None
        maxing = d % 2 == 0
        v = -INF if maxing else INF
        self.write(name, d, v, alpha, beta, ab)
        best = None
        for i in [k for k in range(25) if board[k] == "*"]:
            child, _ = self.search(self.play(board, i, p), "O" if p == "X" else "X", root, depth, ab,
                                   "ABCDE"[i % 5] + str(i // 5 + 1), d + 1, alpha, beta)
            if (child > v) if maxing else (child < v):
                v, best = child, i
            if ab:
                cut = (v > beta if self.strict else v >= beta) if maxing else (v < alpha if self.strict else v <= alpha)
                if cut:
                    self.write(name, d, v, alpha, beta, ab)
                    return v, best
                if maxing:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
            self.write(name, d, v, alpha, beta, ab)
        return v, best

    def write(self, name, d, v, alpha, beta, ab):
        self.log.append(",".join([name, str(d), fmt(v)] + ([fmt(alpha), fmt(beta)] if ab else [])))


def text(board):
    return "\n".join("".join(board[r * 5:r * 5 + 5]) for r in range(5))


def main(**mistakes):
    lines = [l.strip() for l in open(sys.argv[sys.argv.index("-i") + 1]).read().splitlines()]
    task = int(lines[0])
    if task == 4:
        sides = [(lines[1], int(lines[2]), int(lines[3])), (lines[4], int(lines[5]), int(lines[6]))]
        rest = lines[7:]
    else:
        sides = [(lines[1], task, int(lines[2]))]
        rest = lines[3:]
    values = [int(x) for row in rest[:5] for x in row.split()]
    board = [c for row in rest[5:10] for c in row]
    if task != 4:
        p, algorithm, depth = sides[0]
        s = Solver(values, **mistakes)
        _, move = s.search(board, p, p, 1 if algorithm == 1 else depth, algorithm == 3)
        open("next_state.txt", "w").write(text(s.play(board, move, p)))
        if algorithm != 1:
            open("traverse_log.txt", "w").write("\n".join(["Node,Depth,Value" + (",Alpha,Beta" if algorithm == 3 else "")] + s.log))
        return
    trace, turn = [], 0
    while "*" in board:
        p, algorithm, depth = sides[turn]
        _, move = Solver(values, **mistakes).search(board, p, p, 1 if algorithm == 1 else depth, algorithm == 3)
        board = Solver(values, **mistakes).play(board, move, p)
        trace.append(text(board))
        turn ^= 1
    open("trace_state.txt", "w").write("\n".join(trace))
