"""The device figures, measured on the virtual Pico (tools/device) in one run:

    python tools/bench/bench_device.py [--hands N] [--decision-hands N] [--docs]   (make bench-device: --docs)
    python tools/bench/bench_device.py --heap-only [--route lfs]   (the heap run alone)
    python tools/bench/bench_device.py --think-only | --boot-only  (those lines alone)
    python tools/bench/bench_device.py first-press | hard | modules [...]
                                      (a section measured apart: SECTIONS)

Each line prints the figure and its budget (docs/device.md, "Budgets"). Both
routes: STUD_PICO with the ROMFS image (code and full tables in flash) and
the stock firmware (RPI_PICO) with the app on LittleFS (compact tables in
RAM), installed as `make deploy` installs them, seed 1234.

- power-on to the first NEW GAME frame complete (and the FROZEN firmware's,
  if its UF2 is there);
- key to frame: the scripted game of tools/device/gamescript.py (7 Card Stud
  then Hold'em, every hand to its showdown), from the moment the key acts
  (arrows: pressed; A and B: released, as hw.buttons sends them) to the
  first frame after it: its first byte on the bus (start) and its last
  (complete); min / median / max, hand ends included;
- presses while the virtual players think: a casino table of eight Hard
  players, UP and DOWN every 90 ms while they act
  (gamescript.presses_while_players_act, as host_tests/test_vpico_think.py),
  key to frame complete, every press; and the max of those made as an
  action reached the display (--think-only: these lines alone);
- then, on the raw REPL (the game stopped): 7-card evaluation in us a call
  (call included: the loop's own cost is measured and taken off), plain
  bytecode and the fast path, after the game and on a board just booted
  (a bytecode frame over 11 words is a heap block, whose cost grows with
  the heap's fragmentation: the two figures part if the plain path's frame
  leaves the C stack); 7-card evaluation in ``high7_batch`` (2,000 hands,
  one call) and a Monte Carlo deal of 7 Card Stud heads-up by the
  players' batch sampler (BATCH); Hard's decision times per game (4 Hard seats,
  self-play); one 8-player 7 Card Stud hand, everyone calling to the
  showdown, the engine alone (evaluator stubbed, as tools/bench/bench_engine.py)
  and with the evaluator; heap free with the game stopped;
- heap free at NEW GAME and the least heap free while playing: a shorter
  game (--heap-hands) with a main.py that collects garbage every 20 polls (the first
  at the first poll) and keeps the least gc.mem_free();
- the boot profile (--boot-only: these lines alone): a main.py that notes
  the time between console.main()'s imports, then runs it, and the NEW GAME
  frame's first and last byte on the bus.

Emulated time counts cycles at clk_sys (125 MHz while the console works);
flash cache misses are not modelled, so a real Pico may be a little slower.
``--docs`` (a full run, both routes, the default sizes) writes every line
as the table ``device-figures`` of docs/device.md, the routes side by side.
"""
import argparse
import os
import sys
import tempfile
import time

import build as builder
import doctable
import gamescript
from vpico import NS_PER_MS, VirtualPico, app_install, board_dict, uf2

SEED = 1234
ROUTES = (("romfs", "STUD_PICO"), ("lfs", "RPI_PICO"))

# Budgets of docs/device.md
BUDGET = {
    "boot romfs": "0.3 s", "boot lfs": "0.5 s", "press": "50 ms every press",
    "eval plain": "50 us", "eval fast": "16 us (tables in ROMFS)", "hard": "150 ms",
    "hand8": "60 ms (engine)", "heap romfs": "96 KB", "heap lfs": "180 KB",
    "batch": "3 us (tables in ROMFS)", "deal": "25 us (tables in ROMFS)",
}

