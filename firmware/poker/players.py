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
- ``hard``: more deals (about 135 ms on the device at most; ``work_us``,
  per game ``work_games``: razz, hi/lo and Omaha get more); narrows each
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
  player who never bluffs there, steals from players who seldom come in;
  semi-bluffs; never the seed-002 impossible call.
- no level folds a premium start on the first round (``_strong_start``).

Every level plays every game: stud door cards and the up cards it sees
(folded cards are dead and out of the sampling), razz and hi/lo lows
(scoop or half: equity counts the pot share), hold'em and Omaha boards.
Time: ``COST_US`` (per game) and ``work_us`` bound the Monte Carlo deals;
Omaha uses equity's quick path. ``Normal.clock``/``budget_ms`` add a
wall-clock stop for the device (off by default: decisions stay
deterministic).

Styles (``STYLES``): ``tight``/``loose`` moves the calling and betting
thresholds; ``passive``/``aggressive`` the raising thresholds and how often
it bluffs. ``'balanced'`` is neither. ``make(level)`` with no style picks one
from the random source, so a table has personalities.

Baselines for the benchmark: ``Station`` (always checks or calls) and
``RandomPlayer`` (a uniformly random legal action).

Seed 002: ``impossible_call(view)`` (the check from the view alone, also
for the UI's warning) says whether calling now would be the impossible
call; no player here ever makes it.

Decisions are deterministic for a given seed: each player owns an
``Rng`` (seeded from ``seed`` or from one draw of the ``rng`` given to
``make``), used for its Monte Carlo and its mixed choices.
"""
from micropython import const

from poker import equity as _eq
from poker import evaluator as _ev
from poker.cards import LOW_RANK
from poker.rng import Rng

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

# start_score percentiles of random starting hands, per game (measured over
# 20000 random starts; see equity.start_score): the 45th and 70th
_P45 = {'FT': 7, 'FO': 19, 'FO/8': 22, 'F7S': 11, 'F7S/8': 12, 'FR': 1, 'F5S': 11}
_P70 = {'FT': 10, 'FO': 23, 'FO/8': 26, 'F7S': 14, 'F7S/8': 20, 'FR': 6, 'F5S': 13}

_AGGRESSIVE = ('raise', 'bet', 'complete')

# Monte Carlo cost per player and deal on the MicroPython unix port, in us
# (measured with tools/bench_players.py's timing on the table evaluator's
# viper path: dealing plus one evaluation; Omaha by equity's fast exact
# path, whose worst deals, on boards that make the hand, cost several times
# its mean). The device takes about 90 times as long.
COST_US = {'FT': 4, 'F7S': 3, 'F5S': 3, 'F7S/8': 17, 'FR': 20, 'FO': 40,
           'FO/8': 46}


def impossible_call(view):
    """True when calling now, from this seat's view, would be the seed-002
    impossible call (stud, final round, last to act, cannot beat the
    bettor's four up cards). The same check as ``Hand.impossible_call``
    from what the seat sees."""
    return _eq.view_impossible_call(view)


def _is_impossible_call(view):
    # the view's own field when it has it (the engine's check, which the
    # tests prove the same as the view-only one): no second pass over the
    # cards on a tight heap
    ic = getattr(view, 'impossible_call', None)
    return impossible_call(view) if ic is None else ic


def _code(view):
    return getattr(view.variant, 'code', view.variant)


def _find(legal, kind):
    for a in legal:
        if a[0] == kind:
            return a
    return None


def _act(view, intent, big=False):
    """The legal action closest to an intent: 'raise' (bet, raise,
    complete), 'call' (call, check, bring in) or 'fold' (check when free)."""
    legal = view.legal
    if intent == 'raise':
        best = None
        for a in legal:
            if a[0] in _AGGRESSIVE:
                # two 'bet' entries on an open pair: small, or big when asked
                if best is None or (big and a[1] > best[1]) or (not big and a[1] < best[1]):
                    best = a
        if best is not None:
            return best
        intent = 'call'
    if intent == 'call':
        for k in ('call', 'check', 'bring_in'):
            a = _find(legal, k)
            if a is not None:
                if k == 'call' and _is_impossible_call(view):
                    break
                return a
        intent = 'fold'
    for k in ('check', 'fold', 'bring_in', 'call'):
        a = _find(legal, k)
        if a is not None:
            return a
    return legal[0]


def _live_opponents(view):
    n = 0
    me = view.seat
    for s in range(len(view.folded)):
        if s != me and not view.folded[s] and _eq._in_hand(view, s):
            n += 1
    return n


def _raises_this_street(view):
    n = 0
    st = view.street
    for a in view.actions:
        if a[0] == st and a[2] in _AGGRESSIVE:
            n += 1
    return n


def _their_raises(view):
    """Bets, raises and completions by the other seats this street."""
    n = 0
    st = view.street
    me = view.seat
    for a in view.actions:
        if a[0] == st and a[1] != me and a[2] in _AGGRESSIVE:
            n += 1
    return n


def _final_street(view):
    return view.street >= view.variant.streets - 1


# start_score of the starts no level folds on the first round to a raise
# (hold'em JJ+ and AKs, stud jacks up, razz A-2-3 to A-2-4 and the like)
_PREMIUM = {'FT': 24, 'FO': 40, 'FO/8': 44, 'F7S': 38, 'F7S/8': 38, 'FR': 28, 'F5S': 48}


def _strong_start(view):
    """A first-round hand too good to fold: a premium start, or any start
    of the best 30 % when only the bring-in or the blinds are to be paid.
    (A sample of a few dozen deals can rate split aces below the pot
    odds; a level is weaker by thinking less, not by folding these.)"""
    code = _code(view)
    me = view.seat
    mine = [c for c in view.down[me] if c is not None] + list(view.up[me])
    n = 2 if code == 'F5S' else 3 if view.variant.stud else len(mine)
    if len(mine) < n:
        return False
    s = _eq.start_score(code, mine[:n])  # (stud: the first cards dealt)
    return s >= (_PREMIUM[code] if _their_raises(view) else _P70[code])


# Hard's first-round entry (% of a fair share: against raisers, against
# callers) where it differs: five card stud and razz reward a tight start
_HARD_ENTRY = {'F5S': (120, 90), 'FR': (120, 90)}
# Normal's samples where they differ from Normal.samples
_NORMAL_SAMPLES = {'FT': 32, 'FO': 32, 'FO/8': 32}

_NO_RANGES = [None, [(0, 0)]]  # [0]: no ranges (typed like a list of them)

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


class Station:
    """Baseline: checks or calls everything (never folds, never bets)."""
    level = 'station'

    def decide(self, view):
        for k in ('check', 'call', 'bring_in'):
            a = _find(view.legal, k)
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
        legal = view.legal
        if not legal:
            raise ValueError("not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        return self._decide(view)

    def _decide(self, view):
        raise NotImplementedError


# ------------------------------------------------------------------ easy

def _counts(cards):
    """(best group size, its rank, second group size, its rank) by rank."""
    cnt = bytearray(13)
    for c in cards:
        cnt[c >> 2] += 1
    g1 = g2 = 0
    r1 = r2 = -1
    for r in range(12, -1, -1):
        n = cnt[r]
        if n > g1:
            g2, r2 = g1, r1
            g1, r1 = n, r
        elif n > g2:
            g2, r2 = n, r
    return g1, r1, g2, r2


def _draws(cards):
    """True with four to a flush or four to a straight (open or inside)."""
    suits = bytearray(4)
    mask = 0
    for c in cards:
        suits[c & 3] += 1
        mask |= 1 << (c >> 2)
    for s in suits:
        if s >= 4:
            return True
    mask = (mask << 1) | (mask >> 12 & 1)  # the ace also low
    for lo in range(0, 10):
        w = (mask >> lo) & 0x1F
        n = 0
        while w:
            n += w & 1
            w >>= 1
        if n >= 4:
            return True
    return False


def _made(cards):
    """A rough class of a high hand from any number of cards: 0 nothing,
    1 small pair, 2 big pair (jacks up), 3 two pair, 4 trips, 5 straight
    and better."""
    if len(cards) >= 5:
        cat = _ev.CATEGORIES.index(_ev.category(_ev.high(cards)))
        if cat >= 4:
            return 5
    g1, r1, g2, _r2 = _counts(cards)
    if g1 >= 4:
        return 5
    if g1 == 3:
        return 5 if g2 >= 2 else 4
    if g1 == 2:
        return 3 if g2 == 2 else (2 if r1 >= 9 else 1)
    return 0


def _low_class(cards):
    """A rough class of a low hand: how many distinct low cards (ace..8)
    against how many cards there are; 0..5 like _made."""
    seen = 0
    low = 0
    for c in cards:
        v = LOW_RANK[c] + 1  # ace 1 .. eight 8
        if v <= 8 and not seen >> v & 1:
            seen |= 1 << v
            low += 1
    n = len(cards)
    if n >= 5:
        if low >= 5:
            return 5 if not seen >> 8 & 1 else 4
        return 2 if low >= 4 and n < 7 else 0
    bad = n - low
    return 4 - 2 * bad if bad <= 2 else 0


class Easy(_Base):
    """The toy console: plays what it has made, loose and predictable."""
    level = 'easy'

    def strength(self, view):
        code = _code(view)
        me = view.seat
        down = [c for c in view.down[me] if c is not None]
        mine = down + list(view.up[me])
        board = list(view.board or ())
        allc = mine + board
        v = view.variant
        if view.street == 0 and not v.stud:
            s = _eq.start_score(code, mine)
            p70 = _P70[code]
            return 3 if s >= p70 + 6 else 2 if s >= p70 else 1 if s >= _P45[code] else 0
        if view.street == 0:
            s = _eq.start_score(code, mine[:3] if len(mine) >= 3 else mine)
            p70 = _P70[code]
            return 3 if s >= p70 + 6 else 2 if s >= p70 else 1 if s >= _P45[code] else 0
        if v.omaha:
            if len(board) < 3:
                return 1
            cat = _ev.CATEGORIES.index(_ev.category(_ev.omaha_high(down, board)))
            k = 5 if cat >= 4 else (0, 1, 3, 4)[cat]
            if k and k < 5 and _made(board) >= k:
                k = 0
            if v.low == '8' and _ev.omaha_low8(down, board) is not None:
                k = k if k > 3 else 3
            return k
        if v.low == 'a5':
            k = _low_class(allc)
        else:
            k = _made(allc)
            if board and k > 0 and k < 5 and _made(board) >= k:
                k = 0  # the board's pair, not ours
            if v.low == '8':
                lk = _low_class(allc)
                k = k if k > lk else lk
        if v.stud:
            # what the others show: a better made hand up means trouble
            for s in range(len(view.up)):
                if s != me and not view.folded[s] and len(view.up[s]) >= 2:
                    if v.low == 'a5':
                        if _low_class(view.up[s]) > k:
                            k -= 1
                            break
                    elif _made(view.up[s]) >= k and k < 5:
                        k -= 1
                        break
        if k < 2 and len(allc) < v.hole_cards + sum(v.board) and _draws(allc):
            k = 2
        if k == 0 and board:
            # the toy's weakness: an ace or a king in the hand is worth a call
            for c in down:
                if c >> 2 >= 11:
                    return 1
        return k

    def _decide(self, view):
        k = self.strength(view)
        facing = view.to_call > 0
        # the styles change little at this level: predictable
        if k >= 4 and _raises_this_street(view) < 3:
            return _act(view, 'raise', big=True)
        if k == 3 or (k == 2 and self.aggr > 0):
            return _act(view, 'call' if facing else 'raise')
        if k >= 2:
            return _act(view, 'call')
        if view.street == 0:
            # plays most starting hands, like the toy: folds only the worst
            # to a raise
            return _act(view, 'call' if k >= 1 or self.loose >= 0 or
                        _raises_this_street(view) < 2 else 'fold')
        if not facing:
            return _act(view, 'call')
        if k == 1 or (view.street == 1 and self.loose >= 0):
            return _act(view, 'call')  # any pair or draw sees it through
        return _act(view, 'fold')


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
    # a safety net for the device: with a clock (a function returning
    # milliseconds, e.g. time.ticks_ms), sampling also stops after budget_ms.
    # None (the default, and in every test) keeps decisions deterministic.
    clock = None
    budget_ms = 200

    def budget(self, view, nopp, ranges=False):
        """Monte Carlo deals for this decision: at most ``samples``, and no
        more than ``work_us`` of the unix port's time (see ``COST_US``;
        weighted sampling redraws: about twice the work)."""
        code = _code(view)
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

    def raise_step(self, view):
        """% of what is left above a fair share added to the value line
        for each raise already in this round."""
        return 6

    def call_pct(self, view):
        """Last round, facing a bet: % of the equity believed."""
        return 100

    def equity(self, view, nopp):
        code = _code(view)
        rg = self.ranges(view)
        if COST_US.get(code, 3) >= 100 and nopp > 1:
            # Omaha: sixty hands per player is too slow for a table on the
            # device; sample one opponent and take the others as
            # independent (share against n ~ share against one ** n)
            n = self.budget(view, 1, rg is not None)
            e1 = _eq.view_equity(view, n, self.rng, rg, 0, self.clock, self.budget_ms,
                                 max_opponents=1, omaha_quick=True)
            e = e1
            for _ in range(nopp - 1):
                e = e * e1 // 1000
            return e
        n = self.budget(view, nopp, rg is not None)
        return _eq.view_equity(view, n, self.rng, rg, 0, self.clock, self.budget_ms,
                               omaha_quick=True)

    def _decide(self, view):
        nopp = _live_opponents(view)
        if nopp == 0:
            return _act(view, 'call')
        e = self.equity(view, nopp)
        raises = _raises_this_street(view)
        disc = self.discount_pct(view)
        if disc < 100:
            # every bet or raise of theirs this round means a stronger hand
            # than a random one (on top of Hard's weighted sampling: the
            # two together measured best)
            for _ in range(_their_raises(view)):
                e = e * disc // 100
        fair = 1000 // (nopp + 1)
        to_call = view.to_call
        pot = view.pot
        final = _final_street(view)
        # value: clearly more than a fair share; more for each raise already in
        bet_at = fair + (1000 - fair) * (self.value_pct(view) - 3 * self.aggr +
                                         self.raise_step(view) * raises) // 100
        if e >= bet_at:
            return _act(view, 'raise', big=e >= bet_at + 150)
        if view.street == 0 and raises == 0 and e >= fair * 4 // 5 and self.chance(self.steal_rate(view)):
            return _act(view, 'raise')  # the blinds / bring-in of folders
        if to_call <= 0:
            if (not final and view.street > 0 and e >= fair * self.semi // 100
                    and self.chance(self.semi_permille + 150 * self.aggr)):
                return _act(view, 'raise')  # semi-bluff / protection
            if nopp == 1 and view.street > 0 and self.chance(self.bluff_rate(view) + 30 * self.aggr):
                return _act(view, 'raise')
            return _act(view, 'call')
        need = to_call * 1000 // (pot + to_call)
        if final:
            e = e * self.call_pct(view) // 100
        if not final:
            need = need * (85 - 10 * self.loose) // 100  # cards to come
        else:
            need = need * (self.river - 5 * self.loose) // 100
        if view.street == 0:
            # coming in: more bets are to come, so at least about a fair share
            entry = fair * (self.entry_pct(view) - 10 * self.loose) // 100
            if need < entry:
                need = entry
        if e >= need or (view.street == 0 and _strong_start(view)):
            return _act(view, 'call')
        return _act(view, 'fold')



class Hard(Normal):
    """More samples, opponents' ranges from their actions, pot odds, and a
    memory of how each seat has played (from the views it was given: only
    public actions): bluffs those who fold, bets thinner into those who
    call, believes the bets of the passive."""
    level = 'hard'
    samples = 240
    work_us = 1300        # x90 on the device: about 120 ms of Monte Carlo
    # razz and hi/lo: COST_US overstates a deal there two to three times
    # (measured decisions: 0.35 ms mean at 1300), and more deals are what
    # Hard needs most in the low games; Omaha a little more too. Each keeps
    # the worst decision within F7S's (about 130 ms projected, quiet machine;
    # Omaha measured again with its exact deals, issue 16)
    work_games = {'FR': 3500, 'F7S/8': 3300, 'FO': 1700, 'FO/8': 1400}
    now_ranges = 1
    # where the start-score ranges measured better than none (Omaha's
    # four-card starts are too crude a score)
    range_games = ('F7S', 'F7S/8', 'FR', 'F5S', 'FT')
    entry = 70            # first round, against raisers...
    entry_low = 50        # ...against callers and against maniacs
    now_reject = 700      # how firmly a bet this round means a made hand
    bluff_permille = 40
    discount = 80
    discount_value = 72   # per raise of a player whose shown bets were value

    def __init__(self, style='balanced', seed=1):
        Normal.__init__(self, style, seed)
        # per seat: folds, calls, raises (facing a bet); bets, checks; on
        # the last round, folds and calls facing a bet
        self.seen = {}
        # per seat, what its hands shown down said (bytearray(_SD_N), see
        # _learn_showdown): how often its bets were bluffs, by street
        self.sd = {}
        # per seat: first-round choices (fold or come in), of which came in
        self.vp = {}
        self._vp_hand = 0  # seats whose first-round choice this hand counted
        self._stat_view = None  # _stat's last view and answer
        self._stat_of = (0, 0)
        self._done = 0
        self._last = None
        self._pot = 0
        self._end = None

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
        if d and (len(acts) < d or acts[d - 1] != self._last or
                  (view.pot < self._pot and not view.finished)):
            d = 0  # a new hand (a finished hand's pot may read 0: paid out)
        if d == 0:
            self._vp_hand = 0
        self._pot = view.pot
        me = view.seat
        seen = self.seen
        last = view.variant.streets - 1
        for i in range(d, len(acts)):
            a = acts[i]
            s = a[1]
            if s == me:
                continue
            st = seen.get(s)
            if st is None:
                st = seen[s] = [0, 0, 0, 0, 0, 0, 0]
            k = a[2]
            if a[0] == last and (k == 'fold' or k == 'call'):
                st[5 if k == 'fold' else 6] += 1  # facing a bet on the last round
            if a[0] == 0 and k != 'check' and k != 'bring_in' and not self._vp_hand >> s & 1:
                # his first free choice of the hand: play or not
                self._vp_hand |= 1 << s
                vp = self.vp.get(s)
                if vp is None:
                    vp = self.vp[s] = bytearray(2)
                _count(vp, 0, k != 'fold')
            if k == 'fold':
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

    def _learn_showdown(self, view):
        """From the hands turned over: for each street a seat bet or raised
        on, did it hold nothing then (a bluff) or something (value); on the
        last round, the same for its calls."""
        shown = view.shown
        me = view.seat
        last = view.variant.streets - 1
        for s in range(len(shown)):
            if s == me or shown[s] is None or None in view.down[s]:
                continue
            aggr = 0   # bit per street: bet or raised on it
            called = False
            for a in view.actions:
                if a[1] == s:
                    if a[2] in _AGGRESSIVE:
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
                _count(d, _SD_CALL, self._weak_at(view, s, last))

    def _weak_at(self, view, s, st):
        """True when seat s held nothing on street st (the cards of that
        street in the variant's dealing order): on the first round a start
        outside the best 55 %, later nothing made by rank counts that the
        board alone does not make too (razz: two cards too many). Rank
        counts, not equity: a showdown costs no sampling and little heap."""
        v = view.variant
        down = view.down[s]
        up = view.up[s]
        code = _code(view)
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
            return _eq.start_score(code, start) < _P45[code]
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
        # against callers bet thinner; against folders only strong hands
        v = self.value * fold // 300
        v = 2 if v < 2 else (24 if v > 24 else v)
        if _final_street(view) and self._bluffs(view, 2) < _VALUE:
            v += 16  # their last-round calls shown down were all good hands
        return v

    def entry_pct(self, view):
        # against passive tables coming in is cheap; against raisers it
        # costs; against maniacs (raising half the time) it pays again
        hi, lo = _HARD_ENTRY.get(_code(view), (self.entry, self.entry_low))
        if not _their_raises(view):
            return lo - 20  # only the bring-in or the blinds to pay: cheap
        _fold, agg = self._stat(view)
        if self._maniac(view):
            return lo
        if agg > 440:
            agg = 440
        e = lo + 10 + (agg - 150) // 8
        return lo if e < lo else (hi if e > hi else e)

    def discount_pct(self, view):
        # a maniac's raise says little; a value bettor's says more
        if self._maniac(view):
            return 95
        # and a passive player's raise more still
        _fold, agg = self._stat(view)
        d = 55 + agg // 12
        d = d if d < self.discount else self.discount
        return d if d < self.discount_value or self._bluffs(view) >= _VALUE else self.discount_value

    def steal_rate(self, view):
        # everyone left must fold: the loosest of them decides; how often
        # they come in on the first round, else how often they fold to bets
        me = view.seat
        worst = 0
        for s in range(len(view.folded)):
            if s == me or view.folded[s]:
                continue
            vp = self.vp.get(s)
            if vp is None:
                return 0
            r = (vp[1] + 2) * 1000 // (vp[0] + 4)
            if r > worst:
                worst = r
        r = (650 - worst) * 2
        return 0 if r < 0 else (900 if r > 900 else r)

    def raise_step(self, view):
        # re-raising a value bettor's raises is how one pair pays off a set
        if self._maniac(view):
            return 6
        return 6 if self._bluffs(view) >= _VALUE else 14

    def call_pct(self, view):
        # a bettor who never bluffs the last round is called with hands
        # that beat his value bets, not with hands that beat a random one
        b = view.bettor
        if b is None or b == view.seat:
            return 100
        rb = self._bluffs(view, 1, b)
        return 100 if rb >= _VALUE else 55 + rb * 45 // _VALUE

    def bluff_rate(self, view):
        fold, _agg = self._stat(view)
        if _final_street(view):
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

    def decide(self, view):
        self.observe(view)
        a = Normal.decide(self, view)
        self._stat_view = None  # (keeps no view alive between decisions)
        return a

    def ranges(self, view):
        """Per live opponent, what his actions say about his cards:
        ``(min start score, reject, min now class, reject, his cards)`` for
        ``equity.equity``. A raise or completion on an earlier round means a
        strong start (top 30 %), a voluntary call a middling one (top 55 %);
        a bet this round means at least a pair made now (a raise: two
        pair), rated on his up cards and sampled down cards."""
        code = _code(view)
        if code not in self.range_games:
            return None
        me = view.seat
        st = view.street
        out = []
        start = {}
        now = {}
        later = 0  # bit per seat: called a bet after the first round
        for a in view.actions:
            k = a[2]
            s = a[1]
            if a[0] > 0 and k == 'call':
                later |= 1 << s
            if a[0] == st and st > 0:
                if k in _AGGRESSIVE:
                    now[s] = now.get(s, 0) + 1
                continue
            if k in _AGGRESSIVE:
                start[s] = 2
            elif k == 'call' and start.get(s, 0) < 1:
                start[s] = 1
        any_range = False
        for s in range(len(view.folded)):
            if s == me or view.folded[s] or not _eq._in_hand(view, s):
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
            if a and vp is not None and (vp[1] + 2) * 1000 // (vp[0] + 4) < 350:
                a = 3  # a tight player: even his calls are strong starts
            lo = _P70[code] if a >= 2 else _P45[code] if a == 1 else -99
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
                out.append((lo, rej, 2 if b >= 2 else 1, nr, ncur))
            elif fold >= 300:
                out.append((lo, rej, 1, fold if fold < 900 else 900, ncur))
            else:
                out.append((lo, rej))
        return out if any_range else None


_CLASSES = (Easy, Normal, Hard)


def make(level, style=None, rng=None, seed=None):
    """A virtual player. ``level``: 'easy'/'normal'/'hard' or 0/1/2.
    ``style``: one of ``STYLES`` or None (drawn from ``rng``). ``seed``
    seeds its own ``Rng``; else one draw of ``rng`` does (rng untouched
    beyond that); else seed 1."""
    if isinstance(level, str):
        if level not in LEVELS:
            raise ValueError("unknown level %r" % (level,))
        level = LEVELS.index(level)
    if not 0 <= level < len(_CLASSES):
        raise ValueError("unknown level %r" % (level,))
    if seed is None:
        seed = rng.getrandbits(30) if rng is not None else 1
    if style is None:
        style = _STYLE_NAMES[seed % len(_STYLE_NAMES)]
    return _CLASSES[level](style, seed)
