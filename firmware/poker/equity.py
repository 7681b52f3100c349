"""Equity: a hand's expected share of the pot against N opponents.

Given everything one seat knows (its own cards, the board, each live
opponent's up cards, dead cards), deals the unknown cards many times
(Monte Carlo over ``poker.rng.Rng``) or, when the number of deals is small,
walks them all (exact), and scores each showdown the way the variant splits
the pot: high only, razz (ace-to-five low), or hi/lo eight or better (half
to the best high, half to the best qualifying low, all to the high hand when
nobody has a low; ties split each part).

The result is an int in parts per 1000 (``PERMILLE``): 500 = half the pot on
average. All arithmetic is on small integers: one pot is 5040 units, which
every tie count from 1 to 10 divides, also when halved.

Public API:

    equity(variant, mine, board=(), opponents=1, dead=(), samples=300,
           rng=None, exact_max=0, ranges=None, clock=None, budget_ms=0,
           omaha_quick=False)
    view_equity(view, samples=300, rng=None, ranges=None, exact_max=0,
                clock=None, budget_ms=0, omaha_quick=False)
    start_score(code, cards), now_class(code, cards, n)  # range weighting
    last: {'deals': n, 'exact': bool} of the last call

Exact enumeration runs when ``exact_max`` is given, no ranges are, and
the deals number at most ``exact_max``; else Monte Carlo with ``samples``.
``omaha_quick``: the same results, faster: Omaha high by branch and bound
(``omaha_high_fast``: a seven-card lookup per hole pair bounds it, a player
who cannot reach our hand is not valued exactly), Omaha low by rank masks;
the virtual players use it.

>>> from poker.cards import parse
>>> equity('FT', parse('As Ah'), parse('Ad Ac 2h 7s 9d'), 1, exact_max=2000)
1000

``variant`` is a code (``'F7S'``...) or anything with a ``code`` attribute.
``opponents`` is a count (opponents with no known cards) or a list with the
known (up) cards of each live opponent. ``ranges`` (optional) is a list, one
entry per opponent, of ``None`` or ``(min_score, reject_permille)``: a deal
that gives that opponent a starting hand scoring below ``min_score`` (see
``start_score``) is redrawn with probability ``reject_permille / 1000``
(at most four times, and at most ``samples`` redraws in all, which bounds
the time): weighted sampling that narrows his range. A
five-entry ``(min_score, reject_permille, min_now, reject_now, ncur)``
also redraws, with probability ``reject_now / 1000``, when his first ``ncur``
cards (up cards first, then down cards; flop games: his hole cards, with the
board dealt so far) rate below ``min_now`` in ``now_class``: what he has
made so far must fit his betting.

Deterministic for a given ``rng`` state (``Rng(seed)``); with ``clock`` (a
callable returning milliseconds, e.g. ``time.ticks_ms`` wrapped) and
``budget_ms``, sampling also stops when the time is up (then the result
depends on the speed of the machine). Each deal takes one 16-bit word of
the ``Rng`` stream and draws its cards from a 16-bit LCG started there, by
multiply-shift (a card's chance is off by less than 1/1200 of itself: far
under the sampling error); this keeps a function call out of the per-card
loop.
"""
from micropython import const

from poker import evaluator as _ev
from poker.evaluator import next_subset
from poker.rng import Rng

PERMILLE = const(1000)
_POT = const(5040)  # one pot in units: 1..10 divide it and its half
_HALF = const(2520)
_MAX_SAMPLES = const(200000)  # keeps total units below 2**30
_TRIES = const(4)  # redraws of one opponent's cards outside his range
# The deal's 16-bit LCG, x = (x * 25173 + 13849) mod 2**16 (full period),
# computed a byte of x at a time: x * 25173 itself passes 2**30 for a third
# of the states, a big int on the RP2040 (31-bit small ints) for every such
# card dealt.
_LCG_A = const(25173)
_LCG_C = const(13849)

_HI = const(0)    # best high hand takes the pot
_LO8 = const(1)   # hi/lo eight or better
_LOA5 = const(2)  # razz: best ace-to-five low takes the pot

