"""Power on the virtual Pico: where a game's time goes, and what it costs
the batteries (the energy model of tools/bench/energy.py, docs/power.md):

    python tools/bench/bench_device.py power [--build DIR] [--route romfs|lfs]
        [--hands N] [--no-battery] [--docs before|after]

The play: the scripted game of tools/device/gamescript.py at the console's
default table (7 Card Stud, four seats, Normal players), ``--hands`` hands,
by a player who thinks ``TURN_S`` at each of their turns, looks
``SHOWDOWN_S`` at each showdown and ``OTHER_S`` at any other screen (the
menu, a banner); the meter (the Meter of tools/device/chip.js) read at each
press and each screen that waits, so each stretch of time goes to a phase:

- the menu, your turn, the showdown, other screens: the console waits for
  a press (the screen is still);
- the virtual players and the frames: from a press until the screen that
  waits for you has been still for gamescript.QUIET_MS (the players'
  thinking and pacing, every frame drawn and sent);

then, on the same board with its power times shortened (dim after 2 s,
off after 4, light sleep after 6), the three phases with nobody playing:
the screen dimmed, the screen off, light sleep.

Printed: per phase its share of the play, clk_sys (the mean), the share of
the time the core slept (WFE/WFI), the lit pixels' share and mean contrast
while the screen was on, and the mean power drawn from the battery; then
the play as a whole (an hour of play: its mean power) and its hours on two
AA cells and on a 1,000 mAh LiPo, beside the budget (at least twice the
hours of the firmware before this work: the ``before`` table of
docs/device.md, measured by this tool on that firmware's build).
``--docs before|after``: also writes the table into docs/device.md
(tools/gen/doctable.py), for a full run only.

The table says what it measured: the commit of the firmware folder the
build was made from (its build-info.json), a fingerprint of what was
installed, the route and the MicroPython firmware's UF2. ``--build`` may be
another version's build (e.g. the firmware before the power work, built by
its own tools): the simulator that plans the presses then runs that
version's firmware folder too (in a Python with it first on the path), so
the device is pressed through that version's screens, not today's.
"""
import argparse
import hashlib
import json
import os
import pickle
import re
import subprocess
import sys
import tempfile

import doctable
import gamescript
from energy import AA, LIPO, Stretch, combined, hours
from paths import ROOT
from vpico import NS_PER_MS, VirtualPico, app_install, board_dict, uf2

ROUTES = {"romfs": "STUD_PICO", "lfs": "RPI_PICO"}
SEED = 1234
TURN_S = 6  # the player's time at each of their turns
SHOWDOWN_S = 5  # looking at a showdown
OTHER_S = 3  # the menu, a banner, a question
DARK_BOARD = {"dim_s": 2, "screen_off_s": 4, "sleep_s": 6}  # the phases with nobody playing, sooner
WAITS = {"Menu": "menu, waiting for a press", "Table": "your turn, waiting for a press",
         "Showdown": "showdown shown, waiting"}
OTHER = "other screens, waiting (banners, questions)"
PLAYERS = "virtual players acting, frames drawn"
DARK = ("screen dimmed", "screen off", "light sleep")
ORDER = (WAITS["Menu"], WAITS["Table"], PLAYERS, WAITS["Showdown"], OTHER) + DARK
DOC = "docs/device.md"
TABLES = {"before": "power-before", "after": "power-after"}  # --docs: the table written
FIRMWARE = os.path.join(ROOT, "firmware")
BUDGET_AA = "at least 2x the firmware before (%s)"
PLAY = "an hour of play (the phases above but the last three)"


def _board(power=None, battery=True):
    board = dict(board_dict("pico_ssd1306_i2c"), seed=SEED)
    if not battery:
        board["battery"] = None
    if power:
        board["power"] = dict(board.get("power") or {}, **power)
    return board


def pause_ms(screen):
    """How long the player looks at a settled screen (its class name)."""
    return 1000 * (TURN_S if screen == "Table" else SHOWDOWN_S if screen == "Showdown" else OTHER_S)


def source_of(build):
    """The firmware folder ``build`` was made from (its build-info.json)."""
    with open(os.path.join(build, "build-info.json"), encoding="utf-8") as f:
        return json.load(f)["src"]


def _git(folder, *args):
    r = subprocess.run(("git", "-C", folder) + args, capture_output=True, text=True, check=False)
    return r.stdout.strip() if r.returncode == 0 else None


