#!/usr/bin/env python3
"""Writes one gcov text file per source file under SOURCE_DIR, merged over every .gcda file
under BUILD_DIR and over every template instantiation, for `gcovr --use-gcov-files`.

Why not let gcovr run gcov itself: gametree is header-only and nearly all of it is templates.
gcov's text output lists each instantiation separately, numbers a line's branches together
with its calls (so the same branch gets different numbers in instantiations that make
different calls), and marks an exception edge "(throw)" only if its block ran. gcovr 5 merges
branches by those numbers, so the branches of different instantiations land on top of each
other at random and an unexecuted instantiation's exception edges count as ordinary branches
that are never taken. gcov's JSON output flags every exception edge, run or not. From it this
script writes, per source line: the execution count summed over all instantiations and
translation units, then the non-exception branches merged by their order on that line (the
n-th decision of a line is the same source-level decision in every instantiation), then the
exception edges, still marked "(throw)" for --exclude-throw-branches.

usage: gcov-merge.py BUILD_DIR SOURCE_DIR OUTPUT_DIR [JOBS]
"""

import bisect
import concurrent.futures
import json
import os
import subprocess
import sys
from collections import defaultdict


def gcov_json(gcda):
    """gcov's JSON report for one .gcda file (with its .gcno alongside)."""
    env = dict(os.environ, LC_ALL="C")
    run = subprocess.run(
        ["gcov", "--json-format", "--stdout", "--branch-probabilities",
         "--object-directory", os.path.dirname(gcda), gcda],
        check=True, capture_output=True, text=True, env=env)
    # A header edited after the build would be reported against the wrong line numbers.
    for warning in run.stderr.splitlines():
        if "newer than" in warning:
            print(f"gcov-merge: warning: {warning.strip()}", file=sys.stderr)
    return [json.loads(doc) for doc in run.stdout.splitlines() if doc.strip()]


def split_instances(entry, starts):
    """The entry's per-instance parts. gcov (GCC 12) gives the lines of a lambda inside a
    template once for all the lambda's instances, their branches one instance after another;
    those are the instances of the innermost function starting before the line."""
    branches = entry.get("branches", [])
    if "function_name" in entry or not branches:
        return [entry]
    begin = bisect.bisect_right(starts, entry["line_number"])
    if begin == 0:
        return [entry]
    innermost = starts[begin - 1]
    instances = bisect.bisect_right(starts, innermost) - bisect.bisect_left(starts, innermost)
    if instances < 2 or len(branches) % instances:
        return [entry]
    size = len(branches) // instances
    parts = [branches[i:i + size] for i in range(0, len(branches), size)]
    shape = [b["throw"] for b in parts[0]]
    if any([b["throw"] for b in part] != shape for part in parts):
        return [entry]
    return [dict(entry, count=entry["count"] if i == 0 else 0, branches=part)
            for i, part in enumerate(parts)]


class Line:
    def __init__(self):
        self.count = 0
        self.decisions = []  # [count, fallthrough] by order on the line
        self.throws = []

    def add(self, entry):
        self.count += entry["count"]
        decisions = [b for b in entry.get("branches", []) if not b["throw"]]
        throws = [b for b in entry.get("branches", []) if b["throw"]]
        for merged, branches in ((self.decisions, decisions), (self.throws, throws)):
            for i, branch in enumerate(branches):
                if i == len(merged):
                    merged.append([0, False])
                merged[i][0] += branch["count"]
                merged[i][1] |= branch["fallthrough"]


def main():
    build_dir, source_dir, output_dir = sys.argv[1:4]
    jobs = int(sys.argv[4]) if len(sys.argv) > 4 else os.cpu_count() or 1
    source_dir = os.path.realpath(source_dir)
    gcdas = [os.path.join(d, f) for d, _, files in os.walk(build_dir)
             for f in files if f.endswith(".gcda")]
    if not gcdas:
        sys.exit(f"gcov-merge: no .gcda files under {build_dir}: did the tests run?")

    lines = defaultdict(lambda: defaultdict(Line))        # file -> line number -> Line
    functions = defaultdict(dict)                         # file -> name -> [line, calls]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for docs in pool.map(gcov_json, gcdas):
            for doc in docs:
                cwd = doc.get("current_working_directory", "")
                for f in doc["files"]:
                    path = os.path.realpath(os.path.join(cwd, f["file"]))
                    if not path.startswith(source_dir + os.sep):
                        continue
                    starts = sorted(fn["start_line"] for fn in f["functions"])
                    for entry in f["lines"]:
                        for part in split_instances(entry, starts):
                            lines[path][entry["line_number"]].add(part)
                    for fn in f["functions"]:
                        name = fn["demangled_name"]
                        seen = functions[path].setdefault(name, [fn["start_line"], 0])
                        seen[1] += fn["execution_count"]

    os.makedirs(output_dir, exist_ok=True)
    for path, by_line in lines.items():
        by_start = defaultdict(list)
        for name, (start, calls) in functions[path].items():
            by_start[start].append((name, calls))
        out = [f"        -:    0:Source:{path}", "        -:    0:Runs:1"]
        with open(path, encoding="utf-8") as source:
            for number, text in enumerate(source.read().splitlines(), start=1):
                for name, calls in by_start.get(number, []):
                    out.append(f"function {name} called {calls} returned {calls} "
                               f"blocks executed {100 if calls else 0}%")
                line = by_line.get(number)
                if line is None:
                    out.append(f"        -:{number:5}:{text}")
                    continue
                count = str(line.count) if line.count else "#####"
                out.append(f"{count:>9}:{number:5}:{text}")
                branches = [(c, "fallthrough" if f else None) for c, f in line.decisions]
                branches += [(c, "throw") for c, _ in line.throws]
                for i, (taken, note) in enumerate(branches):
                    suffix = f" ({note})" if note else ""
                    out.append(f"branch {i:2} taken {taken}{suffix}")
        name = os.path.relpath(path, source_dir).replace(os.sep, "#") + ".gcov"
        with open(os.path.join(output_dir, name), "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
