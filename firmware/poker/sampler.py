"""Monte Carlo for high-hand games of seven cards (7 Card Stud, hold'em),
in batches: deal many samples into one buffer, evaluate every hand of the
batch in one call (``evaluator.high7_batch``), score the batch in one call.

``run(t, samples, rng, clock, budget_ms, pot)`` is poker.equity's Monte
Carlo loop (``poker.montecarlo``) for such a deal ``t`` (an ``equity.Deal``) without ranges:
the same cards from the same ``Rng`` (one ``next16`` word a deal, then the
deal LCG), the same pool shuffled in place, the same units, the same
checks of the clock every 16 deals, the ``Rng`` left in the same state:
the same result for a seed; on MicroPython, where ``prepare``, ``deal``
and ``score`` are viper code (poker/sampler_viper.py) and the evaluation
is the evaluator's viper loop, a deal of 7 Card Stud heads-up takes 21 us
on the RP2040 instead of 558 (README). ``None`` when it does not apply
(another random source, more than ``MAX_PLAYERS``).

Buffers are made once (the hands of up to ``_MAX_HANDS`` at a time); a
batch allocates nothing.
"""
import array
import sys

from micropython import const

from poker import evaluator as _ev
from poker.rng import Rng

MAX_PLAYERS = const(10)
_MAX_HANDS = const(80)    # hands a batch (7 bytes each): 8 deals of 10
_CLOCK_EVERY = const(16)  # deals between two looks at the clock (a power of 2)
_MIN_HANDS = const(16)    # hands a batch at least, where slices ask for fewer

_HANDS = bytearray(7 * (_MAX_HANDS + MAX_PLAYERS))  # and the known cards
_STRENGTHS = array.array('H', bytes(2 * _MAX_HANDS))
_SHARES = array.array('H', bytes(2 * (MAX_PLAYERS + 1)))
_PLAN = bytearray(52)
# pool size, cards a deal, players, first board slot, deals, Rng s0, s1,
# deal slots filled with the known cards, where the known cards are, the
# board's first unknown card, the board's size
_CTRL = array.array('i', bytes(4 * 11))


def _prepare_plain(hl, starts, needs, plan, hands, ctrl):
    """The viper ``prepare``'s twin: ``plan`` from the table's ``starts``
    and ``needs`` (opponents first, then player 0, then the board cards
    ``ctrl[9]`` to ``ctrl[10]``), its length into ``ctrl[1]``, and the
    known cards of the hands ``hl`` into ``hands`` from ``ctrl[8]``."""
    np = ctrl[2]
    known = ctrl[8]
    m = 0
    for k in range(1, np + 1):
        p = k if k < np else 0
        h = hl[p]
        for i in range(7):
            hands[known + 7 * p + i] = h[i]
        a = 7 * p + starts[p]
        for i in range(a, a + needs[p]):
            plan[m] = i
            m += 1
    for b in range(ctrl[9], ctrl[10]):
        plan[m] = 128 + b
        m += 1
    ctrl[1] = m


def _deal_plain(x, t, pool, plan, hands, ctrl):
    """The viper ``deal``'s twin (x, t: unused): ``ctrl[4]`` deals of
    ``ctrl[1]`` cards from ``pool`` (shuffled in place), each card to
    ``hands`` at ``plan[t]`` (< 128: that byte of the deal's hands;
    128 + i: board card i, into every hand at ``ctrl[3] + i``); the Rng
    state in ctrl[5:7]; a deal slot past the first ``ctrl[7]`` first gets
    the known cards, kept in hands from ``ctrl[8]``."""
    npool = ctrl[0]
    m = ctrl[1]
    np7 = 7 * ctrl[2]
    off = ctrl[3]
    known = ctrl[8]
    rng = _RNG
    rng.s0 = ctrl[5]
    rng.s1 = ctrl[6]
    base = 0
    for d in range(ctrl[4]):
        if d >= ctrl[7]:
            for i in range(np7):
                hands[base + i] = hands[known + i]
            ctrl[7] = d + 1
        x = rng.next16()
        for t in range(m):
            # poker.montecarlo's deal LCG (_LCG_A, _LCG_C), a byte at a time:
            # small ints on the device
            x = (((((x >> 8) * 25173) & 255) << 8) + (x & 255) * 25173 + 13849) & 0xFFFF
            j = t + ((x * (npool - t)) >> 16)
            card = pool[j]
            pool[j] = pool[t]
            pool[t] = card
            q = plan[t]
            if q < 128:
                hands[base + q] = card
            else:
                for q in range(base + off + q - 128, base + np7, 7):
                    hands[q] = card
        base += np7
    ctrl[5] = rng.s0
    ctrl[6] = rng.s1


