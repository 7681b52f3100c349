"""What every level shares, and Normal, which Hard builds on: reading the
cards and the view (``strong_start``, ``act``: the legal action closest to
an intent), the styles, the cost of thinking, the baselines ``Station`` and
``RandomPlayer``. Players are made by ``poker.players.make``; what each
level does: docs/players.md."""
from poker.odds import equity as _eq
from poker.rng import Rng
from poker.view import AGGRESSIVE, passive

# ---------------------------------------------------------------- reading the cards
# start_score percentiles of random starting hands, per game (measured over
# 20000 random starts; see equity.start_score): the 45th and 70th
P45 = {'FT': 7, 'FO': 19, 'FO/8': 22, 'F7S': 11, 'F7S/8': 12, 'FR': 1, 'F5S': 11}
P70 = {'FT': 10, 'FO': 23, 'FO/8': 26, 'F7S': 14, 'F7S/8': 20, 'FR': 6, 'F5S': 13}


def find(legal, kind):
    """The first legal action of this kind, or None."""
    for a in legal:
        if a[0] == kind:
            return a
    return None


def act(view, intent, big=False):
    """The legal action closest to an intent: 'raise' (bet, raise,
    complete), 'call' (call, check, bring in) or 'fold' (check when free)."""
    legal = view.legal
    if intent == 'raise':
        best = None
        for a in legal:
            if a[0] in AGGRESSIVE:
                # two 'bet' entries on an open pair: small, or big when asked
                if best is None or (big and a[1] > best[1]) or (not big and a[1] < best[1]):
                    best = a
        if best is not None:
            return best
        intent = 'call'
    a = passive(view)
    if intent == 'call' and not (a[0] == 'call' and view.impossible_call):
        return a
    # to fold: check when that is free
    if a[0] == 'check':
        return a
    return find(legal, 'fold') or a


def final_street(view):
    """True on the last betting round: no cards to come."""
    return view.street >= view.variant.streets - 1


# start_score of the starts no level folds on the first round to a raise
# (hold'em JJ+ and AKs, stud jacks up, razz A-2-3 to A-2-4 and the like)
PREMIUM = {'FT': 24, 'FO': 40, 'FO/8': 44, 'F7S': 38, 'F7S/8': 38, 'FR': 28, 'F5S': 48}


def strong_start(view):
    """A first-round hand too good to fold: a premium start, or any start
    of the best 30 % when only the bring-in or the blinds are to be paid.
    (A sample of a few dozen deals can rate split aces below the pot
    odds; a level is weaker by thinking less, not by folding these.)"""
    code = view.variant.code
    me = view.seat
    mine = [c for c in view.down[me] if c is not None] + list(view.up[me])
    n = 2 if code == 'F5S' else 3 if view.variant.stud else len(mine)
    if len(mine) < n:
        return False
    s = _eq.start_score(code, mine[:n])  # (stud: the first cards dealt)
    return s >= (PREMIUM[code] if view.their_raises else P70[code])


# ---------------------------------------------------------------- the levels

# style: (looseness -1..1, aggression -1..1)
STYLES = {
    'balanced': (0, 0),
    'tight-passive': (-1, -1),
    'tight-aggressive': (-1, 1),
    'loose-passive': (1, -1),
    'loose-aggressive': (1, 1),
}

# Normal's Monte Carlo cost per player and deal on the MicroPython unix port, in us
# (measured with tools/bench/bench_players.py's timing on the table evaluator's
# viper path: dealing plus one evaluation; Omaha by equity's fast exact
# path, whose worst deals, on boards that make the hand, cost several times
# its mean). The device takes about DEVICE_X times as long.
COST_US = {'FT': 4, 'F7S': 3, 'F5S': 3, 'F7S/8': 17, 'FR': 20, 'FO': 40,
           'FO/8': 46}
DEVICE_X = 90

