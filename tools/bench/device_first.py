"""The first press on the virtual Pico, made at a chosen time after NEW GAME
while the game still loads (ui.app loads a step per idle poll after that
frame), and the press that starts the first new game:

    python tools/bench/bench_device.py first-press [--route romfs|lfs|both]
        [--delays 0,50,...] [--new-game-after 600] [--build DIR]

For each delay, a fresh board (seed 1234, the board file's) boots, A is
pressed that many ms after the NEW GAME frame is complete and held 60 ms
(as tools/device/gamescript.py presses); printed: the emulated ms from the
release to the first frame after it complete (the answer: the menu, or
LOADING in NEW GAME's place), and when the menu itself is complete. With
--new-game-after MS (once per route, the press at NEW GAME made at once):
A on the menu's NEW GAME that long after the menu's frame, and every
frame after it (LOADING while the game still loads, then the table).
"""
import argparse
import contextlib
import io
import tempfile

from vpico import NS_PER_MS, VirtualPico, app_install, board_dict, uf2

ROUTES = {"romfs": "STUD_PICO", "lfs": "RPI_PICO"}
HOLD_MS = 60


def _board():
    return dict(board_dict("pico_ssd1306_i2c"), seed=1234)


def _lit(frame):
    return sum(1 for b in frame.data if b)


def _boot(vp, route, build):
    vp.boot(uf2(ROUTES[route]), **app_install(route, build, _board()))
    # NEW GAME: the first frame with the title drawn (the driver's first is blank)
    return vp.run_until_frame(lambda f: _lit(f) > 100, 5000, step_ms=5)


def first_press(route, build, delay_ms):
    with VirtualPico(_board()) as vp:
        new_game = _boot(vp, route, build)
        vp.run_until(new_game.t1 + delay_ms * NS_PER_MS)
        release = vp.press("A", HOLD_MS)
        vp.run(HOLD_MS + 1500)
        after = [f for f in vp.frames if f.t0 >= release]
        if vp.problems():
            raise RuntimeError("%s: %s" % (route, vp.problems()[:2]))
        return new_game.t1, after[0].t1 - release, after[-1].t1 - release  # the last: the menu


def new_game_press(route, build, after_ms):
    with VirtualPico(_board()) as vp:
        _boot(vp, route, build)
        release = vp.press("A", HOLD_MS)
        vp.run(HOLD_MS + 200)
        menu = [f for f in vp.frames if f.t0 >= release][0]
        vp.run_until(menu.t1 + after_ms * NS_PER_MS)
        release = vp.press("A", HOLD_MS)  # NEW GAME: the menu's first item
        vp.run(HOLD_MS + 1500)
        if vp.problems():
            raise RuntimeError("%s: %s" % (route, vp.problems()[:2]))
        return [(f.t0 - release, f.t1 - release) for f in vp.frames if f.t0 >= release]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="bench_device.py first-press", description=__doc__.split("\n")[0])
    ap.add_argument("--route", default="both", choices=("romfs", "lfs", "both"))
    ap.add_argument("--delays", default="0,25,50,100,150,200,250,300,400,500,600,700,800,900,1000")
    ap.add_argument("--new-game-after", type=int, default=600)
    ap.add_argument("--build", default=None, help="a build folder (default: build one in a temporary folder)")
    args = ap.parse_args(argv)
    build = args.build
    if build is None:
        import build as builder
        build = tempfile.mkdtemp()
        with contextlib.redirect_stdout(io.StringIO()):
            builder.build(build, tablegen=False)
    routes = ("romfs", "lfs") if args.route == "both" else (args.route,)
    for route in routes:
        print("%s route (%s), A held %d ms, ms from its release to a frame complete:" % (
            route, ROUTES[route], HOLD_MS))
        for d in [int(x) for x in args.delays.split(",")]:
            boot, answer, menu = first_press(route, build, d)
            print("  pressed %4d ms after NEW GAME (at %.0f ms): answer %5.1f ms, menu %5.1f ms" % (
                d, boot / NS_PER_MS, answer / NS_PER_MS, menu / NS_PER_MS))
        if args.new_game_after:
            frames = new_game_press(route, build, args.new_game_after)
            print("  NEW GAME pressed %d ms after the menu: frames %s" % (args.new_game_after, ", ".join(
                "%.1f-%.1f ms" % (a / NS_PER_MS, b / NS_PER_MS) for a, b in frames)))

