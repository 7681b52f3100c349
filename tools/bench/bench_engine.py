"""Benchmark of the rules engine (poker.hand): hands per second of random
self-play on CPython and on the MicroPython unix port, and the projected
time of a full eight-player seven card stud hand on the RP2040.

    python tools/bench/bench_engine.py [--hands N] [--no-mp] [--docs]   (make bench: --docs)

Under CPython it measures, then runs itself under ``micropython`` (found on
PATH or in .venv/bin) and prints both. Each hand is timed on its own; the
device projection is the unix port's time of one full hand times 90
(docs/device.md), taking the fastest of the (alike) full hands, the one least
disturbed by a busy machine; docs/device.md's budget is 60 ms for the engine
alone (measured on the chip by tools/bench/bench_device.py).
"full" is eight players who all check or call to the showdown on seventh
street (five betting rounds, deck exhaustion, eight hands evaluated);
"engine only" is the same with the evaluator replaced by a trivial
function, so the figure does not depend on the evaluator's speed.
``--docs`` (a full run: both ports, the default hands) writes the figures as
the table ``engine-speed`` of docs/engine.md.
"""
import sys

try:
    import time
    _now_us = time.ticks_us
    _diff = time.ticks_diff
    MICRO = True
except AttributeError:
    MICRO = False

if not MICRO:
    import os
    import subprocess
    import time

    def _now_us():
        return int(time.perf_counter() * 1e6)

    def _diff(a, b):
        return a - b

from poker.eval import evaluator  # noqa: E402
from poker.hand import Hand  # noqa: E402
from poker.rng import Rng  # noqa: E402
from poker.rules import casino, lexibook  # noqa: E402
from poker.variants import VARIANTS  # noqa: E402

DEVICE_FACTOR = 90
BUDGET_MS = 60  # docs/device.md: one 8-player 7 Card Stud hand, engine only
HANDS = 200  # the default: the only size --docs writes
PAGE = "docs/engine.md"


def _random_hand(v, rules, seats, i, rng):
    h = Hand(v, rules, [1000] * seats, i % seats, rng)
    while not h.finished:
        la = h.legal_actions()
        h.act(*la[rng.below(len(la))])


def _full_hand(v, rules, i, seed):
    h = Hand(v, rules, [1000] * 8, i % 8, Rng(seed + i))
    while not h.finished:
        k, a = h.legal_actions()[0]
        if k == 'fold':
            k, a = h.legal_actions()[1]
        h.act(k, a)


def _stub_evaluator():
    saved = (evaluator.high, evaluator.best_five)
    evaluator.high = lambda cs: cs[0] + cs[1] + cs[2] + cs[3] + cs[4]
    evaluator.best_five = lambda cs: cs[:5]
    return saved


SCENARIOS = ('random F7S x8', 'random F7S x4', 'random FT x4', 'random FO/8 x4',
             'random F5S x4', 'full F7S x8', 'full F7S x8 engine only')


def run(name, hands, seed=1):
    """Plays ``hands`` hands of one scenario, timing each one: returns the
    sorted list of per-hand times in microseconds.

    random CODE xN: N seats of 1000 chips, a seeded Rng picks each action
    among the legal ones. full: eight players of seven card stud who all
    check or call to the showdown (five rounds, deck exhaustion, eight hands
    evaluated); "engine only" replaces the evaluator by a trivial function.
    """
    times = []
    if name.startswith('random'):
        _, code, seats = name.split()
        v = VARIANTS[code]
        seats = int(seats[1:])
        rules = casino() if seats > 4 else lexibook()
        rng = Rng(seed)
        for i in range(hands):
            t0 = _now_us()
            _random_hand(v, rules, seats, i, rng)
            times.append(_diff(_now_us(), t0))
    else:
        saved = _stub_evaluator() if name.endswith('engine only') else None
        v = VARIANTS['F7S']
        rules = casino()
        for i in range(hands):
            t0 = _now_us()
            _full_hand(v, rules, i, seed)
            times.append(_diff(_now_us(), t0))
        if saved:
            evaluator.high, evaluator.best_five = saved
    times.sort()
    return times


