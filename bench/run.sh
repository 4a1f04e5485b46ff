#!/usr/bin/env bash
# The pips benchmark (docs/performance.md). One command runs it all:
#
#   bench/run.sh            # >= 200 MB per rule set, 5 runs each, 1 GB RSS check
#   bench/run.sh --quick    # 20 MB per rule set, to try it out
#
# It builds the release preset (a no-op when up to date), generates per rule
# set a full-information corpus with `pips generate --seed 1` (reused when
# present with the same seed and size), then times, in the same run,
# `pips check --quiet --jobs 1`, `pips check --quiet --jobs 2`, `wc -l` and
# `cat > /dev/null` on each file, RUNS times each and interleaved (so that a
# change in the machine's load falls on all of them), under
# /usr/bin/time -f '%U %S %M' (wall time: bash's $EPOCHREALTIME), and
# takes medians. Hands and plies come from one `pips check --stats` run.
# Then the peak RSS on 1 MB, 100 MB and 1 GB Jamaican inputs, and the Google
# Benchmark micro-benchmarks (build/release/bench/pips_micro). The markdown
# report goes to standard output and to $DIR/report.md; progress to
# standard error.
#
# Options:
#   --quick          20 MB per rule set (RSS ladder 1 MB, 20 MB, 100 MB)
#   --size MB        corpus size per rule set (default 200)
#   --runs N         timed runs per command (default 5)
#   --rules "R ..."  rule sets to run (default: all six)
#   --no-build       use build/release as it is
#   --no-rss         leave out the RSS ladder
#   --no-micro       leave out the micro-benchmarks
#   --nice N         run at this niceness, in a session (and so a scheduling
#                    autogroup) of its own: the default, -10 when root, keeps
#                    other work on a shared machine from taking much of the
#                    benchmark's CPU time; 0 runs it as it is
# Environment: PIPS_BENCH_DIR, the work directory (default /tmp/pips-bench).
set -euo pipefail

args=("$@")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${PIPS_BENCH_DIR:-/tmp/pips-bench}
size_mb=200
runs=5
quick=0
build=1
rss=1
micro=1
seed=1
all_rules="jamaican cutthroat french chiva quinientos fives-threes"
rules=$all_rules
if [[ $(id -u) == 0 ]]; then niceness=-10; else niceness=0; fi

while [[ $# -gt 0 ]]; do
    case $1 in
        --quick) quick=1; size_mb=20 ;;
        --size) size_mb=$2; shift ;;
        --runs) runs=$2; shift ;;
        --rules) rules=$2; shift ;;
        --no-build) build=0 ;;
        --no-rss) rss=0 ;;
        --no-micro) micro=0 ;;
        --nice) niceness=$2; shift ;;
        -h|--help) sed -n '2,31p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench/run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

say() { echo "bench: $*" >&2; }

# Linux schedules each session's processes as a group (autogroup) against
# the other sessions, so a niceness only counts inside a session: the run
# goes into a new session and sets both.
if [[ $niceness != 0 && -z ${PIPS_BENCH_SESSION:-} ]] && command -v setsid >/dev/null; then
    PIPS_BENCH_SESSION=1 setsid --wait bash "${BASH_SOURCE[0]}" "${args[@]}" &
    session=$!
    trap 'kill -TERM -- "-$session" 2>/dev/null; exit 130' INT TERM
    status=0
    wait "$session" || status=$?
    exit "$status"
fi
if [[ $niceness != 0 ]]; then
    echo "$niceness" 2>/dev/null >/proc/self/autogroup || true
    renice -n "$niceness" -p $$ >/dev/null 2>&1 || say "cannot renice to $niceness; going on as is"
fi

# --- tools ---------------------------------------------------------------
if [[ ! -x /usr/bin/time ]]; then
    say "installing GNU time (/usr/bin/time)"
    apt-get install -y time >/dev/null || { apt-get update >/dev/null && apt-get install -y time >/dev/null; }