# A decision thinks in slices (``think``) of about this much of the RP2040's
# time, so that a press waits at most one slice before its frame
SLICE_US = 2000

class Station:
    """Baseline: checks or calls everything (never folds, never bets)."""
    level = 'station'

    def decide(self, view):
        return passive(view)


class RandomPlayer:
    """Baseline: a uniformly random legal action."""
    level = 'random'

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def decide(self, view):
        return view.legal[self.rng.below(len(view.legal))]


class _Base:
    level = '?'

    def __init__(self, style='balanced', seed=1):
        if style not in STYLES:
            raise ValueError("unknown style %r" % (style,))
        self.style = style
        self.loose, self.aggr = STYLES[style]
        self.rng = Rng(seed)

    def chance(self, permille):
        return (self.rng.next16() * 1000) >> 16 < permille

    def decide(self, view):
        return _eq.finish(self.think(view))

    def think(self, view):
        """``decide`` in slices: a generator that yields between slices of
        the work (each about ``SLICE_US`` of the RP2040's time) and returns
        the action; the same action, the same random draws, whatever is done
        between slices (the console's loop answers the buttons there). (No
        generator of its own: each one's frame is heap a decision.)"""
        legal = view.legal
        if not legal:
            raise ValueError("not this seat's turn")
        if len(legal) == 1:
            return _eq.done(legal[0])
        return self._think(view)

    def _think(self, view):
        # a level that needs no slices decides in one (see equity.done)
        return _eq.done(self._decide(view))

    def _decide(self, view):
        raise NotImplementedError


# Normal's samples where they differ from Normal.samples
_NORMAL_SAMPLES = {'FT': 32, 'FO': 32, 'FO/8': 32}

_NO_RANGES = [None, [(0, 0)]]  # [0]: no ranges (typed like a list of them)




