"""Hard's decision times on the virtual Pico, both routes, alone (the part
of ``make bench-device`` that times Hard):

    python tools/bench/bench_device.py hard [--hands N] [--games F7S,FR] [--route romfs|lfs]
                                      [--after-game F7S:3,FT:3] [--raw FILE]

Boots each route as ``make deploy`` installs it and plays self-play hands on
the raw REPL, 4 Hard seats a game, seed 5, as ``tools/bench/bench_device.py``
does. Per game it prints the decisions, median and max in ms, the slowest
decision's deals, how many decisions the safety-net clock stopped
(``poker.players.hard``), and by how the deals were drawn (``batch``: poker.odds.sampler;
``weighted``: montecarlo with ranges; ``plain``: montecarlo without) the
slowest decision and the most us a deal; ``--raw`` writes every decision
(route, game, street, opponents, how, deals, us, deals asked): what
``poker.players.hard.CHIP_US`` is calibrated from (its time over deals x players).
The heap is the one a fresh boot leaves (the game stopped at NEW GAME), or
with ``--after-game`` the one ``make bench-device`` leaves: its scripted
game, then its heap and evaluation figures, then Hard.
"""
import argparse

from vpico import VirtualPico, app_install, board_dict, uf2

ROUTES = {"romfs": "STUD_PICO", "lfs": "RPI_PICO"}
GAMES = ("F7S", "FT", "F5S", "FO", "F7S/8", "FR", "FO/8")

HARD = r"""
import time, gc
from poker.hand import Hand
from poker import players
from poker.rng import Rng
from poker.rules import casino, lexibook
from poker.variants import VARIANTS
from poker.odds import exact, montecarlo, sampler
# which way each decision's equity went and its deals (equity keeps no
# record of its calls): stand-ins of the exact walk and the two samplers
how = ['', 0, 0]
_walk = exact.walk
_sampled = montecarlo.parts
_batch = sampler.parts
def walk(t):
    got = _walk(t)
    how[0] = 'exact'
    how[2] = got[1]
    return got
def sampled(t, samples, rng, ranges, *a):
    how[1] = samples
    got = yield from _sampled(t, samples, rng, ranges, *a)
    how[0] = 'weighted' if ranges is not None else 'plain'
    how[2] = got[1]
    return got
def batch(t, samples, *a):
    how[1] = samples
    got = yield from _batch(t, samples, *a)
    if got is not None:
        how[0] = 'batch'
        how[2] = got[1]
    return got
exact.walk = walk
montecarlo.parts = sampled
sampler.parts = batch
for code in %(games)r:
    rules = lexibook() if code in ('F7S', 'FT', 'F5S', 'FO') else casino()
    rng = Rng(%(seed)d)
    bots = [players.make('hard', 'balanced', seed=%(seed)d + s) for s in range(4)]
    for i in range(%(hands)d):
        h = Hand(VARIANTS[code], rules, [100 * rules.big_bet] * 4, i %% 4, rng)
        while not h.finished:
            s = h.actor
            v = h.view(s)
            how[0] = '-'
            how[1] = 0
            how[2] = 0
            t = time.ticks_us()
            kind, amount = bots[s].decide(v)
            dt = time.ticks_diff(time.ticks_us(), t)
            print("D", code, v.street, v.live_opponents, how[0], how[2], dt, how[1])
            h.act(kind, amount)
        for s in range(4):
            bots[s].observe(h.view(s))
        gc.collect()
"""


def run_route(route, build, games, hands, seed, after_game):
    board = board_dict("pico_ssd1306_i2c")
    rows = []
    if after_game:  # the heap as make bench-device leaves it: its scripted game first
        import bench_device
        import gamescript
        first, steps, _counts = gamescript.plan(bench_device.SEED, bench_device._games(after_game))
        vp = bench_device.boot_and_play(route, ROUTES[route], build, first, steps)[0]
        vp.run(3000)
        vp.exec(bench_device.HEAP_NOW)  # and what it runs before Hard (played_figures)
        bench_device.evaluation(vp)
    else:
        vp = VirtualPico(board)
        vp.boot(uf2(ROUTES[route]), **app_install(route, build, board))
        vp.run(1500)
    with vp:
        out = vp.exec(HARD % {"games": games, "seed": seed, "hands": hands}, timeout_ms=3600000)
        for ln in out.splitlines():
            if ln.startswith("D "):
                _d, code, street, nopp, how, deals, us, asked = ln.split()
                rows.append((code, int(street), int(nopp), how, int(deals), int(us), int(asked)))
            elif "Error" in ln or "Traceback" in ln:
                print("  ", ln)
    return rows


def report(route, rows, games):
    print("%s route (%s): Hard's decisions, 4 seats" % (route, ROUTES[route]))
    for code in games:
        rs = [r for r in rows if r[0] == code]
        if not rs:
            continue
        ts = sorted(r[5] for r in rs)
        worst = max(rs, key=lambda r: r[5])
        stops = sum(1 for r in rs if r[3] != "exact" and r[4] < r[6])
        print("  %-6s %3d decisions, median / max %5.0f / %5.0f ms (worst: street %d, %d opponents, %s, %d deals);"
              " stopped by the clock: %d" % (code, len(rs), ts[len(ts) // 2] / 1000, ts[-1] / 1000, worst[1],
                                             worst[2], worst[3], worst[4], stops))
        for how in ("batch", "weighted", "plain", "exact"):
            hs = [r for r in rs if r[3] == how and r[4]]
            if hs:
                top = max(hs, key=lambda r: r[5])
                per = max(r[5] / r[4] for r in hs)
                print("         %-8s %3d: slowest %5.0f ms (%d deals, %d opp); most us a deal %.0f" % (
                    how, len(hs), top[5] / 1000, top[4], top[2], per))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="bench_device.py hard", description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=2, help="self-play hands per game (default 2)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--route", default=None, help="romfs or lfs (default both)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--build", default=None, help="a build folder (default: build one in a temporary folder)")
    ap.add_argument("--after-game", default=None, metavar="GAME:HANDS,...",
                    help="play make bench-device's scripted game first (its default: F7S:3,FT:3)")
    ap.add_argument("--raw", default=None, help="also write every decision to this file")
    args = ap.parse_args(argv)
    games = tuple(args.games.split(","))
    import build as builder

    build, tmp = builder.build_unless_given(args.build)
    for route in ([args.route] if args.route else list(ROUTES)):
        rows = run_route(route, build, games, args.hands, args.seed, args.after_game)
        report(route, rows, games)
        if args.raw:
            with open(args.raw, "a") as f:
                for r in rows:
                    f.write("%s %s %d %d %s %d %d %d\n" % ((route,) + r))

