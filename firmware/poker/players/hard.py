"""The Hard level (``poker.players.make('hard')``): Normal's equity against
the ranges that each opponent's actions leave him, with notes on how each
seat plays (``poker.players.notes``). What it does: docs/players.md.
"""
import sys

from micropython import const

from poker.eval import evaluator as _ev
from poker.odds import equity as _eq
from poker.players.base import AGGRESSIVE, P45, P70, Normal, act, final_street, find
from poker.players.notes import EARLIER, LAST_CALLS, MANIAC, VALUE, Notes, weak_at

# How Hard plays each game where the games differ, one entry a game:
# (the first round's line against raisers, against callers: % of a fair
# share, the raisers' aggression moving the first between the two; what
# it reads, the flags below)
_RANGES = const(1)           # opponents' actions narrow their cards in the deals
_FIRST_FOLDS = const(2)      # first round: the value line and steals into several
#                              seats read by the seats' folds to first-round raises
_FLAT_HEADS_UP = const(4)    # heads-up, a raised start is called from the lower line,
#                              however aggressive the raiser (starts run close)
_RANGE_ALONE = const(8)      # first round: a raise is weighed by the raiser's range
#                              alone, no discount on top
_WEAK_FOLD = const(16)       # first round: a start outside the best 55 % folds to a raise
_POSITION_FOLD = const(32)   # ...and one outside the best 30 % that acts before the
#                              raiser on later rounds (its door card is the higher)
_ALL_VALUE = const(64)       # last round: all of a seat's bets there are read as
#                              value, not the better half (seven cards make many
#                              hands that bet there for value well below his best)
_DRAWS_SHOWN = const(128)    # earlier rounds: a draw is seen coming in (razz's up
#                              cards), so only seats that call bets pay it off
_CROWD_FOLD = const(256)     # first round: a start outside the best 30 % folds to a
#                              raise while two or more seats are still in
_PLAY = {
    'FT': (70, 50, _RANGES),
    'F7S': (70, 50, _RANGES | _FIRST_FOLDS | _WEAK_FOLD | _POSITION_FOLD | _ALL_VALUE),
    'F7S/8': (70, 50, _RANGES),
    'F5S': (120, 90, _RANGES),  # five card stud and razz reward a tight start
    'FR': (120, 90, _RANGES | _FIRST_FOLDS | _RANGE_ALONE | _WEAK_FOLD | _ALL_VALUE | _DRAWS_SHOWN |
           _CROWD_FOLD),
    'FO': (70, 50, _FLAT_HEADS_UP),  # (four-card starts: too crude a score for ranges)
    'FO/8': (70, 50, _FLAT_HEADS_UP),
}
_LINE_RAISED = const(0)
_LINE_CALLED = const(1)
_READS = const(2)

# Hard's Monte Carlo deals counted in the RP2040's time: us per deal and per
# player, the rest of the decision (the view, the ranges, the set-up) spread
# over them: the slowest decision's time over its deals and players, plus
# about a tenth, measured on the virtual Pico with the heap as make
# bench-device leaves it (tools/bench/device_hard.py --after-game F7S:3,FT:3;
# a fragmented heap makes the plain bytecode's calls up to twice as slow as
# on a board just booted). Per game: full tables (the ROMFS route; the host
# plays as it), without and with ranges (weighted sampling redraws), then
# the same with the compact tables (the stock route: a 6- or 7-card
# evaluation is 21 lookups). Omaha's deals are few and its set-up weighs
# most: from ROMFS its figures give it 21 deals (15 heads-up).
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

# The last round, facing a bet (Hard._answer_last_bet): a raise of ours is
# called by his value bets, so it wants to win this often against them
# (permille: a re-raise may come); the least share of his hands a bet is
# read as
_RAISE_WINS = const(600)
_LEAST_SHARE = const(50)
# how much that reading says before our calls of a seat's last-round bets
# count (the chance believed, permille summed: about five calls); and how
# far the calls that won more than believed may widen the next ones (%)
_CALLS_PRIOR = const(1500)
_CALLS_MOST = const(150)
# seats that fold to this many bets in a thousand or more do not pay off a
# draw they see coming in (a station or a maniac folds almost none)
_PAYS_OFF = const(100)
# a first-round raise into seats that fold to one this often (permille)
# takes the bring-in or the blinds often enough to pay
_STEAL_FOLDS = const(600)
# ...and into seats that fold to one this often (together), with any start
_STEAL_ANY = const(800)
# a weak start folds to a first-round raise (_WEAK_FOLD) from seats that
# fold to bets at least this often (permille; a maniac's raise is any hand)
_FOLDS = const(50)


