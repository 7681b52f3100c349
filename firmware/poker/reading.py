"""Hand reading for the virtual players: what their cards and their view say.

- ``P45``, ``P70``, ``PREMIUM``: per game, the ``equity.start_score`` of
  the 45th and 70th percentile of random starting hands, and of the
  starts no level folds on the first round;
- ``strong_start(view)``: a first-round hand too good to fold;
- ``made(cards)``, ``low_class(cards)``: rough classes (0..5) of what a
  high or a low hand has made so far; ``draws(cards)``: four to a flush
  or a straight; ``counts(cards)``: its two biggest groups of a rank;
- ``act(view, intent)``: the legal action closest to an intent (never the
  seed-002 impossible call: ``view.impossible_call``).
"""
from poker import equity as _eq
from poker import evaluator as _ev
from poker.cards import LOW_RANK

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


# Hard's first-round entry (% of a fair share: against raisers, against


def counts(cards):
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


def draws(cards):
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


def made(cards):
    """A rough class of a high hand from any number of cards: 0 nothing,
    1 small pair, 2 big pair (jacks up), 3 two pair, 4 trips, 5 straight
    and better."""
    if len(cards) >= 5:
        cat = _ev.CATEGORIES.index(_ev.category(_ev.high(cards)))
        if cat >= 4:
            return 5
    g1, r1, g2, _r2 = counts(cards)
    if g1 >= 4:
        return 5
    if g1 == 3:
        return 5 if g2 >= 2 else 4
    if g1 == 2:
        return 3 if g2 == 2 else (2 if r1 >= 9 else 1)
    return 0


def low_class(cards):
    """A rough class of a low hand: how many distinct low cards (ace..8)
    against how many cards there are; 0..5 like made."""
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
