#!/usr/bin/env python3
"""pips analyze on every record of corpus/valid/french with the defaults: every
hand is analysed exactly (no hand listed as not analysed), every ply's loss is
its `before` less its `after` and not below 0, and the value after each hand's
last ply is minus the points the record claims against that ply's seat; the
values from the pose are pinned. Minutes of CPU: in the `property-long` run only.

    analyze_french_test.py PIPS CORPUS_DIR
"""
import glob
import json
import os
import re
import subprocess
import sys

# The value from the pose for the party of the hand's first ply (the JSON
# line's `party` and `value`), pinned: a regression guard, as the ten pinned
# deals of tests/solver_test.cpp are for the other rule sets.
PINNED = {
    ("blank_ten.dgn", 3): ("A", -202),
    ("block_lowest_count_poses_next.dgn", 1): ("D", -196),
    ("block_lowest_count_poses_next.dgn", 2): ("B", -176),
    ("board_pass.dgn", 1): ("C", -194),
    ("domino_with_a_double.dgn", 1): ("B", -196),
    ("foul_costs_ten.dgn", 1): ("D", -218),
    ("pass_while_able_costs_ten.dgn", 1): ("D", -218),
    ("spinner_four_arms.dgn", 1): ("B", -216),
    ("three_passes_in_a_row.dgn", 1): ("C", -194),
    ("winner_without_double_passes_at_pose.dgn", 1): ("B", -196),
    ("winner_without_double_passes_at_pose.dgn", 2): ("B", -200),
}


def claimed_points(path):
    """{hand number: {seat: points}} of a file holding one record."""
    text = open(path, encoding="utf-8").read()
    if len(re.findall(r"^\[Rules ", text, re.M)) != 1:
        raise SystemExit(f"{path}: expected one record")
    points, hand = {}, None
    for line in text.splitlines():
        m = re.match(r"hand (\d+)", line)
        if m:
            hand = int(m.group(1))
        m = re.match(r"points (.*)", line)
        if m and hand is not None:
            words = m.group(1).split()
            points[hand] = dict(zip(words[0::2], map(int, words[1::2])))
    return points


def main():
    pips = os.path.abspath(sys.argv[1])
    files = sorted(glob.glob(os.path.join(sys.argv[2], "*.dgn")))
    if not files:
        print("no records")
        return 1
    out = subprocess.run([pips, "analyze", "--format", "json", "--jobs", "2", *files],
                         capture_output=True, text=True)
    if out.returncode != 0:
        print(out.stderr)
        return 1
    failures, hands = 0, 0
    for line in out.stdout.splitlines():
        h = json.loads(line)
        where = f"{os.path.basename(h['file'])} hand {h['hand']}"
        if not h["analysed"]:
            print(f"{where}: not analysed ({h.get('reason')})")
            failures += 1
            continue
        hands += 1
        for p in h["plies"]:
            if p["loss"] < 0 or p["before"] - p["after"] != p["loss"]:
                print(f"{where} ply {p['ply']}: before {p['before']} after {p['after']} "
                      f"loss {p['loss']}")
                failures += 1
        pinned = PINNED.get((os.path.basename(h["file"]), h["hand"]))
        if pinned is None or pinned != (h["party"], h["value"]):
            print(f"{where}: value {h['value']} for {h['party']}, pinned {pinned}")
            failures += 1
        last = h["plies"][-1]
        want = -claimed_points(h["file"])[h["hand"]][last["party"]]
        if last["after"] != want:
            print(f"{where}: value after the last ply {last['after']}, the record says {want}")
            failures += 1
        print(f"{where}: {h['nodes']} positions, {h['ms'] / 1000:.1f} s")
    if hands != len(PINNED):
        print(f"{hands} hands analysed, {len(PINNED)} pinned")
        return 1
    print(f"{hands} hands, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
