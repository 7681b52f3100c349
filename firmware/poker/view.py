"""What one seat may see of a hand: all a virtual player or a screen gets.

``SeatView(hand, seat)`` (or ``hand.view(seat)``) copies the public state
and the seat's own down cards (other seats' down cards are ``None``) into
plain attributes, lists indexed by seat; ``known_cards()`` is everything
the seat has seen, as the equity needs it. The fields: firmware/poker/
README.md, "What a seat sees". ``cannot_beat`` is the impossible call's
card test.
"""
from micropython import const

AGGRESSIVE = ('bet', 'raise', 'complete')  # the action kinds that put more chips in than the others
_PASSIVE = const(('check', 'call', 'bring_in'))


def passive(view):
    """The legal action that stays in the hand for the least: the check,
    the call or the bring-in (the engine offers one of them at most), else
    the first legal action. What the table offers first and what a player
    falls back on."""
    legal = view.legal
    for a in legal:
        if a[0] in _PASSIVE:
            return a
    return legal[0]


class SeatView:
    _known = None  # known_cards(), made at the first call

    def __init__(self, hand, seat):
        h = hand
        n = h.n
        if not 0 <= seat < n:
            raise ValueError("bad seat %r" % (seat,))
        self.seat = seat
        self.n = n
        self.variant = h.variant
        self.rules = h.rules
        self.dealer = h.dealer
        self.street = h.street
        self.street_name = h.street_name
        self.actor = h.actor
        self.stacks = list(h.stacks)
        self.bets = list(h.bets)
        self.pot = h.pot()
        self.folded = list(h.folded)
        self.all_in = list(h.all_in)
        self.sitting_out = [not x for x in h.in_hand]
        self.up = [list(u) for u in h.up]
        down = []
        for s in range(n):
            if s == seat or (h.shown[s] is not None):
                down.append(list(h.down[s]))
            else:
                down.append([None] * len(h.down[s]))
        self.down = down
        self.board = list(h.board)
        self.last_action = list(h.last_action)
        self.actions = list(h.actions)
        mine = h.actor == seat and not h.finished
        self.legal = list(h.legal_actions()) if mine else []
        self.to_call = h.to_call(seat) if not h.finished else 0
        dead = []
        for s in range(n):
            if h.folded[s]:
                dead.extend(h.up[s])
                if s == seat:
                    dead.extend(h.down[s])
        self.dead = dead
        self.shown = [None if x is None else list(x) for x in h.shown]
        self.finished = h.finished
        self.winnings = list(h.winnings)
        self.awards = list(h.awards)
        self.plays = list(h.plays)
        self.names = list(h.names)
        self.mucked = list(h.mucked)
        self.bring_in_seat = h.bring_in_seat
        self.bettor = h.bettor
        self.impossible_call = h.impossible_call(seat) if mine else False
        self.bet_size = h.bet_size
        self.own = list(h.hole[seat])
        # this round's actions are the last ones: walk back to its start
        raises = theirs = 0
        acts = h.actions
        st = h.street
        for i in range(len(acts) - 1, -1, -1):
            a = acts[i]
            if a[0] != st:
                break
            if a[2] in AGGRESSIVE:
                raises += 1
                if a[1] != seat:
                    theirs += 1
        self.raises = raises
        self.their_raises = theirs

    # Read from what the view holds (properties, not attributes: 37 at most
    # keep a view's attribute table at its smaller size, 592 bytes instead
    # of 752 on a 64-bit port, for a view made every decision and frame)
    @property
    def small_bet(self):
        return self.rules.small_bet

    @property
    def big_bet(self):
        return self.rules.big_bet

    @property
    def live_opponents(self):
        live = 0
        out = self.sitting_out
        folded = self.folded
        for s in range(self.n):
            if s != self.seat and not out[s] and not folded[s]:
                live += 1
        return live

    def own_cards(self):
        """This seat's cards (down and up) plus the board."""
        return self.down[self.seat] + self.up[self.seat] + self.board

    def known_cards(self):
        """``(mine, board, opponents, dead)``: everything the seat has
        seen, and nothing else: its own cards, the board, the up cards of
        each live opponent (one list per opponent, the view's own lists:
        read them, never change them), and the dead cards (folded seats'
        up cards, its own down cards once it folded). Made once per view."""
        k = self._known
        if k is not None:
            return k
        me = self.seat
        # (few lists: this runs at every decision, on a tight heap)
        mine = [c for c in self.down[me] if c is not None]
        mine.extend(self.up[me])
        board = list(self.board)
        opps = []
        dead = []
        seen = bytearray(52)  # (bits of an int would pass 2**30: big ints)
        for c in mine:
            seen[c] = 1
        for c in board:
            seen[c] = 1
        out = self.sitting_out
        for s in range(self.n):
            if s == me:
                continue
            up = self.up[s]
            if self.folded[s] or out[s]:
                for c in up:
                    if not seen[c]:
                        dead.append(c)
                        seen[c] = 1
                continue
            opps.append(up)
            for c in up:
                seen[c] = 1
        for c in self.dead:
            if not seen[c]:
                dead.append(c)
                seen[c] = 1
        k = self._known = (mine, board, opps, dead)
        return k


