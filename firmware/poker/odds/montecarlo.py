"""Monte Carlo equity: a sample of the deals of a ``poker.odds.equity.Deal``,
weighed by the opponents' ranges (``poker.odds.ranges``); (units, deals).
Seven-card high games without ranges take ``poker.odds.sampler``'s batch
path, with the same deals. (Every deal once: ``poker.odds.exact``.)

``parts`` is the same sampling in slices (a generator that yields after
every ``per`` hands dealt and returns (units, deals)): the same result
whatever the slices (``WHOLE``: none); ``finish`` runs one to its end.
How the cards are drawn: docs/evaluator.md, "Equity".
"""
from micropython import const

from poker.odds.ranges import now_class, start_score
from poker.variants import VARIANTS

_TRIES = const(4)  # redraws of one opponent's cards outside his range
# The deal's 16-bit LCG, x = (x * 25173 + 13849) mod 2**16 (full period),
# computed a byte of x at a time: x * 25173 itself passes 2**30 for a third
# of the states, a big int on the RP2040 (31-bit small ints) for every such
# card dealt.
_LCG_A = const(25173)
_LCG_C = const(13849)
_NO_LIST = [0]  # (the range slots when there are no ranges: nothing allocated)
_FITS = const(0x10000)  # _fits' answer: above the LCG's 16 bits
WHOLE = const(1 << 29)  # parts' per: no slices


def finish(parts):
    """The value a generator of slices returns, all its slices run."""
    try:
        while True:
            next(parts)
    except StopIteration as e:
        return e.value


def run(t, samples, rng, ranges, clock, budget_ms):
    """Deals ``samples`` random deals (fewer when ``clock`` says the
    ``budget_ms`` is spent): (units, deals)."""
    return finish(parts(t, samples, rng, ranges, clock, budget_ms, WHOLE))


def parts(t, samples, rng, ranges, clock, budget_ms, per):
    """``run`` in slices of ``per`` hands dealt (a player's cards, the
    redraws of his range included): yields between them (the time between
    slices is not counted against ``budget_ms``)."""
    pool = t.pool
    npool = len(pool)
    bd = t.bd
    bstart = t.bstart
    nboard = t.nboard
    code = t.code
    rnext = rng.next16
    share = t.scorer()
    copy_board = t.copy_board
    stud = VARIANTS[code].stud
    probe, now = _slots(t, stud, ranges)
    jobs = _order(t, ranges)
    njobs = len(jobs)
    total = 0
    done = 0
    # redraws for the ranges, in all: bounds the time (at most twice the
    # dealing of unweighted sampling); once spent, deals are unweighted
    redraws = samples
    t0 = clock() if clock is not None else 0
    # a look at the clock every 16 deals (as poker.odds.sampler: the same result for
    # a seed), every 4 when ranges weigh them (the costliest: a sooner stop)
    every = 3 if ranges is not None else 15
    left = per  # hands to deal before the slice ends
    for _ in range(samples):
        # one word of the seeded stream per deal, then a 16-bit LCG inside
        # the deal (_LCG_A; its high bits pick the cards): no call per card
        x = rnext()
        top = 0
        for jb in range(0, njobs, 4):
            if left <= 0:
                # a slice done (a weighted deal of many players is several):
                # the clock counts the thinking only, not the time between
                spent = clock() - t0 if clock is not None else 0
                yield
                if clock is not None:
                    t0 = clock() - spent
                left = per
            left -= 1
            h = jobs[jb]
            base = jobs[jb + 1]
            end = jobs[jb + 2]
            rg = jobs[jb + 3]
            tries = 0
            while True:
                t_ = top
                for i in range(base, end):
                    x = (((((x >> 8) * _LCG_A) & 255) << 8) + (x & 255) * _LCG_A + _LCG_C) & 0xFFFF
                    j = t_ + ((x * (npool - t_)) >> 16)
                    c = pool[j]
                    pool[j] = pool[t_]
                    pool[t_] = c
                    h[i] = c
                    t_ += 1
                if rg is None or tries >= _TRIES or redraws <= 0:
                    break
                x = _fits(x, h, base, rg, code, stud, probe, now, bd, bstart)
                if x & _FITS:
                    x &= 0xFFFF
                    break
                tries += 1
                redraws -= 1
            top = t_
        for i in range(bstart, nboard):
            x = (((((x >> 8) * _LCG_A) & 255) << 8) + (x & 255) * _LCG_A + _LCG_C) & 0xFFFF
            j = top + ((x * (npool - top)) >> 16)
            c = pool[j]
            pool[j] = pool[top]
            pool[top] = c
            bd[i] = c
            top += 1
        copy_board()
        total += share()
        done += 1
        if clock is not None and done & every == 0 and clock() - t0 >= budget_ms:
            break
    return total, done


def _order(t, ranges):
    """Who gets cards, in order: the opponents first (so that a redraw
    sees the same remaining cards), then player 0; four slots a player in
    one flat list (no tuple a player): his hand, its first and its end
    slot to deal, his range."""
    jobs = []
    n = t.nplayers
    for q in range(1, n + 1):
        p = q if q < n else 0
        need = t.needs[p]
        if need:
            jobs.append(t.hands[p])
            jobs.append(t.starts[p])
            jobs.append(t.starts[p] + need)
            jobs.append(ranges[p - 1] if ranges is not None and p else None)
    return jobs


def _slots(t, stud, ranges):
    """The preallocated cards ``_fits`` looks at: a start (hold'em and
    omaha the hole cards, stud the first two or three: the down cards and
    the door card, dealt first) and a hand as it stands now."""
    if ranges is None:
        return _NO_LIST, _NO_LIST
    return [0] * (t.nown if not stud else (2 if t.code == 'F5S' else 3)), [0] * 9


def _fits(x, h, base, rg, code, stud, probe, now, bd, bstart):
    """Whether the cards just dealt to ``h`` from slot ``base`` fit his
    range ``rg`` (poker.odds.ranges: his start, then his hand as it stands
    now against his bets, each with a chance to pass anyway): ``x``, the
    deal's LCG state, advanced by the draws this took, with _FITS set if
    they fit. ``probe`` and ``now`` are preallocated."""
    nstart = len(probe)
    # stud: the door card is his first up card, then his downs
    if stud and base > 0:
        probe[0] = h[base]
        probe[1] = h[0] if nstart == 2 else h[base + 1]
        if nstart == 3:
            probe[2] = h[0]
    else:
        for i in range(nstart):
            probe[i] = h[i]
    if start_score(code, probe) >= rg[0]:
        if len(rg) < 5:
            return x | _FITS
        ncur = rg[4]
        for i in range(ncur):
            now[i] = h[i]
        k = ncur
        if not stud:
            for i in range(bstart):
                now[k] = bd[i]
                k += 1
        if now_class(code, now, k) >= rg[2]:
            return x | _FITS
        x = (((((x >> 8) * _LCG_A) & 255) << 8) + (x & 255) * _LCG_A + _LCG_C) & 0xFFFF
        return x | _FITS if (x * 1000) >> 16 >= rg[3] else x
    x = (((((x >> 8) * _LCG_A) & 255) << 8) + (x & 255) * _LCG_A + _LCG_C) & 0xFFFF
    return x | _FITS if (x * 1000) >> 16 >= rg[1] else x
