"""Monte Carlo for the seven-card high games (7 Card Stud, hold'em) in
batches: deal many samples into one buffer, evaluate them in one call
(``evaluator.high7_batch``), score them in one call.

``run(t, samples, rng, clock, budget_ms, pot)`` is poker.odds.montecarlo's
loop for an ``equity.Deal`` ``t`` without ranges, with the same result for
a seed (the same cards, clock checks and ``Rng`` state after), or ``None``
when it does not apply (another random source, more than ``_MAX_PLAYERS``).
Its buffers are made once: a batch allocates nothing. Its speed on the
device: docs/device.md, "Figures on the virtual Pico".
"""
import array
import sys

from micropython import const

from poker.eval import evaluator as _ev
from poker.rng import Rng

# _CTRL's slots (by the same names in sampler_plain and sampler_viper, which
# read it: host_tests/test_sampler.py holds them equal)
_POOL = const(0)     # pool size
_CARDS = const(1)    # cards a deal
_PLAYERS = const(2)  # players
_BOARD = const(3)    # the first board slot in a hand
_DEALS = const(4)    # deals
_S0 = const(5)       # the Rng's state
_S1 = const(6)
_FILLED = const(7)   # deal slots filled with the known cards
_KNOWN = const(8)    # where the known cards are (in the hands' buffer)
_BFROM = const(9)    # the board's first unknown card
_BTO = const(10)     # the board's size

_MAX_PLAYERS = const(10)
_MAX_HANDS = const(80)    # hands a batch (7 bytes each): 8 deals of 10
_CLOCK_EVERY = const(16)  # deals between two looks at the clock (a power of 2)
_MIN_HANDS = const(16)    # hands a batch at least, where slices ask for fewer

_HANDS = bytearray(7 * (_MAX_HANDS + _MAX_PLAYERS))  # and the known cards
_STRENGTHS = array.array('H', bytes(2 * _MAX_HANDS))
_SHARES = array.array('H', bytes(2 * (_MAX_PLAYERS + 1)))
_PLAN = bytearray(52)
# pool size, cards a deal, players, first board slot, deals, Rng s0, s1,
# deal slots filled with the known cards, where the known cards are, the
# board's first unknown card, the board's size
_CTRL = array.array('i', bytes(4 * 11))


_USER = [None]  # the deal table whose slices the buffers hold
FAST_PATH = "plain"
if sys.implementation.name == "micropython" and _ev.FAST_PATH == "viper":
    try:
        from poker.odds.sampler_viper import deal, prepare, score
        FAST_PATH = "viper"
    except (ImportError, ValueError, SyntaxError):  # no native code here
        pass
if FAST_PATH != "viper":  # the twins: a module of their own, out of the heap where viper serves
    from poker.odds.sampler_plain import deal, prepare, score


def run(t, samples, rng, clock, budget_ms, pot):
    """(pot units won, deals) over ``samples`` deals of table ``t`` (seven
    cards a hand, high only, no ranges), or None when this does not apply."""
    from poker.odds.montecarlo import WHOLE, finish

    return finish(parts(t, samples, rng, clock, budget_ms, pot, WHOLE))


def parts(t, samples, rng, clock, budget_ms, pot, per):
    """``run`` in slices of about ``per`` hands (whole batches of deals, at
    least one; ``poker.odds.montecarlo.WHOLE``: none): a generator that yields
    between slices and returns what ``run`` does; the deals and sums are the
    same whatever the slices. The shared
    buffers are set up again after a slice if another equity used them
    meanwhile, and the time between slices is not counted against
    ``budget_ms``."""
    np = t.nplayers
    if type(rng) is not Rng or np > _MAX_PLAYERS:
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
                rng.s0 = ctrl[_S0]
                rng.s1 = ctrl[_S1]
                yield
                if clock is not None:
                    t0 = clock() - spent
            stop += per
            if _USER[0] is t:  # the buffers as the last slice left them
                ctrl[_S0] = rng.s0
                ctrl[_S1] = rng.s1
                continue
            _USER[0] = t
            ctrl[_POOL] = len(t.pool)
            ctrl[_PLAYERS] = np
            ctrl[_BOARD] = t.nown
            ctrl[_S0] = rng.s0
            ctrl[_S1] = rng.s1
            ctrl[_FILLED] = 0
            ctrl[_KNOWN] = 7 * _MAX_HANDS  # the known cards, after the batch's hands:
            ctrl[_BFROM] = t.bstart        # deal() copies them into a deal slot the
            ctrl[_BTO] = t.nboard       # first time it fills it
            # (the stubs type viper's ptr8/ptr32 arguments; a buffer is what they take)
            prepare(t.hands, t.starts, t.needs, _PLAN, _HANDS, ctrl)  # pyright: ignore[reportArgumentType]
            if shares[1] != pot:
                for k in range(1, _MAX_PLAYERS + 1):
                    shares[k] = pot // k
        nd = samples - done
        if nd > batch_deals:
            nd = batch_deals
        ctrl[_DEALS] = nd
        deal(0, 0, t.pool, _PLAN, _HANDS, ctrl)  # pyright: ignore[reportArgumentType]
        batch(_HANDS, nd * np, strengths)
        total += score(strengths, nd * np, np, shares)
        done += nd
        if clock is not None and done & (_CLOCK_EVERY - 1) == 0 and clock() - t0 >= budget_ms:
            break
    rng.s0 = ctrl[_S0]
    rng.s1 = ctrl[_S1]
    _USER[0] = None  # (keeps no table alive)
    return total, done