# 7-card evaluation inside one call over 2,000 hands in a buffer (the viper
# loop where the tables allow it), and a Monte Carlo deal of 7 Card Stud
# heads-up on third street (deal the unseen cards, evaluate both hands) by
# the players' batch sampler, runs of 240 deals (Hard's), set-up included:
# the best of 5 (as tools/bench/bench_device_eval.py, which prints more)
BATCH = r"""
import time, array, gc
from poker.eval import evaluator as ev
from poker.odds import equity as eq
from poker.odds import sampler
from poker.rng import Rng
N = 2000
rng = Rng(7)
data = bytearray(7 * N)
deck = bytearray(range(52))
for i in range(N):  # 7 distinct cards a hand: the first 7 of a partial shuffle
    for j in range(7):
        k = j + rng.below(52 - j)
        deck[j], deck[k] = deck[k], deck[j]
    data[7 * i:7 * i + 7] = deck[:7]
out = array.array('H', bytes(2 * N))
gc.collect()
best = 1 << 30
for _ in range(5):
    t = time.ticks_us()
    ev.high7_batch(data, N, out)
    best = min(best, time.ticks_diff(time.ticks_us(), t))
run = 1 << 30
for _ in range(5):
    d = eq.Deal('F7S', [48, 49, 20], (), [[33]], ())
    r = Rng(5)
    t = time.ticks_us()
    sampler.run(d, 240, r, None, 0, 5040)
    run = min(run, time.ticks_diff(time.ticks_us(), t))
print("BATCH", sampler.FAST_PATH, best / N, run / 240)
"""

# The boot profile: a main.py that imports what console.main() imports,
# in its order, noting time.ticks_us() (time since reset) between, then
# runs it; the NEW GAME frame's first and last byte on the bus close it
BOOT_MAIN = """import time
T = [time.ticks_us()]
from hw import hardware_setup
from ui import keys
T.append(time.ticks_us())
from poker.rng import Rng
from poker.match.store import Store
from ui.app import App
T.append(time.ticks_us())
import console
T.append(time.ticks_us())
del hardware_setup, keys, Rng, Store, App
console.main()
"""

EVAL = r"""
import time, gc
from poker.eval import evaluator as ev
from poker.rng import Rng
rng = Rng(7)
hands = []
# (100 hands: after the game the stock route's heap, collected, has no
# 2 KB block left for a list of 300)
for i in range(100):
    h = []
    while len(h) < 7:
        c = rng.below(52)
        if c not in h:
            h.append(c)
    hands.append(tuple(h))
def loop(f):
    t = time.ticks_us()
    for a, b, c, d, e, g, k in hands:
        f(a, b, c, d, e, g, k)
    return time.ticks_diff(time.ticks_us(), t)
def bare():
    t = time.ticks_us()
    for a, b, c, d, e, g, k in hands:
        pass
    return time.ticks_diff(time.ticks_us(), t)
gc.collect()
base = min(bare() for _ in range(3))
plain = min(loop(ev.plain_high7()) for _ in range(3))
fast = min(loop(ev.high7_unchecked) for _ in range(3))
print("EVAL", ev.MODE, ev.FAST_PATH, (plain - base) / len(hands), (fast - base) / len(hands))
"""

HARD = r"""
import time, gc
from poker.hand import Hand
from poker import players
from poker.rng import Rng
from poker.rules import casino, lexibook
from poker.variants import VARIANTS
for code in %(games)r:
    rules = lexibook() if code in ('F7S', 'FT', 'F5S', 'FO') else casino()
    rng = Rng(%(seed)d)
    bots = [players.make('hard', 'balanced', seed=%(seed)d + s) for s in range(4)]
    times = []
    for i in range(%(hands)d):
        h = Hand(VARIANTS[code], rules, [100 * rules.big_bet] * 4, i %% 4, rng)  # deals as a preset deck from tools/sim/deck.py would
        while not h.finished:
            s = h.actor
            v = h.view(s)
            t = time.ticks_us()
            kind, amount = bots[s].decide(v)
            times.append(time.ticks_diff(time.ticks_us(), t))
            h.act(kind, amount)
        for s in range(4):
            bots[s].observe(h.view(s))
        gc.collect()
    times.sort()
    print("HARD", code, len(times), times[len(times) // 2], times[-1])
"""

