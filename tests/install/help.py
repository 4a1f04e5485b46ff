"""What the built pips says about itself (its --help), what pips(1) and the
completions list, and the rule options engine/variant.cpp knows: the sources
the man page and completion tests compare."""
import os
import re
import subprocess

OPTION = re.compile(r"--?[a-z][a-z-]*")


def run_help(pips, *args):
    out = subprocess.run([pips, *args, "--help"], capture_output=True, text=True, check=True)
    return out.stdout


def help_sections(text):
    """{section: [lines]} of a CLI11 help text ("Options:", "Subcommands:")."""
    sections, current = {}, None
    for line in text.splitlines():
        if re.match(r"^[A-Z][A-Za-z ]*:$", line):
            current = line[:-1]
            sections[current] = []
        elif current and line.startswith("  "):
            sections[current].append(line)
        elif not line.strip():
            current = None
    return sections


def help_options(text):
    """{option name: allowed values or None} from the Options of a help text:
    "  -j,--jobs UINT..." gives -j and --jobs; "{text,json}" the values."""
    options = {}
    for line in help_sections(text).get("Options", []):
        m = re.match(r"^  (-\S+)(.*)$", line)
        if not m:
            continue  # a description carried over to the next line
        values = re.search(r"\{([^}]*)\}", m.group(2))
        for name in m.group(1).split(","):
            options[name] = values.group(1).split(",") if values else None
    return options


def help_subcommands(text):
    return [line.split()[0] for line in help_sections(text).get("Subcommands", [])]


def variant_options(source_dir):
    """{rule set: [options]} from the option table of engine/variant.cpp."""
    table = {}
    with open(os.path.join(source_dir, "engine", "variant.cpp"), encoding="utf-8") as f:
        for rules, word in re.findall(r'\{RuleSet::(\w+), "([^"]+)"', f.read()):
            table.setdefault(rules.replace("_", "-"), []).append(word)
    return table


def man_source(source_dir, page):
    with open(os.path.join(source_dir, "docs", "man", page + ".md"), encoding="utf-8") as f:
        return f.read().splitlines()


def man_sections(lines):
    """{"SECTION" or "SECTION/sub": [lines]} of a docs/man page."""
    sections, sec, sub = {}, None, None
    for line in lines:
        if line.startswith("## "):
            sec, sub = line[3:].strip(), None
            sections[sec] = []
        elif line.startswith("### "):
            sub = line[4:].strip()
            sections[sec + "/" + sub] = []
        elif sec:
            sections[sec + ("/" + sub if sub else "")].append(line)
    return sections


def man_terms(lines):
    """The definition terms of a section: each line followed by ": ..."."""
    return [lines[i] for i in range(len(lines) - 1) if lines[i + 1].startswith(": ")]


def man_definitions(lines):
    """{term line: its definition text} of a section."""
    defs = {}
    for i in range(len(lines) - 1):
        if lines[i + 1].startswith(": "):
            body = [lines[i + 1][2:]]
            for cont in lines[i + 2:]:
                if not cont.startswith("  ") or not cont.strip():
                    break
                body.append(cont.strip())
            defs[lines[i]] = " ".join(body)
    return defs


def term_options(term):
    """The options a term names: `-q`, `--quiet` gives -q and --quiet."""
    return re.findall(r"`(--?[a-z][a-z-]*)`", term)
