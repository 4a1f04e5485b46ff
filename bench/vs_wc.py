#!/usr/bin/env python3
"""pips check against wc -w on the same bytes (docs/performance.md).

    bench/vs_wc.sh                      # 40 MB per rule set, 7 runs each
    bench/vs_wc.sh --size 10 --runs 5   # a quicker try
    bench/vs_wc.sh --rules "jamaican french" --scaling "1 2 4 8"

Per rule set an archive of at least SIZE MB (10^6 bytes) is made with
`pips generate --rules R --players 4 --seed 1` (full records; reused while a
stamp beside it names the same rules, size, seed and pips build), read once
into the page cache, and then, RUNS times, interleaved so that a change in
the machine's load falls on every command alike:

    pips check --quiet --jobs 1 FILE
    pips check --format json --jobs 1 FILE     (standard output to /dev/null)
    pips check --quiet --jobs 2 FILE
    wc -w FILE                                 (the environment's locale)
    LC_ALL=C wc -w FILE

Each is timed on the wall clock (perf_counter around the child) and in CPU
time (the child's user + system time, from wait4), with its peak RSS. The
table gives MB/s from the median wall times, and the ratios pips/wc (wc's
time over pips's, > 1 when pips is faster) as the median of the per-run
ratios of the interleaved runs, against both locales of wc. `--scaling`
adds a table of `--jobs N` against `--jobs 1` on the first rule set.

Options:
  --size MB        archive size per rule set (default 40)
  --runs N         runs per command (default 7)
  --rules "R ..."  rule sets (default: all six)
  --pips PATH      the pips to measure (default build/release/pips)
  --generate-with PATH  the pips that makes the archives (default: --pips);
                   give the same one to compare two builds on the same files
  --scaling "N ..."  jobs counts for the scaling table (default: none)
  --dir DIR        work directory (default $PIPS_BENCH_DIR or /tmp/pips-bench)
"""

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import time

ALL_RULES = ["jamaican", "cutthroat", "chiva", "quinientos", "fives-threes", "french"]
PLAYERS = 4
SEED = 1


def say(*words):
    print("vs_wc:", *words, file=sys.stderr, flush=True)


def build_id(pips):
    h = hashlib.sha1()
    with open(pips, "rb") as f:
        h.update(f.read())
    version = subprocess.run([pips, "--version"], capture_output=True, text=True).stdout.strip()
    return f"{version} {h.hexdigest()[:16]}"


def generate(pips, rules, mb, path):
    want = mb * 1_000_000
    stamp = f"rules={rules} players={PLAYERS} seed={SEED} min_bytes={want} {build_id(pips)}"
    stamp_path = path + ".stamp"
    if os.path.exists(path) and os.path.exists(stamp_path):
        with open(stamp_path) as f:
            if f.read().strip() == stamp:
                say("reusing", path)
                return
    base = [pips, "generate", "--rules", rules, "--players", str(PLAYERS), "--seed", str(SEED)]
    sample = len(subprocess.run(base + ["--matches", "50"], capture_output=True, check=True).stdout)
    n = want // max(1, sample // 50) * 105 // 100 + 1
    for _ in range(8):
        say(f"generating {rules}: {n} matches")
        with open(path, "wb") as out:
            subprocess.run(base + ["--matches", str(n)], stdout=out, check=True)
        if os.path.getsize(path) >= want:
            break
        n = n * 11 // 10 + 1
    with open(stamp_path, "w") as f:
        f.write(stamp + "\n")


