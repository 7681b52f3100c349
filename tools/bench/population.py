"""Opponents drawn from a population the players were never tuned on
(tools only, CPython).

Every member decides from its own seat's ``SeatView`` alone and learns
nothing. None of them reads a hand with the firmware's evaluator or its
equity: hand strength is a Monte Carlo share of the pot against random
hands of the live opponents, scored by ``phevaluator`` (high hands, Omaha's
two-plus-three) or by the ace-to-five low below (razz), dealt from
CPython's ``random``.

- ``Drawn`` (``textbook:SEED``): a hand-strength / pot-odds player in the
  textbook style (Billings et al. 1999), whose every threshold is drawn
  from ``SEED``: which starts it plays and defends (as a share of the best
  starts, so one player is as tight in Omaha as in razz), its betting and
  raising lines, how often it bets what it could check, how much a bet
  faced weighs with it, how it calls on pot odds before and on the last
  round, how often it semi-bluffs and bluffs the last round.
- ``Drawn`` with ``kind='rock'`` (``rock:SEED``): the same, drawn from the
  tight and passive end.
- ``Maniac`` (``maniac:SEED``): bets or raises a drawn share of the time,
  never folds.
- ``Station`` (``station``): checks or calls everything.
- ``RuleAgent`` (``rlcard``, hold'em only): the rules of RLCard's limit
  hold'em rule agent (``LimitholdemRuleAgentV1``): pairs, ace with a
  broadway card, suited aces and two broadway cards play and raise, the
  rest folds before the flop (a free check included); later, raise what
  hits, call with broadway cards over a board higher than a five.

``make('textbook:7')`` makes one; ``describe(name)`` says what was drawn.
"""
import itertools
import random

from phevaluator import evaluate_cards, evaluate_omaha_cards

_AGGRESSIVE = ('bet', 'raise', 'complete')

# ------------------------------------------------------------------ hand values
# Cards are the firmware's ints, rank * 4 + suit, rank 0 = deuce: the ids
# phevaluator uses too. Lower values are better hands, for high and low.


def _low_rank(c):
    r = (c >> 2) + 2
    return 1 if r == 14 else r  # ace low


def _low5(cards):
    """An ace-to-five low of five cards as a sortable key, lower better:
    no pair first, then one pair, two pair, trips, full house, quads;
    within a kind the paired ranks, then the rest from the top down."""
    count = {}
    for c in cards:
        r = _low_rank(c)
        count[r] = count.get(r, 0) + 1
    groups = sorted(count.items(), key=lambda g: (-g[1], -g[0]))
    shape = tuple(g[1] for g in groups)
    kind = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
            (3, 2): 4, (4, 1): 5}[shape]
    key = 0
    for r, _n in groups:
        key = key * 16 + r
    return kind << 20 | key << 4 * (5 - len(groups))


def low_value(cards):
    """The best ace-to-five low of five to seven cards (straights and
    flushes do not count), lower is better."""
    ranks = sorted(set(_low_rank(c) for c in cards))
    if len(ranks) >= 5:
        key = 0
        for r in reversed(ranks[:5]):
            key = key * 16 + r
        return key
    return min(_low5(five) for five in itertools.combinations(cards, 5))


def high_value(cards):
    return evaluate_cards(*cards)


def omaha_value(hole, board):
    return evaluate_omaha_cards(*(list(board) + list(hole)))


# ------------------------------------------------------------------ strength

def _live(view):
    return [s for s in range(view.n)
            if s != view.seat and not view.folded[s] and not view.sitting_out[s]]


