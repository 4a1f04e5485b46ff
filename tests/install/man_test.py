#!/usr/bin/env python3
"""pips(1) and dgn(5) against the built pips: every subcommand and option
`pips --help` and `pips SUBCOMMAND --help` report is in the man page and the
other way round, in the synopsis too; the values of --format and --rules and
the options of each rule set agree; the pages the build wrote render without
warnings.

    man_test.py PIPS SOURCE_DIR MAN_DIR
"""
import gzip
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import help as h  # noqa: E402

HELP = {"-h", "--help"}
failures = []


def expect(ok, what):
    if not ok:
        failures.append(what)


def same(label, man, cli, man_name="pips(1)", cli_name="--help"):
    man, cli = set(man), set(cli)
    for x in sorted(cli - man):
        failures.append(f"{label}: {x} is in {cli_name} but not in {man_name}")
    for x in sorted(man - cli):
        failures.append(f"{label}: {x} is in {man_name} but not in {cli_name}")


def main():
    pips, source_dir, man_dir = sys.argv[1:4]
    sections = h.man_sections(h.man_source(source_dir, "pips.1"))
    top = h.run_help(pips)

    # Subcommands and pips's own options.
    subs = h.help_subcommands(top)
    expect(subs, "pips --help lists no subcommands")
    man_subs = [k.split("/", 1)[1] for k in sections if k.startswith("SUBCOMMANDS/")]
    same("subcommands", man_subs, subs)
    same("pips options", [o for t in h.man_terms(sections["OPTIONS"]) for o in h.term_options(t)],
         h.help_options(top))

    synopsis = {}
    for line in sections["SYNOPSIS"]:
        m = re.match(r"^\| \*\*pips (\w+)\*\*(.*)$", line)
        if m:
            synopsis[m.group(1)] = re.findall(r"\*\*(--?[a-z][a-z-]*)\*\*", m.group(2))
    same("synopsis lines", synopsis, subs)

    rule_names = None
    for sub in subs:
        cli = h.help_options(h.run_help(pips, sub))
        lines = sections.get("SUBCOMMANDS/" + sub, [])
        defs = h.man_definitions(lines)
        man = {o for t in defs for o in h.term_options(t)}
        same(f"pips {sub}", man | HELP, cli, cli_name=f"pips {sub} --help")
        # The synopsis names each option, long or short.
        for term in defs:
            names = set(h.term_options(term))
            expect(names & set(synopsis.get(sub, [])),
                   f"pips {sub}: {'/'.join(sorted(names))} is not in the synopsis")
        for o in synopsis.get(sub, []):
            expect(o in cli, f"pips {sub}: the synopsis names {o}, which --help does not")
        # Values CLI11 checks ({text,json}) are each in the option's description.
        for term, body in defs.items():
            for o in h.term_options(term):
                for v in cli.get(o) or []:
                    if o == "--rules":
                        continue  # listed under RULE SETS
                    expect(f"*{v}*" in body or f"`{v}`" in body,
                           f"pips {sub} {o}: the value {v} is not described in pips(1)")
        if cli.get("--rules"):
            rule_names = cli["--rules"]

    # RULE SETS: the names --rules takes, and the options of each, as
    # engine/variant.cpp has them.
    rules = {}
    for term, body in h.man_definitions(sections["RULE SETS"]).items():
        name = term.strip("`")
        m = re.search(r"Options?: (.*?)(?:\.|\(|$)", body)
        rules[name] = re.findall(r"`([a-z-]+)`", m.group(1)) if m else []
    expect(rule_names, "no subcommand lists the values of --rules")
    same("rule sets", rules, rule_names or [])
    variant = h.variant_options(source_dir)
    for name in rules:
        same(f"options of {name}", rules[name], variant.get(name, []),
             cli_name="engine/variant.cpp")

    # dgn(5): the values of the Rules tag are the rule sets.
    dgn = h.man_definitions(h.man_sections(h.man_source(source_dir, "dgn.5"))["TAGS"])
    rules_tag = next((body for term, body in dgn.items() if term.startswith("`Rules`")), "")
    same("dgn(5) Rules tag", re.findall(r"`([a-z-]+)`", rules_tag), rule_names or [],
         man_name="dgn(5)")

    # The pages the build wrote: well-formed roff that renders without a
    # warning, and that man(1) shows.
    for page in ("pips.1", "dgn.5"):
        path = os.path.join(man_dir, page + ".gz")
        with gzip.open(path, "rt", encoding="utf-8") as f:
            roff = f.read()
        expect(roff.startswith(".TH " + page.split(".")[0].upper() + " " + page.split(".")[1]),
               f"{path}: no .TH line")
        if shutil.which("groff"):
            r = subprocess.run(["groff", "-man", "-ww", "-z", "-Tutf8"], input=roff,
                               capture_output=True, text=True)
            expect(r.returncode == 0 and not r.stderr.strip(),
                   f"{page}: groff warns: {r.stderr.strip()}")
        if shutil.which("man"):
            env = dict(os.environ, MANWIDTH="80", MAN_DISABLE_SECCOMP="1")
            r = subprocess.run(["man", "-l", "-P", "cat", path], capture_output=True, text=True,
                               env=env)
            expect(r.returncode == 0 and "NAME" in r.stdout,
                   f"{page}: man -l fails: {r.stderr.strip()}")

    for f in failures:
        print("FAIL:", f)
    print(f"man_test: {len(failures)} problems" if failures else "man_test: pips(1) agrees with --help")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
