"""The virtual players: three levels, four styles, every game.

A player is an object with ``decide(view) -> (kind, amount)``, where
``view`` is the ``poker.view.SeatView`` of its own seat (all it is ever
given: no hidden card of another seat can reach it) and the answer is one
of ``view.legal``.

    p = make('hard', 'tight-aggressive', seed=7)   # or make(2, rng=rng)
    kind, amount = p.decide(hand.view(seat))

Levels (``LEVELS``; ``make`` also takes 0, 1, 2):

- ``easy``: the toy console. Loose and predictable: rates its hand by what
  it has made so far (pairs, trips, low cards, draws) against the up cards
  it sees, raises with strong hands, calls a lot, folds junk to a bet late.
- ``normal``: Monte Carlo equity (a few dozen deals) against random hands
  of the live opponents, dead cards removed, each bet or raise faced this
  round discounting it; compared with the pot odds (less on the last
  round: no cards to come). Comes in with too many hands.
- ``hard``: more deals, counted in the RP2040's time (``poker.hard``'s
  ``CHIP_US``, per game and route: 150 ms a decision at most on the chip;
  in batches where no range weighs the deals); narrows each
  opponent's range from his actions by weighted sampling of his hidden
  cards (a raise or completion earlier: a strong start; a bet this round:
  a made hand now); remembers how each seat plays across hands (only
  public actions and the hands turned over: ``observe(view)``; the game
  also calls it with the final view of each hand, which counts once
  however often it is given): what each seat bet, raised and called with
  at showdowns (value or bluff, by street), how often it comes in, folds
  to bets, answers last-round bets. It bluffs those who fold, bets thinner
  into those who call, believes the bets of the passive and of value
  bettors (no re-raise wars with them), discounts the raises of a maniac
  whose hands shown down were junk, folds weak last-round calls to a
  player who never bluffs there (and as its calls of a seat's last-round
  bets won less than it believed), steals from players who seldom come in
  or who fold to first-round raises (with any start from those who nearly
  always do);
  semi-bluffs; never the seed-002 impossible call.
- no level folds a premium start on the first round (``_strong_start``).

Every level plays every game: stud door cards and the up cards it sees
(folded cards are dead and out of the sampling), razz and hi/lo lows
(scoop or half: equity counts the pot share), hold'em and Omaha boards.
Time: ``COST_US`` (per game) and ``work_us`` bound Normal's Monte Carlo
deals (Hard's: ``poker.hard.CHIP_US``); Omaha uses equity's quick path.
``Normal.clock``/``budget_ms`` add a wall-clock stop (off by default:
decisions stay deterministic; Hard has one on the RP2040 alone, a safety
net).

Styles (``STYLES``): ``tight``/``loose`` moves the calling and betting
thresholds; ``passive``/``aggressive`` the raising thresholds and how often
it bluffs. ``'balanced'`` is neither. ``make(level)`` with no style picks one
from the random source, so a table has personalities.

Baselines for the benchmark: ``Station`` (always checks or calls) and
``RandomPlayer`` (a uniformly random legal action).

Seed 002: no player here ever makes the impossible call
(``view.impossible_call``, the engine's check, which the UI's warning
reads too).

Modules: this one (the levels, ``make``, the baselines, Normal, and what
the cards and the view say: ``P45``/``P70``/``PREMIUM`` start-score
percentiles, ``strong_start``, ``act``, the legal action closest to an
intent), ``poker.easy`` (Easy and its rough reading of the cards:
``made``/``low_class``/``draws``/``counts``) and ``poker.hard`` (Hard and
its memory of the other seats). ``make`` imports the level it makes: on
the stock route the code sits in the heap, and a game of Normal or Hard
players carries none of Easy's (about 1.7 KB).

Decisions are deterministic for a given seed: each player owns an
``Rng`` (seeded from ``seed`` or from one draw of the ``rng`` given to
``make``), used for its Monte Carlo and its mixed choices.
"""
from poker import equity as _eq
from poker.rng import Rng

