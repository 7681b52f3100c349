"""Seven-card evaluation speed: ours against phevaluator and treys (CPython),
and the MicroPython unix port's plain and viper paths projected to the
RP2040 with docs/device.md's factors (bytecode x90, viper x70).

    python tools/bench/bench_evaluator.py [--hands N] [--rounds R] [--docs]   (make bench: --docs)

All contenders evaluate the same random hands in the same run; rounds are
interleaved and the best round of each is kept, so a busy machine hurts
all of them alike. phevaluator is timed three ways: its public
``evaluate_cards`` with integer cards (the documented fastest form), its
``evaluate_7cards``, and the raw C entry ``_pheval.evaluate_7cards`` (a
private module, shown for completeness). ``--docs`` (default sizes only)
writes the figures as the table ``evaluator-speed`` of docs/evaluator.md.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

import doctable
import paths

PAGE = "docs/evaluator.md"
HANDS, ROUNDS = 50000, 7  # the defaults: the only sizes --docs writes

MP_BENCH = r"""
import sys, time
from poker.eval import evaluator as ev
from poker.rng import Rng
rng = Rng(7)


def nothing(a, b, c, d, e, f, g):
    pass


data = bytearray(7 * %(n)d)
for i in range(%(n)d):
    h = []
    while len(h) < 7:
        c = rng.below(52)
        if c not in h:
            h.append(c)
    data[7 * i:7 * i + 7] = bytes(h)

BLOCK = 7 * 500  # timed in blocks of 500 hands; the best block counts


