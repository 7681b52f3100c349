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
- ``normal``: Monte Carlo equity (few samples) against random hands of the
  live opponents, dead cards removed, compared with the pot odds.
- ``hard``: more samples; narrows each opponent's range from his actions
  (weighted sampling of his hidden cards: a raiser holds a stronger start)
  and what he shows; pot odds with the streets still to come; value bets,
  semi-bluffs and a few bluffs heads-up; never the seed-002 impossible call.

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


def impossible_call(view):
    """True when calling now, from this seat's view, would be the seed-002
    impossible call (stud, final round, last to act, cannot beat the
    bettor's four up cards). The same check as ``Hand.impossible_call``
    from what the seat sees."""
    return _eq.view_impossible_call(view)


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
                if k == 'call' and impossible_call(view):
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
        r = c >> 2
        v = 1 if r == 12 else r + 2
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
        if k < 2 and len(allc) < v.hole_cards + len([x for x in v.board if x]) and _draws(allc):
            k = 2
        return k

    def _decide(self, view):
        k = self.strength(view)
        k += 0  # the styles change little at this level: predictable
        facing = view.to_call > 0
        if k >= 4 or (k == 3 and _raises_this_street(view) < 2):
            return _act(view, 'raise', big=True)
        if k >= 2:
            if not facing and self.aggr > 0:
                return _act(view, 'raise')
            return _act(view, 'call')
        if view.street == 0:
            return _act(view, 'call' if k >= 1 or self.loose > 0 else 'fold')
        if not facing:
            return _act(view, 'call')
        if k == 1 or (self.loose > 0 and not _final_street(view)):
            return _act(view, 'call')  # any pair or draw sees it through
        return _act(view, 'fold')


# ---------------------------------------------------------- normal, hard

class Normal(_Base):
    """Equity against random hands of the live opponents and pot odds."""
    level = 'normal'
    samples = 48   # Monte Carlo deals per decision (per opponent count 1)
    use_ranges = False
    entry = 85            # first round: equity to come in, in % of a fair share
    value = 14            # bet/raise above fair share + this % of the rest
    river = 100           # last round: pot odds needed to call, in %
    discount = 80         # equity kept, in %, per bet or raise faced this street

    def budget(self, view, nopp):
        n = self.samples * 2 // (nopp + 1)
        return n if n >= 12 else 12

    def ranges(self, view):
        return None

    def equity(self, view, nopp):
        return _eq.view_equity(view, self.budget(view, nopp), self.rng, self.ranges(view))

    def _decide(self, view):
        nopp = _live_opponents(view)
        if nopp == 0:
            return _act(view, 'call')
        e = self.equity(view, nopp)
        raises = _raises_this_street(view)
        if view.street > 0 or not self.use_ranges:
            # every bet or raise of theirs means a stronger hand than a
            # random one (Hard's ranges cover the first round)
            for _ in range(_their_raises(view)):
                e = e * self.discount // 100
        fair = 1000 // (nopp + 1)
        to_call = view.to_call
        pot = view.pot
        final = _final_street(view)
        # value: clearly more than a fair share; more for each raise already in
        bet_at = fair + (1000 - fair) * (self.value - 3 * self.aggr + 6 * raises) // 100
        if e >= bet_at:
            return _act(view, 'raise', big=e >= bet_at + 150)
        if to_call <= 0:
            if not final and view.street > 0 and e >= fair and self.aggr >= 0 and self.chance(250 + 150 * self.aggr):
                return _act(view, 'raise')  # semi-bluff / protection
            if nopp == 1 and view.street > 0 and self.chance(self.bluff_permille()):
                return _act(view, 'raise')
            return _act(view, 'call')
        need = to_call * 1000 // (pot + to_call)
        if not final:
            need = need * (85 - 10 * self.loose) // 100  # cards to come
        else:
            need = need * (self.river - 5 * self.loose) // 100
        if view.street == 0:
            # coming in: more bets are to come, so at least about a fair share
            entry = fair * (self.entry - 10 * self.loose) // 100
            if need < entry:
                need = entry
        if e >= need:
            return _act(view, 'call')
        return _act(view, 'fold')

    def bluff_permille(self):
        return 30 + 30 * self.aggr


class Hard(Normal):
    """More samples, opponents' ranges from their actions, pot odds."""
    level = 'hard'
    samples = 160
    use_ranges = True
    entry = 105
    discount = 85

    def budget(self, view, nopp):
        code = _code(view)
        n = self.samples * 2 // (nopp + 1)
        if code in ('FO', 'FO/8'):
            n = n // 3  # sixty five-card hands per Omaha player
        return n if n >= 16 else 16

    def ranges(self, view):
        """(min start score, reject permille) per live opponent, from what
        he did on the first round: a raise or completion means a strong
        start, a voluntary call a middling one."""
        code = _code(view)
        me = view.seat
        out = []
        acted = {}
        for a in view.actions:
            if a[0] == view.street and a[0] > 0:
                continue  # this round's bets: the equity discount covers them
            k = a[2]
            s = a[1]
            if k in _AGGRESSIVE:
                acted[s] = 2
            elif k == 'call' and acted.get(s, 0) < 1:
                acted[s] = 1
        for s in range(len(view.folded)):
            if s == me or view.folded[s] or not _eq._in_hand(view, s):
                continue
            a = acted.get(s, 0)
            if a == 2:
                out.append((_P70[code], 850))
            elif a == 1:
                out.append((_P45[code], 600))
            else:
                out.append(None)
        for r in out:
            if r is not None:
                return out
        return None

    def bluff_permille(self):
        return 40 + 30 * self.aggr

    def _decide(self, view):
        nopp = _live_opponents(view)
        if nopp and not view.variant.stud and view.street == 0 and view.to_call > 0:
            # pre-flop: raises in front narrow ranges; the base logic applies
            pass
        a = Normal._decide(self, view)
        return a


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
