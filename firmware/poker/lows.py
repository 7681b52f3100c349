"""Low hands: eight-or-better (hi/lo games) and ace-to-five (razz), and
Omaha's eight-or-better low (two hole and three board cards).

Ranks are ace low (``poker.cards.LOW_RANK``); straights and flushes do not
count. Every function here is unchecked and allocates nothing (equity calls
them for every hand of every deal); ``poker.evaluator`` holds the checked
public ``low8``, ``low_a5`` and ``omaha_low8`` and re-exports these.

- ``low8_unchecked(cards)``: 5..7 cards, a strength (higher is better,
  7-5-4-3-2-A... best is 5-4-3-2-A), or None when no five distinct ranks
  8 or lower exist.
- ``low_a5_unchecked(cards)``: 5..7 cards, always a strength: no pair beats
  a pair beats two pair beats trips beats a full house beats quads; within
  a category the lower ranks win.
- ``omaha_low8_unchecked(hole, board)``: 2..6 hole and 3..5 board cards,
  on low8's scale, or None.

>>> from poker.cards import parse
>>> low8_unchecked(parse("Ah 2d 3c 4s 5d")) > low8_unchecked(parse("Ah 2d 3c 4s 6d"))
True
>>> omaha_low8_unchecked(parse("Ac 2d Kh Ks"), parse("3c 4d 9h Ts Jc")) is None
True
"""
from micropython import const

from poker.cards import LOW_RANK


def _low_mask_bits():
    # for each 8-bit set of low ranks (A..8), the five lowest if there are
    # five, as a strength: 255 - mask, so fewer/lower cards score higher
    t = bytearray(256)
    for m in range(256):
        kept = 0
        n = 0
        for r in range(8):
            if m >> r & 1 and n < 5:
                kept |= 1 << r
                n += 1
        t[m] = 255 - kept if n == 5 else 0
    return t


_LOW8 = _low_mask_bits()


def low8_unchecked(cards, L=LOW_RANK):
    """The eight-or-better low of 5..7 cards, or None."""
    # (a frame of 11 words, on the C stack: the loop's iterator takes 4, so
    # the rank goes in c's slot and the strength in m's)
    m = 0
    for c in cards:
        c = L[c]
        if c < 8:
            m |= 1 << c
    m = _LOW8[m]
    return m if m else None


_LOW_BASE = const(371293)  # 13 ** 5
_P13 = (1, 13, 169, 2197, 28561, 371293)
_CNT = bytearray(13)  # low_a5's rank counts (zero between calls)
_NONE = const(13)     # (no such rank, in _SCAN)
# low_a5's scan of _CNT: distinct ranks, the two lowest ranks held, the two
# lowest held twice or more
_SCAN = bytearray(5)

# Every function here keeps its frame within the 11 words MicroPython keeps
# on the C stack (a bigger frame is a heap block at every call, dearer as the
# heap fragments: host_tests/test_evaluator_frames.py): low_a5 is split in
# four (count, scan, category, the ranks left), Omaha's low in two (rank
# masks, then their pairs).


def low_a5_unchecked(cards, L=LOW_RANK):
    """The ace-to-five low of 5..7 cards. Allocates nothing (razz equity
    calls it for every hand of every deal): the five ranks that count,
    highest first, are weighed in base 13 as they are found, lowest first."""
    for c in cards:
        _CNT[L[c]] += 1
    return 6 * _LOW_BASE - _a5_bad()


def _a5_scan():
    s = _SCAN
    s[1] = s[2] = s[3] = s[4] = _NONE
    n = 0
    for r in range(13):
        if _CNT[r]:
            if n < 2:
                s[1 + n] = r
            n += 1
            if _CNT[r] >= 2:
                if s[3] == _NONE:
                    s[3] = r
                elif s[4] == _NONE:
                    s[4] = r
    s[0] = n


def _a5_bad():
    """How far from the best low the counted hand is (its category, the
    ranks that lead it, then the rest), and _CNT back to zero."""
    _a5_scan()
    s = _SCAN
    nd = s[0]
    if nd >= 5:      # no pair: the five lowest ranks
        return _a5_rest(0, 0, 5, _NONE, _NONE)
    p = s[3]
    if nd == 4:      # one pair: the lowest pair, three other ranks
        return _a5_rest((13 + p) * 28561, 1, 4, p, _NONE)
    if nd == 3:
        if s[4] != _NONE:  # two pair (the two lowest), one other rank
            return _a5_rest((2 * 169 + s[4] * 13 + p) * 2197, 2, 3, p, s[4])
        return _a5_rest((3 * 13 + p) * 28561, 2, 4, p, _NONE)  # trips, two others
    # two ranks: a full house if possible (the lower trips first), else quads
    p = s[1]
    nd = s[2]
    if _CNT[p] >= 3 and _CNT[nd] >= 2:
        p = 4 * 169 + p * 13 + nd
    elif _CNT[nd] >= 3 and _CNT[p] >= 2:
        p = 4 * 169 + nd * 13 + p
    elif _CNT[p] == 4:
        p = 5 * 169 + p * 13 + nd
    else:
        p = 5 * 169 + nd * 13 + p
    return _a5_rest(p * 2197, 3, 3, _NONE, _NONE)


def _a5_rest(bad, w, end, skip1, skip2):
    """bad plus the ranks held other than skip1 and skip2, lowest first,
    weighed 13 ** w up to 13 ** (end - 1); and _CNT back to zero."""
    for r in range(13):
        if _CNT[r]:
            _CNT[r] = 0
            if w < end and r != skip1 and r != skip2:
                bad += r * _P13[w]
                w += 1
    return bad


def _lowest3():
    # for each 8-bit set of low ranks, its three lowest (0 if fewer)
    t = bytearray(256)
    for m in range(256):
        kept = 0
        n = 0
        for r in range(8):
            if m >> r & 1 and n < 3:
                kept |= 1 << r
                n += 1
        t[m] = kept if n == 3 else 0
    return t


_LOW3 = _lowest3()


def _low_bits(cards, L=LOW_RANK):
    """The low ranks (A..8) among cards, as bits (ace = bit 0)."""
    m = 0
    for c in cards:
        c = L[c]
        if c < 8:
            m |= 1 << c
    return m


def omaha_low8_unchecked(hole, board):
    """Omaha's eight-or-better low by rank masks (ace low = bit 0): for
    each two distinct low hole ranks, the three lowest other low ranks of
    the board; the best is the one with the lowest cards (low8's scale:
    255 - mask), or None."""
    return _omaha_low8_masks(_low_bits(hole), _low_bits(board))


def _omaha_low8_masks(h, bm):
    # h: the hole's low ranks, bm: the board's; a and b: one bit each of h
    best = 0
    a = 1
    while a < 128:
        if h & a:
            b = a << 1
            while b < 256:
                if h & b:
                    v = _LOW3[bm & ~(a | b)]
                    if v:
                        v = 255 - (a | b | v)
                        if v > best:
                            best = v
                b <<= 1
        a <<= 1
    return best if best else None
