"""Omaha high, fast, for equity's deals: branch and bound over the hole
pairs (``omaha_high_fast``), on the board's triples summed once a deal
(``board_triples``). Exact for every hand that can reach a floor (the best
hand so far); equity's ``omaha_quick`` uses it. (Omaha's low by rank
masks is already quick: ``poker.eval.lows.omaha_low8_unchecked``.)

>>> from poker.cards import parse
>>> from poker.eval import evaluator
>>> hole, board = parse('Qc Tc Kc Qd'), parse('Kd As Td Jc Qh')
>>> tri = [0] * 10
>>> board_triples(board, tri)
>>> omaha_high_fast(hole, board, tri, [0] * 6) == evaluator.omaha_high(hole, board)
True
"""
from micropython import const

from poker.eval import evaluator as _ev

high7_unchecked = _ev.high7_unchecked
omaha_high_unchecked = _ev.omaha_high_unchecked

# the six pairs of four hole cards
_PAIR_I = const((0, 0, 0, 1, 1, 2))
_PAIR_J = const((1, 2, 3, 2, 3, 3))
# the evaluator's per-card keys and five-card lookup by key sum: an Omaha
# hand is the key sum of a hole pair plus that of a board triple
_K = _ev.CARD_KEYS
_five = _ev.five_of_keys
# the bound below is one seven-card lookup with the full tables or the viper
# path; plain bytecode on the compact table makes a seven-card hand 21
# five-card lookups: no gain there
_BOUND = _ev.MODE == 'full' or _ev.FAST_PATH == 'viper'


def board_triples(bd, tri):
    """Fills ``tri`` (10 slots) with the key sums of the board's triples."""
    K = _K
    n = 0
    for a in range(3):
        ka = K[bd[a]]
        for b in range(a + 1, 4):
            kab = ka + K[bd[b]]
            for c in range(b + 1, 5):
                tri[n] = kab + K[bd[c]]
                n += 1


def omaha_high_fast(h, bd, tri, ub, floor=0):
    """Omaha high of four hole cards ``h`` on a five-card board ``bd``,
    exact (two hole and three board cards), when it is at least ``floor``;
    below that some value under ``floor`` (an opponent who cannot reach our
    hand need not be valued). ``tri``: the board's triple sums
    (``board_triples``); ``ub``: six free slots.

    Branch and bound: the best seven-card hand of a hole pair with the whole
    board bounds that pair's Omaha hand from above (one lookup), so pairs
    are tried from the highest bound down, a pair whose bound cannot beat
    the best so far is skipped, and a pair's triples stop once the bound is
    reached. The same as 60 five-card lookups, in about a quarter of them."""
    if not _BOUND:
        return omaha_high_unchecked(h, bd)
    f = high7_unchecked
    five = _five
    K = _K
    b0 = bd[0]
    b1 = bd[1]
    b2 = bd[2]
    b3 = bd[3]
    b4 = bd[4]
    for p in range(6):
        ub[p] = f(h[_PAIR_I[p]], h[_PAIR_J[p]], b0, b1, b2, b3, b4)
    best = floor - 1
    while True:
        top = 0
        p = -1
        for q in range(6):
            if ub[q] > top:
                top = ub[q]
                p = q
        if top <= best:
            return best
        ub[p] = 0
        s = K[h[_PAIR_I[p]]] + K[h[_PAIR_J[p]]]
        for t in range(10):
            v = five(s + tri[t])
            if v > best:
                best = v
                if v == top:
                    break