HAND8 = r"""
import time, gc
from poker.eval import evaluator
from poker.hand import Hand
from poker.rng import Rng
from poker.rules import casino
from poker.variants import VARIANTS
def hands():
    best = None
    for i in range(3):
        gc.collect()
        t = time.ticks_us()
        h = Hand(VARIANTS['F7S'], casino(), [1000] * 8, i % 8, Rng(1 + i))
        while not h.finished:
            la = h.legal_actions()
            k, a = la[0]
            if k == 'fold':
                k, a = la[1]
            h.act(k, a)
        dt = time.ticks_diff(time.ticks_us(), t)
        best = dt if best is None or dt < best else best
    return best
whole = hands()
saved = (evaluator.high, evaluator.best_five)  # the engine alone, as tools/bench/bench_engine.py
evaluator.high = lambda cs: cs[0] + cs[1] + cs[2] + cs[3] + cs[4]
evaluator.best_five = lambda cs: cs[:5]
engine = hands()
evaluator.high, evaluator.best_five = saved
print("HAND8", whole, engine)
"""

HEAP_NOW = "import gc; gc.collect(); print('HEAP', gc.mem_free(), gc.mem_alloc())"

# main.py for the heap run: the console's loop, with a collection every 20
# polls and the least free heap kept (read afterwards on the raw REPL)
HEAP_MAIN = """import gc
import console
least = [1 << 30, 0, 0, 0]  # least free, polls, free at the first poll (NEW GAME), in use then
_step = console.Loop.step
def step(self, now):
    _step(self, now)
    least[1] += 1
    if least[1] % 20 == 1:
        gc.collect()
        f = gc.mem_free()
        if least[1] == 1:
            least[2] = f
        if f < least[0]:
            least[0] = f
            least[3] = gc.mem_alloc()
console.Loop.step = step
console.main()
"""


def _games(text):
    return tuple((g, int(n)) for g, n in (x.split(":") for x in text.split(",")))


def _ms(ns):
    return ns / NS_PER_MS


PAGE = "docs/device.md"
_LINES = []  # (route, what, value, budget): every line printed, for --docs
_ROUTE = [None]


def _line(what, value, budget):
    print("  %-58s %-26s budget %s" % (what, value, budget))
    _LINES.append((_ROUTE[0], what, value, budget))


def docs_table(lines):
    """The table ``device-figures``: each line of the ROMFS route beside the
    same line of the stock route (the routes print the same lines)."""
    romfs = [x for x in lines if x[0] == "romfs"]
    lfs = [x for x in lines if x[0] == "lfs"]
    rows = []
    for i in range(max(len(romfs), len(lfs))):
        _r, what, value, budget = romfs[i] if i < len(romfs) else (None, "", "", "")
        _l, other_what, other, other_budget = lfs[i] if i < len(lfs) else (None, what, "", budget)
        if other_what != what:  # (never so far: the routes print the same lines) say whose line it is
            other = "%s (%s)" % (other, other_what.strip())
        label = ("— " + what.strip()) if what.startswith(" ") else what
        rows.append((label, value, other, budget if budget == other_budget else budget + " / " + other_budget))
    rows += [(what + " (the FROZEN firmware)", value, "", budget) for r, what, value, budget in lines if r == "frozen"]
    return doctable.markdown(("figure (emulated RP2040, 125 MHz)", "STUD_PICO + ROMFS image",
                              "stock RPI_PICO + LittleFS", "budget"), rows)


def _board():
    return dict(board_dict("pico_ssd1306_i2c"), seed=SEED)


def _parse(out, tag):
    return [ln.split()[1:] for ln in out.splitlines() if ln.startswith(tag)]


def boot_and_play(route, firmware, build, first, steps):
    board = _board()
    vp = VirtualPico(board, log_flash=True)  # the flash's erases and programs too
    vp.boot(uf2(firmware), **app_install(route, build, board))
    lat = gamescript.replay(vp, first, steps)
    boot = next(f for f in vp.frames if f.data == first)
    return vp, boot, lat


def evaluation(vp):
    mode, fast, plain_us, fast_us = _parse(vp.exec(EVAL, timeout_ms=60000), "EVAL")[0]
    return mode, fast, float(plain_us), float(fast_us)