fi
pips=$here/build/release/pips
micro_exe=$here/build/release/bench/pips_micro
if [[ $build == 1 ]]; then
    say "building the release preset"
    (cd "$here" && { [[ -f build/release/build.ninja ]] || cmake --preset release >/dev/null; } &&
        cmake --build --preset release --target pips pips_micro >&2)
fi
[[ -x $pips ]] || { say "no $pips (run without --no-build)"; exit 2; }

mkdir -p "$dir/runs"
report=$dir/report.md
: >"$report"
out() { echo "$*" | tee -a "$report"; }

# shellcheck source=bench/corpus.sh
source "$here/bench/corpus.sh"
# generate RULES MB FILE: the corpus of bench/corpus.sh, made by this pips.
generate() { generate_corpus "$pips" "$1" "$2" "$seed" "$3"; }

# timed NAME CMD...: one run; appends "wall user sys rss_kb" to
# $dir/runs/NAME. The wall time is bash's microsecond clock around the run
# (/usr/bin/time's %e has 10 ms steps: too coarse for cat); user and system
# time and the peak RSS come from /usr/bin/time. Standard output is thrown
# away.
timed() {
    local name=$1
    shift
    local status=0 t0 t1
    t0=$EPOCHREALTIME
    /usr/bin/time -f '%U %S %M' -o "$dir/runs/$name.last" "$@" >/dev/null || status=$?
    t1=$EPOCHREALTIME
    if [[ $status -ne 0 && $1 == "$pips" ]]; then
        say "warning: '$*' exited $status"
    fi
    echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }') $(tail -n 1 "$dir/runs/$name.last")" >>"$dir/runs/$name"
}

# median NAME FIELD: median of a column (1 wall, 2 user, 3 sys, 4 rss KB;
# 5 user + sys).
median() {
    awk -v f="$2" '{ v = (f == 5) ? $2 + $3 : $f; print v }' "$dir/runs/$1" | sort -g |
        awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# rate BYTES SECONDS SCALE [DECIMALS]: BYTES / SECONDS / SCALE, one decimal
# unless told; "-" for 0 s. ratio A B [DECIMALS]: A / B.
rate() {
    awk -v b="$1" -v s="$2" -v k="$3" -v d="${4:-1}" 'BEGIN { if (s <= 0) print "-"; else printf "%.*f", d, b / s / k }'
}
ratio() {
    awk -v a="$1" -v b="$2" -v d="${3:-2}" 'BEGIN { if (b <= 0) print "-"; else printf "%.*f", d, a / b }'
}

# --- the machine ----------------------------------------------------------
out "# pips benchmark"
out ""
out "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
out "- commit: $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$here" diff --quiet 2>/dev/null || echo ' (with uncommitted changes)')"
out "- machine: $(nproc) CPUs, $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(free -g | awk '/^Mem:/ { print $2 }') GiB memory, $(uname -sr)"
out "- load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg); niceness $(nice), $(cat /proc/self/autogroup 2>/dev/null || echo 'no autogroup')"
out "- $("$pips" --version); corpus per rule set >= $size_mb MB (1 MB = 10^6 bytes), seed $seed, full deals; $runs runs per command, medians"
out ""

