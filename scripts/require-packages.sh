# Sourced by the project's scripts: require_packages PKG... makes sure the Debian packages are
# installed. As root it installs what is missing with apt-get; otherwise it prints the exact
# command to run and exits 1. On a system without dpkg it only says what it would need.
require_packages() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "note: not a Debian system; make sure these (or your platform's equivalents) are installed: $*" >&2
    return 0
  fi
  local missing=() pkg
  for pkg in "$@"; do
    # No `| grep -q` here: under the callers' pipefail an early exit of grep can fail the test.
    if [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)" != "install ok installed" ]; then
      missing+=("$pkg")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "installing missing packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "missing packages: ${missing[*]}" >&2
    echo "run:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
}