def fresh_figures(route, firmware, build, first):
    """On a board just booted (the game stopped at NEW GAME): evaluation and
    the 8-player hand with the heap as boot left it."""
    board = _board()
    with VirtualPico(board) as vp:
        vp.boot(uf2(firmware), **app_install(route, build, board))
        vp.run_until_frame(lambda f: f.data == first, 5000)
        ev = evaluation(vp)
        whole, engine = [int(x) for x in _parse(vp.exec(HAND8, timeout_ms=120000), "HAND8")[0]]
        batch = _parse(vp.exec(BATCH, timeout_ms=120000), "BATCH")[0]
    return ev, whole, engine, (batch[0], float(batch[1]), float(batch[2]))


def boot_profile(route, firmware, build, first):
    """Where power-on to NEW GAME goes (BOOT_MAIN): ms at each step."""
    board = _board()
    inst = app_install(route, build, board)
    inst["files"]["main.py"] = BOOT_MAIN.encode()
    with VirtualPico(board) as vp:
        vp.boot(uf2(firmware), **inst)
        f = vp.run_until_frame(lambda f: f.data == first, 5000)
        marks = [int(x) / 1000 for x in _parse(vp.exec("print('MARKS', *T)"), "MARKS")[0]]
    return marks + [_ms(f.t0), _ms(f.t1)]


def boot_lines(route, firmware, build, first):
    t = boot_profile(route, firmware, build, first)
    steps = ("  reset to main.py (bootrom, MicroPython, filesystem)",
             "  the hardware layer imported (hw.hardware_setup, ui.keys)",
             "  the app imported (poker.rng, poker.match.store, ui.app)",
             "  console imported",
             "  devices set up (the display's init on the bus), app made, NEW GAME drawn",
             "  NEW GAME sent on the bus")
    print("  boot profile (a main.py that notes the time between console.main's imports):")
    for i, what in enumerate(steps):
        _line(what, "%.1f ms" % (t[i] - (t[i - 1] if i else 0)), "-")
    _line("  power-on to NEW GAME, this main.py", "%.0f ms" % t[-1], BUDGET["boot " + route])


def played_figures(vp, hands):
    """After the scripted game, on the same board: heap, evaluation, Hard."""
    free, alloc = [int(x) for x in _parse(vp.exec(HEAP_NOW), "HEAP")[0]]
    ev = evaluation(vp)
    games = ("F7S", "FT", "F5S", "FO", "F7S/8", "FR", "FO/8")
    hard = _parse(vp.exec(HARD % {"games": games, "seed": 5, "hands": hands}, timeout_ms=900000), "HARD")
    return free, alloc, ev, hard


def heap_while_playing(route, firmware, build, first, steps):
    board = _board()
    inst = app_install(route, build, board)
    inst["files"]["main.py"] = HEAP_MAIN.encode()
    with VirtualPico(board) as vp:
        vp.boot(uf2(firmware), **inst)
        gamescript.replay(vp, first, steps)
        out = vp.exec("print('LEAST', least[0], least[1], least[2], least[3])")  # main.py's globals
        if vp.problems():
            raise SystemExit("heap run: %s" % vp.problems()[:2])
    return [int(x) for x in _parse(out, "LEAST")[0]]


def presses_while_thinking(route, firmware, build, think):
    """The presses of gamescript.presses_while_players_act on a casino
    table of eight Hard players (7 Card Stud): (thinking, acting). (On the
    stock route Hard plays fewer deals than the simulator: its turns are
    found by the screen's quiet, not by the simulator's frames.)"""
    board = _board()
    inst = app_install(route, build, board)
    inst["files"]["data/settings"] = think[0]
    with VirtualPico(board) as vp:
        vp.boot(uf2(firmware), **inst)
        thinking, acting, _acted = gamescript.presses_while_players_act(vp, think[1], think[2],
                                                                        same=route == "romfs")
    return thinking, acting


def think_lines(route, firmware, build, think):
    thinking, acting = presses_while_thinking(route, firmware, build, think)
    every = thinking + acting
    _line("key to frame complete while 8 Hard players think (min/median/max)",
          "%d presses: %.1f / %.1f / %.1f ms" % ((len(every),) + gamescript.stats(every)), BUDGET["press"])
    _line("  those made as a player's action reached the display (max)",
          "%d presses: %.1f ms" % (len(acting), max(acting or [0])), BUDGET["press"])
    _line("  presses over 50 ms while they think", "%d" % len([ms for ms in every if ms > 50]), "none")


