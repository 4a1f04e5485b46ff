#!/usr/bin/env python3
"""Converts a man page written in a small markdown subset to roff (man(7)).

The pages are docs/man/pips.1.md and docs/man/dgn.5.md; the build runs

    md2man.py IN.md OUT --version 0.1.0

(OUT ending in .gz is written gzip-compressed, reproducibly.)

The subset, one construct per block (blocks are separated by blank lines):

    % name section "title"       first line: the .TH header
    ## NAME / ### sub            .SH / .SS
    text lines                   a paragraph
    | line                       lines kept apart (a synopsis)
    - item                       a bullet list; continuation lines indented
    term                         a definition (.TP): the term on one line, the
    : definition                 body after ": ", continuation lines indented
    ```                          a literal block, up to the closing ```

Inline: **bold**, *italic*, `code` (bold, taken literally). @VERSION@ is
replaced by the version given.
"""
import argparse
import gzip
import re
import sys

INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*")


def escape(text, literal=False):
    text = text.replace("\\", "\\e")
    if literal:
        text = text.replace("-", "\\-")
    return text


def inline(text, literal=False):
    """Text with its inline markup; in code and bold (commands, options) a
    hyphen is a minus sign, so that it can be searched for and pasted."""
    out = []
    pos = 0
    for m in INLINE.finditer(text):
        out.append(escape(text[pos:m.start()], literal))
        code, bold, italic = m.groups()
        if code is not None:
            out.append("\\fB" + escape(code, literal=True) + "\\fR")
        elif bold is not None:
            out.append("\\fB" + inline(bold, literal=True) + "\\fR")
        else:
            out.append("\\fI" + inline(italic, literal) + "\\fR")
        pos = m.end()
    out.append(escape(text[pos:], literal))
    return "".join(out)


def protect(line):
    # A roff line starting with . or ' is a request; \& makes it text.
    return "\\&" + line if line[:1] in (".", "'") else line


def text_line(line):
    return protect(inline(line.strip()))


def convert(lines, version):
    out = []
    i = 0
    n = len(lines)
    if not lines or not lines[0].startswith("% "):
        raise ValueError("line 1: expected '% name section \"title\"'")
    m = re.match(r'% (\S+) (\S+) "([^"]*)"\s*$', lines[0])
    if not m:
        raise ValueError("line 1: expected '% name section \"title\"'")
    name, section, title = m.groups()
    out.append(f'.TH {name.upper()} {section} "" "pips {version}" "{title}"')
    i = 1
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if line.startswith("## "):
            section_name = line[3:].strip().upper()
            out.append('.SH "' + section_name + '"')
            i += 1
            if section_name == "NAME":
                # "name - what it does", with the \\- that whatis(1) and
                # mandb(8) look for.
                while i < n and not lines[i].strip():
                    i += 1
                if i < n:
                    page, sep, what = lines[i].partition(" - ")
                    if not sep:
                        raise ValueError("NAME: expected 'name - what it does'")
                    out.append(text_line(page) + " \\- " + text_line(what))
                    i += 1
        elif line.startswith("### "):
            out.append('.SS "' + line[4:].strip() + '"')
            i += 1
        elif line.startswith("```"):
            i += 1
            out += [".PP", ".RS 4", ".nf"]
            while i < n and not lines[i].startswith("```"):
                out.append(protect(escape(lines[i].rstrip(), literal=True)))
                i += 1
            if i == n:
                raise ValueError("an unclosed ``` block")
            out += [".fi", ".RE"]
            i += 1
        elif line.startswith("| "):
            out.append(".PP")
            while i < n and lines[i].startswith("| "):
                out += [text_line(lines[i][2:]), ".br"]
                i += 1
            out.pop()
        elif line.startswith("- "):
            while i < n and lines[i].startswith("- "):
                out += [".IP \\(bu 2", text_line(lines[i][2:])]
                i += 1
                while i < n and lines[i].startswith("  ") and lines[i].strip():
                    out.append(text_line(lines[i]))
                    i += 1
        elif i + 1 < n and lines[i + 1].startswith(": "):
            out += [".TP", text_line(line)]
            out.append(text_line(lines[i + 1][2:]))
            i += 2
            while i < n and lines[i].startswith("  ") and lines[i].strip():
                out.append(text_line(lines[i]))
                i += 1
        else:
            out.append(".PP")
            while i < n and lines[i].strip() and not re.match(r"(#|```|\| |- )", lines[i]):
                if i + 1 < n and lines[i + 1].startswith(": "):
                    break
                out.append(text_line(lines[i]))
                i += 1
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source")
    ap.add_argument("output")
    ap.add_argument("--version", required=True)
    args = ap.parse_args()
    with open(args.source, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("@VERSION@", args.version)
    try:
        roff = convert(text.splitlines(), args.version)
    except ValueError as e:
        sys.exit(f"{args.source}: {e}")
    data = roff.encode("utf-8")
    if args.output.endswith(".gz"):
        # No name and no time stamp in the header: the same page, the same bytes.
        with open(args.output, "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as f:
                f.write(data)
    else:
        with open(args.output, "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
