#!/usr/bin/env python3
"""The bash and zsh completions, run in the shells themselves: `complete -p
pips` in a bash that sources completions/pips.bash, then for bash and zsh
alike, `pips che<TAB>` gives check, `pips SUBCOMMAND -<TAB>` every option of
`pips SUBCOMMAND --help`, and the option values (--format, --rules, the
options of each rule set as engine/variant.cpp has them) and file names are
offered. Without zsh the zsh half is skipped (exit 77).

    completion_test.py PIPS SOURCE_DIR
"""
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import help as h  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
failures = []

# Bash: sets COMP_LINE/COMP_POINT/COMP_WORDS/COMP_CWORD as readline would for
# the line, calls the function `complete -p pips` names and prints COMPREPLY.
BASH_DRIVER = r"""
source "$1"; shift
spec=$(complete -p pips) || exit 3
echo "spec: $spec"
func=${spec#*-F }; func=${func%% *}
for line in "$@"; do
    COMP_LINE=$line; COMP_POINT=${#line}
    COMP_WORDS=(); COMP_CWORD=0
    read -ra COMP_WORDS <<<"${line}"
    [[ $line == *' ' ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    "$func" pips "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    echo "line: $line"
    printf 'reply: %s\n' "${COMPREPLY[@]}"
done
"""


def bash_complete(script, lines):
    r = subprocess.run(["bash", "--norc", "--noprofile", "-c", BASH_DRIVER, "driver", script, *lines],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        failures.append(f"bash: exit {r.returncode}: {r.stderr.strip()}")
        return None, {}
    spec, replies, current = None, {}, None
    for line in r.stdout.splitlines():
        if line.startswith("spec: "):
            spec = line[6:]
        elif line.startswith("line: "):
            current = line[6:]
            replies[current] = []
        elif line.startswith("reply: ") and line != "reply: ":
            replies[current].append(line[7:])
    return spec, replies


def zsh_complete(completions_dir, lines):
    r = subprocess.run(["zsh", "-f", os.path.join(HERE, "zsh_complete.zsh"), completions_dir, *lines],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        failures.append(f"zsh: exit {r.returncode}: {r.stderr.strip()}")
    replies, current = {}, None
    for line in r.stdout.splitlines():
        if line.startswith("@@line "):
            current = line[7:]
            replies[current] = []
        elif current is not None and line:
            replies[current].append(line)
    return replies


def check(shell, replies, line, expected):
    got = replies.get(line)
    if got is None:
        return
    if sorted(set(got)) != sorted(set(expected)):
        failures.append(f"{shell}: {line!r} completes to {sorted(set(got))}, expected {sorted(set(expected))}")


def main():
    pips, source_dir = sys.argv[1:3]
    top = h.run_help(pips)
    subs = h.help_subcommands(top)
    options = {sub: h.help_options(h.run_help(pips, sub)) for sub in subs}
    rule_names = next(v for o in options.values() for k, v in o.items() if k == "--rules" and v)
    rule_options = h.variant_options(source_dir)

    tmp = tempfile.mkdtemp()
    try:
        for name in ("game.dgn", "games.dgn"):
            open(os.path.join(tmp, name), "w").close()
        files = os.path.join(tmp, "gam")

        # line -> (bash replies, zsh replies): bash replaces only what follows
        # the last : or = of the word; zsh offers the whole word.
        cases = {
            "pips che": (["check"], ["check"]),
            "pips ": (subs, subs),
            "pips -": (list(h.help_options(top)), list(h.help_options(top))),
            "pips check --format ": (options["check"]["--format"], options["check"]["--format"]),
            "pips check --format=j": (["json"], None),
            "pips annotate --format ": (options["annotate"]["--format"],) * 2,
            "pips generate --rules ": (rule_names, rule_names),
            "pips generate --deals ": (options["generate"]["--deals"],) * 2,
            "pips generate --bot ": (options["generate"]["--bot"],) * 2,
            "pips generate --labels ": (options["generate"]["--labels"],) * 2,
            "pips generate --claims ": (options["generate"]["--claims"],) * 2,
            "pips rescore --rules quinientos:capicu,": (
                [f"capicu,{o}" for o in rule_options["quinientos"] if o != "capicu"],
                [f"quinientos:capicu,{o}" for o in rule_options["quinientos"] if o != "capicu"]),
            f"pips check {files}": ([files + "e.dgn", files + "es.dgn"], ["game.dgn", "games.dgn"]),
        }
        for sub in subs:
            cases[f"pips {sub} -"] = (list(options[sub]),) * 2
        for rule, opts in rule_options.items():
            cases[f"pips generate --rules {rule} --options "] = (opts, opts)
            cases[f"pips perft --rules {rule}:"] = (opts, [f"{rule}:{o}" for o in opts])

        spec, replies = bash_complete(os.path.join(source_dir, "completions", "pips.bash"), list(cases))
        if spec is not None and spec.split()[-1] != "pips":
            failures.append(f"bash: complete -p pips says {spec!r}")
        for line, (bash, _) in cases.items():
            check("bash", replies, line, bash)
        bash_failures = len(failures)

        if not shutil.which("zsh"):
            print("completion_test: zsh not found, its completion is not checked (scripts/setup.sh installs it)")
            for f in failures:
                print("FAIL:", f)
            return 1 if failures else 77
        zsh_cases = {line: z for line, (_, z) in cases.items() if z is not None}
        replies = zsh_complete(os.path.join(source_dir, "completions"), list(zsh_cases))
        for line, expected in zsh_cases.items():
            check("zsh", replies, line, expected)
    finally:
        shutil.rmtree(tmp)

    for f in failures:
        print("FAIL:", f)
    print(f"completion_test: {len(failures)} problems ({bash_failures} in bash)" if failures
          else f"completion_test: bash and zsh complete {len(cases)} lines as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
