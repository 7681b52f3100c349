"""Starting hands and made hands rated by their cards alone, cheaply: the
virtual players' ranges, and the weighted sampling of opponents' hidden
cards in equity's Monte Carlo (``poker.montecarlo``).

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


# start_score and now_class run at every try of the weighted sampling:
# each is cut into parts whose frames fit the 11 words MicroPython keeps on
# the C stack (a bigger frame is a heap block at every call, dear on a
# fragmented heap: host_tests/test_evaluator_frames.py holds them there).

def start_score(code, cards):
    """A quick score of a starting hand, higher is better (about 0..60).

    Hold'em: Chen's formula doubled. Omaha: best two-card Chen score plus
    half the second best. Stud (first three cards, five card stud first
    two): trips, pairs by rank, three suited, three to a straight, high
    cards. Razz: three distinct low cards. Only ever used to weight the
    sampling of opponents' hidden cards.
    """
    if code == 'FT':
        return _chen2(cards[0], cards[1])
    if code == 'FO' or code == 'FO/8':
        return _start_omaha(code == 'FO/8', cards)
    if len(cards) == 2:  # five card stud: one down, the door card
        return _start_two(cards[0] >> 2, cards[1] >> 2)
    if code == 'FR':
        return _start_razz(LOW_RANK[cards[0]], LOW_RANK[cards[1]], LOW_RANK[cards[2]])
    return _start_three(code == 'F7S/8', cards)


def _start_omaha(hilo, cards):
    # the best two-card score and half the second best (any order of pairs)
    b1 = b2 = -99
    i = len(cards) - 1
    while i > 0:
        j = i
        while j:
            j -= 1
            s = _chen2(cards[j], cards[i])
            if hilo:
                s += _low_pair_bonus(cards[j], cards[i])
            if s > b1:
                b2 = b1
                b1 = s
            elif s > b2:
                b2 = s
        i -= 1
    return b1 + (b2 >> 1)


def _low_pair_bonus(a, b):
    # low cards (ace, 2..5) are worth more in hi/lo
    a = LOW_RANK[a]
    b = LOW_RANK[b]
    return 8 if a <= 4 and b <= 4 and a != b else 0


def _start_two(r0, r1):
    if r0 == r1:
        return 30 + 2 * r0
    hi = r0 if r0 > r1 else r1
    return hi + ((r0 + r1 - hi) >> 1)


def _start_razz(a, b, c):
    # ace low (A = 0, 2 = 1 ...): three distinct low cards
    if a == b or b == c or a == c:
        return 10 - (a + b + c) // 3
    top = a if a > b else b
    top = top if top > c else c
    return 40 - 4 * top


def _start_three(hilo, cards):
    r0 = cards[0] >> 2
    r1 = cards[1] >> 2
    r2 = cards[2] >> 2
    if r0 == r1 and r1 == r2:
        return 60
    if r0 == r1 or r0 == r2:
        return 20 + 2 * r0
    if r1 == r2:
        return 20 + 2 * r1
    if hilo:
        hilo = _three_low(cards, r0, r1, r2)
        if hilo:
            return hilo
    return _three_unpaired(cards, r0, r1, r2)


def _top(r0, r1, r2):
    hi = r0 if r0 > r1 else r1
    return hi if hi > r2 else r2


def _three_low(cards, r0, r1, r2):
    # hi/lo: three cards ace to seven (0: not three of them)
    if LOW_RANK[cards[0]] <= 6 and LOW_RANK[cards[1]] <= 6 and LOW_RANK[cards[2]] <= 6:
        hi = _top(r0, r1, r2)
        return 30 + (6 - (hi if hi != 12 else 0)) * 2
    return 0


def _three_unpaired(cards, r0, r1, r2):
    s = _top(r0, r1, r2)
    lo = r0 if r0 < r1 else r1
    lo = lo if lo < r2 else r2
    hi = s
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
    if code == 'FR':
        return _low_class(cards, n)
    hi = _made_class(cards, n)
    if code == 'F7S/8' or code == 'FO/8':
        low = _low_class(cards, n)
        return hi if hi > low else low
    return hi


def _made_class(cards, n):
    # 3 trips or better, 2 two pair, 1 a pair, 0 nothing
    cnt = 0  # 2 bits per rank: how many of it, capped at 3
    k = 0  # pairs, plus 16 for each trips
    while n:
        n -= 1
        s = (cards[n] >> 2) << 1
        c = (cnt >> s) & 3
        if c < 3:
            cnt += 1 << s
        if c == 1:
            k += 1
        elif c == 2:
            k += 16
    return 3 if k >= 16 else (2 if k >= 2 else k)


def _low_class(cards, n):
    # 2 all low and distinct, 1 one card too many, 0 worse
    m = 0  # the low ranks seen (ace to eight)
    for i in range(n):
        v = LOW_RANK[cards[i]]
        if v <= 7:
            m |= 1 << v
    v = 0
    while m:
        v += m & 1
        m >>= 1
    v = (n if n < 5 else 5) - v  # cards that are not distinct lows
    return 2 if v <= 0 else (1 if v == 1 else 0)