def run(fn):
    best = 1 << 30
    for j in range(0, len(data), BLOCK):
        best = min(best, run_block(fn, j))
    return best * (len(data) // BLOCK)


def run_block(fn, j):
    d = data
    t = time.ticks_us()
    for i in range(j, j + BLOCK, 7):
        fn(d[i], d[i + 1], d[i + 2], d[i + 3], d[i + 4], d[i + 5], d[i + 6])
    return time.ticks_diff(time.ticks_us(), t)

def bare():
    best = 1 << 30
    for j in range(0, len(data), BLOCK):
        best = min(best, bare_block(j))
    return best * (len(data) // BLOCK)


def bare_block(j):
    d = data
    t = time.ticks_us()
    for i in range(j, j + BLOCK, 7):
        d[i]
        d[i + 1]
        d[i + 2]
        d[i + 3]
        d[i + 4]
        d[i + 5]
        d[i + 6]
    return time.ticks_diff(time.ticks_us(), t)

def calib():
    t = time.ticks_us()
    s = 0
    for i in range(100000):
        s += 1
    return time.ticks_diff(time.ticks_us(), t)

best = {}
for r in range(%(rounds)d):
    for name, f in (('bare', None), ('empty', nothing), ('plain', ev.plain_high7()), ('fast', ev.high7_unchecked)):
        us = bare() if f is None else run(f)
        if name not in best or us < best[name]:
            best[name] = us
    c = calib()
    if 'calib' not in best or c < best['calib']:
        best['calib'] = c
# the compact mode (stock firmware: the full tables do not fit the heap)
from poker.eval import lookup
lookup.COMPACT = True
del sys.modules['poker.eval.evaluator']
del sys.modules['poker.eval.tables']  # (bound again: the compact table)
__import__('poker.eval.evaluator')
evc = sys.modules['poker.eval.evaluator']
best['compact'] = min(run(evc.plain_high7()) for r in range(%(rounds)d))
best['compactv'] = min(run(evc.high7_unchecked) for r in range(%(rounds)d))
print(ev.FAST_PATH, len(data) // 7, best['bare'], best['plain'], best['fast'], best['calib'], best['empty'],
      evc.MODE, best['compact'], best['compactv'])
"""


def bench_cpython(n, rounds):
    from poker.eval import evaluator as ev
    rng = random.Random(2026)
    hands = [tuple(rng.sample(range(52), 7)) for _ in range(n)]
    contenders = [("ours (pure Python, plain path)", ev.high7_unchecked, hands)]
    try:
        import phevaluator
        from phevaluator import _pheval
        from phevaluator.evaluator import evaluate_7cards
        contenders.append(("phevaluator.evaluate_cards (C ext., int cards)", phevaluator.evaluate_cards, hands))
        contenders.append(("phevaluator evaluate_7cards (int cards)", evaluate_7cards, hands))
        contenders.append(("phevaluator _pheval.evaluate_7cards (raw C)", _pheval.evaluate_7cards, hands))
    except ImportError:
        print("phevaluator not installed")
    try:
        import treys
        tev = treys.Evaluator()
        tcard = [treys.Card.new("23456789TJQKA"[c >> 2] + "cdhs"[c & 3]) for c in range(52)]
        thands = [([tcard[c] for c in h[:5]], [tcard[c] for c in h[5:]]) for h in hands]

        def treys_eval(board, hole, _e=tev.evaluate):
            return _e(hole, board)
        contenders.append(("treys Evaluator.evaluate", treys_eval, thands))
    except ImportError:
        print("treys not installed")

    # Blocks of 500 hands, every contender on the same block back to back
    # (twice, the second pass timed, so each runs with its own tables in
    # cache as in a hot loop), so load changes on a shared machine hit them
    # alike: the figures are each contender's best block, the ratios the
    # median over all blocks.
    best = {}
    ratios = {}
    block = 500
    first = contenders[0][0]
    for _r in range(rounds):
        for i in range(0, n - block + 1, block):
            times = {}
            for name, fn, hs in contenders:
                part = hs[i:i + block]
                for _warm in range(2):  # the second pass counts: warm caches
                    t = time.perf_counter()
                    if hs is hands:
                        for h in part:
                            fn(*h)
                    else:
                        for b, hole in part:
                            fn(b, hole)
                    times[name] = (time.perf_counter() - t) * n / block
                best[name] = min(best.get(name, times[name]), times[name])
            for name in times:
                ratios.setdefault(name, []).append(times[name] / times[first])
    print("CPython %s, %d random 7-card hands, best of %d rounds:"
          % (sys.version.split()[0], n, rounds))
    rows = []
    for name, _fn, _hs in contenders:
        t = best[name]
        r = sorted(ratios[name])
        print("  %-48s %8.0f ns/eval %10.0f evals/s   ours is %5.2fx faster"
              % (name, t / n * 1e9, n / t, r[len(r) // 2]))
        rows.append((name, "%.0f ns" % (t / n * 1e9), "" if name == first else "%.2f" % r[len(r) // 2]))
    return rows


def bench_micropython(n, rounds):
    exe = paths.micropython_exe()
    if not exe:
        print("MicroPython unix port not found: skipped")
        return []
    script = MP_BENCH % {"n": n, "rounds": rounds}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench_mp.py")
        with open(path, "w") as f:
            f.write(script)
        proc = subprocess.run([exe, "-X", "heapsize=800k", path], capture_output=True, text=True,
                              env=paths.micropython_env())
    if proc.returncode:
        print(proc.stdout + proc.stderr)
        return []
    fast, count, bare, plain, fastus, calib, empty, cmode, compact, compactv = proc.stdout.split()
    count = int(count)
    bare, plain, fastus, calib, empty = int(bare), int(plain), int(fastus), int(calib), int(empty)
    compact, compactv = int(compact), int(compactv)
    assert cmode == "compact"
    # the loop is subtracted, the call is included (an empty 7-argument
    # call is shown on its own)
    per = lambda us: (us - bare) / count
    print("MicroPython unix port (%s), %d hands, best of %d rounds:" % (fast, count, rounds))
    print("  an empty 7-argument call: %6.3f us on the unix port -> %5.1f us (x90)" % (per(empty), per(empty) * 90))
    print("  calibration loop (docs/device.md: ~5 ms here, ~480 ms on the device): %.1f ms" % (calib / 1000))
    print("  plain bytecode path: %6.3f us/eval on the unix port -> %5.1f us on the RP2040 (x90; budget 50)"
          % (per(plain), per(plain) * 90))
    print("  %-19s %6.3f us/eval on the unix port -> %5.1f us on the RP2040 (x70; budget 16)"
          % (fast + " path:", per(fastus), per(fastus) * 70))
    print("  compact mode (high5.bin, 21 lookups), plain: %6.3f us/eval -> %5.0f us on the RP2040 (x90)"
          % (per(compact), per(compact) * 90))
    print("  compact mode (high5.bin, 21 lookups), viper: %6.3f us/eval -> %5.0f us on the RP2040 (x70)"
          % (per(compactv), per(compactv) * 70))
    scale = 5000.0 / calib
    print("  (the calibration loop took %.2f times docs/device.md's reference 5 ms here;"
          " scaled by that: plain %.1f us, %s %.1f us)"
          % (calib / 5000.0, per(plain) * 90 * scale, fast, per(fastus) * 70 * scale))
    port = "MicroPython unix port"
    return [("ours, plain bytecode (%s)" % port, "%.3f us" % per(plain), ""),
            ("ours, %s path (%s)" % (fast, port), "%.3f us" % per(fastus), ""),
            ("ours, compact table (the stock route's), plain bytecode (%s)" % port, "%.3f us" % per(compact), ""),
            ("ours, compact table, %s path (%s)" % (fast, port), "%.3f us" % per(compactv), "")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=HANDS)
    ap.add_argument("--rounds", type=int, default=ROUNDS)
    ap.add_argument("--docs", action="store_true", help="write the figures into %s (default sizes only)" % PAGE)
    args = ap.parse_args()
    if args.docs and (args.hands, args.rounds) != (HANDS, ROUNDS):
        ap.error("--docs writes the figures of the default run only (no --hands, --rounds)")
    rows = bench_cpython(args.hands, args.rounds)
    rows += bench_micropython(min(args.hands, 3000), args.rounds)
    if args.docs:
        rows = [(name.replace("ours (pure Python, plain path)", "ours, pure Python (CPython %s)"
                              % sys.version.split()[0]), t, r) for name, t, r in rows]
        doctable.write(PAGE, "evaluator-speed", doctable.markdown(
            ("7-card evaluation, call included", "time", "its time / ours"), rows, "lrr"), [__file__])
        print("written into %s" % PAGE)


if __name__ == "__main__":
    main()
