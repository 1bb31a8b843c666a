#!/usr/bin/env bash
# Times the connect4 program (Release) against Pascal Pons' own Connect 4 solver on the same
# positions, on this machine, in one run, and writes bench/results/connect4_side_by_side.md
# (strong solves) or connect4_side_by_side_weak.md (--weak).
# His solver is built here from a checkout of his public sources (github.com/PascalPons/connect4,
# AGPL) that you provide: nothing of it is copied into this repository. A driver written for this
# script (below, not his main.cpp) calls his Solver the way his own test harness does: reset()
# before each position, left out of the time, then solve(); it prints his node count and time.
#
#   scripts/connect4-side-by-side.sh --pons DIR [--data DIR] [--runs N] [--weak] [--quick]
#
#   --pons DIR  his checkout (Solver.cpp, Position.hpp ...)
#   --data DIR  Pons' sets (default ../shared/data/connect4)
#   --runs N    alternate runs of each program per set (default 2); the faster run counts
#   --weak      weak solves (who wins: his solve(p, true), our --weak), not strong ones
#   --quick     small samples (a minute or two), to try the script
#
# Both programs run on one core (taskset -c 1 where taskset exists), one after the other, table
# cleared before each position. Scores (their signs, weak) must agree with the set's (Pons'
# sets) or with each other (the random positions of bench/data/connect4_random.txt).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
invocation="scripts/connect4-side-by-side.sh"
[ $# -eq 0 ] || invocation+=$(printf ' %q' "$@")
data=../shared/data/connect4
pons=""
runs=2
quick=0
weak=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pons) [ $# -ge 2 ] || { echo "connect4-side-by-side: --pons needs a directory" >&2; exit 1; }; pons=$2; shift ;;
    --data) [ $# -ge 2 ] || { echo "connect4-side-by-side: --data needs a directory" >&2; exit 1; }; data=$2; shift ;;
    --runs) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "connect4-side-by-side: --runs needs a count" >&2; exit 1; }; runs=$2; shift ;;
    --weak) weak=1 ;;
    --quick) quick=1 ;;
    *) echo "connect4-side-by-side: unknown option '$1' (usage: scripts/connect4-side-by-side.sh --pons DIR [--data DIR] [--runs N] [--weak] [--quick])" >&2; exit 1 ;;
  esac
  shift
done
[ -n "$pons" ] || { echo "connect4-side-by-side: --pons DIR is required (a checkout of github.com/PascalPons/connect4)" >&2; exit 1; }
[ -f "$pons/Solver.cpp" ] && [ -f "$pons/Position.hpp" ] || { echo "connect4-side-by-side: $pons has no Solver.cpp and Position.hpp" >&2; exit 1; }
[ -f "$data/Test_L3_R1" ] || { echo "connect4-side-by-side: Pons' sets not found in $data" >&2; exit 1; }

build=build/examples
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DGAMETREE_BUILD_EXAMPLES=ON \
      -DGAMETREE_BUILD_TESTS=OFF -DGAMETREE_BUILD_BENCH=OFF -DGAMETREE_INSTALL=OFF >/dev/null
cmake --build "$build" --target connect4 --parallel "$(nproc 2>/dev/null || echo 2)" >/dev/null
ours=$build/examples/connect4

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The driver: reads "moves [score]" lines, prints "score nodes microseconds" per position and
# a summary line in the connect4 program's format.
cat >"$work/driver.cpp" <<'CPP'
#include "Solver.hpp"
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
int main() {
  GameSolver::Connect4::Solver solver;
  std::string line;
  double total_us = 0;
  unsigned long long total_nodes = 0;
  int n = 0, mismatches = 0;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string moves;
    int expected = 0;
    in >> moves;
    const bool scored = static_cast<bool>(in >> expected);
    GameSolver::Connect4::Position p;
    if (p.play(moves) != moves.size()) { std::fprintf(stderr, "driver: bad line '%s'\n", line.c_str()); return 1; }
    solver.reset();
    const auto t0 = std::chrono::steady_clock::now();
    const int score = solver.solve(p, WEAK);
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s %d %llu %.1f\n", moves.c_str(), score, solver.getNodeCount(), us);
    total_us += us;
    total_nodes += solver.getNodeCount();
    ++n;
    const auto sign = [](int x) { return (x > 0) - (x < 0); };
    if (scored && (WEAK ? sign(score) != sign(expected) : score != expected)) ++mismatches;
  }
  std::printf("summary: positions %d, mismatches %d, mean nodes %.2f, mean us %.2f\n", n, mismatches,
              n ? double(total_nodes) / n : 0.0, n ? total_us / n : 0.0);
  return mismatches ? 2 : 0;
}
CPP
g++ -std=c++17 -O3 -DNDEBUG -DWEAK=$weak -I"$pons" -o "$work/pons" "$work/driver.cpp" "$pons/Solver.cpp"

pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)
# The random positions: generated (fixed seed), scored by our program, kept in the repository.
random_set=bench/data/connect4_random.txt
if [ ! -f "$random_set" ]; then
  python3 scripts/connect4-random-positions.py --count 400 --seed 2026 >"$work/random"
  "$ours" <"$work/random" >"$random_set"
fi

