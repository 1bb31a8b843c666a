#!/usr/bin/env bash
# The main job: builds the example programs and runs each on its seed's worked example
# (examples/seeds/), printing the input and the answer.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build=build/examples
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DGAMETREE_BUILD_EXAMPLES=ON \
      -DGAMETREE_BUILD_TESTS=OFF -DGAMETREE_BUILD_BENCH=OFF -DGAMETREE_INSTALL=OFF >/dev/null
cmake --build "$build" --parallel "$(nproc 2>/dev/null || echo 2)" >/dev/null

status=0
# Each line of examples/seeds/index.txt: <program> <input> <expected output> [flags] | <title>
while IFS='|' read -r command title; do
  [ -z "${command// }" ] && continue
  case "$command" in \#*) continue ;; esac
  read -r program input _expected flags <<<"$command"
  title=${title# }
  echo "== $title"
  echo "-- $program ${flags:+$flags }< examples/seeds/$input"
  sed 's/^/   /' "examples/seeds/$input"
  echo "-- answer"
  # shellcheck disable=SC2086
  if ! "$build/examples/$program" $flags <"examples/seeds/$input" | sed 's/^/   /'; then status=1; fi
  echo
done <examples/seeds/index.txt
exit $status