# code: (own cards at showdown, board cards, omaha rule, pot kind, stud)
SHAPES = {
    'FT': (2, 5, False, _HI, False),
    'FO': (4, 5, True, _HI, False),
    'FO/8': (4, 5, True, _LO8, False),
    'F7S': (7, 0, False, _HI, True),
    'F7S/8': (7, 0, False, _LO8, True),
    'FR': (7, 0, False, _LOA5, True),
    'F5S': (5, 0, False, _HI, True),
}


def _fast(name, fallback):
    # the evaluator's unchecked entry point when it has one (the table
    # evaluator), else the checked public one
    for n in name:
        f = getattr(_ev, n, None)
        if f is not None:
            return f
    return fallback


# the table evaluator's unchecked entry points take the cards as arguments
_h7 = getattr(_ev, 'high7_unchecked', None)
_h6 = getattr(_ev, 'high6_unchecked', None)
_h5 = getattr(_ev, 'high5_unchecked', None)


def _high(h):
    """The high strength of a list of 5..7 cards, unchecked when possible."""
    n = len(h)
    if n == 7 and _h7 is not None:
        return _h7(h[0], h[1], h[2], h[3], h[4], h[5], h[6])
    if n == 5 and _h5 is not None:
        return _h5(h[0], h[1], h[2], h[3], h[4])
    if n == 6 and _h6 is not None:
        return _h6(h[0], h[1], h[2], h[3], h[4], h[5])
    return _ev.high(h)


_low8 = _fast(('low8_unchecked', 'low8_fast'), _ev.low8)
_low_a5 = _fast(('low_a5_unchecked', 'low_a5_fast'), _ev.low_a5)
_omaha_high = _fast(('omaha_high_unchecked', 'omaha_high_fast'), _ev.omaha_high)
_omaha_low8 = _fast(('omaha_low8_unchecked', 'omaha_low8_fast'), _ev.omaha_low8)


# the six pairs of four hole cards
_PAIR_I = (0, 0, 0, 1, 1, 2)
_PAIR_J = (1, 2, 3, 2, 3, 3)
# the evaluator's per-card keys and five-card lookup by key sum: an Omaha
# hand is the key sum of a hole pair plus that of a board triple
_K = _ev._K
_five = _ev._five
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
    f = _h7
    if f is None or not _BOUND:
        return _omaha_high(h, bd)
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


def _omaha_low_quick(h, bd):
    """Omaha eight-or-better low, exact, by rank masks (ace low = bit 0):
    two distinct low hole cards plus the three lowest other low ranks of
    the board. Higher is better (its own scale); -1: no low."""
    bm = 0
    for i in range(5):
        v = ((bd[i] >> 2) + 1) % 13
        if v < 8:
            bm |= 1 << v
    best = -1
    for i in range(3):
        a = ((h[i] >> 2) + 1) % 13
        if a >= 8:
            continue
        for j in range(i + 1, 4):
            b = ((h[j] >> 2) + 1) % 13
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
    return best


def _code(variant):
    return getattr(variant, 'code', variant)


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
                    ri = cards[i] >> 2
                    rj = cards[j] >> 2
                    if (ri == 12 or ri <= 3) and (rj == 12 or rj <= 3) and ri != rj:
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
        # ace low: value 0 for ace, 1 for deuce ...; three distinct low cards
        a = 0 if r0 == 12 else r0 + 1
        b = 0 if r1 == 12 else r1 + 1
        c = 0 if r2 == 12 else r2 + 1
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
        low = 0
        for r in (r0, r1, r2):
            if r == 12 or r <= 5:
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
        v = 0 if r == 12 else r + 1  # ace low: 0..12
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


_NO_LIST = [0]  # (the Omaha slots of other games: nothing allocated)


