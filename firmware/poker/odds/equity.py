"""Equity: a hand's expected share of the pot, in parts per 1000, against the
live opponents, from what one seat knows; Monte Carlo, or every deal
walked when they are few (``exact_max``).

>>> from poker.cards import parse
>>> equity('FT', parse('As Ah'), parse('Ad Ac 2h 7s 9d'), 1, exact_max=2000)
1000

``view_equity(view, ...)`` is the same from a SeatView; ``parts`` and
``view_parts`` the same in slices. The arguments: docs/evaluator.md, "Equity".
"""
from micropython import const

from poker.eval import evaluator as _ev
from poker.odds import montecarlo
from poker.odds.montecarlo import finish
from poker.odds.omaha_fast import board_triples, omaha_high_fast
from poker.odds.ranges import now_class, start_score  # noqa: F401  (the API above)
from poker.rng import Rng
from poker.variants import POT_HIGH, POT_HILO8, VARIANTS

_PERMILLE = const(1000)
_POT = const(5040)  # one pot in units: 1..10 divide it and its half
_HALF = const(2520)
_MAX_SAMPLES = const(200000)  # keeps total units below 2**30

# the evaluator's unchecked entry points: the cards are distinct by construction
high7_unchecked = _ev.high7_unchecked
high6_unchecked = _ev.high6_unchecked
high5_unchecked = _ev.high5_unchecked
low8_unchecked = _ev.low8_unchecked
low_a5_unchecked = _ev.low_a5_unchecked
omaha_high_unchecked = _ev.omaha_high_unchecked
omaha_low8_unchecked = _ev.omaha_low8_unchecked


def _high(h):
    """The high strength of a list of 5..7 cards, unchecked."""
    n = len(h)
    if n == 7:
        return high7_unchecked(h[0], h[1], h[2], h[3], h[4], h[5], h[6])
    if n == 5:
        return high5_unchecked(h[0], h[1], h[2], h[3], h[4])
    if n == 6:
        return high6_unchecked(h[0], h[1], h[2], h[3], h[4], h[5])
    return _ev.high(h)


_NO_LIST = [0]  # (the Omaha slots of other games: nothing allocated)



def check(mine, board, dead, opponents):
    """Checks the cards (0..51, none seen twice: ValueError); returns the
    cards none of these has (a bytearray)."""
    known = bytearray(52)  # (bits of an int would pass 2**30: big ints)
    for g in range(3 + len(opponents)):  # (no list of the groups: a decision's heap)
        cards = mine if g == 0 else board if g == 1 else dead if g == 2 else opponents[g - 3]
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
    return pool


class Deal:
    """The cards of one equity problem, laid out once so that each deal
    only fills slots (the players' hands, the board, from the unseen cards
    in ``pool``) and ``scorer()`` scores its showdown."""

    def __init__(self, code, mine, board, opponents, dead):
        v = VARIANTS.get(code)
        if v is None:
            raise ValueError("unknown variant %r" % (code,))
        own, nboard, omaha, kind, stud = v.shape
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
        pool = check(mine, board, dead, opps)
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
        self.hilo = ([0] * nplayers, [0] * nplayers) if kind == POT_HILO8 else None
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

    def scorer(self):
        """The score of a dealt showdown for this problem: a method that
        returns the units of the pot player 0 wins (0.._POT). Chosen once for
        a run of deals: each deal then tests no kind of pot."""
        if self.kind == POT_HILO8:
            return self._hilo
        if self.omaha:
            return self._omaha_quick if self.quick else self._omaha
        if self.kind == POT_HIGH and len(self.hands[0]) == 7:
            return self._high7
        return self._single

    def _omaha_quick(self):
        hands = self.hands
        bd = self.bd
        tri = self.tri
        ub = self.ub
        board_triples(bd, tri)
        me = omaha_high_fast(hands[0], bd, tri, ub, 0)
        ties = 1
        for p in range(1, self.nplayers):
            s = omaha_high_fast(hands[p], bd, tri, ub, me)
            if s > me:
                return 0  # somebody beats us: no need to look further
            if s == me:
                ties += 1
        return _POT // ties

    def _omaha(self):
        hands = self.hands
        bd = self.bd
        f = omaha_high_unchecked
        me = f(hands[0], bd)
        ties = 1
        for p in range(1, self.nplayers):
            s = f(hands[p], bd)
            if s > me:
                return 0
            if s == me:
                ties += 1
        return _POT // ties

    def _high7(self):
        # the common case, inlined: seven cards, one call each
        hands = self.hands
        f = high7_unchecked
        h = hands[0]
        me = f(h[0], h[1], h[2], h[3], h[4], h[5], h[6])
        ties = 1
        for p in range(1, self.nplayers):
            h = hands[p]
            s = f(h[0], h[1], h[2], h[3], h[4], h[5], h[6])
            if s > me:
                return 0
            if s == me:
                ties += 1
        return _POT // ties

    def _single(self):
        # high (5-card stud) or razz: one value a hand, its function chosen
        # once a deal (a call more a hand would cost more than the test)
        hands = self.hands
        f = _high if self.kind == POT_HIGH else low_a5_unchecked
        me = f(hands[0])
        ties = 1
        for p in range(1, self.nplayers):
            s = f(hands[p])
            if s > me:
                return 0
            if s == me:
                ties += 1
        return _POT // ties

    def _hilo(self):
        """Hi/lo eight or better: each half to its best hand (the high
        takes all with no qualifying low)."""
        hands = self.hands
        n = self.nplayers
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
                v = omaha_low8_unchecked(hands[p], bd)
                lo[p] = -1 if v is None else v
        elif self.omaha:
            bd = self.bd
            for p in range(n):
                hi[p] = omaha_high_unchecked(hands[p], bd)
                v = omaha_low8_unchecked(hands[p], bd)
                lo[p] = -1 if v is None else v
        else:
            for p in range(n):
                h = hands[p]
                hi[p] = _high(h)
                v = low8_unchecked(h)
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



