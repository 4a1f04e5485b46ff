#!/usr/bin/env python3
"""Soak run: N generated matches per variant must check valid, and N mutants
per variant must each be rejected with the code at the line noted in their
first line. Prints a table; exits 1 on any disagreement.

    scripts/soak.py --pips build/release/pips --matches 10000
    scripts/soak.py --generate-args "--deals none --labels none --claims end"
    scripts/soak.py --partial --matches 1000   # every variant, records as people keep them

--generate-args passes its words to every `pips generate` (what the records
leave out); --partial soaks each variant once per entry of PARTIAL.
"""
import argparse
import shlex
import json
import os
import re
import subprocess
import sys
import tempfile
import time

VARIANTS = [
    ("jamaican", 4, ""), ("jamaican", 4, "sporting"), ("jamaican", 4, "playoff"), ("jamaican", 4, "tie-replay"),
    ("cutthroat", 2, ""), ("cutthroat", 2, "draw"), ("cutthroat", 3, ""), ("cutthroat", 4, ""),
    ("chiva", 2, ""), ("chiva", 3, ""), ("chiva", 4, ""),
    ("quinientos", 4, ""), ("quinientos", 4, "reshuffle bonus capicu double-blank"),
    ("quinientos", 4, "tie-closer block-player"),
    ("fives-threes", 2, ""), ("fives-threes", 4, ""),
    ("french", 4, ""), ("french", 4, "blank-ten"),
]
# What records as people keep them leave out (pips generate options).
PARTIAL = [
    "--deals none", "--labels none", "--claims none", "--claims end", "--claims score",
    "--deals none --labels none", "--deals none --labels none --claims none",
    "--summary 1", "--summary 2", "--summary 1 --claims score", "--summary 2 --deals none --labels none",
    "--summary 2 --claims end --deals none",
]
NOTE = re.compile(r"^; mutant \((\w+)\): expect (\S+) at line (\d+)$")


def run(cmd, out):
    with open(out, "wb") as f:
        return subprocess.run(cmd, stdout=f, stderr=subprocess.DEVNULL).returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pips", default="build/release/pips")
    ap.add_argument("--matches", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", help="comma-separated rule sets")
    ap.add_argument("--generate-args", default="", help="more pips generate options, e.g. \"--labels none\"")
    ap.add_argument("--partial", action="store_true", help="soak once per entry of PARTIAL as well as plain")
    ap.add_argument("--one-per-rule-set", action="store_true", help="only the first variant of each rule set")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    bad = 0
    runs = [shlex.split(args.generate_args)]
    if args.partial:
        runs += [shlex.split(p) + runs[0] for p in PARTIAL]
    print(f"{'variant':<72} {'matches':>8} {'valid':>8} {'mutants':>8} {'located':>8} {'seconds':>8}")
    with tempfile.TemporaryDirectory() as work:
        for extra in runs:
            for i, (rules, players, opts) in enumerate(VARIANTS):
                if only and rules not in only:
                    continue
                if args.one_per_rule_set and any(r == rules for r, _, _ in VARIANTS[:i]):
                    continue
                name = " ".join([f"{rules} {players}p {opts}".strip()] + extra)
                t0 = time.time()
                gen = [args.pips, "generate", "--rules", rules, "--players", str(players), "--options", opts,
                       "--matches", str(args.matches), "--seed", str(args.seed + i)] + extra
                good = os.path.join(work, "good.dgn")
                run(gen, good)
                out = subprocess.run([args.pips, "check", "--quiet", "--format", "json", good],
                                     capture_output=True, text=True)
                verdicts = [json.loads(l) for l in out.stdout.splitlines()]
                valid = sum(v["valid"] for v in verdicts)
                if len(verdicts) != args.matches or valid != args.matches or out.returncode != 0:
                    bad += 1
                    for v in verdicts:
                        if not v["valid"]:
                            print(f"  {name}: record {v['record']} invalid: {v['errors'][:1]}")
                            break
                mut = os.path.join(work, "mut.dgn")
                run(gen + ["--mutate"], mut)
                notes = []
                with open(mut, encoding="utf-8") as f:
                    for line in f:
                        m = NOTE.match(line.rstrip("\n"))
                        if m:
                            notes.append((m.group(1), m.group(2), int(m.group(3))))
                out = subprocess.run([args.pips, "check", "--quiet", "--format", "json", mut],
                                     capture_output=True, text=True)
                got = [json.loads(l) for l in out.stdout.splitlines()]
                located = 0
                shown = 0
                for (what, code, line), v in zip(notes, got):
                    first = v["errors"][0] if v["errors"] else None
                    if not v["valid"] and first and first["code"] == code and first["line"] == line:
                        located += 1
                    elif shown < 3:
                        shown += 1
                        print(f"  {name}: {what} mutant expected {code} at {line}, got {first}")
                if len(notes) != args.matches or len(got) != args.matches or located != args.matches:
                    bad += 1
                print(f"{name:<72} {len(verdicts):>8} {valid:>8} {len(notes):>8} {located:>8} {time.time() - t0:>8.1f}",
                      flush=True)
    print("soak: " + ("every match valid and every mutant located" if not bad else f"{bad} variant(s) disagree"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
