#!/usr/bin/env bash
# Builds the benchmarks in Release (preset `bench`, into build/bench), runs every
# bench/<topic>_bench.cpp's binary and writes bench/results/results.md and chart.png with
# bench/report.py; the raw Google Benchmark JSON is kept in bench/results/raw/.
#
#   scripts/bench-report.sh [--quick] [--filter REGEX] [--repetitions N] [--min-time SECONDS]
#                           [--cpu N|none] [--time cpu|real] [--skip-build]
#
#   --quick         a smoke run for trying the pipeline: --min-time 0.01, 1 repetition
#   --filter REGEX  only benchmarks matching REGEX (passed as --benchmark_filter)
#   --repetitions N repetitions per benchmark, reported as their median (default 9)
#   --min-time S    minimum seconds per repetition (default 0.1)
#   --cpu N|none    the CPU the benchmarks are pinned to with taskset (default: the last one;
#                   none: not pinned)
#   --time cpu|real which time the report shows (default cpu, like Google Benchmark's items/s)
#   --skip-build    run the binaries already in build/bench
#
# The repetitions of all the benchmarks in one binary run in a random interleaved order
# (--benchmark_enable_random_interleaving), so that a slow spell of the machine is spread over
# gametree, the seed port and the limits alike instead of landing on one of them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
invocation="scripts/bench-report.sh"
[ $# -eq 0 ] || invocation+=$(printf ' %q' "$@")

usage() { sed -n '2,21s/^# \{0,1\}//p' "$0"; }
die() { echo "bench-report: error: $*" >&2; exit 1; }

filter="" repetitions=9 min_time=0.1 time=cpu build=1 cpu=default
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) min_time=0.01 repetitions=1 ;;
    --filter) [ $# -ge 2 ] || die "--filter needs a REGEX"; filter=$2; shift ;;
    --filter=*) filter=${1#*=} ;;
    --repetitions) [ $# -ge 2 ] || die "--repetitions needs a number"; repetitions=$2; shift ;;
    --repetitions=*) repetitions=${1#*=} ;;
    --min-time) [ $# -ge 2 ] || die "--min-time needs a number of seconds"; min_time=$2; shift ;;
    --min-time=*) min_time=${1#*=} ;;
    --cpu) [ $# -ge 2 ] || die "--cpu needs a CPU number or none"; cpu=$2; shift ;;
    --cpu=*) cpu=${1#*=} ;;
    --time) [ $# -ge 2 ] || die "--time needs cpu or real"; time=$2; shift ;;
    --time=*) time=${1#*=} ;;
    --skip-build) build=0 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option '$1'" ;;
  esac
  shift
done
[[ $repetitions =~ ^[1-9][0-9]*$ ]] || die "--repetitions must be a positive integer, not '$repetitions'"
[[ $min_time =~ ^[0-9]*\.?[0-9]+$ ]] || die "--min-time must be a number of seconds, not '$min_time'"
[[ $time == cpu || $time == real ]] || die "--time must be cpu or real, not '$time'"
[[ $cpu == default || $cpu == none || $cpu =~ ^[0-9]+$ ]] || die "--cpu must be a CPU number or none, not '$cpu'"

. scripts/require-packages.sh
require_packages cmake g++ make libbenchmark-dev python3 python3-matplotlib

# Debian's matplotlib belongs to Debian's python3; a python3 earlier on PATH (pyenv, a venv)
# may not have it.
python=""
for candidate in /usr/bin/python3 python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import matplotlib' 2>/dev/null; then
    python=$candidate
    break
  fi
done
[ -n "$python" ] || die "no python3 that can import matplotlib (Debian package python3-matplotlib)"

build_dir=build/bench
targets=()
for source in bench/*_bench.cpp; do
  [ -e "$source" ] || die "no benchmark sources (bench/*_bench.cpp)"
  targets+=("$(basename "$source" .cpp)")
done

if [ "$build" -eq 1 ]; then
  jobs=$(nproc 2>/dev/null || echo 2)
  log=$build_dir/bench-report-build.log
  cmake --preset bench >/dev/null || die "configuring the bench preset failed (see the output above)"
  echo "== building ${targets[*]} (Release, $build_dir; log: $log)"
  if ! cmake --build --preset bench --parallel "$jobs" >"$log" 2>&1; then
    # Say which benchmarks do not build, so one broken file is not mistaken for all of them.
    failed=()
    for target in "${targets[@]}"; do
      cmake --build --preset bench --target "$target" >/dev/null 2>&1 || failed+=("$target")
    done
    grep -E 'error|Error' "$log" | head -n 20 >&2 || true
    die "the build failed${failed:+ for: ${failed[*]}} (full log: $log); no report written"
  fi
fi

for target in "${targets[@]}"; do
  [ -x "$build_dir/bench/$target" ] || die "$build_dir/bench/$target is missing; build it or drop --skip-build"
done

results=bench/results
raw=$results/raw
mkdir -p "$raw"
rm -f "$raw"/*.json  # so benchmarks that no longer exist leave nothing behind

bench_flags=(--benchmark_repetitions="$repetitions" --benchmark_min_time="$min_time")
# The JSON keeps every repetition beside the aggregates: report.py pairs them to give each
# ratio its spread.
[ "$repetitions" -gt 1 ] && bench_flags+=(--benchmark_display_aggregates_only=true
                                          --benchmark_enable_random_interleaving=true)
[ -n "$filter" ] && bench_flags+=(--benchmark_filter="$filter")

# Pinning keeps a benchmark on one core's caches for the whole run.
runner=()
if [ "$cpu" = default ]; then
  if command -v taskset >/dev/null 2>&1; then
    cpu=$(( $(nproc 2>/dev/null || echo 1) - 1 ))
  else
    cpu=none
    echo "== taskset not found (Debian package util-linux): the benchmarks are not pinned"
  fi
fi
if [ "$cpu" != none ]; then
  command -v taskset >/dev/null 2>&1 || die "--cpu $cpu needs taskset (Debian package util-linux)"
  runner=(taskset -c "$cpu")
  taskset -c "$cpu" true 2>/dev/null || die "cannot pin to CPU $cpu (taskset -c $cpu failed)"
fi

start=$SECONDS
for target in "${targets[@]}"; do
  binary=$build_dir/bench/$target
  echo "== running ${runner[*]:+${runner[*]} }$target ${bench_flags[*]}"
  "${runner[@]}" "$binary" "${bench_flags[@]}" --benchmark_out="$raw/$target.json" --benchmark_out_format=json \
    || die "$target failed (exit status $?)"
  # A binary none of whose benchmarks matches --filter writes an empty file.
  [ -s "$raw/$target.json" ] || rm -f "$raw/$target.json"
done
shopt -s nullglob
outputs=("$raw"/*.json)
[ ${#outputs[@]} -gt 0 ] || die "no benchmark ran${filter:+ (none matches --filter '$filter')}"
echo "== benchmarks took $((SECONDS - start)) s"

"$python" bench/report.py --build-dir "$build_dir" --out-dir "$results" --time "$time" \
  --command "$invocation" --bench-flags "${bench_flags[*]}" \
  ${runner[0]:+--runner "${runner[*]}"} "${outputs[@]}"