def _score_plain(strengths, n, np, shares):
    """The viper ``score``'s twin: pot units of player 0 over the deals."""
    total = 0
    o = 0
    while o < n:  # (a range with a variable step is an object: an allocation)
        me = strengths[o]
        ties = 1
        for p in range(o + 1, o + np):
            s = strengths[p]
            if s > me:
                ties = 0
                break
            if s == me:
                ties += 1
        total += shares[ties]
        o += np
    return total


_USER = [None]  # the deal table whose slices the buffers hold
_RNG = Rng(1)  # the plain deal's Rng (its state comes from ctrl)
prepare = _prepare_plain
deal = _deal_plain
score = _score_plain
FAST_PATH = "plain"
if sys.implementation.name == "micropython" and _ev.FAST_PATH == "viper":
    try:
        from poker import sampler_viper as _viper
    except (ImportError, ValueError, SyntaxError):  # no native code here
        _viper = None
    if _viper is not None:
        prepare = _viper.prepare
        deal = _viper.deal
        score = _viper.score
        FAST_PATH = "viper"


def run(t, samples, rng, clock, budget_ms, pot):
    """(pot units won, deals) over ``samples`` deals of table ``t`` (seven
    cards a hand, high only, no ranges), or None when this does not apply."""
    from poker.montecarlo import WHOLE, finish

    return finish(parts(t, samples, rng, clock, budget_ms, pot, WHOLE))


def parts(t, samples, rng, clock, budget_ms, pot, per):
    """``run`` in slices of about ``per`` hands (whole batches of deals, at
    least one; ``poker.montecarlo.WHOLE``: none): a generator that yields
    between slices and returns what ``run`` does; the deals and sums are the
    same whatever the slices. The shared
    buffers are set up again after a slice if another equity used them
    meanwhile, and the time between slices is not counted against
    ``budget_ms``."""
    np = t.nplayers
    if type(rng) is not Rng or np > MAX_PLAYERS:
        return None
    ctrl = _CTRL
    t.copy_board()
    batch_deals = _MAX_HANDS // np
    per //= np  # deals a slice: whole batches
    if per < batch_deals:
        # a slice smaller than a batch: smaller batches (the same deals), of
        # _MIN_HANDS at least (each has its cost), so that a slice takes
        # about the time asked (eight players' batch of 8 deals: 7-9 ms of
        # the chip on the stock route, where a press waits on it)
        least = _MIN_HANDS // np
        batch_deals = per if per > least else least if least > 0 else 1
    shares = _SHARES
    t0 = 0
    if clock is not None:  # batches that end on every 16th deal
        while _CLOCK_EVERY % batch_deals:
            batch_deals -= 1
        t0 = clock()
    if per < samples:
        per = per // batch_deals * batch_deals if per > batch_deals else batch_deals
    strengths = _STRENGTHS
    batch = _ev.high7_batch
    total = 0
    done = 0
    stop = 0
    while done < samples:
        if done == stop:
            if done:
                # a slice done: the loop is free until the next one (the
                # clock counts the thinking only)
                spent = clock() - t0 if clock is not None else 0
                rng.s0 = ctrl[5]
                rng.s1 = ctrl[6]
                yield
                if clock is not None:
                    t0 = clock() - spent
            stop += per
            if _USER[0] is t:  # the buffers as the last slice left them
                ctrl[5] = rng.s0
                ctrl[6] = rng.s1
                continue
            _USER[0] = t
            ctrl[0] = len(t.pool)
            ctrl[2] = np
            ctrl[3] = t.nown
            ctrl[5] = rng.s0
            ctrl[6] = rng.s1
            ctrl[7] = 0
            ctrl[8] = 7 * _MAX_HANDS  # the known cards, after the batch's hands:
            ctrl[9] = t.bstart        # deal() copies them into a deal slot the
            ctrl[10] = t.nboard       # first time it fills it
            # (the stubs type viper's ptr8/ptr32 arguments; a buffer is what they take)
            prepare(t.hands, t.starts, t.needs, _PLAN, _HANDS, ctrl)  # pyright: ignore[reportArgumentType]
            if shares[1] != pot:
                for k in range(1, MAX_PLAYERS + 1):
                    shares[k] = pot // k
        nd = samples - done
        if nd > batch_deals:
            nd = batch_deals
        ctrl[4] = nd
        deal(0, 0, t.pool, _PLAN, _HANDS, ctrl)  # pyright: ignore[reportArgumentType]
        batch(_HANDS, nd * np, strengths)
        total += score(strengths, nd * np, np, shares)
        done += nd
        if clock is not None and done & (_CLOCK_EVERY - 1) == 0 and clock() - t0 >= budget_ms:
            break
    rng.s0 = ctrl[5]
    rng.s1 = ctrl[6]
    _USER[0] = None  # (keeps no table alive)
    return total, done
