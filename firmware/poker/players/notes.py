"""Hard's notes on the other seats (``Notes``): small counts per seat of
their public actions and of the hands they turned over, which
``poker.players.hard`` reads through the methods below. What is counted
and how Hard uses it: docs/players.md.
"""
from micropython import const

from poker.odds import equity as _eq
from poker.players.base import AGGRESSIVE, P45
from poker.variants import DEAL_UP

# acts[s], by position
_FOLDS = const(0)
_CALLS = const(1)
_RAISES = const(2)
_BETS = const(3)
_CHECKS = const(4)
_LAST_FOLDS = const(5)
_LAST_CALLS = const(6)
_CALLED_BELIEVED = const(7)
_CALLED_WON = const(8)
_LAST_BETS = const(9)   # on the last round, bets (the betting not opened yet)
_LAST_CHECKS = const(10)
_ACTS_N = const(11)

# first[s], by position
_CHOICES = const(0)
_CAME_IN = const(1)
_RAISES_FACED = const(2)
_FOLDED_TO_RAISE = const(3)
_FIRST_N = const(4)

# shows[s], by position: pairs of (all, of which weak)
_SHOWN_EARLIER = const(0)
_SHOWN_LAST = const(2)
_SHOWN_CALLS = const(4)
_SHOWS_N = const(6)

# What the shown hands say, each read as a bluff share (permille)
EARLIER = const(0)      # bets and raises before the last round
LAST = const(1)         # bets and raises on the last round
LAST_CALLS = const(2)   # calls on the last round: loose ones
# below VALUE a value bettor; from MANIAC, raising half the time, a maniac
VALUE = const(150)
MANIAC = const(200)
# a typical player bets about this often (permille) when he may open the
# last round, and one bet in twelve of his there is a bluff
TYPICAL_BETS = const(450)
_TYPICAL_BLUFFS = const(83)

# scratch lists for rating shown hands: all cards of a street (at most
# seven plus the board), a start of 2, 3 or 4 cards
_CARDS = [0] * 12
_START = (None, None, [0, 0], [0, 0, 0], [0, 0, 0, 0])


def _count(d, k, weak):
    # counts stay bytes: halved together near the top (recent hands weigh more)
    if d[k] >= 250:
        d[k] >>= 1
        d[k + 1] >>= 1
    d[k] += 1
    if weak:
        d[k + 1] += 1


def weak_at(view, s, st):
    """True when seat s held nothing on street st (the cards of that
    street in the variant's dealing order): on the first round a start
    outside the best 55 %, later nothing made by rank counts that the
    board alone does not make too (razz: two cards too many). Rank
    counts, not equity: a showdown costs no sampling and little heap."""
    v = view.variant
    down = view.down[s]
    up = view.up[s]
    code = v.code
    cards = _CARDS  # (no list per street: the final view's heap is tight)
    n = di = ui = nb = 0
    for k in range(st + 1):
        nb += v.board[k]
        deal = v.deals[k].encode()  # (its letters as ints: variants.DEAL_UP)
        for i in range(len(deal)):
            if deal[i] != DEAL_UP:
                if di < len(down):
                    cards[n] = down[di]
                    di += 1
                    n += 1
            elif ui < len(up):
                cards[n] = up[ui]
                ui += 1
                n += 1
    if st == 0:
        k = 2 if code == 'F5S' else 3 if v.stud else n
        start = _START[k] if n >= k and 2 <= k <= 4 else None
        if start is None:
            return True
        for i in range(k):
            start[i] = cards[i]
        return _eq.start_score(code, start) < P45[code]
    # (stud: a community card only when the deck ran short, last round)
    board = view.board
    if v.stud and st < v.streets - 1:
        nb = 0
    if nb > len(board):
        nb = len(board)
    own = n
    for i in range(nb):
        cards[n] = board[i]
        n += 1
    made = _eq.now_class(code, cards, n)
    if nb and made and _eq.now_class(code, board, nb) >= made:
        return True  # the board's pair, not his
    return made == 0 and own > 0