def _digest(chunks):
    h = hashlib.sha256()
    for c in chunks:
        h.update(c)
    return h.hexdigest()[:12]


def measured(route, build):
    """What a run on ``build`` measures, in words for its table: the
    firmware folder's commit, a digest of what the route installs (the
    board file aside), the MicroPython firmware and the digest of its UF2."""
    src = source_of(build)
    commit = _git(src, "rev-parse", "--short", "HEAD")
    if commit is None:
        commit = "no commit (%s is not in a git tree)" % src
    elif _git(src, "status", "--porcelain", "--", "."):
        commit += " with uncommitted changes"
    inst = app_install(route, build, {})
    files = sorted((k, v) for k, v in inst["files"].items() if k != "board.json")
    app = _digest([inst["romfs"] or b""] + [k.encode() + b"\0" + v for k, v in files])
    with open(uf2(ROUTES[route]), "rb") as f:
        firmware = _digest([f.read()])
    return "firmware/ at commit %s (what the %s route installs: sha256 %s), " \
           "on %s.uf2 (sha256 %s)" % (commit, route, app, ROUTES[route], firmware)


def plan(src, hands, battery=True):
    """gamescript.plan of the game, by the simulator running the firmware
    folder ``src``: today's in this process; another version's in a Python
    with ``src`` first on its path (its modules hide today's of the same
    name), so the plan's screens are that version's."""
    games = (("F7S", hands),)
    if os.path.realpath(src) == os.path.realpath(FIRMWARE):
        return gamescript.plan(SEED, games, battery=battery, pause_ms=pause_ms)
    code = ("import pickle, sys, device_power, gamescript, ui.app\n"
            "assert ui.app.__file__.startswith(sys.argv[1]), ui.app.__file__\n"
            "with open(sys.argv[2], 'wb') as f:\n"
            "    pickle.dump(gamescript.plan(%d, %r, battery=%r, pause_ms=device_power.pause_ms), f)\n"
            % (SEED, games, battery))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([src] + [p for p in os.environ.get(
        "PYTHONPATH", "").split(os.pathsep) if p]))
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "plan.pickle")
        subprocess.run([sys.executable, "-c", code, os.path.realpath(src), out], env=env, check=True)
        with open(out, "rb") as f:
            return pickle.load(f)


def play(route, build, hands, battery=True):
    """The scripted game with the player's pauses: {phase: [Stretch]}."""
    first, steps, _counts = plan(source_of(build), hands, battery)
    phases = {}
    board = _board(battery=battery)
    with VirtualPico(board) as vp:
        vp.boot(uf2(ROUTES[route]), **app_install(route, build, board))
        last = [None]

        def pause(_i, step):
            m = vp.meter()
            if last[0] is not None:
                phases.setdefault(PLAYERS, []).append(Stretch(last[0], m))
            vp.run(pause_ms(step.screen))
            last[0] = vp.meter()
            phases.setdefault(WAITS.get(step.screen, OTHER), []).append(Stretch(m, last[0]))

        gamescript.replay(vp, first, steps, on_step=pause)
        if vp.problems():
            raise SystemExit("power run (%s): %s" % (route, vp.problems()[:2]))
    return {k: combined(v) for k, v in phases.items()}


def dark(route, build, battery=True):
    """The screen dimmed, off, light sleep (DARK_BOARD's times): {phase: Stretch}."""
    board = _board(DARK_BOARD, battery)
    out = {}
    with VirtualPico(board) as vp:
        vp.boot(uf2(ROUTES[route]), **app_install(route, build, board))
        vp.run_until_frame(lambda f: sum(1 for b in f.data if b) > 100, 5000, step_ms=5)  # NEW GAME
        release = vp.press("A", gamescript.HOLD_MS)  # the menu: the last key
        for name, (a, b) in zip(DARK, ((2.5, 3.5), (4.5, 5.5), (7.0, 10.0))):
            vp.run_until(release + int(a * 1000) * NS_PER_MS)
            m0 = vp.meter()
            vp.run_until(release + int(b * 1000) * NS_PER_MS)
            out[name] = Stretch(m0, vp.meter())
        if vp.problems():
            raise SystemExit("power run, dark (%s): %s" % (route, vp.problems()[:2]))
    return out


