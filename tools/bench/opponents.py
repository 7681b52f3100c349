"""Benchmark opponents written in another style than ours (tools only).

None of these learns anything about the other players: each decides from
its own seat's ``SeatView`` alone, in every game (stud, flop games, hi/lo,
razz), and plays the same way against everybody. They stand in for
"opponents written elsewhere" in ``tools/bench/bench_players.py``:

- ``Textbook``: a hand-strength / pot-odds player in the style of Billings
  et al. 1999 ("Poki"): effective hand strength as the Monte Carlo equity
  (own share of the pot, draws included) against random hands of the live
  opponents; bets or raises strong hands, bets or calls one bet with good
  ones, calls on pot odds, semi-bluffs on streets with cards to come when
  checked to, never bluffs the last round. No opponent model.
- ``Tag``: value-heavy tight-aggressive: few starting hands, then bets and
  raises every decent hand, folds the rest to a bet.
- ``Rock``: tight-passive: very few starting hands, calls with good hands,
  raises only very strong ones.
- ``Maniac``: raises or bets most of the time, calls otherwise, never folds.
- the calling station is ``poker.players.base.Station`` (checks or calls all).

Each takes a seed for its own ``Rng`` (Monte Carlo and mixed choices), so a
benchmark is repeatable deal for deal.
"""
from poker.odds import equity
from poker.players.base import Station
from poker.rng import Rng
from population import pick  # (its members and these turn an intent into an action alike)

_RAISES = ('raise', 'bet', 'complete')


def _opponents(view):
    n = 0
    for s in range(view.n):
        if s != view.seat and not view.folded[s] and not view.sitting_out[s]:
            n += 1
    return n


def _raises_now(view):
    n = 0
    for a in view.actions:
        if a[0] == view.street and a[2] in _RAISES:
            n += 1
    return n


class _EquityBot:
    """Thresholds on equity against random hands, in parts of what is left
    above a fair share (a fair share: 1000 / players)."""
    level = '?'
    samples = 150
    enter = 90        # first round: equity to come in, % of a fair share
    make1 = 20        # bet / call one bet at fair + this % of the rest
    make2 = 55        # bet / raise at fair + this % of the rest
    odds = 100        # call on pot odds times this %
    semi = 0          # checked to, cards to come: bet with >= this % of fair...
    semi_permille = 0  # ...this often
    passive = False   # make1 hands check and call, never bet

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def chance(self, permille):
        return (self.rng.next16() * 1000) >> 16 < permille

    def strength(self, view):
        return equity.view_equity(view, self.samples, self.rng, omaha_quick=True)

    def decide(self, view):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        n = _opponents(view)
        if n == 0:
            return pick(view, 'call')
        e = self.strength(view)
        fair = 1000 // (n + 1)
        rest = 1000 - fair
        final = view.street >= view.variant.streets - 1
        raises = _raises_now(view)
        to_call = view.to_call
        if e >= fair + rest * self.make2 // 100 and raises < 4:
            return pick(view, 'raise')
        if view.street == 0 and to_call > 0 and e < fair * self.enter // 100:
            # a weak start: only the bring-in's or blind's small price is paid
            if to_call * 4 > view.small_bet or e < fair * self.enter // 200:
                return pick(view, 'fold')
        if e >= fair + rest * self.make1 // 100:
            if to_call <= 0:
                return pick(view, 'call' if self.passive else 'raise')
            if raises == 0 and view.street == 0 and not self.passive:
                return pick(view, 'raise')  # open over the blind / bring-in
            if raises <= 1:
                return pick(view, 'call')  # one bet; two: on pot odds
        if to_call <= 0:
            if (not final and view.street > 0 and e >= fair * self.semi // 100
                    and self.semi_permille and self.chance(self.semi_permille)):
                return pick(view, 'raise')
            return pick(view, 'call')
        need = to_call * 1000 // (view.pot + to_call) * self.odds // 100
        return pick(view, 'call' if e >= need else 'fold')


class Textbook(_EquityBot):
    """Poki-style: hand strength, pot odds, semi-bluffs, no river bluffs."""
    level = 'textbook'
    semi = 80
    semi_permille = 500


class Tag(_EquityBot):
    """Tight-aggressive and value-heavy: bets every decent hand."""
    level = 'tag'
    enter = 120
    make1 = 8
    make2 = 35
    odds = 115


class Rock(_EquityBot):
    """Tight-passive: plays few hands, raises only the strongest."""
    level = 'rock'
    enter = 135
    make1 = 35
    make2 = 75
    odds = 130
    passive = True


class Maniac:
    """Raises or bets most of the time, else calls; never folds."""
    level = 'maniac'
    raise_permille = 700

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def decide(self, view):
        if (self.rng.next16() * 1000) >> 16 < self.raise_permille:
            return pick(view, 'raise')
        return pick(view, 'call')


KINDS = {'textbook': Textbook, 'tag': Tag, 'rock': Rock, 'maniac': Maniac}


def make(kind, seed=1):
    """A benchmark opponent by name: textbook, tag, rock, maniac, station."""
    if kind == 'station':
        return Station()
    return KINDS[kind](seed)
