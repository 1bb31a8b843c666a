#!/usr/bin/env bash
# The main job: builds the example programs and runs each on its seed's worked example
# (examples/seeds/), printing the input and the answer. The programs come from build/release
# when the test command (scripts/test.sh) has configured it, a Release build of this tree
# with the examples, so that they are not compiled twice; else from build/examples, which
# holds the examples alone.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Each run of examples/seeds/index.txt: <program> <input> <expected output> [flags] | <title>
# (blank lines and lines that start with # are not runs).
runs=()
while IFS= read -r line; do
  command=${line%%|*}
  [ -z "${command// }" ] && continue
  case "$command" in \#*) continue ;; esac
  runs+=("$line")
done <examples/seeds/index.txt
# The program of every run, once each.
programs=$(for line in "${runs[@]}"; do read -r program _ <<<"${line%%|*}"; echo "$program"; done | sort -u)
cache=build/release/CMakeCache.txt
if grep -qx 'CMAKE_BUILD_TYPE:STRING=Release' "$cache" 2>/dev/null &&
   grep -qx 'GAMETREE_BUILD_EXAMPLES:BOOL=ON' "$cache" &&
   grep -qxF "CMAKE_HOME_DIRECTORY:INTERNAL=$(pwd -P)" "$cache"; then
  build=build/release
else
  build=build/examples
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DGAMETREE_BUILD_EXAMPLES=ON \
        -DGAMETREE_BUILD_TESTS=OFF -DGAMETREE_BUILD_BENCH=OFF -DGAMETREE_INSTALL=OFF >/dev/null
fi
# shellcheck disable=SC2086
cmake --build "$build" --parallel "$(nproc 2>/dev/null || echo 2)" --target $programs >/dev/null

status=0
for line in "${runs[@]}"; do
  IFS='|' read -r command title <<<"$line"
  read -r program input _expected flags <<<"$command"
  title=${title# }
  echo "== $title"
  echo "-- $program ${flags:+$flags }< examples/seeds/$input"
  sed 's/^/   /' "examples/seeds/$input"
  echo "-- answer"
  # shellcheck disable=SC2086
  if ! "$build/examples/$program" $flags <"examples/seeds/$input" | sed 's/^/   /'; then status=1; fi
  echo
done
exit $status
