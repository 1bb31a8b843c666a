#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang++, ASan + UBSan) and fuzzes each for a bounded time,
# starting from the committed corpus (fuzz/corpus/<harness>/, left unchanged: new inputs go to
# a scratch directory). Harnesses run side by side, one per core (GAMETREE_FUZZ_JOBS, default
# nproc), each for the full time. Prints the executions per harness; exits 1 if any fails.
#   scripts/fuzz.sh [seconds per harness, default 60] [harness name...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/require-packages.sh
require_packages cmake make clang libclang-rt-14-dev

seconds=${1:-60}
shift || true
jobs=${GAMETREE_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
# GAMETREE_FUZZ_BUILD: a build directory configured with GAMETREE_BUILD_FUZZERS (CI passes
# build/asan-clang, whose preset has them, so the harnesses are not compiled twice); else
# the harnesses alone are configured and built in build/fuzz.
build=${GAMETREE_FUZZ_BUILD:-build/fuzz}
if [ -z "${GAMETREE_FUZZ_BUILD:-}" ]; then
  cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DGAMETREE_BUILD_FUZZERS=ON -DGAMETREE_BUILD_TESTS=OFF -DGAMETREE_BUILD_EXAMPLES=OFF \
        -DGAMETREE_BUILD_BENCH=OFF -DGAMETREE_INSTALL=OFF >/dev/null
elif ! grep -q '^GAMETREE_BUILD_FUZZERS:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "fuzz.sh: $build is not a build configured with GAMETREE_BUILD_FUZZERS=ON" >&2
  exit 2
fi
cmake --build "$build" --parallel "$(nproc 2>/dev/null || echo 2)" >/dev/null

if [ $# -gt 0 ]; then
  harnesses=("$@")
else
  harnesses=()
  for f in fuzz/*_fuzz.cpp; do harnesses+=("$(basename "$f" _fuzz.cpp)"); done
fi

# One harness: fuzz it, then leave "ok" or "FAILED" in $build/<harness>.result.
fuzz_one() {
  local h=$1 scratch
  scratch=$(mktemp -d)
  if "$build/fuzz/${h}_fuzz" "$scratch" "fuzz/corpus/$h" -max_total_time="$seconds" \
       -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$build/$h-" \
       >"$build/$h.log" 2>&1; then
    echo ok >"$build/$h.result"
  else
    echo FAILED >"$build/$h.result"
  fi
  rm -rf "$scratch"
}

running=0
for h in "${harnesses[@]}"; do
  rm -f "$build/$h.result"
  echo "fuzzing $h for ${seconds}s"
  fuzz_one "$h" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

status=0
summary=""
for h in "${harnesses[@]}"; do
  result=$(cat "$build/$h.result" 2>/dev/null || echo FAILED)
  if [ "$result" != ok ]; then
    status=1
    echo "---- $h failed; the end of its log ($build/$h.log):"
    tail -n 40 "$build/$h.log" || true
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/$h.log" 2>/dev/null | tail -n 1)
  summary+=$(printf '%-20s %-6s %12s executions in %ss' "$h" "$result" "${runs:-?}" "$seconds")$'\n'
done
printf '\nfuzz summary\n%s' "$summary"
exit $status
