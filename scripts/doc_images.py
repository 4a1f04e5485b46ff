#!/usr/bin/env python3
"""The pictures in docs/images/, made by `pips render` from corpus records.

    scripts/doc_images.py PIPS            # writes them again
    scripts/doc_images.py PIPS --check    # exit 1 when one differs from what PIPS draws

The test `doc_images` runs the check, so the pictures in the docs are the
command's own output.
"""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# docs/images/NAME.svg: pips render ARGS corpus/FILE
IMAGES = [
    ("line", ["--ply", "24"], "corpus/valid/jamaican/key_tile_domino_worth_two.dgn"),
    ("snake", ["--ply", "10", "--width", "420"], "corpus/valid/jamaican/block_lowest_count_wins.dgn"),
    ("spinner", ["--ply", "16"], "corpus/valid/french/spinner_four_arms.dgn"),
    ("error", [], "corpus/invalid/no-match/french_closed_arm.dgn"),
]


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    pips, check = sys.argv[1], sys.argv[2:] == ["--check"]
    bad = 0
    for name, args, record in IMAGES:
        run = subprocess.run([pips, "render", *args, os.path.join(ROOT, record)],
                             capture_output=True)
        if run.returncode not in (0, 1):
            print(f"doc_images: {name}: pips render failed: {run.stderr.decode()}", file=sys.stderr)
            bad += 1
            continue
        path = os.path.join(ROOT, "docs", "images", name + ".svg")
        if check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == run.stdout
            except OSError:
                same = False
            if not same:
                print(f"doc_images: docs/images/{name}.svg is not what pips render draws; "
                      f"run scripts/doc_images.py {pips}", file=sys.stderr)
                bad += 1
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(run.stdout)
    if check:
        print(f"doc_images: {len(IMAGES) - bad} of {len(IMAGES)} pictures as pips render draws them")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
