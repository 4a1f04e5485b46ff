#!/usr/bin/env python3
"""The layering of pips, checked on every build.

Dependencies point one way: the engine knows no parser and no AST; the parser
knows no rules; the checker joins them; the generator and the CLI sit on top.
Spirit X3 (Boost) stays private to the parser, fuzz targets and benchmarks do
not include the tests, and rule-set knowledge (`RuleSet::`) stays in the
engine. The build runs this script before compiling the libraries, so a
forbidden include fails the build with the file and line named.

    scripts/check_layers.py [ROOT]      # exit 0: clean, 1: violations listed
"""
import os
import re
import sys

# Which project directories each directory may include from.
ALLOWED = {
    "engine": {"engine"},
    "parser": {"parser"},
    "checker": {"checker", "engine", "parser"},
    "gen": {"gen", "checker", "engine", "parser"},
    "cli": {"cli", "checker", "engine", "parser", "gen"},
    "bench": {"bench", "cli", "checker", "engine", "parser", "gen"},
    "fuzz": {"fuzz", "checker", "engine", "parser", "gen"},
    "tests": {"tests", "cli", "checker", "engine", "parser", "gen", "fuzz"},
}
# Parser headers that hold X3 and may only be included inside parser/.
PRIVATE_PARSER = re.compile(r"^parser/(grammar|grammar_def|x3_.*)\.hpp$")
# Directories where `RuleSet::` may appear: the engine, and tests that build
# variants by name.
RULESET_OK = {"engine", "tests"}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
SOURCE = (".cpp", ".hpp", ".h", ".cc")


def strip_comments(line):
    return line.split("//", 1)[0]


def check(root):
    problems = []
    for top in sorted(ALLOWED):
        base = os.path.join(root, top)
        if not os.path.isdir(base):
            continue
        for d, _, names in os.walk(base):
            for n in sorted(names):
                if not n.endswith(SOURCE):
                    continue
                path = os.path.join(d, n)
                rel = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as f:
                    lines = f.readlines()
                for i, line in enumerate(lines, 1):
                    m = INCLUDE.match(line)
                    if m:
                        kind, inc = m.groups()
                        if kind == "<" and inc.startswith(("boost/", "boost\\")) and top != "parser":
                            problems.append(f"{rel}:{i}: includes {inc}: Boost is private to parser/")
                        if kind == '"':
                            first = inc.split("/", 1)[0]
                            if first in ALLOWED and first not in ALLOWED[top]:
                                problems.append(
                                    f"{rel}:{i}: includes {inc}: {top}/ may include only from "
                                    + ", ".join(sorted(ALLOWED[top])))
                            if PRIVATE_PARSER.match(inc) and top != "parser":
                                problems.append(f"{rel}:{i}: includes {inc}: X3 stays inside parser/")
                    if top not in RULESET_OK and "RuleSet::" in strip_comments(line):
                        problems.append(
                            f"{rel}:{i}: names RuleSet::: rule-set knowledge belongs in engine/ "
                            "(ask the Variant or the Rules)")
    return problems


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    problems = check(root)
    for p in problems:
        print(f"layering: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
