#!/usr/bin/env bash
# Runs every test: installs what the suite needs (Debian packages), then configures, builds
# and runs the whole suite (unit tests, documentation examples, example-program checks, the
# four package-consumer projects, a plain build without Catch2) through ctest, in build/release.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/require-packages.sh

require_packages cmake g++ make catch2 libbenchmark-dev pkg-config graphviz bsdutils

jobs=$(nproc 2>/dev/null || echo 2)
cmake --preset release
cmake --build --preset release --parallel "$jobs"
ctest --preset release --parallel "$jobs"