# --- throughput -------------------------------------------------------------
out "| rule set | MB | pips MB/s | hands/s | plies/s | peak RSS MiB | pips MB/s per CPU-s | --jobs 2 MB/s | jobs-2 speed-up | wc -l MB/s | cat MB/s | pips/wc | pips/cat |"
out "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for r in $rules; do
    file=$dir/$r.dgn
    generate "$r" "$size_mb" "$file"
    bytes=$(stat -c %s "$file")
    cat "$file" >/dev/null  # into the page cache
    stats=$("$pips" check --quiet --stats --jobs 2 "$file" 2>&1 >/dev/null | grep '^stats:' || true)
    hands=$(sed -n 's/.* hands=\([0-9]*\).*/\1/p' <<<"$stats")
    plies=$(sed -n 's/.* plies=\([0-9]*\).*/\1/p' <<<"$stats")
    for k in pips1 pips2 wc cat; do rm -f "$dir/runs/$r.$k"; done
    say "timing $r ($bytes bytes, $runs runs)"
    for ((i = 1; i <= runs; i++)); do
        timed "$r.pips1" "$pips" check --quiet --jobs 1 "$file"
        timed "$r.pips2" "$pips" check --quiet --jobs 2 "$file"
        timed "$r.wc" wc -l "$file"
        timed "$r.cat" cat "$file"
    done
    t1=$(median "$r.pips1" 1)
    c1=$(median "$r.pips1" 5)
    t2=$(median "$r.pips2" 1)
    tw=$(median "$r.wc" 1)
    tc=$(median "$r.cat" 1)
    rss_kb=$(median "$r.pips1" 4)
    out "| $r | $(rate "$bytes" 1 1000000) | $(rate "$bytes" "$t1" 1000000) | $(rate "${hands:-0}" "$t1" 1 0) | $(rate "${plies:-0}" "$t1" 1 0) | $(rate "$rss_kb" 1 1024) | $(rate "$bytes" "$c1" 1000000) | $(rate "$bytes" "$t2" 1000000) | $(ratio "$t1" "$t2") | $(rate "$bytes" "$tw" 1000000) | $(rate "$bytes" "$tc" 1000000) | $(ratio "$tw" "$t1" 3) | $(ratio "$tc" "$t1" 3) |"
done
out ""
out "pips MB/s, hands/s and plies/s: \`pips check --quiet --jobs 1\`, wall-clock median. Per CPU-s: bytes over the median user + system time of the same runs. pips/wc and pips/cat: pips's speed as a fraction of theirs (their time over pips's). Raw times (wall, user, system seconds, peak RSS KiB) are in $dir/runs/."
out ""

# --- peak RSS over input sizes -------------------------------------------
if [[ $rss == 1 ]]; then
    if [[ $quick == 1 ]]; then mid=20; else mid=100; fi
    generate jamaican 1 "$dir/jamaican-1mb.dgn"
    generate jamaican "$mid" "$dir/jamaican-${mid}mb.dgn"
    base=$dir/jamaican.dgn
    [[ -f $base ]] || generate jamaican "$size_mb" "$base"
    big=$dir/jamaican-x5.dgn
    if [[ ! -f $big || $(stat -c %s "$big") -ne $((5 * $(stat -c %s "$base"))) || $big -ot $base ]]; then
        say "making $big (the Jamaican corpus five times)"
        cat "$base" "$base" "$base" "$base" "$base" >"$big"
    fi
    out "| input | MB | --jobs 1 peak RSS MiB | --jobs 1 MB/s | --jobs 2 peak RSS MiB | --jobs 2 MB/s |"
    out "|---|---:|---:|---:|---:|---:|"
    for f in "$dir/jamaican-1mb.dgn" "$dir/jamaican-${mid}mb.dgn" "$big"; do
        bytes=$(stat -c %s "$f")
        name=$(basename "$f" .dgn)
        say "peak RSS on $name"
        rm -f "$dir/runs/rss.$name.1" "$dir/runs/rss.$name.2"
        timed "rss.$name.1" "$pips" check --quiet --jobs 1 "$f"
        timed "rss.$name.2" "$pips" check --quiet --jobs 2 "$f"
        out "| $name | $(rate "$bytes" 1 1000000) | $(rate "$(median "rss.$name.1" 4)" 1 1024) | $(rate "$bytes" "$(median "rss.$name.1" 1)" 1000000) | $(rate "$(median "rss.$name.2" 4)" 1 1024) | $(rate "$bytes" "$(median "rss.$name.2" 1)" 1000000) |"
    done
    out ""
fi

# --- micro-benchmarks -----------------------------------------------------
if [[ $micro == 1 && -x $micro_exe ]]; then
    say "micro-benchmarks"
    out '```'
    "$micro_exe" 2>&1 | tee -a "$report"
    out '```'
fi
say "report in $report"
