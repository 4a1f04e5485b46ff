#!/usr/bin/python3
"""pips view in a real browser: Debian's headless Chromium driven by Selenium.

    /usr/bin/python3 tests/browser/view_test.py PIPS SOURCE_DIR ARTIFACT_DIR

Writes a page of two corpus records (a French hand stopped at an error on a
closed arm, and a spinner with four arms), opens it in headless Chromium,
steps through the first hand with the arrow keys and checks what is shown:
the ply counter, the tiles on the board, the error box at the error's ply
and at no other, the URL fragment of each ply in both directions, the page
at phone width, the same page with JavaScript off (every diagram listed) and
a record whose tags try to inject markup. Saves a screenshot as
ARTIFACT_DIR/view.png. Fails (never skips) when Chromium, its driver or
Selenium is missing: scripts/setup.sh installs them.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    pips, src, artifacts = sys.argv[1:]
    try:
        from selenium import webdriver
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        print(f"FAIL: selenium is missing ({e}); run scripts/setup.sh "
              "(python3-selenium) and run this with /usr/bin/python3", file=sys.stderr)
        return 1
    browser = shutil.which("chromium") or "/usr/bin/chromium"
    driver_exe = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    for exe in (browser, driver_exe):
        if not os.access(exe, os.X_OK):
            print(f"FAIL: {exe} is missing; run scripts/setup.sh (chromium, chromium-driver)",
                  file=sys.stderr)
            return 1

    os.makedirs(artifacts, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="pips-view-test-")
    error_rec = os.path.join(src, "corpus/invalid/no-match/french_closed_arm.dgn")
    spinner_rec = os.path.join(src, "corpus/valid/french/spinner_four_arms.dgn")
    page = os.path.join(tmp, "view.html")
    run = subprocess.run([pips, "view", error_rec, spinner_rec, "-o", page],
                         capture_output=True, text=True)
    check(run.returncode == 1, f"pips view exits 1 with an invalid record (got {run.returncode}: "
          f"{run.stderr.strip()})")
    # The error's line, as pips check reports it.
    chk = subprocess.run([pips, "check", error_rec], capture_output=True, text=True)
    m = re.search(r":(\d+):(\d+): error\[([a-z-]+)\]", chk.stdout + chk.stderr)
    check(m is not None, "pips check reports the record's error")
    err_at = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    # The error's ply: the plies of the record (words on lines that are not
    # tags, comments or hand, deal, stock, end or claim lines) up to it.
    with open(error_rec, encoding="utf-8") as f:
        lines = f.read().split("\n")
    ply_at = []
    for i, l in enumerate(lines):
        if not l.strip() or l.lstrip().startswith(
                ("[", ";", "hand", "deal", "stock", "end", "points", "score", "remain")):
            continue
        ply_at += [(i + 1, t.start() + 1) for t in re.finditer(r"\S+", l)]
    html = open(page, encoding="utf-8").read()
    check("http://" not in html.replace("http://www.w3.org/2000/svg", "")
          and "https://" not in html and " src=" not in html,
          "the page fetches nothing (no URLs, no src)")

    def make_driver(js=True, width=1200, height=900):
        opts = webdriver.ChromeOptions()
        opts.binary_location = browser
        for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  f"--window-size={width},{height}", "--hide-scrollbars"):
            opts.add_argument(a)
        if not js:
            opts.add_experimental_option(
                "prefs", {"profile.managed_default_content_settings.javascript": 2})
        return webdriver.Chrome(service=Service(driver_exe), options=opts)

    url = "file://" + page
    d = make_driver()
    try:
        d.get(url)
        hands = d.find_elements(By.CSS_SELECTOR, "section.hand")
        check(len(hands) >= 2, "two hands on the page")
        h1 = hands[0]
        hid = h1.get_attribute("id")
        plies = int(h1.get_attribute("data-plies"))
        figs = h1.find_elements(By.CSS_SELECTOR, "figure.ply")
        counter = h1.find_element(By.CSS_SELECTOR, ".counter")
        check(counter.is_displayed(), "the stepper is shown with scripts on")
        check(counter.text == f"Ply 1 of {plies}", f"counter at start: {counter.text!r}")
        err_figs = [f for f in figs if f.get_attribute("data-error")]
        check(len(err_figs) == 1, "one figure holds the error")
        err_ply = int(err_figs[0].get_attribute("data-ply")) if err_figs else 0
        # The error is in the ply whose line holds it.
        expect_ply = sum(1 for at in ply_at if at <= err_at)
        check(err_ply == expect_ply, f"error at ply {err_ply}, its line is ply {expect_ply}'s")
        items = h1.find_elements(By.CSS_SELECTOR, ".plylist li")
        words = [i.text for i in items]
        body = d.find_element(By.TAG_NAME, "body")
        for k in range(1, len(figs) + 1):
            if k > 1:
                body.send_keys(Keys.ARROW_RIGHT)
            check(counter.text == f"Ply {k} of {plies}", f"counter after {k - 1} presses: "
                  f"{counter.text!r}")
            shown = [f for f in figs if f.is_displayed()]
            check(len(shown) == 1 and shown[0].get_attribute("data-ply") == str(k),
                  f"only ply {k}'s board is shown")
            cur = h1.find_elements(By.CSS_SELECTOR, ".plylist li.current")
            check(len(cur) == 1 and cur[0].get_attribute("data-ply") == str(k)
                  and cur[0].get_attribute("aria-current") == "step",
                  f"ply {k} marked in the list")
            # Tiles on the board: one per play so far (the error's ply shows
            # the table before it).
            upto = k - 1 if k == err_ply else k
            plays = sum(1 for w in words[:upto] if re.search(r"\d-\d", w.split("\n")[0])
                        and "pass" not in w)
            tiles = shown[0].find_elements(By.CSS_SELECTOR, "g.tile[data-on=table]") if shown else []
            check(len(tiles) == plays, f"ply {k}: {len(tiles)} tiles on the board, {plays} played")
            boxes = [b for b in h1.find_elements(By.CSS_SELECTOR, ".errorbox") if b.is_displayed()]
            if k == err_ply:
                check(len(boxes) == 1 and "no-match" in boxes[0].text,
                      f"the error box shows at ply {k}")
            else:
                check(not boxes, f"no error box at ply {k}")
            if k > 1:
                check(d.execute_script("return location.hash") == f"#{hid}-p{k}",
                      f"the fragment follows ply {k}")
        d.execute_script("arguments[0].scrollIntoView()", h1)
        d.save_screenshot(os.path.join(artifacts, "view.png"))
        body.send_keys(Keys.ARROW_RIGHT)
        check(counter.text == f"Ply {len(figs)} of {plies}", "stepping stops at the last board")
        body.send_keys(Keys.ARROW_LEFT)
        check(counter.text == f"Ply {len(figs) - 1} of {plies}", "ArrowLeft steps back")

        # A fragment selects a ply of the second record's hand.
        h2 = hands[1]
        h2id = h2.get_attribute("id")
        d.get(url + f"#{h2id}-p5")
        d.refresh()
        h2 = d.find_element(By.ID, h2id)
        c2 = h2.find_element(By.CSS_SELECTOR, ".counter")
        check(c2.text.startswith("Ply 5 of "), f"#{h2id}-p5 selects ply 5: {c2.text!r}")
        check(d.find_element(By.ID, f"{h2id}-p5").is_displayed(), "its board is shown")
        d.execute_script(f"location.hash='#{h2id}-p9'")
        check(c2.text.startswith("Ply 9 of "), f"a new fragment selects ply 9: {c2.text!r}")
        # The slider and buttons.
        h2.find_element(By.CSS_SELECTOR, "button[aria-label='First ply']").click()
        check(c2.text.startswith("Ply 1 of "), "the first-ply button")
        h2.find_element(By.CSS_SELECTOR, "button[aria-label='Next ply']").click()
        check(c2.text.startswith("Ply 2 of "), "the next-ply button")
        spin = d.find_element(By.ID, f"{h2id}-p9")
        d.execute_script(f"location.hash='#{h2id}-p9'")
        d.execute_script("arguments[0].scrollIntoView()", h2)
        check(len(spin.find_elements(By.CSS_SELECTOR, "g.tile[data-on=table]")) >= 5,
              "the spinner's board has its tiles")
        d.save_screenshot(os.path.join(artifacts, "view-spinner.png"))

        # Phone width: the ply list goes below the board.
        d.set_window_size(360, 900)
        b = d.find_element(By.ID, f"{h2id}-p9").rect
        lst = h2.find_element(By.CSS_SELECTOR, ".plylist").rect
        check(lst["y"] >= b["y"] + b["height"] - 1, "at phone width the list is below the board")
        # The page does not scroll sideways (a wide table scrolls in its own box).
        widths = d.execute_script("return [document.documentElement.scrollWidth, "
                                  "document.documentElement.clientWidth]")
        check(widths[0] <= widths[1], f"nothing wider than a phone: {widths}")
    finally:
        d.quit()

    # Scripts off: every diagram listed, no stepper.
    d = make_driver(js=False)
    try:
        d.get(url)
        figs = d.find_elements(By.CSS_SELECTOR, "figure.ply")
        check(len(figs) > 20 and all(f.is_displayed() for f in figs),
              f"with scripts off all {len(figs)} diagrams are shown")
        check(not any(c.is_displayed() for c in d.find_elements(By.CSS_SELECTOR, ".controls")),
              "with scripts off no stepper")
        boxes = [b for b in d.find_elements(By.CSS_SELECTOR, ".errorbox") if b.is_displayed()]
        check(len(boxes) == 1, "with scripts off the error box is shown once")
    finally:
        d.quit()

    # Markup in a record's text stays text.
    evil = os.path.join(tmp, "evil.dgn")
    with open(error_rec, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r'\[Players "[^"]*"\]',
                  '[Players "<script>window.pwned=1</script>, <img src=x onerror=window.pwned=2>, '
                  '\\"><b id=pw>x</b>, C"]', text)
    with open(evil, "w", encoding="utf-8") as f:
        f.write(text)
    evil_page = os.path.join(tmp, "evil.html")
    subprocess.run([pips, "view", evil, "-o", evil_page], capture_output=True)
    d = make_driver()
    try:
        d.get("file://" + evil_page)
        check(d.execute_script("return window.pwned === undefined"), "no injected script ran")
        check(not d.find_elements(By.TAG_NAME, "img") and not d.find_elements(By.ID, "pw"),
              "no injected element")
        check(len(d.find_elements(By.TAG_NAME, "script")) == 1, "one script: the page's")
        check("<script>window.pwned=1</script>" in d.find_element(By.TAG_NAME, "body").text,
              "the name is shown as text")
    finally:
        d.quit()
    shutil.rmtree(tmp, ignore_errors=True)

    print(f"screenshot: {os.path.join(artifacts, 'view.png')}")
    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        return 1
    print("view_test: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