def cannot_win(variant, own, up, seen):
    """The impossible call of seed 002 in every stud game: True when the
    caller's cards cannot win any part of the pot against the bettor's
    exposed cards, whatever the bettor's unseen card. High games:
    ``cannot_beat``; hi/lo (eight or better) also needs no qualifying low of
    the caller's own (a low could win the low half: the bettor may hold
    none); razz (the lowest hand wins): ``cannot_beat_low``.

    >>> from poker.cards import parse
    >>> from poker.variants import VARIANTS
    >>> cannot_win(VARIANTS['F7S/8'], parse('Jc Jd 8h 8s Kc Qd 9h'), parse('Ac Ad Kh Ks'), [])
    True
    >>> cannot_win(VARIANTS['F7S/8'], parse('Jc Jd 8h 8s 2c 3d 4h 5s'), parse('Ac Ad Kh Ks'), [])
    False
    """
    if not variant.high:
        return cannot_beat_low(own, up, seen)
    if not cannot_beat(own, up, seen):
        return False
    if variant.low is None:
        return True
    from poker.eval import evaluator
    # (the low's rank mask takes any number of cards: five distinct ranks
    # of eight or less among them, a community card's too)
    return evaluator.low8_unchecked(own) is None


def cannot_beat_low(own, up, seen):
    """Razz: True when the caller's best ace-to-five low loses to the
    bettor's exposed cards with any unseen card, as ``cannot_beat`` for
    high hands (ties split: not impossible).

    >>> from poker.cards import parse
    >>> cannot_beat_low(parse('Kc Kd Qh Qs Jc Jd 9h'), parse('Ac 2d 3h 4s'), [])
    True
    >>> cannot_beat_low(parse('8c 6d 5h 3s 2c Kd Kh'), parse('Ac 2d 3h 4s'), [])
    False
    """
    if len(up) + 1 < 5 or len(own) < 5:
        return False
    from poker.eval import evaluator
    mine = best_of(own, evaluator.low_a5_unchecked)
    blocked = _unseen_mask(own, up, seen)
    theirs = list(up) + [0]
    for x in range(52):
        if blocked[x]:
            continue
        theirs[-1] = x
        if best_of(theirs, evaluator.low_a5_unchecked) <= mine:
            return False
    return True


def best_of(cards, rank):
    """The best ``rank`` (an evaluator entry point for 5 to 7 cards) of 5 to
    8 cards: with 8 (a stud community card) the best of the 7-card hands."""
    if len(cards) <= 7:
        return rank(cards)
    best = 0
    for i in range(len(cards)):
        v = rank(cards[:i] + cards[i + 1:])
        if v > best:
            best = v
    return best


def _unseen_mask(own, up, seen):
    """52 flags, 1 for each card the caller has seen (the others may be the
    bettor's hidden card)."""
    blocked = bytearray(52)
    for group in (seen, own, up):
        for c in group:
            blocked[c] = 1
    return blocked


def cannot_beat(own, up, seen):
    """Seed 002 "impossible call" test, usable from a view or a hand.

    ``own``: the caller's cards (all of them, board included);
    ``up``: the bettor's up (exposed) cards; ``seen``: every card the
    caller can see (own, all up cards, board). True when the caller's best
    high hand loses to the bettor's exposed cards whatever the bettor's
    unseen card, i.e. ``high(own) < high(up + [x])`` for every card
    ``x`` the caller has not seen (with four exposed cards that is the
    weakest five-card hand the bettor can hold).

    >>> from poker.cards import parse
    >>> cannot_beat(parse('2c 3d 7h 9s Jc'), parse('Ac Ad Kh Ks'), [])
    True
    >>> cannot_beat(parse('Qc Qd Qh 9s Jc'), parse('Ac Ad Kh Ks'), [])
    False
    """
    from poker.eval import evaluator
    if len(up) + 1 < 5 or len(own) < 5:
        return False
    mine = best_of(own, evaluator.high)
    blocked = _unseen_mask(own, up, seen)
    n = len(up) + 1
    if n > 7:
        return False
    # the unchecked entry points (the cards are distinct by construction):
    # no list and no check per unseen card
    u = list(up) + [0, 0, 0]
    a, b, c, d, e, f = u[0], u[1], u[2], u[3], u[4], u[5]
    for x in range(52):
        if blocked[x]:
            continue
        if n == 5:
            v = evaluator.high5_unchecked(a, b, c, d, x)
        elif n == 6:
            v = evaluator.high6_unchecked(a, b, c, d, e, x)
        else:
            v = evaluator.high7_unchecked(a, b, c, d, e, f, x)
        if v <= mine:
            return False
    return True