def equity(variant, mine, board=(), opponents=1, dead=(), samples=300,
           rng=None, exact_max=0, ranges=None, clock=None, budget_ms=0,
           omaha_quick=False):
    """Player 0's expected share of the pot, in parts per 1000.
    ``omaha_quick``: Omaha high by ``omaha_high_fast`` (exact, several
    times faster)."""
    return finish(parts(variant, mine, board, opponents, dead, samples, rng,
                        exact_max, ranges, clock, budget_ms, omaha_quick, montecarlo.WHOLE))


def parts(variant, mine, board, opponents, dead, samples, rng, exact_max,
          ranges, clock, budget_ms, omaha_quick, per):
    """``equity`` in slices (every argument given): a generator that, with
    ``per`` hands dealt a slice (a player's cards in one deal;
    ``montecarlo.WHOLE``: no slices), yields once the problem is laid out
    and then between slices of the Monte Carlo, and returns the equity: the
    same as ``equity``'s whatever the slices."""
    t = Deal(getattr(variant, 'code', variant), mine, board, opponents, dead)
    t.quick = omaha_quick
    walked = None
    if exact_max and ranges is None:
        # (imported at its first use: the game never asks for it)
        from poker.odds import exact

        if exact.count(t, exact_max) <= exact_max:
            walked = exact.walk(t)
    if walked is not None:
        total, done = walked
    else:
        if samples > _MAX_SAMPLES:
            samples = _MAX_SAMPLES
        if samples < 1:
            samples = 1
        if rng is None:
            rng = Rng(1)
        if per < montecarlo.WHOLE:
            yield  # the set-up is a slice of its own
        # the batch path (poker/odds/sampler.py): the same deals, much faster
        # (the console's app imports it while it loads; elsewhere, here at
        # its first use)
        got = None
        if ranges is None and t.kind == POT_HIGH and not t.omaha and len(t.hands[0]) == 7:
            from poker.odds import sampler

            got = yield from sampler.parts(t, samples, rng, clock, budget_ms, _POT, per)
        if got is None:
            got = yield from montecarlo.parts(t, samples, rng, ranges, clock, budget_ms, per)
        total, done = got
    # round(total * 1000 / (done * _POT)) without the product, which would
    # pass 2**30 (a big int on the device) beyond ~200 deals
    q = total // done
    a = q * _PERMILLE + (total - q * done) * _PERMILLE // done
    return (a + _HALF) // _POT


# ---------------------------------------------------------------- the view

def view_equity(view, samples=300, rng=None, ranges=None, exact_max=0,
                clock=None, budget_ms=0, omaha_quick=False):
    """The equity of the view's seat (a ``poker.view.SeatView``) against
    every live opponent, from the cards it has seen (``view.known_cards()``)."""
    return finish(view_parts(view, samples, rng, ranges, exact_max, clock, budget_ms, omaha_quick,
                             montecarlo.WHOLE))


def view_parts(view, samples, rng, ranges, exact_max, clock, budget_ms, omaha_quick, per):
    """``view_equity`` in slices of ``per`` hands dealt (see ``parts``)."""
    mine, board, opps, dead = view.known_cards()
    if not opps:
        return done(_PERMILLE)
    return parts(view.variant, mine, board, opps, dead, samples, rng,  # pyright: ignore[reportArgumentType]
                 exact_max, ranges, clock, budget_ms, omaha_quick, per)


def done(value):
    """A generator of no slices that returns ``value`` (work that needs no
    slices, where slices are asked for). (The yield after the return makes
    it a generator: MicroPython drops an "if False: yield", and with it
    the generator.)"""
    return value
    yield
