#!/usr/bin/env python3
"""Runs `pips check --format json` on every .dgn file of a conformance suite
and compares each verdict with expected.jsonl: the verdict, and for an invalid
record the code and line of its first error (columns are not compared).

Prints a table per rule set, each failing case with what was expected and what
pips gave, and a last line `N passed, N failed`. With --rules only the named
rule sets (and the rule-independent cases, "any") must pass; the others are
reported but do not fail the run.

Cases listed in scripts/conformance-disputed.tsv, when the project disputes
any (file, code, expected line, pips line, ...; none at present: the suite's
corrected expectations all agree with pips), are expectations set apart: such a case counts as
disputed (reported, neither passed nor failed) only while pips gives exactly
the invalid verdict, code and line listed there; anything else still fails.

Exit status: 0 every required case passed, 1 some required case failed,
2 the suite or pips could not be found.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
KNOWN_RULES = ["jamaican", "cutthroat", "french", "chiva", "quinientos", "fives-threes"]
ANY = "any"


def norm(rules):
    """`fives-threes`, `fivesthrees` and `Fives_Threes` are one rule set."""
    return re.sub(r"[-_\s]", "", rules.lower())


CANONICAL = {norm(r): r for r in KNOWN_RULES}


def rule_set(path):
    """The rule set a case belongs to: `any` for bad-tag and syntax cases,
    else the [Rules] tag when it names a rule set, else the file name."""
    name = path.name
    if re.match(r"invalid_(badtag|bad-tag|syntax)_", name):
        return ANY
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r'\s*\[Rules\s+"([^"]*)"\]', line)
                if m and norm(m.group(1)) in CANONICAL:
                    return CANONICAL[norm(m.group(1))]
                if re.match(r"\s*hand\b", line):
                    break
    except OSError:
        pass
    m = re.match(r"(?:valid_(?:nodeal_)?|invalid_[a-z-]+?_)([a-z]+?)\d", name)
    if m and norm(m.group(1)) in CANONICAL:
        return CANONICAL[norm(m.group(1))]
    return ANY


def find_pips(given):
    if given:
        return given
    for preset in ("release", "dev", "asan-ubsan"):
        exe = REPO / "build" / preset / "pips"
        if exe.is_file() and os.access(exe, os.X_OK):
            return str(exe)
    return shutil.which("pips")


def describe(valid, code=None, line=None):
    return "valid" if valid else f"invalid {code} line {line}"


def run_case(pips, path, expected, timeout, disputed=None):
    """(outcome, what pips gave) for one file: outcome is "pass", "fail" or
    "disputed" (pips gives exactly the (code, line) the project disputes)."""
    ok, got, first = verdict(pips, path, expected, timeout)
    if ok:
        return "pass", got
    if disputed is not None and first == ("invalid",) + disputed:
        return "disputed", got
    return "fail", got


def verdict(pips, path, expected, timeout):
    """(matches the expectation, what pips gave, (verdict, code, line) of the
    first error or None)."""
    try:
        proc = subprocess.run(
            [pips, "check", "--format", "json", "--quiet", str(path)],
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return False, f"no verdict within {timeout} s", None
    stderr = proc.stderr.decode("utf-8", "replace").strip().splitlines()
    if proc.returncode not in (0, 1):
        why = stderr[0] if stderr else ""
        return False, f"exit status {proc.returncode} {why}".strip(), None
    try:
        records = [json.loads(l) for l in proc.stdout.decode("utf-8").splitlines() if l.strip()]
    except (ValueError, UnicodeDecodeError) as e:
        return False, f"output that is not JSON lines ({e})", None
    if not records:
        return False, "no record", None
    valid = all(r.get("valid") is True for r in records)
    first = next((r for r in records if not r.get("valid")), None)
    errors = first.get("errors") if first else None
    if first is not None and errors:
        got = describe(False, errors[0].get("code"), errors[0].get("line"))
        given = ("invalid", errors[0].get("code"), errors[0].get("line"))
    else:
        got = describe(valid, "(no error listed)", "?")
        given = None
    if proc.returncode != (0 if valid else 1):
        return False, f"{got}, but exit status {proc.returncode}", None
    if expected.get("valid"):
        return valid, got, given
    ok = (
        not valid
        and bool(errors)
        and errors[0].get("code") == expected.get("code")
        and errors[0].get("line") == expected.get("line")
    )
    return ok, got, given


def read_disputed(path):
    """{file: (expected code, expected line, pips line)} from the TSV."""
    disputed = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.rstrip("\n").split("\t")
            try:
                disputed[cols[0]] = (cols[1], int(cols[2]), int(cols[3]))
            except (IndexError, ValueError):
                raise ValueError(f"{path}:{n}: expected file, code, expected line, pips line")
    return disputed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "dir",
        nargs="?",
        default=str(REPO.parent / "shared" / "conformance"),
        help="the conformance suite (default: ../shared/conformance from the repository root)",
    )
    ap.add_argument(
        "--rules",
        help="comma-separated rule sets that must pass, e.g. jamaican,cutthroat "
        "(default: all); rule-independent cases always must",
    )
    ap.add_argument("--pips", help="the pips executable (default: build/release/pips)")
    ap.add_argument(
        "--disputed",
        default=str(REPO / "scripts" / "conformance-disputed.tsv"),
        help="cases whose expectation is disputed (default: scripts/conformance-disputed.tsv; "
        "'' for none)",
    )
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=60, help="seconds per file")
    args = ap.parse_args()

    suite = Path(args.dir)
    expected_file = suite / "expected.jsonl"
    if not expected_file.is_file():
        print(f"conformance: no {expected_file}", file=sys.stderr)
        return 2
    pips = find_pips(args.pips)
    if not pips or not (os.path.isfile(pips) and os.access(pips, os.X_OK)):
        print("conformance: no pips executable (build it, or pass --pips)", file=sys.stderr)
        return 2

    required = None
    if args.rules:
        required = set()
        for r in args.rules.split(","):
            if not r.strip():
                continue
            if norm(r) not in CANONICAL and norm(r) != ANY:
                print(f"conformance: unknown rule set '{r}'", file=sys.stderr)
                return 2
            required.add(CANONICAL.get(norm(r), ANY))
        required.add(ANY)

    expected = {}
    with open(expected_file, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    e = json.loads(line)
                    expected[e["file"]] = e
                except (ValueError, KeyError) as err:
                    print(f"conformance: {expected_file}:{n}: {err}", file=sys.stderr)
                    return 2

    disputed = {}
    if args.disputed and os.path.isfile(args.disputed):
        try:
            disputed = read_disputed(args.disputed)
        except (OSError, ValueError) as err:
            print(f"conformance: {err}", file=sys.stderr)
            return 2

    files = sorted(p for p in suite.glob("*.dgn"))
    cases = []  # (name, rule set, expected or None)
    for p in files:
        cases.append((p, rule_set(p), expected.get(p.name)))
    for name in sorted(set(expected) - {p.name for p in files}):
        cases.append((suite / name, rule_set(suite / name), expected[name]))

    def judge(case):
        path, _, exp = case
        if exp is None:
            return "fail", "a file with no line in expected.jsonl", None
        if not path.is_file():
            return "fail", "missing file", exp
        d = disputed.get(path.name)
        # A dispute holds only for the expectation it was written against.
        if d is not None and (exp.get("valid") or (exp.get("code"), exp.get("line")) != d[:2]):
            d = None
        outcome, got = run_case(pips, path, exp, args.timeout, (d[0], d[2]) if d else None)
        return outcome, got, exp

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(judge, cases))

    table = {}  # rule set -> [passed, failed, disputed]
    failures = []
    disputes = []
    for (path, rules, _), (outcome, got, exp) in zip(cases, results):
        row = table.setdefault(rules, [0, 0, 0])
        row[{"pass": 0, "fail": 1, "disputed": 2}[outcome]] += 1
        want = describe(exp["valid"], exp.get("code"), exp.get("line")) if exp else "?"
        if outcome == "fail":
            failures.append((rules, path.name, want, got))
        elif outcome == "disputed":
            disputes.append((rules, path.name, want, got))

    def is_required(rules):
        return required is None or rules in required

    order = [ANY] + KNOWN_RULES + sorted(set(table) - {ANY, *KNOWN_RULES})
    print(f"conformance: {suite} with {pips}")
    print(f"{'rule set':<14} {'required':<9} {'pass':>5} {'fail':>5} {'disputed':>9}")
    for rules in order:
        if rules not in table:
            continue
        passed, failed, argued = table[rules]
        req = "yes" if is_required(rules) else "no"
        print(f"{rules:<14} {req:<9} {passed:>5} {failed:>5} {argued:>9}")

    if disputes:
        print()
        for rules, name, want, got in disputes:
            print(f"disputed {name} [{rules}]: expected {want}, got {got}")

    required_failures = 0
    if failures:
        print()
        for rules, name, want, got in failures:
            mark = "FAIL" if is_required(rules) else "fail (not required)"
            required_failures += is_required(rules)
            print(f"{mark} {name} [{rules}]: expected {want}, got {got}")
    total_pass = sum(r[0] for r in table.values())
    total_fail = sum(r[1] for r in table.values())
    total_disputed = sum(r[2] for r in table.values())
    print()
    if total_disputed:
        listed = os.path.relpath(args.disputed, REPO) if args.disputed.startswith(str(REPO)) else args.disputed
        print(f"{total_disputed} disputed (listed in {listed}; neither passed nor failed)")
    if required is not None:
        print(f"required rule sets: {', '.join(sorted(required))}; "
              f"{required_failures} required case(s) failed")
    print(f"{total_pass} passed, {total_fail} failed")
    return 1 if required_failures else 0


if __name__ == "__main__":
    sys.exit(main())
