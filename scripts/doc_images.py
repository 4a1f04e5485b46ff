#!/usr/bin/env python3
"""The pictures in docs/images/, made by `pips render` and `pips view` from
corpus records.

    scripts/doc_images.py PIPS            # writes them again
    scripts/doc_images.py PIPS --check    # exit 1 when one differs from what PIPS draws

The SVG pictures are `pips render`'s output. The PNG screenshots are pages of
`pips view` opened at a ply in headless Chromium (Debian's chromium,
chromium-driver and python3-selenium; run with /usr/bin/python3); since
screenshots depend on the machine's fonts, docs/images/view.sha256 keeps the
SHA-256 of each page they were taken of, and the check compares that with
the page `pips view` writes now. The test `doc_images` runs the check, so the
pictures in the docs are the commands' own output.
"""
import hashlib
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# docs/images/NAME.svg: pips render ARGS corpus/FILE
IMAGES = [
    ("line", ["--ply", "24"], "corpus/valid/jamaican/key_tile_domino_worth_two.dgn"),
    ("snake", ["--ply", "10", "--width", "420"], "corpus/valid/jamaican/block_lowest_count_wins.dgn"),
    ("spinner", ["--ply", "16"], "corpus/valid/french/spinner_four_arms.dgn"),
    ("error", [], "corpus/invalid/no-match/french_closed_arm.dgn"),
]

# docs/images/NAME.png: pips view RECORD, shown at the ply of FRAGMENT.
VIEWS = [
    ("view-line", "corpus/valid/jamaican/key_tile_domino_worth_two.dgn", "r1-h1-p24"),
    ("view-spinner", "corpus/valid/french/spinner_four_arms.dgn", "r1-h1-p16"),
    ("view-error", "corpus/invalid/no-match/french_closed_arm.dgn", "r1-h1-p7"),
]
SUMS = os.path.join(ROOT, "docs", "images", "view.sha256")


def view_page(pips, record):
    """The page pips view writes for a record named from the root."""
    run = subprocess.run([pips, "view", record, "-o", "-"], cwd=ROOT, capture_output=True)
    if run.returncode not in (0, 1):
        raise RuntimeError(f"pips view {record} failed: {run.stderr.decode()}")
    return run.stdout


def screenshots(pips):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
              "--window-size=1000,1000"):
        opts.add_argument(a)
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    d.set_window_size(1000, 1000)
    sums = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for name, record, frag in VIEWS:
                page = view_page(pips, record)
                sums.append(f"{hashlib.sha256(page).hexdigest()}  {name}.png\n")
                html = os.path.join(tmp, name + ".html")
                with open(html, "wb") as f:
                    f.write(page)
                d.get("file://" + html + "#" + frag)
                d.execute_script("document.getElementById(arguments[0]).closest('section.hand')"
                                 ".scrollIntoView()", frag)
                d.save_screenshot(os.path.join(ROOT, "docs", "images", name + ".png"))
    finally:
        d.quit()
    with open(SUMS, "w") as f:
        f.writelines(sums)


def check_views(pips):
    try:
        with open(SUMS) as f:
            kept = dict(reversed(line.split()) for line in f if line.strip())
    except OSError:
        kept = {}
    bad = 0
    for name, record, _ in VIEWS:
        now = hashlib.sha256(view_page(pips, record)).hexdigest()
        if kept.get(name + ".png") != now or not os.path.exists(
                os.path.join(ROOT, "docs", "images", name + ".png")):
            print(f"doc_images: docs/images/{name}.png was not taken of the page pips view "
                  f"writes now; run /usr/bin/python3 scripts/doc_images.py {pips}",
                  file=sys.stderr)
            bad += 1
    return bad


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
        views_bad = check_views(pips)
        print(f"doc_images: {len(VIEWS) - views_bad} of {len(VIEWS)} screenshots of the pages "
              "pips view writes")
        bad += views_bad
    else:
        screenshots(pips)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
