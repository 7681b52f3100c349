# portable
"""poker.odds.sampler, the batch Monte Carlo of seven-card high games: the same
deals, units and Rng state as poker.odds.equity's own loop for a seed (its
independent, per-card, per-hand implementation), on every path: plain on
CPython and the WebAssembly port, viper on the MicroPython unix port (there
also the viper loops against their plain twins, byte for byte)."""
import array

from poker.odds import equity as eq, montecarlo
from poker.eval import evaluator as ev
from poker.odds import sampler, sampler_plain
from poker.cards import parse
from poker.rng import Rng

from checks import run_slices

POT = 5040  # poker.odds.equity's pot units (_POT: a const, not an attribute on MicroPython)

# (variant, mine, board, opponents: a count or their up cards, dead)
CASES = [
    ('F7S', '', '', 1, ''),                                  # heads-up, nothing known
    ('F7S', 'As Ad Kc', '', [parse('7h'), parse('Qs')], ''),
    ('F7S', 'As Ad Kc 9h', '', [parse('7h 7c'), parse('Qs Jd'), parse('2c 3c')], '4s 5s'),
    ('F7S', 'As Ad Kc 9h 8h 2d', '', [parse('Ts Js Qh 3h'),
                                   parse('2s 3s 4d 5c'), parse('6s 8s 9s 9c')], ''),
    ('F7S', 'As Ad Kc', '', 7, ''),                          # 8 players: a community card
    ('FT', '', '', 1, ''),
    ('FT', 'As Kd', '', 3, ''),
    ('FT', 'As Kd', '2c 7h 9s', 2, ''),
    ('FT', '7s 2d', '2c 7h 9s Td', 9, ''),                  # ten players
    ('FT', 'Qs Qd', '2c 7h 9s Td 3c', 1, 'Ah'),
    ('FT', 'Qs Qd', '2c 7h 9s Td 3c', [parse('Ah Kh')], ''),  # nothing left to deal
]


def _table(case):
    code, mine, board, opps, dead = case
    return eq.Deal(code, parse(mine), parse(board), opps, parse(dead))


def _both(case, samples, seed, clock=None, budget_ms=0):
    """(result, Rng state, pool) of equity's loop and of the sampler."""
    out = []
    for batch in (False, True):
        t = _table(case)
        rng = Rng(seed)
        if batch:
            got = sampler.run(t, samples, rng, clock() if clock else None, budget_ms, POT)
        else:
            got = montecarlo.run(t, samples, rng, None, clock() if clock else None, budget_ms)
        out.append((got, rng.s0, rng.s1, bytes(t.pool)))
    return out


def test_the_batch_path_deals_and_scores_what_equity_s_loop_does_for_a_seed():
    for case in CASES:
        for samples, seed in ((1, 3), (17, 4), (300, 5), (1000, 6)):
            loop, batch = _both(case, samples, seed)
            assert batch == loop, (case, samples, seed)
            assert loop[0][1] == samples


class _Clock:
    """A clock that advances 3 ms each look."""

    def __init__(self):
        self.t = 0

    def __call__(self):
        self.t += 3
        return self.t


def test_with_a_clock_both_stop_after_the_same_deal():
    # (3, 8 and 10 players: batches of 16 deals, and of 8)
    for case in (CASES[1], CASES[4], CASES[8]):
        for budget in (1, 10, 40):
            loop, batch = _both(case, 1000, 9, _Clock, budget)
            assert batch == loop, (case, budget)
            assert loop[0][1] < 1000


def test_a_slice_smaller_than_a_batch_deals_what_it_asks_and_the_same_deals():
    # eight players (a batch holds 10 deals; 8 with a clock, whose looks
    # come every 16th deal): a slice of ``per`` hands is per // 8 deals (two
    # at least: 16 hands; with a clock as many as divide 16), not a whole
    # batch (8 deals: 7-9 ms of the chip on the stock route, a press waiting
    # on it); the result and the Rng the same as in one go (nothing else
    # between the slices here: their buffers are not set up again)
    case = CASES[4]
    deals = {1: (2, 2), 8: (2, 2), 16: (2, 2), 24: (3, 2), 40: (5, 4)}  # per: (no clock, clock)
    samples = 60
    for timed in (False, True):
        t = _table(case)
        rng = Rng(5)
        whole = sampler.run(t, samples, rng, _Clock() if timed else None, 10 ** 6, POT)
        one = (whole, rng.s0, rng.s1, bytes(t.pool))
        for per, (plain, clocked) in deals.items():
            t = _table(case)
            rng = Rng(5)
            g = sampler.parts(t, samples, rng, _Clock() if timed else None, 10 ** 6, POT, per)
            got, slices = run_slices(g)
            assert (got, rng.s0, rng.s1, bytes(t.pool)) == one, (timed, per)
            d = clocked if timed else plain
            assert slices == (samples + d - 1) // d - 1, (timed, per, slices)