def rows(phases):
    """The table's rows: one per phase, then the play as a whole."""
    game = [s for name, s in phases.items() if name not in DARK]
    total = sum(s.ns for s in game)
    whole = combined(game)
    out = []
    for name in ORDER:
        s = phases.get(name)
        if s is None:
            continue
        share = "%.0f %%" % (100 * s.ns / total) if name not in DARK else "-"
        lit = "%.1f %% at %.0f" % (100 * s.lit, s.contrast) if s.screen_on > 0.5 else "off"
        out.append((name, share, "%.0f MHz" % s.mhz, "%.1f %%" % (100 * s.asleep), lit, "%.1f mW" % s.battery_mw()))
    mw = whole.battery_mw()
    out.append((PLAY, "100 %", "%.0f MHz" % whole.mhz, "%.1f %%" % (100 * whole.asleep),
                "%.1f %% at %.0f" % (100 * whole.lit, whole.contrast), "%.1f mW" % mw))
    return out, mw


HEADER = ("phase", "time", "clk_sys", "CPU asleep", "lit pixels, contrast", "from the battery")


def before_hours():
    """The hours on two AA cells in docs/device.md's ``power-before`` table (None: no table)."""
    with open(os.path.join(ROOT, DOC), encoding="utf-8") as f:
        doc = f.read()
    m = re.search(r"<!-- table power-before.*?-->(.*?)<!-- end table power-before -->", doc, re.S)
    if not m:
        return None
    h = re.search(r"hours on %s: ([0-9.]+) h" % re.escape(AA[0]), m.group(1))
    return float(h.group(1)) if h else None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=None, help="a build folder (default: build one in a temporary folder)")
    ap.add_argument("--route", choices=sorted(ROUTES), default="romfs", help="the route (default romfs)")
    ap.add_argument("--hands", type=int, default=3, help="hands of 7 Card Stud played (default 3)")
    ap.add_argument("--no-battery", action="store_true",
                    help="a board without battery sense (a firmware that draws no battery on the menu)")
    ap.add_argument("--docs", choices=("before", "after"), default=None,
                    help="write the table into docs/device.md as power-before or power-after")
    args = ap.parse_args(argv)
    import build as builder

    build, tmp = builder.build_unless_given(args.build)
    phases = play(args.route, build, args.hands, not args.no_battery)
    phases.update(dark(args.route, build, not args.no_battery))
    table, mw = rows(phases)
    aa, lipo = hours(mw, AA), hours(mw, LIPO)
    what = measured(args.route, build)
    play_is = "7 Card Stud at 4 seats, seed %d, %d hands; the player thinks %d s a turn, %d s a showdown, " \
              "%d s elsewhere" % (SEED, args.hands, TURN_S, SHOWDOWN_S, OTHER_S)
    print("Power on the virtual Pico (%s; %s; the energy model of docs/power.md):" % (what, play_is))
    widths = [max(len(str(r[i])) for r in [HEADER] + table) for i in range(len(HEADER))]
    for r in [HEADER] + table:
        print("  " + "  ".join(str(c).ljust(w) for c, w in zip(r, widths)))
    waiting = [phases[n] for n in (WAITS["Menu"], WAITS["Table"], WAITS["Showdown"]) if n in phases]
    print("  %-58s %-26s budget %s" % ("CPU asleep while waiting for a press (the least of the menu, "
                                      "your turn, showdown)", "%.1f %%" % (100 * min(s.asleep for s in waiting)),
                                      "at least 97 %"))
    before = before_hours()
    ratio = " (%.1fx the before table's %.1f h)" % (aa / before, before) if before else ""
    lines = ["hours on %s: %.1f h%s" % (AA[0], aa, ratio), "hours on %s: %.1f h" % (LIPO[0], lipo)]
    print("  %-58s %-26s budget %s" % ("hours of play on %s" % AA[0], "%.1f h%s" % (aa, ratio),
                                      BUDGET_AA % ("%.1f h" % before if before else "no before table yet")))
    print("  %-58s %-26s budget %s" % ("hours of play on %s" % LIPO[0], "%.1f h" % lipo, "-"))
    if args.docs:
        text = "Measured: %s; %s.\n\n" % (what, play_is) + doctable.markdown(HEADER, table, "lrrrrr") + \
            "\n\n" + "; ".join(lines) + "."
        doctable.write(DOC, TABLES[args.docs], text, [__file__, os.path.join(os.path.dirname(__file__), "energy.py")])
        print("  (written: %s, table %s)" % (DOC, TABLES[args.docs]))
    if tmp is not None:
        tmp.cleanup()
