#!/usr/bin/env bash
# The coverage gate: builds the test suite and the example programs with g++ --coverage (-O0)
# in build/coverage, runs ctest (all but the package-consumer projects, which build elsewhere),
# then measures include/ with gcovr. Fails unless every line and at least 95% of branches are
# covered. Not counted: the exception edges of calls (--exclude-throw-branches) and branches
# on lines with no code but braces (--exclude-unreachable-branches). Reports, per file with what is
# missed: build/coverage/coverage.txt (lines), coverage-branches.txt, html/index.html.
#   scripts/coverage.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/require-packages.sh

require_packages cmake g++ make catch2 libbenchmark-dev pkg-config gcovr graphviz bsdutils

line_min=100
branch_min=95
root=$(pwd)
build=build/coverage  # the preset's binaryDir
jobs=$(nproc 2>/dev/null || echo 2)

# The "coverage" preset: g++, Debug (assertions on) at -O0 with --coverage and no debug
# information (gcov reads its own notes; -g cost an eighth of the compile time), tests and
# examples on, no benchmarks;
# tests/parallel_test.cpp, whose searches run on several threads, counts with atomic updates
# (tests/CMakeLists.txt: plain updates race, and gcov then reads negative counts).
cmake --preset coverage >/dev/null
cmake --build "$build" --parallel "$jobs"

# Not run here: the consumer projects (they build outside this tree) and the test cases
# tagged [deep], which ctest runs only under the "deep" label (with a 1 MiB stack):
# 10^5..10^7-node inputs take minutes at -O0, and the code they run is covered by the small
# inputs; measured coverage must not depend on them.

# Counters add up across runs; start from zero so the report is this run's alone.
find "$build" -name '*.gcda' -delete
ctest --test-dir "$build" --parallel "$jobs" --output-on-failure --label-exclude 'consumer|deep'

# gcov's own report splits every template instantiation apart; scripts/gcov-merge.py says why
# and writes one merged report per header, which gcovr then reads (-g) and keeps (-k).
rm -rf "$build/gcov" "$build/html"
python3 scripts/gcov-merge.py "$build" include "$build/gcov" "$jobs"
mkdir -p "$build/html"
gcovr --root "$root" --filter "$root/include/" --use-gcov-files --keep \
      --exclude-throw-branches --exclude-unreachable-branches \
      --txt "$build/coverage.txt" --html-details "$build/html/index.html" \
      --print-summary --fail-under-line "$line_min" --fail-under-branch "$branch_min" \
      "$build/gcov" && status=0 || status=$?
gcovr --root "$root" --filter "$root/include/" --use-gcov-files --keep \
      --exclude-throw-branches --exclude-unreachable-branches \
      --branches --txt "$build/coverage-branches.txt" "$build/gcov"
cat "$build/coverage.txt" "$build/coverage-branches.txt"
if [ "$status" -ne 0 ]; then
  echo "coverage gate FAILED: need ${line_min}% of lines and ${branch_min}% of branches in include/" >&2
  exit "$status"
fi
echo "coverage gate passed (lines >= ${line_min}%, branches >= ${branch_min}%)"