def strength(view, samples, rng):
    """This seat's expected share of the pot (permille) against random
    hands of the live opponents, given every card the view shows: Monte
    Carlo over ``rng`` (a ``random.Random``), scored by phevaluator or
    ``low_value``."""
    v = view.variant
    if v.low == '8':
        raise ValueError('the population plays high games and razz, not hi/lo')
    me = view.seat
    mine = [c for c in view.down[me] if c is not None] + list(view.up[me])
    opps = _live(view)
    seen = set(mine) | set(view.board) | set(view.dead)
    for s in range(view.n):
        seen.update(view.up[s])
    deck = [c for c in range(52) if c not in seen]
    full = v.hole_cards  # each stud hand at the end
    if v.stud:
        mine_more = full - len(mine)
        opp_known = [list(view.up[s]) for s in opps]
        board_more = 0
    else:
        mine_more = 0
        opp_known = [[] for _ in opps]
        board_more = 5 - len(view.board)
    hole = 4 if v.omaha else 2
    total = 0
    for _ in range(samples):
        need = mine_more + board_more
        for k in opp_known:
            need += (full - len(k)) if v.stud else hole
        if need > len(deck):
            need = len(deck)  # (a stud deck run short: fewer cards, still a share)
        drawn = rng.sample(deck, need)
        i = 0
        my = mine + drawn[i:i + mine_more]
        i += mine_more
        board = list(view.board) + drawn[i:i + board_more]
        i += board_more
        hands = [my]
        for k in opp_known:
            m = (full - len(k)) if v.stud else hole
            hands.append(k + drawn[i:i + m])
            i += m
        if v.low == 'a5':
            vals = [low_value(h) for h in hands]
        elif v.omaha:
            vals = [omaha_value(h, board) for h in hands]
        else:
            vals = [high_value(h + board) for h in hands]
        best = min(vals)
        if vals[0] == best:
            total += 1000 // vals.count(best)
    return total // samples


# start strength quantiles per (game, opponents): a drawn player plays "the
# best X % of starts", the same share in every game
_QUANTILES = {}


def _start_cards(view):
    me = view.seat
    return [c for c in view.down[me] if c is not None] + list(view.up[me])


def start_quantiles(code, nopp, starts=300, samples=100):
    """Sorted strengths (permille) of ``starts`` random starting hands of
    game ``code`` against ``nopp`` random opponents (seeded: the same on
    every run), for reading a start's strength as a share of the best."""
    key = (code, nopp)
    q = _QUANTILES.get(key)
    if q is not None:
        return q
    from poker.variants import VARIANTS

    v = VARIANTS[code]
    rng = random.Random(1234 + nopp)
    n0 = len(v.deals[0])
    out = []
    for _ in range(starts):
        cards = rng.sample(range(52), n0 + (3 * nopp if v.stud else 0))
        out.append(_strength_of_start(v, cards[:n0], cards[n0:], nopp, samples, rng))
    out.sort()
    _QUANTILES[key] = out
    return out


class _StartView:
    """The least of a view ``strength`` reads: one start, the opponents'
    door cards (stud), no board."""

    def __init__(self, v, mine, doors, nopp):
        self.variant = v
        self.seat = 0
        self.n = nopp + 1
        self.down = [mine]
        self.up = [[]]
        if v.stud:
            nd = v.deals[0].count('d')
            self.down = [mine[:nd]]
            self.up = [mine[nd:]]
        for i in range(nopp):
            self.down.append([None])
            self.up.append([doors[3 * i]] if v.stud else [])
        self.board = []
        self.dead = []
        self.folded = [False] * (nopp + 1)
        self.sitting_out = [False] * (nopp + 1)


def _strength_of_start(v, mine, rest, nopp, samples, rng):
    return strength(_StartView(v, mine, rest, nopp), samples, rng)


def start_share(code, nopp, e):
    """The share (permille) of random starts at least as strong as one
    of strength ``e``: 50 is a start in the best 5 %."""
    q = start_quantiles(code, nopp)
    below = 0
    for x in q:
        if x < e:
            below += 1
    return 1000 - below * 1000 // len(q)


# ------------------------------------------------------------------ actions

def pick(view, intent):
    """The legal action for 'raise' (bet, raise, complete), 'call' (check,
    call, bring in) or 'fold' (check when free), falling back to the next
    weaker intent."""
    legal = view.legal
    if intent == 'raise':
        for a in legal:
            if a[0] in _AGGRESSIVE:
                return a
        intent = 'call'
    if intent == 'call':
        for k in ('check', 'call', 'bring_in'):
            for a in legal:
                if a[0] == k:
                    return a
    for k in ('check', 'fold'):
        for a in legal:
            if a[0] == k:
                return a
    return legal[0]