def test_equity_takes_the_batch_path_where_it_applies_and_gives_the_same_result():
    mine, ups = parse('As Ad Kc'), [parse('7h'), parse('Qs')]
    got = eq.equity('F7S', mine, (), ups, samples=500, rng=Rng(2))
    t = eq.Deal('F7S', mine, (), ups, ())
    total, done = montecarlo.run(t, 500, Rng(2), None, None, 0)
    q = total // done
    assert got == (q * 1000 + (total - q * done) * 1000 // done + POT // 2) // POT
    # not for another random source, nor beyond MAX_PLAYERS
    assert sampler.run(_table(CASES[0]), 10, object(), None, 0, POT) is None
    # and equity does go through it (the same results alone would not show it)
    calls = []
    real = sampler.parts

    def counted(*args):
        calls.append(args[0])
        return real(*args)
    sampler.parts = counted
    try:
        eq.equity('F7S', mine, (), ups, samples=50, rng=Rng(2))
        eq.equity('FT', parse('As Kd'), parse('2c 7h 9s'), 2, samples=50, rng=Rng(2))
        eq.equity('FO', parse('As Kd Qh Jc'), (), 1, samples=50, rng=Rng(2))  # not Omaha
    finally:
        sampler.parts = real
    assert len(calls) == 2


def test_viper_prepare_deal_and_score_give_their_plain_twins_bytes():
    # on CPython and the WebAssembly port these are the twins themselves
    for case in CASES:
        t = _table(case)
        t.copy_board()
        np = t.nplayers
        nd = 160 // np
        runs = []
        for prepare, deal in ((sampler.prepare, sampler.deal),
                              (sampler_plain.prepare, sampler_plain.deal)):
            pool = bytearray(t.pool)
            hands = bytearray(7 * 170)
            plan = bytearray(52)
            ctrl = array.array('i', [len(pool), 0, np, t.nown, nd - 3, 12345, 6789, 0, 7 * 160,
                                     t.bstart, t.nboard])
            prepare(t.hands, t.starts, t.needs, plan, hands, ctrl)
            assert ctrl[1] == sum(t.needs) + t.nboard - t.bstart  # the cards a deal
            deal(0, 0, pool, plan, hands, ctrl)
            ctrl[4] = nd  # a second batch: three more slots get the known cards
            deal(0, 0, pool, plan, hands, ctrl)
            assert ctrl[7] == nd
            runs.append((bytes(plan), bytes(pool), bytes(hands), list(ctrl)))
        assert runs[0] == runs[1], case
        hands = runs[0][2]
        for p in range(np):  # every slot holds each player's known cards
            for i in range(t.starts[p]):
                assert hands[7 * (np * (nd - 1) + p) + i] == t.hands[p][i], case
        strengths = array.array('H', [0] * (nd * np))
        ev.high7_batch(hands, nd * np, strengths)
        shares = array.array('H', [0] + [POT // k for k in range(1, 11)])
        a = sampler.score(strengths, nd * np, np, shares)
        assert a == sampler_plain.score(strengths, nd * np, np, shares), case


def test_high7_batch_gives_high7_unchecked_of_each_hand():
    rng = Rng(11)
    n = 400
    hands = bytearray(7 * n)
    for o in range(n):
        k = 0
        while k < 7:
            c = rng.below(52)
            if c not in list(hands[7 * o:7 * o + k]):
                hands[7 * o + k] = c
                k += 1
    out = array.array('H', [0] * n)
    ev.high7_batch(hands, n, out)
    for o in range(n):
        h = hands[7 * o:7 * o + 7]
        assert out[o] == ev.plain_high7()(h[0], h[1], h[2], h[3], h[4], h[5], h[6]), list(h)
        assert out[o] == ev.high(list(h)), list(h)


def test_the_sampler_runs_viper_wherever_the_evaluator_does():
    assert sampler.FAST_PATH == ev.FAST_PATH


def test_the_three_files_name_the_control_slots_alike():
    # a const() is an immediate in bytecode and viper code: each file has
    # its own, and they must agree (read on CPython: the source's text)
    import sys

    if sys.implementation.name != "cpython":
        return
    import os
    import re

    firmware = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
    found = []
    for f in ("sampler.py", "sampler_plain.py", "sampler_viper.py"):
        with open(os.path.join(firmware, "poker", "odds", f)) as src:
            found.append(dict(re.findall(r"^(_[A-Z0-9]+) = const\((\d+)\)", src.read(), re.M)))
    slots = ("_POOL", "_CARDS", "_PLAYERS", "_BOARD", "_DEALS", "_S0", "_S1", "_FILLED", "_KNOWN", "_BFROM", "_BTO")
    for names in found:
        assert [int(names[k]) for k in slots] == list(range(11)), names