def heap_lines(route, firmware, build, first, steps):
    least, polls, at_boot, peak = heap_while_playing(route, firmware, build, first, steps)
    _line("heap free at NEW GAME (first poll, after gc.collect)", "%.1f KB" % (at_boot / 1024), "-")
    _line("least heap free while playing (collected every 20 polls)", "%.1f KB (%d polls)" % (
        least / 1024, polls), "-")
    _line("peak heap in use while playing (live, after collection)", "%.1f KB" % (peak / 1024),
          BUDGET["heap " + route])


# the sections measured apart, each with options of its own: bench_device.py SECTION --help
SECTIONS = {
    "first-press": "device_first",  # a press while the game still loads, at chosen delays
    "hard": "device_hard",          # Hard's decisions in detail (how the deals were drawn, --raw)
    "modules": "device_modules",    # the heap each module takes, imported one by one
    "power": "device_power",        # where a game's time goes, and the hours on batteries
}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in SECTIONS:
        return __import__(SECTIONS[argv[0]]).main(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 epilog="sections measured apart: bench_device.py {%s} --help" % ",".join(SECTIONS))
    ap.add_argument("--decision-hands", type=int, default=1, help="self-play hands per game for Hard (default 1)")
    ap.add_argument("--hands", default="F7S:3,FT:3", help="scripted game: GAME:HANDS,... (default F7S:3,FT:3)")
    ap.add_argument("--heap-hands", default="F7S:2,FT:1", help="the game of the heap run (default F7S:2,FT:1)")
    ap.add_argument("--heap-only", action="store_true", help="only the heap run (heap free at NEW GAME, least free, peak)")
    ap.add_argument("--think-only", action="store_true", help="only the presses while 8 Hard players think")
    ap.add_argument("--boot-only", action="store_true", help="only the boot profile")
    ap.add_argument("--route", choices=[r for r, _ in ROUTES], default=None, help="one route only (default both)")
    ap.add_argument("--build", default=None, help="a build folder (default: build one in a temporary folder)")
    ap.add_argument("--docs", action="store_true", help="write the figures into %s (a full run only)" % PAGE)
    args = ap.parse_args(argv)
    if args.docs and (args.heap_only or args.think_only or args.boot_only or args.route
                      or [args.decision_hands, args.hands, args.heap_hands] != [ap.get_default(k) for k in (
                          "decision_hands", "hands", "heap_hands")]):
        ap.error("--docs writes the figures of a full run only (both routes, the default sizes)")
    games = _games(args.hands)
    wall = time.time()
    build, tmp = builder.build_unless_given(args.build)
    first, steps, counts = gamescript.plan(SEED, games)
    _first, heap_steps, _counts = gamescript.plan(SEED, _games(args.heap_hands))
    with tempfile.TemporaryDirectory() as data:
        record = gamescript.hard_table_settings(data)
        think = (record,) + gamescript.plan_turns(SEED, data, 3)[:2]
    print("Device figures on the virtual Pico (rp2040js, 125 MHz; seed %d; scripted game %s: "
          "%d presses, hands and showdowns %s)" % (SEED, args.hands, len(steps), counts))
    for route, firmware in ROUTES:
        if args.route not in (None, route):
            continue
        _ROUTE[0] = route
        if args.heap_only:
            print("%s route (%s):" % (route, firmware))
            heap_lines(route, firmware, build, first, heap_steps)
            continue
        if args.think_only:
            print("%s route (%s):" % (route, firmware))
            think_lines(route, firmware, build, think)
            continue
        if args.boot_only:
            print("%s route (%s):" % (route, firmware))
            boot_lines(route, firmware, build, first)
            continue
        vp, boot, lat = boot_and_play(route, firmware, build, first, steps)
        problems = vp.problems()
        print("%s route (%s):" % (route, firmware))
        _line("power-on to NEW GAME (frame complete)", "%.0f ms" % _ms(boot.t1), BUDGET["boot " + route])
        starts = [_ms(x.t0 - x.edge) for x in lat]
        ends = [_ms(x.t1 - x.edge) for x in lat]
        _line("key to frame start, %d presses (min/median/max)" % len(lat),
              "%.1f / %.1f / %.1f ms" % gamescript.stats(starts), BUDGET["press"])
        _line("key to frame complete (min/median/max)", "%.1f / %.1f / %.1f ms" % gamescript.stats(ends),
              BUDGET["press"])
        over = [x for x in lat if _ms(x.t1 - x.edge) > 50]
        slow = ", ".join(sorted(set("%s->%s" % (x.key, x.screen) for x in over)))
        _line("presses over 50 ms (to frame complete)", "%d: %s" % (len(over), slow) if over else "0", "none")
        vp.run(3000)  # the last hand's booking, after its frame
        erases = [e["len"] for e in vp.flash_log if e["ev"] == "erase"]
        programs = [e["len"] for e in vp.flash_log if e["ev"] == "program"]
        hands = sum(c[0] for c in counts.values())
        _line("flash written by the scripted game (%d hands)" % hands, "%d erases, %d programs, %d B" % (
            len(erases), len(programs), sum(programs)), "-")
        _line("  a hand", "%.1f sector erases, %.1f KB" % (sum(erases) / 4096 / hands, sum(programs) / 1024 / hands),
              "-")
        free, alloc, played_ev, hard = played_figures(vp, args.decision_hands)
        vp.close()
        think_lines(route, firmware, build, think)
        (mode, fast, plain_us, fast_us), whole, engine, batch = fresh_figures(route, firmware, build, first)
        _line("heap free with the game stopped (gc.collect)", "%.1f KB (in use %.1f KB)" % (
            free / 1024, alloc / 1024), "-")
        # (what differs between the routes goes in the value: --docs sets them side by side)
        _line("7-card evaluation, plain bytecode, fresh heap", "%.1f us (%s tables)" % (plain_us, mode),
              BUDGET["eval plain"])
        _line("7-card evaluation, plain bytecode, after the game", "%.1f us" % played_ev[2], BUDGET["eval plain"])
        _line("7-card evaluation, fast path", "%.1f us, after the game %.1f (%s, %s tables)" % (
            fast_us, played_ev[3], fast, mode), BUDGET["eval fast"])
        _line("7-card evaluation in high7_batch (2,000 hands, one call)",
              "%.2f us a hand (%s tables)" % (batch[1], mode), BUDGET["batch"])
        _line("Monte Carlo deal, 7 Card Stud heads-up (the batch sampler, runs of 240)",
              "%.1f us (%s)" % (batch[2], batch[0]), BUDGET["deal"])
        for code, n, med, mx in hard:
            _line("Hard decision %s (median / max)" % code,
                  "%.0f / %.0f ms (%s decisions)" % (int(med) / 1000, int(mx) / 1000, n), BUDGET["hard"])
        _line("8-player 7 Card Stud hand to showdown, engine alone", "%.1f ms" % (engine / 1000), BUDGET["hand8"])
        _line("8-player 7 Card Stud hand, engine and evaluator", "%.1f ms" % (whole / 1000), "-")
        heap_lines(route, firmware, build, first, heap_steps)
        boot_lines(route, firmware, build, first)
        if problems:
            print("  PROBLEMS: %s" % problems[:3])
            if args.docs:
                raise SystemExit("the device had problems: no table written")
    frozen = uf2("STUD_PICO-FROZEN")
    if os.path.exists(frozen) and not (args.heap_only or args.think_only or args.boot_only) and args.route is None:
        board = _board()
        with VirtualPico(board) as vp:
            vp.boot(frozen, **app_install("romfs", build, board))
            f = vp.run_until_frame(lambda f: f.data == first, 5000)
        print("FROZEN (STUD_PICO-FROZEN + ROMFS image):")
        _ROUTE[0] = "frozen"
        _line("power-on to NEW GAME (frame complete)", "%.0f ms" % _ms(f.t1), BUDGET["boot romfs"])
    print("(%.0f s of wall time)" % (time.time() - wall))
    if args.docs:
        doctable.write(PAGE, "device-figures", docs_table(_LINES), [__file__])
        print("written into %s" % PAGE)
    if tmp is not None:
        tmp.cleanup()


if __name__ == "__main__":
    main()