class _Table:
    """The cards of one equity problem, laid out once so that a deal only
    fills slots and evaluates."""

    def __init__(self, code, mine, board, opponents, dead):
        shape = SHAPES.get(code)
        if shape is None:
            raise ValueError("unknown variant %r" % (code,))
        own, nboard, omaha, kind, stud = shape
        self.code = code
        self.omaha = omaha
        self.quick = False
        self.kind = kind
        if isinstance(opponents, int):
            opps = [()] * opponents
        else:
            opps = opponents
        nplayers = 1 + len(opps)
        if nplayers < 2:
            raise ValueError("need at least one opponent")
        known = bytearray(52)  # (bits of an int would pass 2**30: big ints)
        for g in range(3 + len(opps)):  # (no list of the groups: a decision's heap)
            cards = mine if g == 0 else board if g == 1 else dead if g == 2 else opps[g - 3]
            for c in cards:
                if not (isinstance(c, int) and 0 <= c < 52):
                    raise ValueError("bad card %r: cards are integers 0..51" % (c,))
                if known[c]:
                    raise ValueError("card %d seen twice" % c)
                known[c] = 1
        pool = bytearray(52 - sum(known))
        j = 0
        for c in range(52):
            if not known[c]:
                pool[j] = c
                j += 1
        board = list(board)
        nown = own
        if stud:
            if len(board):  # the community card dealt when the deck ran out
                nown = own - len(board)
                nboard = len(board)
            else:
                # not enough cards for everyone's seventh: one community card
                need = nplayers * own - len(mine)
                for up in opps:
                    need -= len(up)
                if need > len(pool):
                    nown = own - 1
                    nboard = 1
        if len(board) > nboard or len(mine) > nown:
            raise ValueError("too many cards")
        self.nboard = nboard
        self.pool = pool
        # each player's hand: own cards then (flop games, not omaha) the board
        size = nown if omaha else nown + nboard
        hands = []
        needs = []
        starts = []  # index of the first unknown own card
        for p in range(nplayers):
            cards = mine if p == 0 else opps[p - 1]
            if len(cards) > nown:
                raise ValueError("too many cards for a player")
            h = [0] * size
            for i in range(len(cards)):
                h[i] = cards[i]
            hands.append(h)
            starts.append(len(cards))
            needs.append(nown - len(cards))
        self.hands = hands
        self.starts = starts
        self.needs = needs
        self.nown = nown
        bd = [0] * nboard
        for i in range(len(board)):
            bd[i] = board[i]
        self.bd = bd
        self.bstart = len(board)
        total = sum(needs) + nboard - len(board)
        if total > len(pool):
            raise ValueError("not enough cards left to deal")
        self.nplayers = nplayers
        # the score of each player, preallocated
        # (hi/lo only; one attribute: fewer than 18 keeps the table's
        # attribute map a size smaller, less heap a decision)
        self.hilo = ([0] * nplayers, [0] * nplayers) if kind == _LO8 else None
        # Omaha's fast path: the board's triples and the pairs' bounds
        self.tri = [0] * 10 if omaha else _NO_LIST
        self.ub = [0] * 6 if omaha else _NO_LIST

    def copy_board(self):
        bd = self.bd
        nb = self.nboard
        if nb == 0 or self.omaha:
            return
        off = self.nown
        for h in self.hands:
            for i in range(nb):
                h[off + i] = bd[i]

    def share(self):
        """Units of the pot player 0 wins on the dealt cards (0.._POT)."""
        hands = self.hands
        n = self.nplayers
        kind = self.kind
        if kind == _HI or kind == _LOA5:
            if self.omaha and self.quick:
                bd = self.bd
                tri = self.tri
                ub = self.ub
                board_triples(bd, tri)
                me = omaha_high_fast(hands[0], bd, tri, ub, 0)
                ties = 1
                for p in range(1, n):
                    s = omaha_high_fast(hands[p], bd, tri, ub, me)
                    if s > me:
                        return 0
                    if s == me:
                        ties += 1
                return _POT // ties
            if self.omaha:
                bd = self.bd
                f = _omaha_high
                me = f(hands[0], bd)
                ties = 1
                for p in range(1, n):
                    s = f(hands[p], bd)
                    if s > me:
                        return 0
                    if s == me:
                        ties += 1
                return _POT // ties
            if kind == _HI and len(hands[0]) == 7 and _h7 is not None:
                # the common case, inlined: seven cards, one call each
                f = _h7
                h = hands[0]
                me = f(h[0], h[1], h[2], h[3], h[4], h[5], h[6])
                ties = 1
                for p in range(1, n):
                    h = hands[p]
                    s = f(h[0], h[1], h[2], h[3], h[4], h[5], h[6])
                    if s > me:
                        return 0
                    if s == me:
                        ties += 1
                return _POT // ties
            f = _high if kind == _HI else _low_a5
            me = f(hands[0])
            ties = 1
            for p in range(1, n):
                s = f(hands[p])
                if s > me:
                    return 0  # somebody beats us: no need to look further
                if s == me:
                    ties += 1
            return _POT // ties
        # hi/lo eight or better
        hi, lo = self.hilo  # pyright: ignore[reportGeneralTypeIssues]  (set for hi/lo)
        if self.omaha and self.quick:
            bd = self.bd
            tri = self.tri
            ub = self.ub
            board_triples(bd, tri)
            top = 0  # below the best high so far a value need not be exact
            for p in range(n):
                v = omaha_high_fast(hands[p], bd, tri, ub, top)
                hi[p] = v
                if v > top:
                    top = v
                lo[p] = _omaha_low_quick(hands[p], bd)
        elif self.omaha:
            bd = self.bd
            for p in range(n):
                hi[p] = _omaha_high(hands[p], bd)
                v = _omaha_low8(hands[p], bd)
                lo[p] = -1 if v is None else v
        else:
            for p in range(n):
                h = hands[p]
                hi[p] = _high(h)
                v = _low8(h)
                lo[p] = -1 if v is None else v
        besthi = hi[0]
        bestlo = lo[0]
        for p in range(1, n):
            if hi[p] > besthi:
                besthi = hi[p]
            if lo[p] > bestlo:
                bestlo = lo[p]
        nhi = 0
        nlo = 0
        for p in range(n):
            if hi[p] == besthi:
                nhi += 1
            if lo[p] == bestlo:
                nlo += 1
        if bestlo < 0:  # no qualifying low: the high hand takes it all
            return _POT // nhi if hi[0] == besthi else 0
        u = 0
        if hi[0] == besthi:
            u = _HALF // nhi
        if lo[0] == bestlo:
            u += _HALF // nlo
        return u

    def count_deals(self, limit):
        """How many distinct deals exact enumeration would walk (capped)."""
        left = len(self.pool)
        total = 1
        groups = self.needs + [self.nboard - self.bstart]
        for k in groups:
            total *= _choose(left, k)
            left -= k
            if total > limit:
                return limit + 1
        return total


