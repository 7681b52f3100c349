"""What the players' tests share (portable): a seat's view reduced to its
documented fields, and a hand played to its end by given players."""
from poker.hand import Hand
from poker.variants import VARIANTS

# the documented SeatView fields (poker/README.md): all a player may read
VIEW_FIELDS = ('seat', 'variant', 'rules', 'dealer', 'street', 'actor',
               'stacks', 'bets', 'pot', 'folded', 'all_in', 'up', 'down',
               'board', 'last_action', 'actions', 'legal', 'to_call', 'dead',
               'shown', 'finished', 'winnings', 'n', 'sitting_out', 'bettor',
               'street_name', 'bring_in_seat', 'small_bet', 'big_bet',
               'bet_size', 'impossible_call', 'own', 'live_opponents', 'raises',
               'their_raises', 'known_cards')


class OnlyView:
    """The documented fields of a view and nothing else (no way back to
    the hand)."""

    def __init__(self, view):
        for f in VIEW_FIELDS:
            if hasattr(view, f):
                setattr(self, f, getattr(view, f))


def play_hand(code, rules, bots, dealer, deck, check=None):
    """The hand played to its end, each seat deciding from ``OnlyView`` of
    its view; every action must be legal. ``check(hand, seat, view,
    action)`` sees each decision before it is played."""
    n = len(bots)
    h = Hand(VARIANTS[code], rules, [40 * rules.big_bet] * n, dealer, deck=deck)
    while not h.finished:
        s = h.actor
        v = h.view(s)
        a = bots[s].decide(OnlyView(v))
        assert tuple(a) in [tuple(x) for x in h.legal_actions()], (code, s, a)
        if check is not None:
            check(h, s, v, a)
        h.act(a[0], a[1])
    return h