def timed(cmd, env=None):
    """(wall s, cpu s) of one run, output thrown away."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    code = os.waitstatus_to_exitcode(status)
    if code > 1:
        say(f"warning: {' '.join(cmd)} exited {code}")
    return wall, usage.ru_utime + usage.ru_stime


def peak_rss(cmd):
    """Peak RSS in KiB of one run, from GNU time (wait4's ru_maxrss of a
    child forked from this Python would count the Python process too)."""
    r = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return int(r.stderr.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("--size", type=int, default=40)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--rules", default=" ".join(ALL_RULES))
    ap.add_argument("--pips", default=None)
    ap.add_argument("--generate-with", default=None)
    ap.add_argument("--scaling", default="")
    ap.add_argument("--dir", default=os.environ.get("PIPS_BENCH_DIR", "/tmp/pips-bench"))
    ap.add_argument("-h", "--help", action="store_true")
    a = ap.parse_args()
    if a.help:
        print(__doc__)
        return 0
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    pips = os.path.abspath(a.pips or os.path.join(here, "build/release/pips"))
    if not os.access(pips, os.X_OK):
        say(f"no {pips}: build it with `cmake --build --preset release --target pips`")
        return 2
    maker = os.path.abspath(a.generate_with) if a.generate_with else pips
    work = os.path.join(a.dir, "vs_wc")
    os.makedirs(work, exist_ok=True)
    env_c = dict(os.environ, LC_ALL="C")
    locale = os.environ.get("LC_ALL") or os.environ.get("LC_CTYPE") or os.environ.get("LANG") or "POSIX"

    commands = {
        "pips": lambda f: ([pips, "check", "--quiet", "--jobs", "1", f], None),
        "json": lambda f: ([pips, "check", "--format", "json", "--jobs", "1", f], None),
        "jobs2": lambda f: ([pips, "check", "--quiet", "--jobs", "2", f], None),
        "wc": lambda f: (["wc", "-w", f], None),
        "wcC": lambda f: (["wc", "-w", f], env_c),
    }

    def mbs(size, s):
        return f"{size / s / 1e6:.0f}"

    def med(xs):
        return statistics.median(xs)

    print(f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    commit = subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"- measured: {build_id(pips)} (worktree at {commit or 'unknown'})")
    print(f"- {os.cpu_count()} CPUs; load average at start {open('/proc/loadavg').read().split()[0]}")
    print(f"- archives of >= {a.size} MB, {PLAYERS} players, seed {SEED}, full records; {a.runs} interleaved runs per command, medians")
    print(f"- wc -w in the environment's locale ({locale}) and with LC_ALL=C")
    print()
    print(f"| rule set | MB | pips MB/s | json MB/s | wc -w MB/s ({locale}) | wc -w MB/s (C) | pips/wc ({locale}) | pips/wc (C) | json/wc ({locale}) | json/wc (C) | pips/wc ({locale}), CPU time | pips/wc (C), CPU time | --jobs 2 speed-up | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    sys.stdout.flush()
    rules = a.rules.split()
    for r in rules:
        path = os.path.join(work, f"{r}.dgn")
        generate(maker, r, a.size, path)
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            while f.read(1 << 20):
                pass
        say(f"timing {r} ({size} bytes, {a.runs} runs)")
        runs = {k: [] for k in commands}
        order = list(commands)
        for i in range(a.runs):
            seq = order if i % 2 == 0 else list(reversed(order))
            for k in seq:
                cmd, env = commands[k](path)
                runs[k].append(timed(cmd, env))
        wall = {k: [x[0] for x in v] for k, v in runs.items()}
        cpu = {k: [x[1] for x in v] for k, v in runs.items()}

        def ratio(num, den, what=wall):
            return f"{med([n / d for n, d in zip(what[num], what[den])]):.2f}"

        rss = peak_rss([pips, "check", "--quiet", "--jobs", "1", path]) / 1024
        print(
            f"| {r} | {size / 1e6:.1f} | {mbs(size, med(wall['pips']))} | {mbs(size, med(wall['json']))} "
            f"| {mbs(size, med(wall['wc']))} | {mbs(size, med(wall['wcC']))} "
            f"| {ratio('wc', 'pips')} | {ratio('wcC', 'pips')} | {ratio('wc', 'json')} | {ratio('wcC', 'json')} "
            f"| {ratio('wc', 'pips', cpu)} | {ratio('wcC', 'pips', cpu)} | {ratio('pips', 'jobs2')} | {rss:.1f} |"
        )
        sys.stdout.flush()
    print()
    print("pips: `pips check --quiet --jobs 1`; json: `pips check --format json --jobs 1`. "
          "MB/s from the median wall time; ratios are medians of the per-run ratios (wc's time over pips's, "
          "> 1 when pips is faster); the CPU-time column uses user + system time instead of the wall clock; "
          "--jobs 2 speed-up: `--jobs 1` wall time over `--jobs 2`'s.")
    if a.scaling:
        r = rules[0]
        path = os.path.join(work, f"{r}.dgn")
        counts = [int(n) for n in a.scaling.split()]
        say(f"scaling on {r}: jobs {counts}")
        times = {n: [] for n in counts}
        for i in range(a.runs):
            for n in counts if i % 2 == 0 else list(reversed(counts)):
                times[n].append(timed([pips, "check", "--quiet", "--jobs", str(n), path])[0])
        print()
        print(f"Scaling on {r} ({os.cpu_count()} CPUs):")
        print()
        print("| --jobs | MB/s | speed-up over --jobs 1 |")
        print("|---:|---:|---:|")
        size = os.path.getsize(path)
        for n in counts:
            print(f"| {n} | {mbs(size, med(times[n]))} | {med([o / t for o, t in zip(times[counts[0]], times[n])]):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
