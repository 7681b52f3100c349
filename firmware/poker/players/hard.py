"""The Hard virtual player: Normal's equity against the ranges that each
opponent's actions leave him, and a memory of how each seat plays (see
``poker.players``; it is made by ``players.make('hard')``).
"""
import sys

from micropython import const

from poker.odds import equity as _eq
from poker.eval import evaluator as _ev
from poker.players.base import AGGRESSIVE, P45, P70, Normal, act, final_street, find

# Hard's first-round entry (% of a fair share: against raisers, against
# callers) where it differs: five card stud and razz reward a tight start
_HARD_ENTRY = {'F5S': (120, 90), 'FR': (120, 90)}

# Hard's Monte Carlo deals counted in the RP2040's time: us per deal and per
# player, the rest of the decision (the view, the ranges, the set-up) spread
# over them: the slowest decision's time over its deals and players, plus
# about a tenth, measured on the virtual Pico with the heap as make
# bench-device leaves it (tools/bench_device_hard.py --after-game F7S:3,FT:3;
# a fragmented heap makes the plain bytecode's calls up to twice as slow as
# on a board just booted). Per game: full tables (the ROMFS route; the host
# plays as it), without and with ranges (weighted sampling redraws), then
# the same with the compact tables (the stock route: a 6- or 7-card
# evaluation is 21 lookups). Omaha's deals are few and its set-up weighs
# most: from ROMFS its figures keep the deals it had (21 and 15 heads-up).
CHIP_US = {'F7S': (700, 700, 2170, 2170), 'FT': (700, 700, 1780, 1780),
           'F5S': (620, 720, 580, 680), 'F7S/8': (700, 1050, 850, 2400),
           'FR': (1080, 1290, 1130, 3100), 'FO': (2820, 2820, 5200, 5200),
           'FO/8': (3940, 3940, 5200, 5200)}
# In batches (poker.odds.sampler: the seven-card high games without ranges, where
# equity takes it): full tables, compact tables.
BATCH_US = {'F7S': (70, 220), 'FT': (70, 220)}

# the safety net of the device alone: a wall clock that stops the sampling
# (equity looks at it every 4 weighted deals, 16 others) should a fragmented
# heap make the deals slower than CHIP_US says; elsewhere none, so decisions
# stay reproducible
_CLOCK = None
if sys.platform == 'rp2':
    from time import ticks_ms as _CLOCK

# Hard's memory of the hands shown down, per seat a bytearray of counts in
# pairs (all, of which weak): bets and raises on earlier streets, on the last
# one, calls on the last one
_SD_AGG = const(0)
_SD_RIVER = const(2)
_SD_CALL = const(4)
_SD_N = const(6)
# bluffs among a seat's shown bets (permille, Hard._bluffs): below _VALUE a
# value bettor, from _MANIAC with raising half the time a maniac
_VALUE = const(150)
_MANIAC = const(200)

# how much a seat's last-round bets say before our calls of them are
# counted (an equity believed in permille, summed: about five calls)
_CALLS_PRIOR = const(1500)

# a first-round raise into seats that fold to one this often (permille)
# takes the bring-in or the blinds often enough to pay
_STEAL_FOLDS = const(600)
# ...and into seats that fold to one this often (together), with any start
_STEAL_ANY = const(800)
# razz: weak starts fold to first-round raises from seats that fold to
# bets at least this often (permille; a maniac's raises are any hand)
_FOLDS = const(50)

# Hard's scratch lists for rating shown hands: all cards of a street (at
# most seven plus the board), a start of 2, 3 or 4 cards
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


