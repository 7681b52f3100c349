"""Starting hands and made hands rated by their cards alone, cheaply: the
virtual players' ranges, and the weighted sampling of opponents' hidden
cards in equity's Monte Carlo (``poker.odds.montecarlo``).

- ``start_score(code, cards)``: a quick score of a starting hand, higher
  is better (about 0..60).
- ``now_class(code, cards, n)``: 0..3, how strong the first ``n`` cards
  are as they stand.

>>> from poker.cards import parse
>>> start_score('FT', parse('As Ah')) > start_score('FT', parse('7c 2d'))
True
>>> now_class('F7S', parse('Kc Kd 7h 7s'), 4)
2
"""
from poker.cards import LOW_RANK


def _rank_pts(r):
    # Chen points, doubled: A 20, K 16, Q 14, J 12, T..2 = rank value
    if r == 12:
        return 20
    if r == 11:
        return 16
    if r == 10:
        return 14
    if r == 9:
        return 12
    return r + 2


def _chen2(a, b):
    """Chen's starting-hand score for two hold'em cards, doubled (-2..40)."""
    ra = a >> 2
    rb = b >> 2
    if ra < rb:
        ra, rb = rb, ra
    if ra == rb:
        s = _rank_pts(ra) * 2
        return s if s >= 10 else 10
    s = _rank_pts(ra)
    if a & 3 == b & 3:
        s += 4
    gap = ra - rb - 1
    if gap == 1:
        s -= 2
    elif gap == 2:
        s -= 4
    elif gap == 3:
        s -= 8
    elif gap >= 4:
        s -= 10
    if gap <= 1 and ra < 10:
        s += 2
    return s


def start_score(code, cards):
    """A quick score of a starting hand, higher is better (about 0..60).

    Hold'em: Chen's formula doubled. Omaha: best two-card Chen score plus
    half the second best. Stud (first three cards, five card stud first
    two): trips, pairs by rank, three suited, three to a straight, high
    cards. Razz: three distinct low cards. Only ever used to weight the
    sampling of opponents' hidden cards.
    """
    n = len(cards)
    if code == 'FT':
        return _chen2(cards[0], cards[1])
    if code == 'FO' or code == 'FO/8':
        b1 = b2 = -99
        for i in range(n):
            for j in range(i + 1, n):
                s = _chen2(cards[i], cards[j])
                if code == 'FO/8':
                    # low cards (ace, 2..5) are worth more in hi/lo
                    li = LOW_RANK[cards[i]]
                    lj = LOW_RANK[cards[j]]
                    if li <= 4 and lj <= 4 and li != lj:
                        s += 8
                if s > b1:
                    b2 = b1
                    b1 = s
                elif s > b2:
                    b2 = s
        return b1 + (b2 >> 1)
    # stud
    r0 = cards[0] >> 2
    r1 = cards[1] >> 2
    if n == 2:  # five card stud: one down, the door card
        if r0 == r1:
            return 30 + 2 * r0
        hi = r0 if r0 > r1 else r1
        lo = r0 + r1 - hi
        return hi + (lo >> 1)
    r2 = cards[2] >> 2
    if code == 'FR':
        # ace low (A = 0, 2 = 1 ...): three distinct low cards
        a = LOW_RANK[cards[0]]
        b = LOW_RANK[cards[1]]
        c = LOW_RANK[cards[2]]
        if a == b or b == c or a == c:
            return 10 - (a + b + c) // 3
        top = a if a > b else b
        top = top if top > c else c
        return 40 - 4 * top
    if r0 == r1 and r1 == r2:
        return 60
    pair = -1
    if r0 == r1 or r0 == r2:
        pair = r0
    elif r1 == r2:
        pair = r1
    hi = r0 if r0 > r1 else r1
    hi = hi if hi > r2 else r2
    lo = r0 if r0 < r1 else r1
    lo = lo if lo < r2 else r2
    if code == 'F7S/8':
        low = 0  # cards ace to seven
        for i in range(3):
            if LOW_RANK[cards[i]] <= 6:
                low += 1
        if pair < 0 and low == 3:
            return 30 + (6 - (hi if hi != 12 else 0)) * 2
    if pair >= 0:
        return 20 + 2 * pair
    s = hi
    if cards[0] & 3 == cards[1] & 3 and cards[1] & 3 == cards[2] & 3:
        s += 10
    if hi - lo <= 4:
        s += 6
    return s


def now_class(code, cards, n):
    """How strong the first ``n`` of ``cards`` are as they stand, by rank
    counts only (cheap: it runs inside the sampling): 0 nothing, 1 a pair
    (razz: one card too many), 2 two pair (razz: all low and distinct),
    3 trips or better. Hi/lo takes the better of the two."""
    cnt = 0  # 2 bits per rank: how many of it, capped at 3
    lowmask = 0
    pairs = 0
    trips = 0
    for i in range(n):
        r = cards[i] >> 2
        c = (cnt >> (2 * r)) & 3
        if c < 3:
            cnt += 1 << (2 * r)
        if c == 1:
            pairs += 1
        elif c == 2:
            trips += 1
        v = LOW_RANK[cards[i]]
        if v <= 7:
            lowmask |= 1 << v
    if code == 'FR' or code == 'F7S/8' or code == 'FO/8':
        nlow = 0
        m = lowmask
        while m:
            nlow += m & 1
            m >>= 1
        bad = (n if n < 5 else 5) - nlow
        low = 2 if bad <= 0 else (1 if bad == 1 else 0)
        if code == 'FR':
            return low
    else:
        low = 0
    if trips:
        hi = 3
    elif pairs >= 2:
        hi = 2
    elif pairs:
        hi = 1
    else:
        hi = 0
    return hi if hi > low else low
