"""The evaluator's and the Monte Carlo's figures of docs/device.md's budgets, in
one MicroPython script that runs on the device as it is:

    mpremote run tools/bench/bench_device_eval.py    (on a Pico: STUD_PICO
                                                   + ROMFS, or stock)
    micropython -X heapsize=400k tools/bench/bench_device_eval.py  (unix port)
    python tools/bench/bench_device_eval.py          (the unix port, from CPython)

It prints, per figure, microseconds from ``time.ticks_us`` over many calls
(the best of a few rounds, the loop's own cost subtracted where it says
so): an empty 7-argument call; one 7-card evaluation through the fast path
and through the plain path, call included; the plain 6- and 5-card paths
and the eight-or-better low of 7 cards; 7-card evaluation inside
``high7_batch`` (one call for 2,000 hands); and one Monte Carlo deal of 7
Card Stud heads-up (deal the unseen cards, evaluate both hands; the set-up
of a run included, over runs of 16, 240 and 1000 deals) by equity's
per-card loop and by the batch sampler, which must agree.
"""
import sys

if sys.implementation.name != "micropython":
    import os
    import subprocess

    import paths
    sys.exit(subprocess.call([paths.micropython_exe(), "-X", "heapsize=400k", os.path.abspath(__file__)],
                             cwd=os.path.join(paths.ROOT, "firmware"), env=paths.micropython_env()))

import array  # noqa: E402
import time  # noqa: E402

from poker.odds import montecarlo  # noqa: E402
from poker.odds import equity as eq  # noqa: E402
from poker.eval import evaluator as ev  # noqa: E402
from poker.odds import sampler  # noqa: E402
from poker.rng import Rng  # noqa: E402

N = 2000
ROUNDS = 5
rng = Rng(7)
data = bytearray(7 * N)
for i in range(N):
    k = 0
    while k < 7:
        c = rng.below(52)
        j = 0
        while j < k and data[7 * i + j] != c:
            j += 1
        if j == k:
            data[7 * i + k] = c
            k += 1
out = array.array('H', bytes(2 * N))


def nothing(a, b, c, d, e, f, g):
    pass


def calls(fn):
    d = data
    t = time.ticks_us()
    for i in range(0, 7 * N, 7):
        fn(d[i], d[i + 1], d[i + 2], d[i + 3], d[i + 4], d[i + 5], d[i + 6])
    return time.ticks_diff(time.ticks_us(), t)


def loop_only():
    d = data
    t = time.ticks_us()
    for i in range(0, 7 * N, 7):
        d[i]
        d[i + 1]
        d[i + 2]
        d[i + 3]
        d[i + 4]
        d[i + 5]
        d[i + 6]
    return time.ticks_diff(time.ticks_us(), t)


def batch():
    t = time.ticks_us()
    ev.high7_batch(data, N, out)
    return time.ticks_diff(time.ticks_us(), t)


def best(fn, *args):
    b = 1 << 30
    for _ in range(ROUNDS):
        b = min(b, fn(*args))
    return b


def per_call(us, base):
    return (us - base) / N


print("evaluator: mode %s, fast path %s, tables %s" % (ev.MODE, ev.FAST_PATH,
                                                        ev.lookup.where(ev.TABLE_FILE if ev.MODE == "full" else ev.TABLE_FILE_5)[1]))
base = best(loop_only)
print("empty 7-argument call:               %7.3f us" % per_call(best(calls, nothing), base))
print("7-card evaluation, fast path, call:  %7.3f us  (RP2040 budget 16)" % per_call(best(calls, ev.high7_unchecked), base))
print("7-card evaluation, plain path, call: %7.3f us  (RP2040 budget 50)" % per_call(best(calls, ev.plain_high7()), base))


sevens = [data[i:i + 7] for i in range(0, 7 * 300, 7)]  # (slices made before the timing)


def calls_of(fn, k):
    # fn on the first k cards of each hand; k 1: on a 7-card slice (the
    # eight-or-better low)
    d = data
    t = time.ticks_us()
    if k == 6:
        for i in range(0, 7 * N, 7):
            fn(d[i], d[i + 1], d[i + 2], d[i + 3], d[i + 4], d[i + 5])
    elif k == 5:
        for i in range(0, 7 * N, 7):
            fn(d[i], d[i + 1], d[i + 2], d[i + 3], d[i + 4])
    else:
        for h in sevens:
            fn(h)
    return time.ticks_diff(time.ticks_us(), t)


def loop_of(k):
    # calls_of's loop alone: the same reads, no call
    d = data
    t = time.ticks_us()
    if k == 6:
        for i in range(0, 7 * N, 7):
            d[i]
            d[i + 1]
            d[i + 2]
            d[i + 3]
            d[i + 4]
            d[i + 5]
    elif k == 5:
        for i in range(0, 7 * N, 7):
            d[i]
            d[i + 1]
            d[i + 2]
            d[i + 3]
            d[i + 4]
    else:
        for h in sevens:
            h
    return time.ticks_diff(time.ticks_us(), t)


def plain_of(fn, k):
    n = N if k > 1 else len(sevens)
    return (best(calls_of, fn, k) - best(loop_of, k)) / n


print("6-card evaluation, plain path, call: %7.3f us" % plain_of(ev.high6_unchecked, 6))
print("5-card evaluation, plain path, call: %7.3f us" % plain_of(ev.high5_unchecked, 5))
print("eight-or-better low of 7 cards, call: %7.3f us" % plain_of(ev.low8_unchecked, 1))
print("7-card evaluation in high7_batch:    %7.3f us a hand (RP2040 budget 3)" % (best(batch) / N))


def deals(batch_path, samples):
    # 7 Card Stud heads-up, third street: my three cards, his door card
    t = eq.Deal('F7S', [48, 49, 20], (), [[33]], ())
    r = Rng(5)
    t0 = time.ticks_us()
    if batch_path:
        got = sampler.run(t, samples, r, None, 0, 5040)
    else:
        got = montecarlo.run(t, samples, r, None, None, 0)
    us = time.ticks_diff(time.ticks_us(), t0)
    return us, got


for S in (16, 240, 1000):  # Normal's deals, Hard's, and many
    us_loop, a = min(deals(False, S) for _ in range(ROUNDS))
    us_batch, b = min(deals(True, S) for _ in range(ROUNDS))
    assert a == b, (a, b)  # the same deals, the same units
    print("Monte Carlo deal, 7 Card Stud heads-up, %4d deals: equity's loop %7.3f us,"
          " batch sampler (%s) %7.3f us  (RP2040 budget 25)" % (S, us_loop / S, sampler.FAST_PATH, us_batch / S))
