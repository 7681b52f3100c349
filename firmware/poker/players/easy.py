"""The Easy level (``poker.players.make('easy')``): rates its hand by what
it has made against the up cards it sees (docs/players.md). A module of its
own, so that a table without Easy keeps none of it in the heap.
"""
from poker.odds import equity as _eq
from poker.eval import evaluator as _ev
from poker.cards import LOW_RANK
from poker.players.base import P45, P70, _Base, act


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


class Easy(_Base):
    """The toy console: plays what it has made, loose and predictable."""
    level = 'easy'

    def strength(self, view):
        code = view.variant.code
        me = view.seat
        down = [c for c in view.down[me] if c is not None]
        mine = down + list(view.up[me])
        board = list(view.board or ())
        allc = mine + board
        v = view.variant
        if view.street == 0 and not v.stud:
            s = _eq.start_score(code, mine)
            p70 = P70[code]
            return 3 if s >= p70 + 6 else 2 if s >= p70 else 1 if s >= P45[code] else 0
        if view.street == 0:
            s = _eq.start_score(code, mine[:3] if len(mine) >= 3 else mine)
            p70 = P70[code]
            return 3 if s >= p70 + 6 else 2 if s >= p70 else 1 if s >= P45[code] else 0
        if v.omaha:
            if len(board) < 3:
                return 1
            cat = _ev.CATEGORIES.index(_ev.category(_ev.omaha_high(down, board)))
            k = 5 if cat >= 4 else (0, 1, 3, 4)[cat]
            if k and k < 5 and made(board) >= k:
                k = 0
            if v.low == '8' and _ev.omaha_low8(down, board) is not None:
                k = k if k > 3 else 3
            return k
        if v.low == 'a5':
            k = low_class(allc)
        else:
            k = made(allc)
            if board and k > 0 and k < 5 and made(board) >= k:
                k = 0  # the board's pair, not ours
            if v.low == '8':
                lk = low_class(allc)
                k = k if k > lk else lk
        if v.stud:
            # what the others show: a better made hand up means trouble
            for s in range(len(view.up)):
                if s != me and not view.folded[s] and len(view.up[s]) >= 2:
                    if v.low == 'a5':
                        if low_class(view.up[s]) > k:
                            k -= 1
                            break
                    elif made(view.up[s]) >= k and k < 5:
                        k -= 1
                        break
        if k < 2 and len(allc) < v.hole_cards + sum(v.board) and draws(allc):
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
        if k >= 4 and view.raises < 3:
            return act(view, 'raise', big=True)
        if k == 3 or (k == 2 and self.aggr > 0):
            return act(view, 'call' if facing else 'raise')
        if k >= 2:
            return act(view, 'call')
        if view.street == 0:
            # plays most starting hands, like the toy: folds only the worst
            # to a raise
            return act(view, 'call' if k >= 1 or self.loose >= 0 or
                        view.raises < 2 else 'fold')
        if not facing:
            return act(view, 'call')
        if k == 1 or (view.street == 1 and self.loose >= 0):
            return act(view, 'call')  # any pair or draw sees it through
        return act(view, 'fold')