def _choose(n, k):
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def _monte_carlo(t, samples, rng, ranges, clock, budget_ms):
    pool = t.pool
    npool = len(pool)
    bd = t.bd
    bstart = t.bstart
    nboard = t.nboard
    code = t.code
    rnext = rng.next16
    share = t.share
    copy_board = t.copy_board
    stud = SHAPES[code][4]
    # the cards a range looks at: hold'em/omaha the hole cards, stud the
    # first two or three (down cards and the door card, dealt first)
    nstart = t.nown if not stud else (2 if code == 'F5S' else 3)
    probe = [0] * nstart if ranges is not None else _NO_LIST
    now = [0] * 9 if ranges is not None else _NO_LIST
    # who gets cards, in order: opponents first (so that a redraw sees the
    # same remaining cards), then player 0
    # (one flat list, four slots a player: no tuple per player)
    jobs = [None] * (4 * t.nplayers)
    njobs = 0
    for q in range(1, t.nplayers + 1):
        p = q if q < t.nplayers else 0
        need = t.needs[p]
        if need:
            jobs[njobs] = t.hands[p]
            jobs[njobs + 1] = t.starts[p]
            jobs[njobs + 2] = t.starts[p] + need
            jobs[njobs + 3] = ranges[p - 1] if ranges is not None and p else None
            njobs += 4
    total = 0
    done = 0
    # redraws for the ranges, in all: bounds the time (at most twice the
    # dealing of unweighted sampling); once spent, deals are unweighted
    redraws = samples
    t0 = clock() if clock is not None else 0
    for _ in range(samples):
        # one word of the seeded stream per deal, then a 16-bit LCG inside
        # the deal (_LCG_A; its high bits pick the cards): no call per card
        x = rnext()
        top = 0
        for jb in range(0, njobs, 4):
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
                        break
                    # his hand as it stands now: strong enough for his bets?
                    ncur = rg[4]
                    for i in range(ncur):
                        now[i] = h[i]
                    k = ncur
                    if not stud:
                        for i in range(bstart):
                            now[k] = bd[i]
                            k += 1
                    if now_class(code, now, k) >= rg[2]:
                        break
                    x = (((((x >> 8) * _LCG_A) & 255) << 8) + (x & 255) * _LCG_A + _LCG_C) & 0xFFFF
                    if (x * 1000) >> 16 >= rg[3]:
                        break
                else:
                    x = (((((x >> 8) * _LCG_A) & 255) << 8) + (x & 255) * _LCG_A + _LCG_C) & 0xFFFF
                    if (x * 1000) >> 16 >= rg[1]:
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
        if clock is not None and done & 15 == 0 and clock() - t0 >= budget_ms:
            break
    return total, done


