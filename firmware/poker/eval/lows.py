"""Low hands: eight-or-better (hi/lo), ace-to-five (razz), and Omaha's
eight-or-better low (two hole and three board cards).

``low8_unchecked(cards)``, ``low_a5_unchecked(cards)`` (5..7 cards),
``omaha_low8_unchecked(hole, board)``: higher is better, None when there
is no eight-or-better low. Unchecked, allocating nothing (equity calls
them on every deal); ``poker.eval.evaluator`` holds the checked ones.

>>> from poker.cards import parse
>>> low8_unchecked(parse("Ah 2d 3c 4s 5d")) > low8_unchecked(parse("Ah 2d 3c 4s 6d"))
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


def low8_unchecked(cards, low=LOW_RANK):
    """The eight-or-better low of 5..7 cards, or None."""
    # (a frame of 11 words, on the C stack: the loop's iterator takes 4, so
    # the rank goes in c's slot and the strength in m's)
    m = 0
    for c in cards:
        c = low[c]
        if c < 8:
            m |= 1 << c
    m = _LOW8[m]
    return m if m else None


_LOW_BASE = const(371293)  # 13 ** 5
_P13 = const((1, 13, 169, 2197, 28561, 371293))
_CNT = bytearray(13)  # low_a5's rank counts (zero between calls)


def low_a5_unchecked(cards, low=LOW_RANK):
    """The ace-to-five low of 5..7 cards. Allocates nothing (razz equity
    calls it for every hand of every deal): the five ranks that count,
    highest first, are weighed in base 13 as they are found, lowest first."""
    cnt = _CNT
    for c in cards:
        cnt[low[c]] += 1
    nd = 0           # distinct ranks
    r0 = r1 = -1     # the two lowest ranks held
    p1 = p2 = -1     # the two lowest ranks held twice or more
    for r in range(13):
        k = cnt[r]
        if k:
            if nd == 0:
                r0 = r
            elif nd == 1:
                r1 = r
            nd += 1
            if k >= 2:
                if p1 < 0:
                    p1 = r
                elif p2 < 0:
                    p2 = r
    # the category, the ranks that lead it (lead: s of them, highest
    # first), and the ranks the rest leaves out (the rest: from the top)
    # (one name a statement: MicroPython builds a tuple to assign four)
    skip1 = skip2 = -1
    s = 1
    if nd >= 5:
        cat = lead = s = 0
    elif nd == 4:      # one pair: the lowest pair
        cat = 1
        lead = skip1 = p1
    elif nd == 3:
        if p2 >= 0:    # two pair
            cat = s = 2
            lead = p2 * 13 + p1
            skip1 = p1
            skip2 = p2
        else:          # trips
            cat = 3
            lead = skip1 = p1
    else:              # two ranks: a full house if possible, else quads
        skip1 = a = r0
        skip2 = b = r1
        s = 2
        if cnt[a] >= 3 and cnt[b] >= 2:
            cat, lead = 4, a * 13 + b
        elif cnt[b] >= 3 and cnt[a] >= 2:
            cat, lead = 4, b * 13 + a
        elif cnt[a] == 4:
            cat, lead = 5, a * 13 + b
        else:
            cat, lead = 5, b * 13 + a
    nrest = 5 - s if nd >= 5 else nd - s
    bad = (cat * _P13[s] + lead) * _P13[5 - s]
    w = 5 - s - nrest    # the weight (power of 13) of the lowest rest rank
    n = 0
    for r in range(13):
        if n == nrest:
            break
        if cnt[r] and r != skip1 and r != skip2:
            bad += r * _P13[w + n]
            n += 1
    for c in cards:
        cnt[low[c]] = 0
    return 6 * _LOW_BASE - bad


def omaha_low8_unchecked(hole, board, low=LOW_RANK):
    """Omaha's eight-or-better low by rank masks (ace low = bit 0): for
    each two distinct low hole ranks, the three lowest other low ranks of
    the board; the best is the one with the lowest cards (low8's scale:
    255 - mask), or None."""
    bm = 0
    for c in board:
        v = low[c]
        if v < 8:
            bm |= 1 << v
    best = 0
    nh = len(hole)
    for i in range(nh - 1):
        a = low[hole[i]]
        if a >= 8:
            continue
        for j in range(i + 1, nh):
            b = low[hole[j]]
            if b >= 8 or b == a:
                continue
            pair = (1 << a) | (1 << b)
            m = bm & ~pair
            kept = pair
            n = 0
            r = 0
            while n < 3 and r < 8:
                if m >> r & 1:
                    kept |= 1 << r
                    n += 1
                r += 1
            if n == 3:
                # the lower the highest card (then the next...), the better
                v = 255 - kept
                if v > best:
                    best = v
    return best if best else None