# ------------------------------------------------------------------ members

# What a drawn player's thresholds may be: (least, most) per parameter,
# for the textbook population and for rocks. Starts are shares of the
# best starts (permille); lines are % of what lies above a fair share;
# the rest are permille or %.
TEXTBOOK_RANGES = {
    'plays': (250, 650),       # starts it comes in with, nobody raised yet
    'defends': (120, 400),     # starts it calls a first-round raise with
    'opens': (60, 250),        # starts it raises with on the first round
    'bet_line': (5, 35),       # later rounds: bets or calls one bet above this
    'raise_line': (35, 75),    # ...raises above this
    'bet_often': (350, 1000),  # how often a bet_line hand bets when checked to
    'respect': (70, 100),      # equity kept per bet or raise faced
    'odds': (80, 130),         # a call before the last round needs pot odds x this %
    'river_odds': (70, 160),   # ...and on the last round
    'semi_bluff': (0, 600),    # checked to with cards to come and a draw
    'river_bluff': (0, 250),   # checked to on the last round with little
}
ROCK_RANGES = dict(TEXTBOOK_RANGES, plays=(120, 250), defends=(60, 150), opens=(30, 100),
                   bet_line=(30, 50), raise_line=(70, 90), bet_often=(150, 450),
                   respect=(60, 80), odds=(110, 150), river_odds=(110, 180),
                   semi_bluff=(0, 100), river_bluff=(0, 30))


def draw(ranges, seed):
    """One player's thresholds, drawn uniformly from ``ranges``."""
    rng = random.Random(seed * 7919 + 17)
    return dict((k, rng.randint(lo, hi)) for k, (lo, hi) in sorted(ranges.items()))


class Drawn:
    """A textbook player with drawn thresholds (see the module's doc)."""
    samples = 120

    def __init__(self, seed, kind='textbook', seed_play=1):
        self.level = '%s:%d' % (kind, seed)
        self.p = draw(ROCK_RANGES if kind == 'rock' else TEXTBOOK_RANGES, seed)
        self.rng = random.Random(seed_play)

    def chance(self, permille):
        return self.rng.random() * 1000 < permille

    def decide(self, view):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        n = len(_live(view))
        if n == 0:
            return pick(view, 'call')
        e = strength(view, self.samples, self.rng)
        if view.street == 0:
            return self._first_round(view, e, n)
        return self._later(view, e, n)

    def _first_round(self, view, e, n):
        p = self.p
        share = start_share(view.variant.code, n, e)
        if view.their_raises == 0:
            if share <= p['opens']:
                return pick(view, 'raise')
            if share <= p['plays']:
                return pick(view, 'call')
            return pick(view, 'fold')
        if share <= p['opens'] // 2 and view.raises < 4:
            return pick(view, 'raise')
        if share <= p['defends'] or view.to_call * 4 <= view.small_bet:
            return pick(view, 'call')
        return pick(view, 'fold')

    def _later(self, view, e, n):
        p = self.p
        fair = 1000 // (n + 1)
        rest = 1000 - fair
        final = view.street >= view.variant.streets - 1
        for _ in range(view.their_raises):
            e = e * p['respect'] // 100
        if e >= fair + rest * p['raise_line'] // 100 and view.raises < 4:
            return pick(view, 'raise')
        good = e >= fair + rest * p['bet_line'] // 100
        if view.to_call <= 0:
            if good and self.chance(p['bet_often']):
                return pick(view, 'raise')
            if not final and e >= fair * 4 // 5 and self.chance(p['semi_bluff']):
                return pick(view, 'raise')
            if final and n == 1 and e < fair // 2 and self.chance(p['river_bluff']):
                return pick(view, 'raise')
            return pick(view, 'call')
        if good and view.raises <= 1:
            return pick(view, 'call')
        need = view.to_call * 1000 // (view.pot + view.to_call)
        odds = p['river_odds'] if final else p['odds']
        return pick(view, 'call' if e * 100 >= need * odds else 'fold')