if [ "$quick" -eq 1 ]; then
  sets=("Test_L3_R1 200" "Test_L2_R1 200" "Test_L2_R2 50" "Test_L1_R1 200" "Test_L1_R2 5" "Test_L1_R3 1" "random 40")
else
  sets=("Test_L3_R1 1000" "Test_L2_R1 1000" "Test_L2_R2 1000" "Test_L1_R1 1000" "Test_L1_R2 100" "Test_L1_R3 10" "random 400")
fi
summary() { sed -n 's/^summary: positions \([0-9]*\), mismatches \([0-9]*\), mean nodes \([0-9.]*\), mean us \([0-9.]*\)$/\1 \2 \3 \4/p'; }
out=bench/results/connect4_side_by_side.md
kind="strong solve"
ours_flags=(--stats)
if [ "$weak" -eq 1 ]; then
  out=bench/results/connect4_side_by_side_weak.md
  kind="weak solve (who wins: his solve(p, true), our --weak; the signs must agree)"
  ours_flags=(--stats --weak)
fi
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- include examples 2>/dev/null || commit+=" with uncommitted changes to include/ or examples/"
status=0
rows=""
for entry in "${sets[@]}"; do
  read -r set count <<<"$entry"
  file=$data/$set
  [ "$set" = random ] && file=$random_set
  head -n "$count" "$file" >"$work/input"
  best_ours="" best_pons=""
  for ((r = 1; r <= runs; ++r)); do
    echo "connect4-side-by-side: $set, first $count, run $r of $runs" >&2
    for who in ours pons; do
      cmd=("$ours" "${ours_flags[@]}")
      [ $who = pons ] && cmd=("$work/pons")
      rc=0
      "${pin[@]}" "${cmd[@]}" <"$work/input" >"$work/$who.out" || rc=$?
      [ "$rc" -eq 0 ] || { echo "connect4-side-by-side: $who: scores differ from $set's (exit $rc)" >&2; status=2; }
      read -r n mismatches nodes us <<<"$(tail -n 1 "$work/$who.out" | summary)"
      var=best_$who
      if [ -z "${!var}" ] || awk -v a="$us" -v b="${!var##* }" 'BEGIN { exit !(a < b) }'; then
        printf -v "$var" '%s %s %s %s' "$n" "$mismatches" "$nodes" "$us"
      fi
    done
    # The two programs' scores (signs), position by position (the random set has no scores of
    # its own).
    scores='{ print $2 }'
    [ "$weak" -eq 1 ] && scores='{ print ($2 > 0) - ($2 < 0) }'
    if ! diff <(awk "$scores" "$work/ours.out" | head -n "$count") <(awk "$scores" "$work/pons.out" | head -n "$count") >/dev/null; then
      echo "connect4-side-by-side: $set: the two programs' scores differ" >&2
      status=2
    fi
  done
  read -r n m_ours nodes_ours us_ours <<<"$best_ours"
  read -r _ m_pons nodes_pons us_pons <<<"$best_pons"
  rows+=$(awk -v s="$set" -v n="$n" -v no="$nodes_ours" -v np="$nodes_pons" -v uo="$us_ours" -v up="$us_pons" 'BEGIN {
      printf "| %s | %d | %.6g | %.6g | %.2fx | %.6g | %.6g | %.2fx |\n", s, n, no, np, no / np, uo, up, uo / up }')
  rows+=$'\n'
done
{
  if [ "$weak" -eq 1 ]; then
    echo "# Connect 4: the generic engine and Pons' solver side by side, weak solves"
  else
    echo "# Connect 4: the generic engine and Pons' solver side by side"
  fi
  echo
  echo "Generated by \`$invocation\` on $(date -u +%Y-%m-%d) at commit $commit ($(uname -m), $(nproc) cores,"
  echo "$(g++ --version | head -n 1), -O3 for both, no -march). Pons' solver is built from his public"
  echo "sources by the script, outside this repository. Both programs: $kind, one core, table"
  echo "cleared before each position (left out of the time), ${runs} alternate runs per set, the faster"
  echo "counts. The connect4 program: its defaults (narrowing, the game's hints, a 64 MiB table on huge"
  echo "pages where the kernel allows); his: a 2^24-entry table. The first positions of each set; random:"
  echo "bench/data/connect4_random.txt (scripts/connect4-random-positions.py, seed 2026, 14 to 26 stones,"
  echo "scored by the connect4 program; his scores agree)."
  echo
  echo "| set | positions | mean nodes, ours | Pons' | ratio | mean µs, ours | Pons' | ratio |"
  echo "|---|---|---|---|---|---|---|---|"
  printf '%s' "$rows"
} >"$out"
cat "$out"
# connect4.md carries the side-by-side runs too, strong then weak (scripts/connect4-report.sh
# appends them when it regenerates).
if [ -f bench/results/connect4.md ]; then
  report=$(mktemp)
  sed '/^## Connect 4: the generic engine and Pons. solver side by side/,$d' bench/results/connect4.md >"$report"
  {
    cat "$report"
    for f in bench/results/connect4_side_by_side.md bench/results/connect4_side_by_side_weak.md; do
      if [ -f "$f" ]; then echo; sed '1s/^# /## /' "$f"; fi
    done
  } | cat -s >bench/results/connect4.md
  rm -f "$report"
fi
exit $status