class Hard(Normal):
    """More samples, opponents' ranges from their actions, pot odds, and a
    memory of how each seat has played (from the views it was given: only
    public actions): bluffs those who fold, bets thinner into those who
    call, believes the bets of the passive."""
    level = 'hard'
    samples = 240         # deals at most, drawn one at a time (poker.odds.montecarlo)...
    batch_samples = 960   # ...and in batches (poker.odds.sampler: no ranges, F7S and FT)
    work_us = 120000      # a decision's time on the RP2040 (CHIP_US): budget 150 ms, less
    # the 10-15 % by which the same decision's time moves with the heap
    budget_ms = 115       # the safety net (rp2 only): ms of sampling, past CHIP_US's
    now_ranges = 1
    # where the start-score ranges measured better than none (Omaha's
    # four-card starts are too crude a score)
    range_games = ('F7S', 'F7S/8', 'FR', 'F5S', 'FT')
    # where the first round's value line and steals into several seats
    # measured better read by the seats' answers to first-round raises
    # (value_pct, steal_rate)
    first_folds_games = ('F7S', 'FR')
    entry = 70            # first round, against raisers...
    entry_low = 50        # ...against callers and against maniacs
    now_reject = 700      # how firmly a bet this round means a made hand
    bluff_permille = 40
    steal_floor = 60      # (steals only where steal_rate says they pay)
    discount = 80
    discount_value = 72   # per raise of a player whose shown bets were value

    def __init__(self, style='balanced', seed=1):
        Normal.__init__(self, style, seed)
        self.clock = _CLOCK  # (an attribute of the object: a function, not a method)
        # per seat: folds, calls, raises (facing a bet); bets, checks; on
        # the last round, folds and calls facing a bet; our last-round
        # calls of its bets: the equity believed, the pot share won (summed)
        self.seen = {}
        # per seat, what its hands shown down said (bytearray(_SD_N), see
        # _learn_showdown): how often its bets were bluffs, by street
        self.sd = {}
        # per seat (bytearray(4)): first-round choices (fold or come in), of
        # which came in; first-round raises faced, of which folded to
        self.vp = {}
        self._vp_hand = 0  # seats whose first-round choice this hand counted
        self._f0_hand = 0  # seats whose answer to a first-round raise counted
        self._agg0 = -1    # the seat that raised last on the first round
        self._stat_view = None  # _stat's last view and answer
        self._stat_of = (0, 0)
        self._done = 0
        self._last = None
        self._pot = 0
        self._end = None
        self.river_e = 0     # the equity believed at the last call (Normal._choose)
        self._called = None  # (seat, equity believed): our last-round call of its bet

    def observe(self, view):
        """Counts the other seats' actions it has not counted yet. Called
        by ``decide``; the game may also call it with the final view of a
        hand, so that folds that ended the hand count too."""
        acts = view.actions
        d = self._done
        self._stat_view = None  # (the counts may change now)
        if view.finished:
            # the final view of a hand: count what is left once, then start
            # the next hand from scratch (no guessing where a hand begins)
            end = (len(acts), acts[-1] if acts else None, view.pot)
            if end == self._end:
                return  # this final view again
            self._end = end
            self._learn_showdown(view)
            c = self._called
            self._called = None
            if c is not None and view.pot:
                # our last-round call of his bet: the equity we believed
                # and the share of the pot it won
                st = self.seen.get(c[0])
                if st is not None:
                    st[7] += c[1]
                    st[8] += view.winnings[view.seat] * 1000 // view.pot
        if d and (len(acts) < d or acts[d - 1] != self._last or
                  (view.pot < self._pot and not view.finished)):
            d = 0  # a new hand (a finished hand's pot may read 0: paid out)
        if d == 0:
            self._called = None
            self._vp_hand = 0
            self._f0_hand = 0
            self._agg0 = -1
        self._pot = view.pot
        me = view.seat
        seen = self.seen
        last = view.variant.streets - 1
        for i in range(d, len(acts)):
            a = acts[i]
            s = a[1]
            k = a[2]
            if a[0] == 0 and s != me and self._agg0 >= 0 and self._agg0 != s \
                    and not self._f0_hand >> s & 1:
                # his first answer to a first-round raise (ours included):
                # what a steal of the bring-in or the blinds meets
                self._f0_hand |= 1 << s
                _count(self._vp(s), 2, k == 'fold')
            if a[0] == 0 and k in AGGRESSIVE:
                self._agg0 = s
            if s == me:
                continue
            st = seen.get(s)
            if st is None:
                st = seen[s] = [0, 0, 0, 0, 0, 0, 0, 0, 0]
            if a[0] == last and (k == 'fold' or k == 'call'):
                st[5 if k == 'fold' else 6] += 1  # facing a bet on the last round
            if a[0] == 0 and k != 'check' and k != 'bring_in' and not self._vp_hand >> s & 1:
                # his first free choice of the hand: play or not
                self._vp_hand |= 1 << s
                _count(self._vp(s), 0, k != 'fold')
            if k == 'fold':
                # first-round folds are the vp counts': a steal folded to
                # says little of how a seat defends on later rounds
                if a[0] > 0:
                    st[0] += 1
            elif k == 'call':
                st[1] += 1
            elif k == 'raise' or k == 'complete':
                st[2] += 1
            elif k == 'bet':
                st[3] += 1
            elif k == 'check':
                st[4] += 1
        self._done = len(acts)
        self._last = acts[-1] if acts else None
        if view.finished:
            self._done = 0

    def _vp(self, s):
        vp = self.vp.get(s)
        if vp is None:
            vp = self.vp[s] = bytearray(4)
        return vp

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
            d = self.sd.get(s)
            if d is None:
                d = self.sd[s] = bytearray(_SD_N)
            for st in range(last + 1):
                if aggr >> st & 1:
                    weak = self._weak_at(view, s, st)
                    _count(d, _SD_RIVER if st == last else _SD_AGG, weak)
            if called:
                _count(d, _SD_CALL, mucked or self._weak_at(view, s, last))

    def _weak_at(self, view, s, st):
        """True when seat s held nothing on street st (the cards of that
        street in the variant's dealing order): on the first round a start
        outside the best 55 %, later nothing made by rank counts that the
        board alone does not make too (razz: two cards too many). Rank
        counts, not equity: a showdown costs no sampling and little heap."""
        v = view.variant
        down = view.down[s]
        up = view.up[s]
        code = view.variant.code
        cards = _CARDS  # (no list per street: the final view's heap is tight)
        n = di = ui = nb = 0
        for k in range(st + 1):
            nb += v.board[k]
            deal = v.deals[k]
            for i in range(len(deal)):
                if deal[i] == 'd':
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

    def _bluffs(self, view, river=0, seat=-1):
        """How often (permille) the live opponents' (or ``seat``'s) bets
        and raises shown down were bluffs, earlier streets (``river`` 0) or
        the last one (1); ``river`` 2: their last-round calls, loose ones;
        the prior (one in six) sits between a value bettor's (none) and
        a maniac's (his random hands: a quarter to a third)."""
        k = river * 2  # _SD_AGG, _SD_RIVER, _SD_CALL
        n = weak = 0
        me = view.seat
        for s in range(len(view.folded)):
            if s == me or view.folded[s] or (seat >= 0 and s != seat):
                continue
            d = self.sd.get(s)
            if d is not None:
                n += d[k]
                weak += d[k + 1]
        return (weak + 1) * 1000 // (n + 6)

    def _maniac(self, view):
        # raising half the time is a maniac only if his hands shown down
        # say so: a value bettor raises as often with good hands
        _fold, agg = self._stat(view)
        return agg > 450 and self._bluffs(view) >= _MANIAC

    def _stat(self, view):
        """(fold rate facing a bet, aggression) of the live opponents in
        permille, with a prior of an average player. (Asked several times a
        decision: made once per view, no tuple each time.)"""
        if self._stat_view is view:
            return self._stat_of
        folds = calls = aggr = passive = 0
        me = view.seat
        for s in range(len(view.folded)):
            if s == me or view.folded[s]:
                continue
            st = self.seen.get(s)
            if st is not None:
                folds += st[0]
                calls += st[1]
                aggr += st[2] + st[3]
                passive += st[1] + st[4]
        fold = (folds + 3) * 1000 // (folds + calls + aggr + 10)
        agg = (aggr + 3) * 1000 // (aggr + passive + 10)
        self._stat_view = view
        self._stat_of = (fold, agg)
        return self._stat_of

    def value_pct(self, view):
        fold, _agg = self._stat(view)
        if view.street == 0 and view.variant.code in self.first_folds_games:
            # a first-round raise is called by the starts that do not fold
            # to one (later the pot's odds keep most hands in): into several
            # seats, or into one that folds to most of them, their folds to
            # first-round raises (all together, a prior of one in three)
            # set the line
            f = n = 0
            for s in range(len(view.folded)):
                vp = self.vp.get(s)
                if s != view.seat and not view.folded[s] and vp is not None:
                    f += vp[3]
                    n += vp[2]
            f = (f + 1) * 1000 // (n + 3)
            if view.live_opponents > 1 or f >= _STEAL_FOLDS:
                fold = f
        # against callers bet thinner; against folders only strong hands
        v = self.value * fold // 300
        v = 2 if v < 2 else (24 if v > 24 else v)
        if final_street(view) and (self._bluffs(view, 2) < _VALUE or
                                   view.raises >= 2 and self.call_pct(view) < 100):
            # their last-round calls shown down were all good hands; or a
            # raise there from a seat that never bluffs there: raised
            # again only by hands that beat its value raises
            v += 16
        return v

    def entry_pct(self, view):
        # against passive tables coming in is cheap; against raisers it
        # costs; against maniacs (raising half the time) it pays again
        hi, lo = _HARD_ENTRY.get(view.variant.code, (self.entry, self.entry_low))
        if not view.their_raises:
            return lo - 20  # only the bring-in or the blinds to pay: cheap
        _fold, agg = self._stat(view)
        if self._maniac(view) or view.live_opponents == 1 and view.variant.code in ('FO', 'FO/8'):
            # heads-up Omaha: four-card starts run close (a raise says
            # little of who is ahead); into several seats a start needs
            # more than its equity, a hand that can make the best one
            return lo
        if agg > 440:
            agg = 440
        e = lo + 10 + (agg - 150) // 8
        return lo if e < lo else (hi if e > hi else e)

    def discount_pct(self, view):
        # a maniac's raise says little; a value bettor's says more
        if view.street == 0 and view.variant.code == 'FR':
            # razz's first round: the ranges alone (a completion's strong
            # start, a tight seat's calls) weigh the deals; discounted on
            # top, 5-3-2 folded to a `tag`'s completion
            return 100
        if self._maniac(view):
            return 95
        # and a passive player's raise more still
        _fold, agg = self._stat(view)
        d = 55 + agg // 12
        d = d if d < self.discount else self.discount
        return d if d < self.discount_value or self._bluffs(view) >= _VALUE else self.discount_value

    def steal_rate(self, view):
        # everyone left must fold: the loosest of them decides how often
        # they come in on the first round; and all of them together how
        # often a first-round raise takes the pot (each one's folds to
        # first-round raises: a seat that limps much may still fold to one)
        folds = self._steal_folds(view)
        if folds < 0:
            return 0
        if folds >= _STEAL_ANY:
            return 1000
        me = view.seat
        worst = 0
        if view.live_opponents > 1 and view.variant.code in self.first_folds_games:
            # into several seats only their folds to first-round raises
            # count: each seldom comes in, yet one of them often does
            worst = 1000
        for s in range(len(view.folded)):
            if s != me and not view.folded[s]:
                vp = self.vp[s]
                r = (vp[1] + 2) * 1000 // (vp[0] + 4)
                if r > worst:
                    worst = r
        r = (650 - worst) * 2
        f = (folds - _STEAL_FOLDS) * 3
        r = r if r > f else f
        return 0 if r < 0 else (900 if r > 900 else r)

    def steal_pct(self, view):
        # into seats that nearly always fold to a first-round raise, any
        # start steals: the antes and the bring-in or blinds at little risk
        if self._steal_folds(view) >= _STEAL_ANY:
            return 0
        return self.steal_floor

    def _steal_folds(self, view):
        """How often (permille) a first-round raise now takes the pot: the
        live seats' folds to one, all together; -1 when unknown (a seat
        not seen yet) or not ours to make: not with the bring-in (the
        worst door card, whose completion risks a bet for the antes
        alone)."""
        if find(view.legal, 'bring_in') is not None:
            return -1
        me = view.seat
        folds = 1000
        for s in range(len(view.folded)):
            if s == me or view.folded[s]:
                continue
            vp = self.vp.get(s)
            if vp is None:
                return -1
            folds = folds * ((vp[3] + 1) * 1000 // (vp[2] + 3)) // 1000
        return folds

    def raise_step(self, view):
        # re-raising a value bettor's raises is how one pair pays off a set
        if self._maniac(view):
            return 6
        return 6 if self._bluffs(view) >= _VALUE else 14

    def call_pct(self, view):
        # a bettor who never bluffs the last round is called with hands
        # that beat his value bets, not with hands that beat a random one
        # (from 30 % of the equity believed, for one never seen bluffing
        # there: a `tag`'s last-round razz bets beat eight of nine calls);
        # then, as our calls of his bets come out, by what they won of what
        # we believed (a textbook player's razz bets beat nearly every call
        # after our check, though his shown bets were often ten-lows)
        b = view.bettor
        if b is None or b == view.seat:
            return 100
        rb = self._bluffs(view, 1, b)
        c = 100 if rb >= _VALUE else 30 + rb * 70 // _VALUE
        st = self.seen.get(b)
        if st is not None:
            c = (st[8] + c * _CALLS_PRIOR // 100) * 100 // (st[7] + _CALLS_PRIOR)
        return c if c < 100 else 100

    def bluff_rate(self, view):
        fold, _agg = self._stat(view)
        if final_street(view):
            # a player may fold to bets early and call them all on the last
            # round: how the live opponents answered last-round bets
            f = c = 0
            for s in range(len(view.folded)):
                st = self.seen.get(s)
                if s != view.seat and not view.folded[s] and st is not None:
                    f += st[5]
                    c += st[6]
            fold = (f + 1) * 1000 // (f + c + 4)
        b = (fold - 250) * 2
        return 0 if b < 0 else (600 if b > 600 else b)

    def budget(self, view, nopp, ranges=False):
        """Monte Carlo deals for this decision: ``work_us`` of the RP2040's
        time at ``CHIP_US`` (``BATCH_US`` where equity samples in batches),
        the route's tables deciding which figure; at most ``samples`` (in
        batches ``batch_samples``). The same count on every machine with
        the same tables: decisions stay reproducible."""
        cap = self.batch_samples if not ranges and view.variant.code in BATCH_US else self.samples
        n = self.work_us // self.deal_us(view, nopp, ranges)
        if n > cap:
            n = cap
        return n if n >= self.min_samples else self.min_samples

    def deal_us(self, view, nopp, ranges=False):
        """The RP2040's time of one deal of this decision, all players'
        hands (``CHIP_US``, ``BATCH_US`` where equity samples in batches;
        the rest of the decision spread over the deals)."""
        code = view.variant.code
        compact = 2 if _ev.MODE == 'compact' else 0
        if not ranges and code in BATCH_US:
            return BATCH_US[code][compact >> 1] * (nopp + 1)
        return CHIP_US[code][compact + (1 if ranges else 0)] * (nopp + 1)

    def think(self, view):
        self.observe(view)
        return Normal.think(self, view)

    def _choose(self, view, nopp, e):
        if view.street == 0 and view.their_raises and view.variant.code == 'FR' \
                and self._weak_at(view, view.seat, 0) and self._stat(view)[0] >= _FOLDS:
            # razz: a start outside the best 55 % folds to a first-round
            # raise, whatever a sample of 40-odd deals rates it (one deal
            # in 40 moves it 25 per 1000: enough to call A-8-K against a
            # `tag`); not to seats that never fold to bets (a maniac's
            # raise is any hand)
            a = act(view, 'fold')
        else:
            a = Normal._choose(self, view, nopp, e)
            if a[0] == 'call' and final_street(view) and view.bettor is not None \
                    and view.bettor != view.seat:
                self._called = (view.bettor, self.river_e)
        self._stat_view = None  # (keeps no view alive between decisions)
        return a

    def ranges(self, view):
        """Per live opponent, what his actions say about his cards:
        ``(min start score, reject, min now class, reject, his cards)`` for
        ``equity.equity``. A raise or completion on an earlier round means a
        strong start (top 30 %), a voluntary call a middling one (top 55 %);
        a bet this round means at least a pair made now (a raise: two
        pair), rated on his up cards and sampled down cards."""
        code = view.variant.code
        if code not in self.range_games:
            return None
        me = view.seat
        st = view.street
        out = []
        start = {}
        now = {}
        later = 0  # bit per seat: called a bet after the first round
        raised = 0  # bit per seat: called a first-round raise
        agg0 = False
        for a in view.actions:
            k = a[2]
            s = a[1]
            if a[0] > 0 and k == 'call':
                later |= 1 << s
            if a[0] == 0:
                if k == 'call' and agg0:
                    raised |= 1 << s
                elif k in AGGRESSIVE:
                    agg0 = True
            if a[0] == st and st > 0:
                if k in AGGRESSIVE:
                    now[s] = now.get(s, 0) + 1
                continue
            if k in AGGRESSIVE:
                start[s] = 2
            elif k == 'call' and start.get(s, 0) < 1:
                start[s] = 1
        any_range = False
        for s in range(len(view.folded)):
            if s == me or view.folded[s] or view.sitting_out[s]:
                continue
            a = start.get(s, 0)
            b = now.get(s, 0) if self.now_ranges else 0
            seen = self.seen.get(s)
            # a player who folds to bets calls them with something
            fold = 0
            if later >> s & 1 and seen is not None:
                fold = (seen[0] + 3) * 1000 // (seen[0] + seen[1] + seen[2] + 10)
            if a == 0 and b == 0 and fold < 300:
                out.append(None)
                continue
            any_range = True
            vp = self.vp.get(s)
            if a and vp is not None and ((vp[1] + 2) * 1000 // (vp[0] + 4) < 350 or
                                         raised >> s & 1 and
                                         (vp[3] + 1) * 1000 // (vp[2] + 3) >= _STEAL_FOLDS):
                # a tight player: even his calls are strong starts; so are
                # the calls of a raise by a seat that mostly folds to one
                a = 3
            lo = P70[code] if a >= 2 else P45[code] if a == 1 else -99
            rej = 950 if a == 3 else 850 if a == 2 else 600
            ncur = len(view.up[s]) + len(view.down[s])
            if b:
                nr = self.now_reject
                if seen is not None:
                    # a passive player's bet means more, a maniac's less (and
                    # raising often is not a maniac's unless his hands say so)
                    agg = (seen[2] + seen[3] + 3) * 1000 // (seen[1] + seen[2] + seen[3] + seen[4] + 10)
                    if agg > 440 and self._bluffs(view, 0, s) < _MANIAC:
                        agg = 440
                    nr = 950 - agg if agg < 650 else 300
                if code == 'FR' and st == view.variant.streets - 1:
                    b = 2  # razz's last round: a bet means an eight-low made
                out.append((lo, rej, 2 if b >= 2 else 1, nr, ncur))
            elif fold >= 300:
                out.append((lo, rej, 1, fold if fold < 900 else 900, ncur))
            else:
                out.append((lo, rej))
        return out if any_range else None
