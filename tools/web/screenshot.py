"""The page's picture for docs/web.md and README (docs/web-page.png):

    python tools/web/screenshot.py [--out docs/web-page.png] [--steps 4]

Builds the page with a fixed deal (seed 1234) into build/web-shot, plays the
first steps of tools/device/gamescript.py's scripted game in headless
Chromium (tools/web/webpage.py), and takes the page's screenshot at your
turn in the first hand.
"""
import argparse
import os

import gamescript
from make_web import make_web
from paths import ROOT
from webpage import WebPage

SEED = 1234


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "web-page.png"))
    ap.add_argument("--steps", type=int, default=4, help="presses of the scripted game before the picture")
    args = ap.parse_args(argv)
    folder = os.path.join(ROOT, "build", "web-shot")
    make_web(folder, None, seed=SEED)
    first, steps, _ = gamescript.plan(SEED, games=(("F7S", 1),))
    with WebPage(folder, viewport={"width": 1100, "height": 740}) as page:
        page.open()
        page.wait_screen(first, 20000, "NEW GAME")
        for i, s in enumerate(steps[:args.steps]):
            page.press(s.key)
            page.wait_screen(s.frame, 60000, "step %d" % i)
            page.quiet(gamescript.QUIET_MS, 60000)
        page.eval("document.activeElement && document.activeElement.blur()")
        page.screenshot(args.out)
    print("screenshot:", os.path.relpath(args.out, os.getcwd()))


if __name__ == "__main__":
    main()