class Maniac:
    """Bets or raises a drawn share of the time (55-85 %), else calls;
    never folds."""

    def __init__(self, seed, seed_play=1):
        self.level = 'maniac:%d' % seed
        self.p = {'raises': random.Random(seed * 7919 + 17).randint(550, 850)}
        self.rng = random.Random(seed_play)

    def decide(self, view):
        if self.rng.random() * 1000 < self.p['raises']:
            return pick(view, 'raise')
        return pick(view, 'call')


class Station:
    """Checks or calls everything."""
    level = 'station'
    p = {}

    def decide(self, view):
        return pick(view, 'call')


_RLC_RANKS = '23456789TJQKA'
_BROADWAY = 'KQJT'


class RuleAgent:
    """RLCard's limit hold'em rule agent (``LimitholdemRuleAgentV1``), its
    rules on our cards. Its action kinds map to ours; where the one it
    wants is not legal it takes RLCard's fallback: a raise not allowed
    calls, a check facing a bet folds, a call with nothing to call bets.
    RLCard lets a player fold when a check is free, and so does it."""
    level = 'rlcard'
    p = {}

    def decide(self, view):
        if view.variant.code != 'FT':
            raise ValueError("RLCard's rule agent plays hold'em only")
        me = view.seat
        hand = [(_RLC_RANKS[c >> 2], c & 3) for c in view.down[me]]
        board = [(_RLC_RANKS[c >> 2], c & 3) for c in view.board]
        return self._legal(view, self._wanted(hand, board))

    @staticmethod
    def _wanted(hand, board):
        r0, r1 = hand[0][0], hand[1][0]
        suited = hand[0][1] == hand[1][1]
        ace_big = 'A' in (r0, r1) and any(r in (r0, r1) for r in ('K', 'Q', 'J', 'T'))
        if not board:
            if r0 == r1 or ace_big or ('A' in (r0, r1) and suited):
                return 'raise'
            if r0 in _BROADWAY and r1 in _BROADWAY:
                return 'raise'
            return 'fold'
        ranks = [b[0] for b in board]
        suits = [b[1] for b in board]
        if r0 == r1:
            return 'raise' if r0 in ranks else 'fold'
        if 'A' in (r0, r1):
            if ace_big:
                return 'raise' if any(r in ranks for r in 'AKQJT') else 'fold'
            if suited:
                return 'raise' if hand[0][1] in suits else 'fold'
            return 'fold'
        # (RLCard compares the board's ranks as characters: digits sort
        # below letters, so "no card above a five" is every rank in 2-5)
        low_board = max(ranks) in ('5', '4', '3', '2')
        if len(board) == 3:
            return 'check' if low_board else 'call'
        return 'fold' if low_board else 'call'

    @staticmethod
    def _legal(view, want):
        kinds = dict((a[0], a) for a in view.legal)
        if want == 'raise':
            for k in ('raise', 'bet'):
                if k in kinds:
                    return kinds[k]
            want = 'call'
        if want == 'call':
            if 'call' in kinds:
                return kinds['call']
            for k in ('bet', 'raise'):
                if k in kinds:
                    return kinds[k]
            want = 'check'
        if want == 'check':
            if 'check' in kinds:
                return kinds['check']
            want = 'fold'
        if 'fold' in kinds:
            return kinds['fold']
        return kinds.get('check', view.legal[0])


def make(name, seed_play=1):
    """A member by name: ``textbook:SEED``, ``rock:SEED``, ``maniac:SEED``,
    ``station``, ``rlcard``. ``seed_play`` seeds its own random draws in
    play (its Monte Carlo, its mixed choices)."""
    kind, _, seed = name.partition(':')
    if kind in ('textbook', 'rock'):
        return Drawn(int(seed), kind, seed_play)
    if kind == 'maniac':
        return Maniac(int(seed), seed_play)
    if kind == 'station':
        return Station()
    if kind == 'rlcard':
        return RuleAgent()
    raise ValueError('unknown population member %r' % (name,))


def describe(name):
    """What was drawn for a member, one line."""
    p = make(name).p
    return name + (': ' + ', '.join('%s %d' % kv for kv in sorted(p.items())) if p else '')


def plays(name, code):
    """Does this member play this game? (RLCard's agent: hold'em only.)"""
    return not name.startswith('rlcard') or code == 'FT'