def _exact(t):
    """Walks every deal of the unknown cards once: (units, deals)."""
    groups = []  # (list to fill, first index, how many)
    for p in range(1, t.nplayers):
        if t.needs[p]:
            groups.append((t.hands[p], t.starts[p], t.needs[p]))
    if t.needs[0]:
        groups.append((t.hands[0], t.starts[0], t.needs[0]))
    if t.nboard > t.bstart:
        groups.append((t.bd, t.bstart, t.nboard - t.bstart))
    used = bytearray(len(t.pool))
    acc = [0, 0]
    _walk(t, groups, 0, used, acc)
    return acc[0], acc[1]


def _walk(t, groups, g, used, acc):
    if g == len(groups):
        t.copy_board()
        acc[0] += t.share()
        acc[1] += 1
        return
    target, base, k = groups[g]
    pool = t.pool
    free = [i for i in range(len(pool)) if not used[i]]
    n = len(free)
    idx = list(range(k))
    while True:
        for i in range(k):
            target[base + i] = pool[free[idx[i]]]
        if g + 1 == len(groups):
            t.copy_board()
            acc[0] += t.share()
            acc[1] += 1
        else:
            for i in range(k):
                used[free[idx[i]]] = 1
            _walk(t, groups, g + 1, used, acc)
            for i in range(k):
                used[free[idx[i]]] = 0
        if not next_subset(idx, n):
            return


# the figures of the last call, for benchmarks and the coach screen
last = {'deals': 0, 'exact': False}


def equity(variant, mine, board=(), opponents=1, dead=(), samples=300,
           rng=None, exact_max=0, ranges=None, clock=None, budget_ms=0,
           omaha_quick=False):
    """Player 0's expected share of the pot, in parts per 1000.
    ``omaha_quick``: Omaha by ``omaha_high_fast`` and ``_omaha_low_quick``
    (exact, several times faster)."""
    t = _Table(_code(variant), mine, board, opponents, dead)
    t.quick = omaha_quick
    if exact_max and ranges is None and t.count_deals(exact_max) <= exact_max:
        total, done = _exact(t)
        last['exact'] = True
    else:
        if samples > _MAX_SAMPLES:
            samples = _MAX_SAMPLES
        if samples < 1:
            samples = 1
        if rng is None:
            rng = Rng(1)
        # the batch path (poker/sampler.py): the same deals, much faster;
        # imported at its first use, so that its code and buffers take no
        # RAM in games that never sample (Easy players, no coach)
        got = None
        if ranges is None and t.kind == _HI and not t.omaha and len(t.hands[0]) == 7:
            from poker import sampler

            got = sampler.run(t, samples, rng, clock, budget_ms, _POT)
        if got is None:
            got = _monte_carlo(t, samples, rng, ranges, clock, budget_ms)
        total, done = got
        last['exact'] = False
    last['deals'] = done
    # round(total * 1000 / (done * _POT)) without the product, which would
    # pass 2**30 (a big int on the device) beyond ~200 deals
    q = total // done
    a = q * PERMILLE + (total - q * done) * PERMILLE // done
    return (a + _HALF) // _POT


# ---------------------------------------------------------------- the view

def view_equity(view, samples=300, rng=None, ranges=None, exact_max=0,
                clock=None, budget_ms=0, omaha_quick=False):
    """The equity of the view's seat (a ``poker.view.SeatView``) against
    every live opponent, from the cards it has seen (``view.known_cards()``)."""
    mine, board, opps, dead = view.known_cards()
    if not opps:
        return PERMILLE
    return equity(view.variant, mine, board, opps, dead, samples, rng,  # pyright: ignore[reportArgumentType]
                  exact_max, ranges, clock, budget_ms, omaha_quick)
