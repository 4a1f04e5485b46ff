#!/usr/bin/env bash
# Compares the speed of two pips builds on the same inputs: a change must keep
# `pips check` within 5% of the build before it (docs/performance.md).
#
#   bench/compare.sh BASE/pips NEW/pips                # 50 MB per rule set, 7 runs
#   bench/compare.sh BASE/pips NEW/pips --size 200 --runs 5 --rules "jamaican french"
#
# Per rule set, a full-information corpus is generated once with the BASE
# build (`pips generate --seed 1`, reused while its stamp matches), then
# `pips check --quiet --jobs 1 FILE` is timed RUNS times for each build,
# alternating base and new so that a change in the machine's load falls on
# both. Reported: the median CPU time (user + system, from wait4) and
# the median wall time of each, the new build's MB/s, and new/base. A rule set
# whose CPU-time ratio exceeds 1.05 is marked SLOWER and the exit status is 1.
#
# Options:
#   --size MB        corpus size per rule set (default 50)
#   --runs N         timed runs per build (default 7)
#   --rules "R ..."  rule sets (default: all six)
#   --jobs N         pass --jobs N to pips check (default 1)
#   --nice N         niceness of the run, in a session of its own (default -10 as root)
# Environment: PIPS_BENCH_DIR, the work directory (default /tmp/pips-bench).
set -euo pipefail

args=("$@")
if [[ $# -lt 2 || $1 == -h || $1 == --help ]]; then
    sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    [[ $# -ge 2 ]] && exit 0 || exit 2
fi
base=$(realpath "$1")
new=$(realpath "$2")
shift 2
dir=${PIPS_BENCH_DIR:-/tmp/pips-bench}/compare
size_mb=50
runs=7
jobs=1
rules="jamaican cutthroat french chiva quinientos fives-threes"
if [[ $(id -u) == 0 ]]; then niceness=-10; else niceness=0; fi
while [[ $# -gt 0 ]]; do
    case $1 in
        --size) size_mb=$2; shift ;;
        --runs) runs=$2; shift ;;
        --rules) rules=$2; shift ;;
        --jobs) jobs=$2; shift ;;
        --nice) niceness=$2; shift ;;
        *) echo "bench/compare.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
say() { echo "compare: $*" >&2; }
for exe in "$base" "$new"; do
    [[ -x $exe ]] || { say "not an executable: $exe"; exit 2; }
done

# As bench/run.sh: niceness counts only inside a session (autogroup).
if [[ $niceness != 0 && -z ${PIPS_BENCH_SESSION:-} ]] && command -v setsid >/dev/null; then
    PIPS_BENCH_SESSION=1 exec setsid --wait bash "${BASH_SOURCE[0]}" "${args[@]}"
fi
if [[ $niceness != 0 ]]; then
    echo "$niceness" 2>/dev/null >/proc/self/autogroup || true
    renice -n "$niceness" -p $$ >/dev/null 2>&1 || true
fi

# shellcheck source=bench/corpus.sh
source "$(dirname "${BASH_SOURCE[0]}")/corpus.sh"
# generate RULES FILE: at least size_mb MB, made by the base build.
generate() { generate_corpus "$base" "$1" "$size_mb" 1 "$2"; }

# timed OUT EXE FILE: appends "wall cpu" to OUT, in seconds with microsecond
# resolution (the child's own user + system time, from wait4; /usr/bin/time's
# 10 ms steps are too coarse for runs of a fraction of a second).
timed() {
    local out=$1 exe=$2 file=$3 status=0
    python3 -c '
import os, subprocess, sys, time
t = time.perf_counter()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, u = os.wait4(p.pid, 0)
w = time.perf_counter() - t
print(f"{w:.6f} {u.ru_utime + u.ru_stime:.6f}")
sys.exit(os.waitstatus_to_exitcode(status))' "$exe" check --quiet --jobs "$jobs" "$file" >>"$out" || status=$?
    ((status <= 1)) || say "warning: $exe check $file exited $status"
}
median() {
    awk -v f="$2" '{ print $f }' "$1" | sort -g |
        awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

mkdir -p "$dir"
echo "| rule set | MB | base CPU s | new CPU s | new/base CPU | base wall s | new wall s | new MB/s (wall) | |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
status=0
for r in $rules; do
    file=$dir/$r.dgn
    generate "$r" "$file"
    bytes=$(stat -c %s "$file")
    cat "$file" >/dev/null
    rm -f "$dir/$r.base" "$dir/$r.new"
    say "timing $r ($runs runs per build)"
    for ((i = 1; i <= runs; i++)); do
        if ((i % 2)); then
            timed "$dir/$r.base" "$base" "$file"
            timed "$dir/$r.new" "$new" "$file"
        else
            timed "$dir/$r.new" "$new" "$file"
            timed "$dir/$r.base" "$base" "$file"
        fi
    done
    bc=$(median "$dir/$r.base" 2)
    nc=$(median "$dir/$r.new" 2)
    bw=$(median "$dir/$r.base" 1)
    nw=$(median "$dir/$r.new" 1)
    read -r ratio mark < <(awk -v b="$bc" -v n="$nc" 'BEGIN { r = n / b; printf "%.3f %s\n", r, (r > 1.05 ? "SLOWER" : "ok") }')
    [[ $mark == ok ]] || status=1
    echo "| $r | $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') | $bc | $nc | $ratio | $bw | $nw | $(awk -v b="$bytes" -v s="$nw" 'BEGIN { printf "%.1f", b / s / 1e6 }') | $mark |"
done
exit "$status"