class Hard(Normal):
    """Normal with more deals, the opponents' ranges and notes on each seat."""
    level = 'hard'
    samples = 240         # deals at most, drawn one at a time (poker.odds.montecarlo)...
    batch_samples = 960   # ...and in batches (poker.odds.sampler: no ranges, F7S and FT)
    work_us = 120000      # a decision's time on the RP2040 (CHIP_US): budget 150 ms, less
    # the 10-15 % by which the same decision's time moves with the heap
    budget_ms = 115       # the safety net (rp2 only): ms of sampling, past CHIP_US's
    now_ranges = 1
    now_reject = 700      # how firmly a bet this round means a made hand
    bluff_permille = 40
    steal_floor = 60      # (steals only where steal_rate says they pay)
    discount = 80
    discount_value = 72   # per raise of a player whose shown bets were value

    def __init__(self, style='balanced', seed=1):
        Normal.__init__(self, style, seed)
        self.clock = _CLOCK  # (an attribute of the object: a function, not a method)
        self.notes = Notes()
        self.river_e = 0     # the equity believed at the last call (Normal._choose)

    def observe(self, view):
        """Counts the other seats' actions it has not counted yet. Called
        by ``decide``; the game may also call it with the final view of a
        hand, so that folds that ended the hand count too."""
        self.notes.observe(view)

    def think(self, view):
        self.notes.observe(view)
        return Normal.think(self, view)

    def _reads(self, view):
        return _PLAY[view.variant.code][_READS]

    def _choose(self, view, nopp, e):
        if view.street == 0 and view.their_raises and view.to_call > 0 and self._folds_start(view):
            a = act(view, 'fold')
        elif final_street(view) and view.to_call > 0 and view.bettor is not None \
                and view.bettor != view.seat:
            a = self._answer_last_bet(view, e)
        else:
            # where a draw is seen coming in (razz: each up card a low or
            # a brick), seats that fold to bets do not pay it off: against
            # them a call pays the pot's full odds; seats that call bets
            # (stations, maniacs) still pay the draws that come in
            self.draw = Normal.draw
            if self._reads(view) & _DRAWS_SHOWN:
                fold = self.notes.table(view)[0]
                self.draw = 100 if fold >= _PAYS_OFF else Normal.draw + fold * 15 // _PAYS_OFF
            a = Normal._choose(self, view, nopp, e)
        self.notes.forget_view()
        return a

    def _folds_start(self, view):
        """First round, facing a raise: a start outside the best 55 % folds
        (``_WEAK_FOLD``), whatever a sample of 40-odd deals rates it (one
        deal in 40 moves it 25 per 1000: enough to call A-8-K in razz);
        in seven card stud one outside the best 30 % (no pair, no three
        to a flush or a straight) folds too when it will act before the
        raiser on the later rounds, its door card the higher: it would
        check and call his bets blind (``_POSITION_FOLD``). In razz one
        outside the best 30 % folds too while two or more seats are still
        in (``_CROWD_FOLD``): a nine- or ten-high start seldom ends the
        best low of three, and the raise's price buys the later rounds'
        bets into them. Not to seats that never fold to bets: a maniac's
        raise is any hand."""
        reads = self._reads(view)
        if not reads & (_WEAK_FOLD | _POSITION_FOLD | _CROWD_FOLD) or self.notes.table(view)[0] < _FOLDS:
            return False
        me = view.seat
        if weak_at(view, me, 0):
            return reads & _WEAK_FOLD != 0
        code = view.variant.code
        if reads & _CROWD_FOLD and view.live_opponents > 1 and _eq.start_score(code, view.own[:3]) < P70[code]:
            return True
        b = view.bettor
        if not reads & _POSITION_FOLD or b is None or b == me or not view.up[b] or not view.up[me] \
                or view.up[me][0] < view.up[b][0]:
            return False
        return _eq.start_score(code, view.own[:3]) < P70[code]

    def _answer_last_bet(self, view, e):
        """The last round, facing a bet: call when the chance of winning
        against the hands that bet there pays the pot's odds. ``e`` is our
        share against the bettor's hands before this bet (the ranges leave
        it out): hands that started like his. He bets the better part of
        what he holds there; as a part of those, half the share of his
        last rounds he bets (all of it with ``_ALL_VALUE``; a typical
        player's for a seat not seen; each raise on top halves it again):
        the hands he still holds are the better part of those that
        started like his, the rest folded on the way (a typical player's
        last-round bets beat a hand that beats seven random hands in ten
        about nine times in ten). A hand that
        beats no more than the rest wins against his bluffs alone
        (``Notes.last_bluffs``). Then, as our calls of his bets come out,
        by what they won of what we believed."""
        b = view.bettor
        q = self.notes.last_bets(b)
        if not self._reads(view) & _ALL_VALUE:
            q >>= 1
        q >>= view.raises - 1 if view.raises < 5 else 4
        q = q if q > _LEAST_SHARE else _LEAST_SHARE
        top = 1000 - q
        value = (e - top) * 1000 // q if e > top else 0
        bluffs = self.notes.last_bluffs(view, b)
        w = (bluffs * (e * 3 if e < 333 else 1000) + (1000 - bluffs) * value) // 1000
        calls = self.notes.calls_of(b)
        if calls is not None:
            c = (calls[1] + _CALLS_PRIOR) * 100 // (calls[0] + _CALLS_PRIOR)
            w = w * (c if c < _CALLS_MOST else _CALLS_MOST) // 100
        if value >= _RAISE_WINS:
            return act(view, 'raise')  # (his value bets call; his bluffs fold)
        need = view.to_call * 1000 // (view.pot + view.to_call)
        need = need * (self.river - 5 * self.loose) // 100
        self.river_e = w
        a = act(view, 'call' if w >= need else 'fold')
        if a[0] == 'call':
            self.notes.called(b, w)
        return a

    # ------------------------------------------------------------ the lines

    def value_pct(self, view):
        notes = self.notes
        fold, _agg = notes.table(view)
        if view.street == 0 and self._reads(view) & _FIRST_FOLDS:
            # a first-round raise is called by the starts that do not fold
            # to one (later the pot's odds keep most hands in): into several
            # seats, or into one that folds to most of them, their folds to
            # first-round raises set the line
            f = notes.first_round_folds(view)
            if view.live_opponents > 1 or f >= _STEAL_FOLDS:
                fold = f
        # against callers bet thinner; against folders only strong hands
        v = self.value * fold // 300
        v = 2 if v < 2 else (24 if v > 24 else v)
        if final_street(view) and notes.bluffs(view, LAST_CALLS) < VALUE:
            # their last-round calls shown down were all good hands
            v += 16
        return v

    def entry_pct(self, view):
        # against passive tables coming in is cheap; against raisers it
        # costs; against maniacs (raising half the time) it pays again
        play = _PLAY[view.variant.code]
        hi = play[_LINE_RAISED]
        lo = play[_LINE_CALLED]
        if not view.their_raises:
            return lo - 20  # only the bring-in or the blinds to pay: cheap
        if self.notes.maniac(view) or view.live_opponents == 1 and play[_READS] & _FLAT_HEADS_UP:
            # heads-up Omaha: four-card starts run close (a raise says
            # little of who is ahead); into several seats a start needs
            # more than its equity, a hand that can make the best one
            return lo
        _fold, agg = self.notes.table(view)
        if agg > 440:
            agg = 440
        e = lo + 10 + (agg - 150) // 8
        return lo if e < lo else (hi if e > hi else e)

    def discount_pct(self, view):
        # a maniac's raise says little; a value bettor's says more
        if view.street == 0 and self._reads(view) & _RANGE_ALONE:
            # the ranges alone (a raise's strong start, a tight seat's
            # calls) weigh the deals; discounted on top, a three-card
            # five-low folded to a tight player's completion
            return 100
        notes = self.notes
        if notes.maniac(view):
            return 95
        # and a passive player's raise more still
        _fold, agg = notes.table(view)
        d = 55 + agg // 12
        d = d if d < self.discount else self.discount
        return d if d < self.discount_value or notes.bluffs(view) >= VALUE else self.discount_value

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
        if view.live_opponents > 1 and self._reads(view) & _FIRST_FOLDS:
            # into several seats only their folds to first-round raises
            # count: each seldom comes in, yet one of them often does
            worst = 1000
        else:
            worst = self.notes.loosest(view)
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
        """How often (permille) a first-round raise now takes the pot
        (``Notes.steal_folds``); -1 when unknown or not ours to make: not
        with the bring-in (the worst door card, whose completion risks a
        bet for the antes alone)."""
        if find(view.legal, 'bring_in') is not None:
            return -1
        return self.notes.steal_folds(view)

    def raise_step(self, view):
        # re-raising a value bettor's raises is how one pair pays off a set
        if self.notes.maniac(view):
            return 6
        return 6 if self.notes.bluffs(view) >= VALUE else 14

    def bluff_rate(self, view):
        fold, _agg = self.notes.table(view)
        if final_street(view):
            fold = self.notes.last_round_folds(view)
        b = (fold - 250) * 2
        return 0 if b < 0 else (600 if b > 600 else b)

    # ------------------------------------------------------------ the deals

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

    # ------------------------------------------------------------ the ranges

    def ranges(self, view):
        """Per live opponent, what his actions say about his cards:
        ``(min start score, reject, min now class, reject, his cards)`` for
        ``equity.equity``. A raise or completion on an earlier round means a
        strong start (top 30 %), a voluntary call a middling one (top 55 %);
        a bet this round means at least a pair made now (a raise: two
        pair), rated on his up cards and sampled down cards."""
        if not self._reads(view) & _RANGES:
            return None
        start, now, later, raised = _read_actions(view)
        out = []
        any_range = False
        for s in range(len(view.folded)):
            if s == view.seat or view.folded[s] or view.sitting_out[s]:
                continue
            # (a last-round bet is read apart: _answer_last_bet)
            b = now.get(s, 0) if self.now_ranges and not final_street(view) else 0
            r = self._range(view, s, start.get(s, 0), b, later >> s & 1, raised >> s & 1)
            out.append(r)
            if r is not None:
                any_range = True
        return out if any_range else None

    def _range(self, view, s, a, b, later, raised):
        """Seat s's range: ``a`` what his first rounds said (0 nothing, 1
        a call, 2 a raise), ``b`` his bets and raises this round,
        ``later``: he called a bet after the first round, ``raised``: he
        called a first-round raise."""
        notes = self.notes
        code = view.variant.code
        # a player who folds to bets calls them with something
        fold = notes.seat_folds(s) if later else 0
        if a == 0 and b == 0 and fold < 300:
            return None
        if a:
            came = notes.came_in(s)
            if 0 <= came < 350 or raised and notes.folds_to_raise(s) >= _STEAL_FOLDS:
                # a tight player: even his calls are strong starts; so are
                # the calls of a raise by a seat that mostly folds to one
                a = 3
        lo = P70[code] if a >= 2 else P45[code] if a == 1 else -99
        rej = 950 if a == 3 else 850 if a == 2 else 600
        ncur = len(view.up[s]) + len(view.down[s])
        if b:
            nr = self.now_reject
            agg = notes.seat_aggression(s)
            if agg >= 0:
                # a passive player's bet means more, a maniac's less (and
                # raising often is not a maniac's unless his hands say so)
                if agg > 440 and notes.bluffs(view, EARLIER, s) < MANIAC:
                    agg = 440
                nr = 950 - agg if agg < 650 else 300
            return (lo, rej, 2 if b >= 2 else 1, nr, ncur)
        if fold >= 300:
            return (lo, rej, 1, fold if fold < 900 else 900, ncur)
        return (lo, rej)


def _read_actions(view):
    """What the hand's actions say of each seat: (first rounds per seat:
    2 raised, 1 called; bets and raises this round per seat; bits of the
    seats that called a bet after the first round; bits of those that
    called a first-round raise)."""
    st = view.street
    start = {}
    now = {}
    later = 0
    raised = 0
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
    return start, now, later, raised
