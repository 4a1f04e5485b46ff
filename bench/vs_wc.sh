#!/usr/bin/env bash
# pips check against wc -w on the same archives (docs/performance.md):
#
#   bench/vs_wc.sh [--size MB] [--runs N] [--rules "R ..."] [--scaling "1 2 4 8"]
#
# Builds the release pips first (a no-op when up to date; --no-build skips
# it), then runs bench/vs_wc.py (its --help tells the rest). As bench/run.sh,
# the run goes into a session of its own at niceness -10 when root (--nice N;
# 0 leaves it as it is): Linux schedules each session as a group against the
# others, so other work on a shared machine takes less of the benchmark's CPU.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
orig=("$@")
build=1
if [[ $(id -u) == 0 ]]; then niceness=-10; else niceness=0; fi
args=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --no-build) build=0 ;;
        --nice) niceness=$2; shift ;;
        *) args+=("$1") ;;
    esac
    shift
done
if [[ $niceness != 0 && -z ${PIPS_BENCH_SESSION:-} ]] && command -v setsid >/dev/null; then
    PIPS_BENCH_SESSION=1 exec setsid --wait bash "${BASH_SOURCE[0]}" "${orig[@]}"
fi
if [[ $niceness != 0 ]]; then
    echo "$niceness" 2>/dev/null >/proc/self/autogroup || true
    renice -n "$niceness" -p $$ >/dev/null 2>&1 || true
fi
if [[ $build == 1 ]]; then
    (cd "$here" && { [[ -f build/release/build.ninja ]] || cmake --preset release >/dev/null; } &&
        cmake --build --preset release --target pips >&2)
fi
exec python3 "$here/bench/vs_wc.py" "${args[@]}"
