#!/usr/bin/env bash
# Installs what pips needs to build and test on Debian 12 (dpkg-dev and file:
# the Debian package's dependencies; man-db and zsh: the tests of the man pages
# and completions; parallel: the test of pips analyze's shards under GNU
# parallel; chromium, chromium-driver and python3-selenium: the browser test
# of pips view; python3-jsonschema: the test of pips annotate's JSON against
# docs/annotate.schema.json). Idempotent: when every package is already installed it does
# nothing (and needs no root).
set -euo pipefail

packages=(
  build-essential g++ cmake ninja-build
  libboost-dev libfmt-dev libcli11-dev nlohmann-json3-dev
  librapidcheck-dev libgtest-dev libbenchmark-dev
  clang libclang-rt-14-dev clang-format
  python3 time parallel
  dpkg-dev file man-db zsh
  chromium chromium-driver python3-selenium
  python3-jsonschema
)

installed() {
  dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed$'
}

missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "setup: missing ${missing[*]}; run as root (or install sudo)" >&2
    exit 1
  fi
fi

echo "setup: installing ${missing[*]}"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
