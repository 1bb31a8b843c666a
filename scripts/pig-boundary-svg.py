#!/usr/bin/env python3
"""Draws the hold boundary of Pig's optimal policy as an SVG heat map.

Reads the output of `pig --boundary` for one goal (examples/pig.hpp) on standard input: the
first line names the goal and the win probability, then one row per score of the player to
move, one column per score of the other, each the turn total at which optimal play holds
('-': it rolls on to the goal). Writes the SVG to standard output.

    echo 100 | build/release/examples/pig --boundary | scripts/pig-boundary-svg.py > docs/images/pig_hold_boundary.svg
"""
import sys


def colour(k, top):
    # Light (hold early) to dark (hold late); rolling to the goal in black.
    if k is None:
        return "#000000"
    t = min(1.0, k / top)
    r = int(255 - 215 * t)
    g = int(245 - 175 * t)
    b = int(200 - 40 * t)
    return f"#{r:02x}{g:02x}{b:02x}"


def main():
    lines = sys.stdin.read().splitlines()
    if not lines or not lines[0].startswith("goal "):
        sys.exit("pig-boundary-svg.py: expected the output of `pig --boundary` for one goal")
    rows = [[None if c == "-" else int(c) for c in line.split()] for line in lines[1:] if line.strip()]
    goal = len(rows)
    if goal == 0 or any(len(r) != goal for r in rows):
        sys.exit("pig-boundary-svg.py: expected one goal's square grid of turn totals")
    top = max(k for r in rows for k in r if k is not None) if any(k for r in rows for k in r) else 1
    cell, margin = 5, 50
    size = goal * cell
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + margin + 130}" height="{size + margin + 30}" '
           f'font-family="sans-serif" font-size="11">',
           f'<text x="{margin}" y="16">Pig to {goal}: the turn total at which optimal play holds</text>']
    for i, r in enumerate(rows):  # i: the score of the player to move, upwards
        y = margin + size - (i + 1) * cell - 20
        j = 0
        while j < goal:  # a run of equal cells as one rectangle
            end = j
            while end + 1 < goal and r[end + 1] == r[j]:
                end += 1
            out.append(f'<rect x="{margin + j * cell}" y="{y}" width="{(end - j + 1) * cell}" height="{cell}" '
                       f'fill="{colour(r[j], top)}"/>')
            j = end + 1
    base = margin + size - 20
    out.append(f'<text x="{margin + size / 2 - 60}" y="{base + 25}">the other player\'s score</text>')
    out.append(f'<text x="12" y="{base - size / 2 + 40}" transform="rotate(-90 12 {base - size / 2 + 40})">'
               f'the player to move\'s score</text>')
    for v in range(0, goal + 1, max(1, goal // 5)):
        out.append(f'<text x="{margin + v * cell - 4}" y="{base + 12}">{v}</text>')
        out.append(f'<text x="{margin - 22}" y="{base - v * cell + 4}">{v}</text>')
    lx = margin + size + 15
    low = min((k for r in rows for k in r if k is not None), default=0)
    steps = list(range(low, top + 1, max(1, (top - low) // 8)))
    for n, k in enumerate(steps):
        out.append(f'<rect x="{lx}" y="{margin + n * 16}" width="12" height="12" fill="{colour(k, top)}"/>')
        out.append(f'<text x="{lx + 18}" y="{margin + n * 16 + 10}">hold at {k}</text>')
    n = len(steps)
    out.append(f'<rect x="{lx}" y="{margin + n * 16}" width="12" height="12" fill="#000000"/>')
    out.append(f'<text x="{lx + 18}" y="{margin + n * 16 + 10}">roll to the goal</text>')
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
