"""Power-on to NEW GAME from the release UF2s, beside the developer routes,
on the virtual Pico (tools/device):

    python tools/bench/bench_release.py [--docs]   (make bench-release: --docs)

Prints a Markdown table; --docs also writes it into docs/flashing.md
(tools/gen/doctable.py). Each boot is
a new board; emulated time from its power-on to the NEW GAME frame's last
byte on the display bus:

- a release UF2 on an erased flash (the filesystem made at that first
  power-on), each board;
- the same board at its next power-on, after a hand of 7 Card Stud
  (saves on the filesystem);
- a release UF2 written over the ROMFS route's flash with a hand in
  progress (an upgrade: RESUME in the menu);
- a release UF2 written over stock MicroPython with the app on its
  filesystem (the new filesystem made, the notice waiting);
- the ROMFS route (STUD_PICO, `make deploy`'s image, main.py and board
  file) and the stock route (RPI_PICO, the app on LittleFS), first boot
  and after a hand.

The seed of the routes with a board file is 1234; a release deals from the
chip's random bits (the simulator plans its hand from the printed seed).
"""
import argparse
import os
import tempfile
import time

import build as builder
import doctable
import gamescript
import release
from paths import ROOT
from vpico import NS_PER_MS, VirtualPico, app_install, board_dict, uf2

SEED = 1234
ONE_HAND = (("F7S", 1),)
BUDGET = {"release": "0.3 s", "romfs": "0.3 s", "lfs": "0.5 s"}  # docs/device.md
DOCS_PAGE = "docs/flashing.md"


def _release(board_name):
    return os.path.join(release.RELEASE_DIR, release.release_name(board_name + ".json"))


def _new_game(vp, first):
    f = vp.run_until_frame(lambda f: f.data == first, 10000)
    return f.t1 / NS_PER_MS


def _again(vp, first):
    """Power off now, on again: ms from that power-on to NEW GAME."""
    vp.cut_power(vp.now)
    vp.run(1)
    start = vp.now
    vp.power_on()
    f = vp.run_until_frame(lambda f: f.data == first and f.t0 > start, 10000)
    return (f.t1 - start) / NS_PER_MS


def release_boots(board_name):
    """(erased flash, after a hand) ms, and the seed it dealt."""
    board = board_dict(board_name)
    with VirtualPico(board) as vp:
        vp.boot(_release(board_name))
        seed = gamescript.printed_seed(vp)
        first, steps, _ = gamescript.plan(seed, games=ONE_HAND, battery=gamescript.sim_battery(board_name))
        fresh = _new_game(vp, first)
        gamescript.replay(vp, first, steps, buttons=gamescript.buttons_for(board))
        vp.run(2000)
        saved = _again(vp, first)
        assert vp.problems() == [], vp.problems()
    return fresh, saved


def route_boots(route, firmware, build):
    board = dict(board_dict("pico_ssd1306_i2c"), seed=SEED)
    first, steps, _ = gamescript.plan(SEED, games=ONE_HAND)
    with VirtualPico(board) as vp:
        vp.boot(uf2(firmware), **app_install(route, build, board))
        fresh = _new_game(vp, first)
        gamescript.replay(vp, first, steps)
        vp.run(2000)
        saved = _again(vp, first)
        assert vp.problems() == [], vp.problems()
    return fresh, saved


def over(route, firmware, build, tmp):
    """A release UF2 over a flash of the route with a hand in progress: ms to NEW GAME."""
    board = dict(board_dict("pico_ssd1306_i2c"), seed=SEED)
    first, steps, _ = gamescript.plan(SEED, games=ONE_HAND)
    path = os.path.join(tmp, route + ".bin")
    with VirtualPico(board) as vp:
        vp.boot(uf2(firmware), **app_install(route, build, board))
        gamescript.replay(vp, first, steps[:3])
        vp.cut_power(vp.now)
        vp.run(1)
        vp.save_flash(path)
    with VirtualPico(board if route == "romfs" else board_dict("pico_ssd1306_i2c")) as vp:
        vp.boot(_release("pico_ssd1306_i2c"), flash=path)
        if route == "romfs":
            return _new_game(vp, first)
        seed = gamescript.printed_seed(vp)  # stock's board file went with its filesystem
        return _new_game(vp, gamescript.plan(seed, games=ONE_HAND)[0])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--docs", action="store_true", help="also write the table into %s" % DOCS_PAGE)
    args = ap.parse_args(argv)
    wall = time.time()
    build, tmp_build = builder.build_unless_given(None)
    rows = []
    for name in sorted(p[:-5] for p in os.listdir(os.path.join(ROOT, "boards")) if p.endswith(".json")):
        fresh, saved = release_boots(name)
        rows.append(("release `%s`, erased flash" % os.path.basename(_release(name)), fresh, BUDGET["release"]))
        rows.append(("the same, its next power-on (saves after a hand)", saved, "-"))
    with tempfile.TemporaryDirectory() as tmp:
        rows.append(("release over the ROMFS route, a hand in progress (an upgrade)",
                     over("romfs", "STUD_PICO", build, tmp), "-"))
        rows.append(("release over stock MicroPython with the app (a new filesystem, the notice)",
                     over("lfs", "RPI_PICO", build, tmp), "-"))
    for route, firmware in (("romfs", "STUD_PICO"), ("lfs", "RPI_PICO")):
        fresh, saved = route_boots(route, firmware, build)
        rows.append(("%s route (%s + make deploy), first power-on" % (route, firmware), fresh, BUDGET[route]))
        rows.append(("the same, its next power-on (saves after a hand)", saved, "-"))
    table = doctable.markdown(("power-on of", "to NEW GAME", "budget"),
                              [(what, "%.0f ms" % ms, budget) for what, ms, budget in rows], "lrl")
    print("Power-on to NEW GAME on the virtual Pico (frame complete, 125 MHz):\n")
    print(table)
    if args.docs:
        doctable.write(DOCS_PAGE, "release-boot", table, [__file__])
        print("(written into %s)" % DOCS_PAGE)
    print("\n(%.0f s of wall time)" % (time.time() - wall))
    if tmp_build is not None:
        tmp_build.cleanup()


if __name__ == "__main__":
    main()
