#!/usr/bin/python3
"""pips annotate --format json against docs/annotate.schema.json.

Every line pips writes for the corpus (valid, invalid, regressions) and for
generated matches of every rule set -- in full, as people keep them (no
deals, no seat labels, no claims), as score sheets (summary hands), and
mutants with one fault each -- must validate against the schema; so must the
schema itself against its meta-schema. The facts are also checked against
each other where the schema cannot say it: the hand list has one entry per
hand, the ply rows add up to `plies`, a ply's seat is a seat at the table,
and `pips annotate --format csv` writes one row per ply.

    annotate_schema_test.py PIPS SOURCE_DIR
"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

RULES = [
    ("jamaican", 4), ("cutthroat", 2), ("cutthroat", 3), ("cutthroat", 4),
    ("chiva", 2), ("chiva", 4), ("quinientos", 4), ("fives-threes", 2),
    ("fives-threes", 4), ("french", 4),
]
# What a generated record shows (pips generate options).
SHOWN = [
    [],
    ["--deals", "none", "--labels", "none", "--claims", "end"],
    ["--deals", "none", "--labels", "none", "--claims", "none"],
    ["--labels", "none", "--claims", "score"],
    ["--deals", "none", "--summary", "2"],
    ["--summary", "1"],
    ["--mutate"],
]


def run(pips, args, stdin=None):
    r = subprocess.run([pips] + args, input=stdin, capture_output=True)
    if r.returncode not in (0, 1):
        sys.exit(f"pips {' '.join(args)}: exit {r.returncode}\n{r.stderr.decode(errors='replace')}")
    return r.stdout


def check_lines(pips, validator, path, label):
    out = run(pips, ["annotate", "--format", "json", path]).decode()
    rows = run(pips, ["annotate", "--format", "csv", path]).decode()
    n = 0
    plies = 0
    for line in out.splitlines():
        obj = json.loads(line)
        errors = sorted(validator.iter_errors(obj), key=lambda e: list(e.path))
        if errors:
            e = errors[0]
            sys.exit(f"{label} record {obj.get('record')}: {'/'.join(map(str, e.path))}: {e.message}")
        if len(obj["hand_data"]) != obj["hands"]:
            sys.exit(f"{label} record {obj['record']}: {len(obj['hand_data'])} hands listed, not {obj['hands']}")
        seats = {chr(ord("A") + s) for s in range(obj["players"])}
        count = 0
        for h in obj["hand_data"]:
            count += len(h["plies"])
            for p in h["plies"]:
                if p["seat"] is not None and p["seat"] not in seats:
                    sys.exit(f"{label} record {obj['record']}: ply at line {p['line']}: seat {p['seat']}")
        if count != obj["plies"]:
            sys.exit(f"{label} record {obj['record']}: {count} ply rows, not {obj['plies']}")
        plies += count
        n += 1
    table = list(csv.reader(io.StringIO(rows, newline="")))
    if plies and (not table or len(table) - 1 != plies):
        sys.exit(f"{label}: {len(table) - 1 if table else 0} CSV rows, not {plies}")
    return n


def main():
    pips, src = sys.argv[1], sys.argv[2]
    with open(os.path.join(src, "docs", "annotate.schema.json")) as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    records = 0
    files = 0
    for top in ("corpus",):
        for root, _, names in os.walk(os.path.join(src, top)):
            for name in sorted(names):
                if name.endswith(".dgn"):
                    path = os.path.join(root, name)
                    records += check_lines(pips, validator, path, path)
                    files += 1
    with tempfile.TemporaryDirectory() as tmp:
        for rules, players in RULES:
            for i, shown in enumerate(SHOWN):
                args = ["generate", "--rules", rules, "--players", str(players),
                        "--matches", "3", "--seed", str(7 + i), "--max-hands", "12"] + shown
                text = run(pips, args)
                path = os.path.join(tmp, f"{rules}{players}-{i}.dgn")
                with open(path, "wb") as f:
                    f.write(text)
                records += check_lines(pips, validator, path, f"{rules} {players} {' '.join(shown)}")
                files += 1
    print(f"annotate schema: {records} records in {files} files valid")


if __name__ == "__main__":
    main()
