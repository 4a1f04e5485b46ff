#!/usr/bin/env python3
"""pips analyze split across GNU parallel: two shards of two generated files
run as two parallel jobs (with a job log, as docs/analysis.md shows), their
JSON lines sorted by (file in argument order, record, hand), are the lines of
one unsharded run, `ms` aside.

    analyze_parallel_test.py PIPS
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def lines(text):
    out = []
    for line in text.splitlines():
        obj = json.loads(line)
        obj.pop("ms", None)
        out.append(obj)
    return out


def main():
    pips = os.path.abspath(sys.argv[1])
    if shutil.which("parallel") is None:
        print("GNU parallel is not installed (scripts/setup.sh installs it)")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for rules, players, seed in (("fives-threes", 2, 3), ("chiva", 2, 4)):
            path = os.path.join(tmp, f"{rules}.dgn")
            with open(path, "w") as f:
                subprocess.run([pips, "generate", "--rules", rules, "--players", str(players),
                                "--seed", str(seed), "--matches", "3", "--max-hands", "3"],
                               stdout=f, check=True)
            files.append(path)
        whole = subprocess.run([pips, "analyze", "--format", "json", *files],
                               capture_output=True, text=True, check=True).stdout
        log = os.path.join(tmp, "analyze.log")
        cmd = (f"{pips} analyze --format json --shard {{}}/2 {' '.join(files)}"
               f" > {tmp}/part-{{}}.jsonl")
        subprocess.run(["parallel", "--will-cite", "--joblog", log, "--resume", cmd,
                        ":::", "1", "2"], check=True)
        parts = []
        for k in (1, 2):
            with open(os.path.join(tmp, f"part-{k}.jsonl")) as f:
                parts += lines(f.read())
        parts.sort(key=lambda h: (files.index(h["file"]), h["record"], h["hand"]))
        expected = lines(whole)
        if len(expected) < 6:
            print(f"only {len(expected)} hands analysed in one run")
            return 1
        if parts != expected:
            print("the shards sorted differ from one run")
            return 1
        with open(log) as f:
            if len(f.read().splitlines()) != 3:  # a header and two jobs
                print("the job log does not list the two jobs")
                return 1
    print(f"ok: {len(expected)} hands, two shards through GNU parallel")
    return 0


if __name__ == "__main__":
    sys.exit(main())