class Notes:
    """What Hard knows of how the other seats play (see the module)."""

    def __init__(self):
        self.acts = {}
        self.first = {}
        self.shows = {}
        self._done = 0       # actions of this hand counted
        self._last = None    # the last of them (a new hand starts elsewhere)
        self._pot = 0
        self._end = None     # the final view counted: (actions, last, pot)
        self._came = 0       # seats whose first-round choice this hand counted
        self._answered = 0   # seats whose answer to a first-round raise counted
        self._raiser = -1    # the seat that raised last on the first round
        self._called = None  # (seat, chance believed): our last-round call of its bet
        self._view = None    # table()'s last view and answer
        self._table = (0, 0)

    # ------------------------------------------------------------ counting

    def observe(self, view):
        """Counts the other seats' actions not counted yet; a hand's final
        view (given once or more) also counts what the showdown turned
        over, and our last-round call's result."""
        acts = view.actions
        d = self._done
        self._view = None  # (the counts may change now)
        if view.finished:
            # the final view of a hand: count what is left once, then start
            # the next hand from scratch (no guessing where a hand begins)
            end = (len(acts), acts[-1] if acts else None, view.pot)
            if end == self._end:
                return  # this final view again
            self._end = end
            self._learn_showdown(view)
            self._count_call(view)
        if d and (len(acts) < d or acts[d - 1] != self._last or
                  (view.pot < self._pot and not view.finished)):
            d = 0  # a new hand (a finished hand's pot may read 0: paid out)
        if d == 0:
            self._called = None
            self._came = 0
            self._answered = 0
            self._raiser = -1
        self._pot = view.pot
        last = view.variant.streets - 1
        for i in range(d, len(acts)):
            self._count_action(acts[i], view.seat, last)
        self._done = len(acts)
        self._last = acts[-1] if acts else None
        if view.finished:
            self._done = 0

    def _count_call(self, view):
        c = self._called
        self._called = None
        if c is not None and view.pot:
            st = self.acts.get(c[0])
            if st is not None:
                st[_CALLED_BELIEVED] += c[1]
                st[_CALLED_WON] += view.winnings[view.seat] * 1000 // view.pot

    def _count_action(self, a, me, last):
        s = a[1]
        k = a[2]
        if a[0] == 0 and s != me and self._raiser >= 0 and self._raiser != s \
                and not self._answered >> s & 1:
            # his first answer to a first-round raise (ours included):
            # what a steal of the bring-in or the blinds meets
            self._answered |= 1 << s
            _count(self._first(s), _RAISES_FACED, k == 'fold')
        if a[0] == 0 and k in AGGRESSIVE:
            self._raiser = s
        if s == me:
            return
        st = self.acts.get(s)
        if st is None:
            st = self.acts[s] = [0] * _ACTS_N
        if a[0] == last:
            if k == 'fold' or k == 'call':
                st[_LAST_FOLDS if k == 'fold' else _LAST_CALLS] += 1
            elif k == 'bet' or k == 'check':
                st[_LAST_BETS if k == 'bet' else _LAST_CHECKS] += 1
        if a[0] == 0 and k != 'check' and k != 'bring_in' and not self._came >> s & 1:
            # his first free choice of the hand: play or not
            self._came |= 1 << s
            _count(self._first(s), _CHOICES, k != 'fold')
        if k == 'fold':
            if a[0] > 0:
                st[_FOLDS] += 1
        elif k == 'call':
            st[_CALLS] += 1
        elif k == 'raise' or k == 'complete':
            st[_RAISES] += 1
        elif k == 'bet':
            st[_BETS] += 1
        elif k == 'check':
            st[_CHECKS] += 1

    def _first(self, s):
        f = self.first.get(s)
        if f is None:
            f = self.first[s] = bytearray(_FIRST_N)
        return f

    def _learn_showdown(self, view):
        """From the hands turned over: for each street a seat bet or raised
        on, did it hold nothing then (a bluff) or something (value); on the
        last round, the same for its calls. A last-round call mucked at
        the showdown lost: a loose one (else only the calls that won would
        be seen, and every seat's calls would look like good hands)."""
        shown = view.shown
        me = view.seat
        last = view.variant.streets - 1
        for s in range(len(shown)):
            mucked = view.mucked[s]
            if s == me or not mucked and (shown[s] is None or None in view.down[s]):
                continue
            aggr = 0   # bit per street: bet or raised on it (shown only)
            called = False
            for a in view.actions:
                if a[1] == s:
                    if a[2] in AGGRESSIVE and not mucked:
                        aggr |= 1 << a[0]
                    elif a[2] == 'call' and a[0] == last:
                        called = True
            if not aggr and not called:
                continue
            d = self.shows.get(s)
            if d is None:
                d = self.shows[s] = bytearray(_SHOWS_N)
            for st in range(last + 1):
                if aggr >> st & 1:
                    _count(d, _SHOWN_LAST if st == last else _SHOWN_EARLIER, weak_at(view, s, st))
            if called:
                _count(d, _SHOWN_CALLS, mucked or weak_at(view, s, last))

    def called(self, seat, believed):
        """Our last-round call of ``seat``'s bet, believing this chance
        (permille): counted with what it won when the hand ends."""
        self._called = (seat, believed)

    # ------------------------------------------------------------ reading

    def bluffs(self, view, what=EARLIER, seat=-1):
        """How often (permille) the live opponents' (or ``seat``'s) shown
        bets and raises were bluffs, ``what``: ``EARLIER`` streets, the
        ``LAST`` one, or ``LAST_CALLS``: their last-round calls, loose
        ones; the prior (one in six) sits between a value bettor's (none)
        and a maniac's (his random hands: a quarter to a third)."""
        k = what * 2
        n = weak = 0
        me = view.seat
        for s in range(len(view.folded)):
            if s == me or view.folded[s] or (seat >= 0 and s != seat):
                continue
            d = self.shows.get(s)
            if d is not None:
                n += d[k]
                weak += d[k + 1]
        return (weak + 1) * 1000 // (n + 6)

    def last_bluffs(self, view, seat):
        """How often (permille) ``seat``'s last-round bets and raises
        shown down were bluffs, with a prior weighing as six hands: a
        typical player's (one in twelve), or, for a seat that bets the
        last round more often than a typical player, the part of its bets
        beyond his."""
        d = self.shows.get(seat)
        n = weak = 0
        if d is not None:
            n = d[_SHOWN_LAST]
            weak = d[_SHOWN_LAST + 1]
        b = self.last_bets(seat)
        prior = (b - TYPICAL_BETS) * 1000 // b
        prior = prior if prior > _TYPICAL_BLUFFS else _TYPICAL_BLUFFS
        return (weak * 1000 + prior * 6) // (n + 6)

    def last_bets(self, s):
        """How often (permille) seat s bets on the last round when it may
        bet or check: the share of its hands it bets there (a prior of
        half)."""
        st = self.acts.get(s)
        b = c = 0
        if st is not None:
            b = st[_LAST_BETS]
            c = st[_LAST_CHECKS]
        return (b + 2) * 1000 // (b + c + 4)

    def maniac(self, view):
        # raising half the time is a maniac only if his hands shown down
        # say so: a value bettor raises as often with good hands
        _fold, agg = self.table(view)
        return agg > 450 and self.bluffs(view) >= MANIAC

    def table(self, view):
        """(fold rate facing a bet, aggression) of the live opponents in
        permille, with a prior of an average player. (Asked several times a
        decision: made once per view, no tuple each time.)"""
        if self._view is view:
            return self._table
        folds = calls = aggr = passive = 0
        me = view.seat
        for s in range(len(view.folded)):
            if s == me or view.folded[s]:
                continue
            st = self.acts.get(s)
            if st is not None:
                folds += st[_FOLDS]
                calls += st[_CALLS]
                aggr += st[_RAISES] + st[_BETS]
                passive += st[_CALLS] + st[_CHECKS]
        fold = (folds + 3) * 1000 // (folds + calls + aggr + 10)
        agg = (aggr + 3) * 1000 // (aggr + passive + 10)
        self._view = view
        self._table = (fold, agg)
        return self._table

    def forget_view(self):
        # (keeps no view alive between decisions)
        self._view = None

    def seat_folds(self, s):
        """How often (permille) seat s folds facing a bet, or -1 unseen."""
        st = self.acts.get(s)
        if st is None:
            return -1
        return (st[_FOLDS] + 3) * 1000 // (st[_FOLDS] + st[_CALLS] + st[_RAISES] + 10)

    def seat_aggression(self, s):
        """Seat s's bets and raises among its actions (permille), or -1."""
        st = self.acts.get(s)
        if st is None:
            return -1
        aggr = st[_RAISES] + st[_BETS]
        return (aggr + 3) * 1000 // (aggr + st[_CALLS] + st[_CHECKS] + 10)

    def last_round_folds(self, view):
        """How the live opponents answered last-round bets: folds in
        permille (a player may fold to bets early and call them all on
        the last round)."""
        f = c = 0
        for s in range(len(view.folded)):
            st = self.acts.get(s)
            if s != view.seat and not view.folded[s] and st is not None:
                f += st[_LAST_FOLDS]
                c += st[_LAST_CALLS]
        return (f + 1) * 1000 // (f + c + 4)

    def calls_of(self, s):
        """Our last-round calls of seat s's bets: (chance believed, pot
        share won), summed in permille; None when none counted."""
        st = self.acts.get(s)
        if st is None:
            return None
        return st[_CALLED_BELIEVED], st[_CALLED_WON]

    def came_in(self, s):
        """How often (permille) seat s came in on the first round, or -1."""
        f = self.first.get(s)
        if f is None:
            return -1
        return (f[_CAME_IN] + 2) * 1000 // (f[_CHOICES] + 4)

    def folds_to_raise(self, s):
        """How often (permille) seat s folded to a first-round raise, or -1."""
        f = self.first.get(s)
        if f is None:
            return -1
        return (f[_FOLDED_TO_RAISE] + 1) * 1000 // (f[_RAISES_FACED] + 3)

    def first_round_folds(self, view):
        """The live opponents' folds to first-round raises, all together
        (permille, a prior of one in three)."""
        f = n = 0
        for s in range(len(view.folded)):
            d = self.first.get(s)
            if s != view.seat and not view.folded[s] and d is not None:
                f += d[_FOLDED_TO_RAISE]
                n += d[_RAISES_FACED]
        return (f + 1) * 1000 // (n + 3)

    def steal_folds(self, view):
        """How often (permille) a first-round raise now takes the pot: each
        live seat's folds to one, all multiplied; -1 when a seat is not
        seen yet."""
        folds = 1000
        for s in range(len(view.folded)):
            if s == view.seat or view.folded[s]:
                continue
            f = self.folds_to_raise(s)
            if f < 0:
                return -1
            folds = folds * f // 1000
        return folds

    def loosest(self, view):
        """The live seat that comes in most: how often (permille)."""
        worst = 0
        for s in range(len(view.folded)):
            if s != view.seat and not view.folded[s]:
                r = self.came_in(s)
                if r > worst:
                    worst = r
        return worst