def _stats(times):
    n = len(times)
    total = 0
    for t in times:
        total += t
    return n, total, times[0], times[n // 10], times[n // 2]


def report(label, rows, project=False):
    """rows: (name, n, total, min, p10, median) in us. A busy machine
    inflates the mean; the "full" rows, whose hands are all alike, are
    projected from their fastest hand."""
    print("%s:" % label)
    print("  %-24s %8s %8s %8s %8s %8s" % ("scenario", "hands/s", "mean us",
                                          "min us", "p10 us", "median"))
    for name, n, total, lo, p10, med in rows:
        mean = total / n
        line = "  %-24s %8.0f %8.0f %8.0f %8.0f %8.0f" % (
            name, 1e6 / mean, mean, lo, p10, med)
        if project and name.startswith('full'):
            line += "  RP2040 %5.1f ms" % (lo * DEVICE_FACTOR / 1000)
        print(line)


def main_micro():
    """Under micropython: ``bench_engine.py HANDS`` prints one ROW line per
    scenario for the CPython side to read."""
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for name in SCENARIOS:
        n = hands if name.startswith('random') else max(10, hands // 2)
        print("ROW|%s|%d|%d|%d|%d|%d" % ((name,) + _stats(run(name, n))))


def main_cpython():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=HANDS)
    ap.add_argument("--no-mp", action="store_true", help="skip the unix port")
    ap.add_argument("--docs", action="store_true", help="write the figures into %s (a full run only)" % PAGE)
    args = ap.parse_args()
    if args.docs and (args.hands != HANDS or args.no_mp):
        ap.error("--docs writes the figures of a full run only (no --hands, --no-mp)")
    print("load average: %.1f %.1f %.1f (a busy machine inflates the means)"
          % os.getloadavg())
    rows = []
    for name in SCENARIOS:
        n = args.hands if name.startswith('random') else max(10, args.hands // 2)
        rows.append((name,) + _stats(run(name, n)))
    report("CPython %s" % sys.version.split()[0], rows)
    cpython_rows = rows
    if args.no_mp:
        return
    import paths
    exe = paths.micropython_exe()
    if not exe:
        print("micropython not found: unix port skipped")
        if args.docs:
            sys.exit("--docs needs both ports")
        return
    # 400k: the unix port compiles the engine from source here (the device
    # loads .mpy), and a 64-bit heap holds objects twice the size.
    proc = subprocess.run([exe, "-X", "heapsize=400k", os.path.abspath(__file__),
                           str(args.hands)], capture_output=True, text=True, env=paths.micropython_env())
    if proc.returncode:
        print(proc.stdout + proc.stderr)
        sys.exit(1)
    rows = []
    for line in proc.stdout.splitlines():
        if line.startswith("ROW|"):
            parts = line.split("|")
            rows.append((parts[1],) + tuple(int(x) for x in parts[2:]))
    report("MicroPython unix port", rows, True)
    for name, n, total, lo, p10, med in rows:
        if name.startswith("full F7S x8"):
            ms = lo * DEVICE_FACTOR / 1000
            print("%s: %.1f ms on the RP2040 (unix port x %d), budget %d ms: %s"
                  % (name, ms, DEVICE_FACTOR, BUDGET_MS,
                     "OK" if ms <= BUDGET_MS else "OVER"))
    if args.docs:
        write_docs(cpython_rows, rows)


def write_docs(cpython_rows, mp_rows):
    """The table ``engine-speed``: each scenario's median and fastest hand
    on both ports (not the mean: a busy machine inflates it)."""
    import doctable

    mp = dict((r[0], r) for r in mp_rows)
    out = []
    for name, _n, _total, lo, _p10, med in cpython_rows:
        m = mp[name]
        out.append(("`%s`" % name, "{:,}".format(med), "{:,}".format(lo), "{:,}".format(m[5]), "{:,}".format(m[3])))
    doctable.write(PAGE, "engine-speed", doctable.markdown(
        ("scenario", "CPython: median hand, us", "fastest, us", "unix port: median hand, us", "fastest, us"),
        out, "lrrrr"), [__file__])
    print("written into %s" % PAGE)


if MICRO:
    main_micro()
elif __name__ == "__main__":
    main_cpython()
