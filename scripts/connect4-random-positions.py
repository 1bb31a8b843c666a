#!/usr/bin/env python3
"""Random mid-game Connect 4 positions (7 x 6), one per line as Pons' sets write them: the
moves, columns 1-7. Each is a uniformly random game of 14 to 26 stones (the count uniform too),
kept only if nobody has four and the player to move cannot win at once (those are solved by
one stone). Deterministic for a seed; the scores are added by the connect4 program and checked
against Pons' solver (scripts/connect4-report.sh --pons).

    scripts/connect4-random-positions.py [--count N] [--seed S]
"""
import argparse
import random

W, H = 7, 6


def four(board, c, r, who):
    """Whether the stone of `who` at (c, r) makes four."""
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            x, y = c + sign * dc, r + sign * dr
            while 0 <= x < W and 0 <= y < H and board[x][y] == who:
                run += 1
                x, y = x + sign * dc, y + sign * dr
        if run >= 4:
            return True
    return False


def position(rng, stones):
    board = [[None] * H for _ in range(W)]
    heights = [0] * W
    moves = []
    for ply in range(stones):
        who = ply % 2
        c = rng.choice([c for c in range(W) if heights[c] < H])
        r = heights[c]
        board[c][r] = who
        heights[c] += 1
        moves.append(c)
        if four(board, c, r, who):
            return None
    who = stones % 2
    for c in range(W):
        if heights[c] < H and four(board, c, heights[c], who):
            return None  # the mover wins at once
    return "".join(str(c + 1) for c in moves)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seen = set()
    while len(seen) < args.count:
        p = position(rng, rng.randint(14, 26))
        if p is not None and p not in seen:
            seen.add(p)
            print(p)


if __name__ == "__main__":
    main()