# ---------------------------------------------------------------- reading the cards
# start_score percentiles of random starting hands, per game (measured over
# 20000 random starts; see equity.start_score): the 45th and 70th
P45 = {'FT': 7, 'FO': 19, 'FO/8': 22, 'F7S': 11, 'F7S/8': 12, 'FR': 1, 'F5S': 11}
P70 = {'FT': 10, 'FO': 23, 'FO/8': 26, 'F7S': 14, 'F7S/8': 20, 'FR': 6, 'F5S': 13}

AGGRESSIVE = ('raise', 'bet', 'complete')


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
    if intent == 'call':
        for k in ('call', 'check', 'bring_in'):
            a = find(legal, k)
            if a is not None:
                if k == 'call' and view.impossible_call:
                    break
                return a
        intent = 'fold'
    for k in ('check', 'fold', 'bring_in', 'call'):
        a = find(legal, k)
        if a is not None:
            return a
    return legal[0]


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

LEVELS = ('easy', 'normal', 'hard')
# style: (looseness -1..1, aggression -1..1)
STYLES = {
    'balanced': (0, 0),
    'tight-passive': (-1, -1),
    'tight-aggressive': (-1, 1),
    'loose-passive': (1, -1),
    'loose-aggressive': (1, 1),
}
_STYLE_NAMES = ('tight-aggressive', 'loose-aggressive', 'tight-passive',
                'loose-passive', 'balanced')

# Normal's Monte Carlo cost per player and deal on the MicroPython unix port, in us
# (measured with tools/bench_players.py's timing on the table evaluator's
# viper path: dealing plus one evaluation; Omaha by equity's fast exact
# path, whose worst deals, on boards that make the hand, cost several times
# its mean). The device takes about DEVICE_X times as long.
COST_US = {'FT': 4, 'F7S': 3, 'F5S': 3, 'F7S/8': 17, 'FR': 20, 'FO': 40,
           'FO/8': 46}
DEVICE_X = 90

# A decision thinks in slices (``think``) of about this much of the RP2040's
# time, so that a press waits at most one slice before its frame
SLICE_US = 2000

# Normal's samples where they differ from Normal.samples
_NORMAL_SAMPLES = {'FT': 32, 'FO': 32, 'FO/8': 32}

_NO_RANGES = [None, [(0, 0)]]  # [0]: no ranges (typed like a list of them)


class Station:
    """Baseline: checks or calls everything (never folds, never bets)."""
    level = 'station'

    def decide(self, view):
        for k in ('check', 'call', 'bring_in'):
            a = find(view.legal, k)
            if a is not None:
                return a
        return view.legal[0]


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


# ------------------------------------------------------------------ easy


# ---------------------------------------------------------- normal, hard

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
            need = need * (85 - 10 * self.loose) // 100  # cards to come
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


def make(level, style=None, rng=None, seed=None):
    """A virtual player. ``level``: 'easy'/'normal'/'hard' or 0/1/2.
    ``style``: one of ``STYLES`` or None (drawn from ``rng``). ``seed``
    seeds its own ``Rng``; else one draw of ``rng`` does (rng untouched
    beyond that); else seed 1."""
    if isinstance(level, str):
        if level not in LEVELS:
            raise ValueError("unknown level %r" % (level,))
        level = LEVELS.index(level)
    if not 0 <= level < len(LEVELS):
        raise ValueError("unknown level %r" % (level,))
    if seed is None:
        seed = rng.getrandbits(30) if rng is not None else 1
    if style is None:
        style = _STYLE_NAMES[seed % len(_STYLE_NAMES)]
    if level == 2:
        from poker.hard import Hard  # (it builds on Normal, defined here)

        return Hard(style, seed)
    if level == 0:
        from poker import easy

        return easy.Easy(style, seed)
    return Normal(style, seed)