class Normal(_Base):
    """Equity against random hands of the live opponents and pot odds."""
    level = 'normal'
    samples = 16          # Monte Carlo deals per decision, at most...
    work_us = 400         # ...and within this much unix-port time
    # work_us where a game differs: Omaha's exact deals cost several times
    # the shortcut's; a handful of deals is not thinking less but guessing
    work_games = {'FO': 1000, 'FO/8': 1000}
    min_samples = 4
    now_ranges = 0        # ranges also from this round's bets
    entry = 70            # first round: equity to come in, in % of a fair share
    value = 14            # bet/raise above fair share + this % of the rest
    river = 100           # last round: pot odds needed to call, in %
    draw = 85             # earlier rounds: less, for what a hand that comes in wins later
    semi = 100            # checked to: bet with this % of a fair share...
    semi_permille = 250   # ...this often (semi-bluff, protection)
    bluff_permille = 30   # heads-up, checked to: bet whatever we hold
    discount = 80         # equity kept, in %, per bet or raise faced this street
    steal_floor = 80      # first round: steal (steal_rate) with this % of a fair share
    # a safety net for the device: with a clock (a function returning
    # milliseconds, e.g. time.ticks_ms), sampling also stops after budget_ms.
    # None (the default, and in every test) keeps decisions deterministic.
    clock = None
    budget_ms = 200

    def budget(self, view, nopp, ranges=False):
        """Monte Carlo deals for this decision: at most ``samples``, and no
        more than ``work_us`` of the unix port's time (see ``COST_US``;
        weighted sampling redraws: about twice the work)."""
        code = view.variant.code
        work = self.work_games.get(code, self.work_us)
        n = work // (COST_US.get(code, 3) * (nopp + 1) * (2 if ranges else 1))
        cap = self.samples
        if self.level == 'normal':
            cap = _NORMAL_SAMPLES.get(code, cap)
        if n > cap:
            n = cap
        return n if n >= self.min_samples else self.min_samples

    def ranges(self, view):
        """Per live opponent a range for ``equity.equity``, or None: none
        at this level (``Hard`` has them)."""
        return _NO_RANGES[0]

    def value_pct(self, view):
        return self.value

    def entry_pct(self, view):
        return self.entry

    def discount_pct(self, view):
        return self.discount

    def bluff_rate(self, view):
        return self.bluff_permille

    def steal_rate(self, view):
        """First round, nobody in yet: how often (permille) to open with a
        middling hand to take the blinds or the bring-in."""
        return 0

    def steal_pct(self, view):
        """The least equity to steal with (``steal_rate``), in % of a
        fair share."""
        return self.steal_floor

    def raise_step(self, view):
        """% of what is left above a fair share added to the value line
        for each raise already in this round."""
        return 6

    def equity(self, view, nopp):
        rg = self.ranges(view)
        n = self.budget(view, nopp, rg is not None)
        return _eq.view_equity(view, n, self.rng, rg, 0, self.clock, self.budget_ms,
                               omaha_quick=True)

    def deal_us(self, view, nopp, ranges=False):
        """The RP2040's time of one Monte Carlo deal of this decision, all
        players' hands (``COST_US`` times ``DEVICE_X``)."""
        return COST_US.get(view.variant.code, 3) * DEVICE_X * (nopp + 1) * (2 if ranges else 1)

    def _think(self, view):
        """The decision in slices (see ``think``): the ranges, then
        ``equity``'s Monte Carlo in slices of about ``SLICE_US`` on the
        chip, then the choice."""
        nopp = view.live_opponents
        if nopp == 0:
            return act(view, 'call')
        rg = self.ranges(view)
        n = self.budget(view, nopp, rg is not None)
        yield
        # hands dealt a slice: a deal's cost is all players' hands
        per = SLICE_US * (nopp + 1) // self.deal_us(view, nopp, rg is not None)
        e = yield from _eq.view_parts(view, n, self.rng, rg, 0, self.clock, self.budget_ms,
                                      True, per if per > 0 else 1)
        return self._choose(view, nopp, e)

    def _choose(self, view, nopp, e):
        """The action, from the equity ``e`` (permille) against ``nopp``
        live opponents."""
        raises = view.raises
        disc = self.discount_pct(view)
        if disc < 100:
            # every bet or raise of theirs this round means a stronger hand
            # than a random one (on top of Hard's weighted sampling: the
            # two together measured best)
            for _ in range(view.their_raises):
                e = e * disc // 100
        fair = 1000 // (nopp + 1)
        to_call = view.to_call
        pot = view.pot
        final = final_street(view)
        # value: clearly more than a fair share; more for each raise already in
        bet_at = fair + (1000 - fair) * (self.value_pct(view) - 3 * self.aggr +
                                         self.raise_step(view) * raises) // 100
        if e >= bet_at:
            return act(view, 'raise', big=e >= bet_at + 150)
        if view.street == 0 and raises == 0 and e >= fair * self.steal_pct(view) // 100 and self.chance(self.steal_rate(view)):
            return act(view, 'raise')  # the blinds / bring-in of folders
        if to_call <= 0:
            if (not final and view.street > 0 and e >= fair * self.semi // 100
                    and self.chance(self.semi_permille + 150 * self.aggr)):
                return act(view, 'raise')  # semi-bluff / protection
            if nopp == 1 and view.street > 0 and self.chance(self.bluff_rate(view) + 30 * self.aggr):
                return act(view, 'raise')
            return act(view, 'call')
        need = to_call * 1000 // (pot + to_call)
        if not final:
            need = need * (self.draw - 10 * self.loose) // 100  # cards to come
        else:
            need = need * (self.river - 5 * self.loose) // 100
        if view.street == 0:
            # coming in: more bets are to come, so at least about a fair share
            entry = fair * (self.entry_pct(view) - 10 * self.loose) // 100
            if need < entry:
                need = entry
        if e >= need or (view.street == 0 and strong_start(view)):
            return act(view, 'call')
        return act(view, 'fold')
