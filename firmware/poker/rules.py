"""Rule sets: every rule that differs between houses is a field.

``lexibook()`` is the console's profile and ``casino()`` the house rules of
seed 001 (docs/rules.md, "Rule profiles"): the betting, and the house's
table (seats, chips, first dealer, elimination). ``PROFILES`` finds them by
name; ``house(profile, small_bet, starting_chips)`` builds a table's.

>>> r = lexibook()
>>> (r.small_bet, r.big_bet, r.ante, r.bring_in, r.raise_cap)
(10, 20, 2, 2, 3)
>>> c = casino(small_bet=10)
>>> (c.ante, c.bring_in, c.heads_up_uncapped, c.open_pair_big_bet)
(1, 5, True, True)
"""


# Every field, for copy(): the stakes, then the contested rules, then the
# house's table (seats, chips, elimination, first dealer).
_FIELDS = ('profile', 'small_bet', 'big_bet', 'ante', 'bring_in', 'small_blind',
           'big_blind', 'raise_cap', 'heads_up_uncapped', 'open_pair_big_bet',
           'odd_chip', 'short_all_in_reopens', 'impossible_call_guard',
           'raise_over_all_in', 'odd_chips_together', 'merge_pots',
           'low_half_if_any_low', 'first_dealer', 'min_seats', 'max_seats',
           'starting_chips', 'chip_choices', 'min_stack_bets')

CHIP_CHOICES = (1000, 2000, 5000, 10000, 20000)  # the casino's CHIPS menu


class RuleSet:
    """Plain fields (all integers are chips): the stakes, the contested
    rules and the house's table, each one described in
    firmware/poker/README.md, "Rules". The stakes may be given by
    position, every other field by name only; ``copy(**changes)``.
    """

    def __init__(self, profile='custom', small_bet=10, big_bet=None, ante=None,
                 bring_in=None, small_blind=None, big_blind=None, *, raise_cap=3,
                 heads_up_uncapped=False, open_pair_big_bet=False,
                 odd_chip='card', short_all_in_reopens=2,
                 impossible_call_guard=True, raise_over_all_in=False,
                 odd_chips_together=False, merge_pots=False,
                 low_half_if_any_low=False, first_dealer=0, min_seats=2,
                 max_seats=10, starting_chips=5000, chip_choices=None,
                 min_stack_bets=5):
        if small_bet <= 0:
            raise ValueError("small_bet must be positive")
        self.profile = profile
        self.small_bet = small_bet
        self.big_bet = 2 * small_bet if big_bet is None else big_bet
        self.ante = small_bet // 10 if ante is None else ante
        self.bring_in = small_bet // 2 if bring_in is None else bring_in
        self.small_blind = small_bet // 2 if small_blind is None else small_blind
        self.big_blind = small_bet if big_blind is None else big_blind
        self.raise_cap = raise_cap
        self.heads_up_uncapped = heads_up_uncapped
        self.open_pair_big_bet = open_pair_big_bet
        if odd_chip not in ('card', 'seat'):
            raise ValueError("odd_chip must be 'card' or 'seat'")
        self.odd_chip = odd_chip
        self.short_all_in_reopens = short_all_in_reopens
        self.impossible_call_guard = impossible_call_guard
        self.raise_over_all_in = raise_over_all_in
        self.odd_chips_together = odd_chips_together
        self.merge_pots = merge_pots
        self.low_half_if_any_low = low_half_if_any_low
        self.first_dealer = first_dealer
        self.min_seats = min_seats
        self.max_seats = max_seats
        self.starting_chips = starting_chips
        self.chip_choices = (starting_chips,) if chip_choices is None else chip_choices
        self.min_stack_bets = min_stack_bets

    def copy(self, **changes):
        """A new RuleSet with some fields changed: ``r.copy(raise_cap=4)``."""
        fields = {}
        for k in _FIELDS:
            fields[k] = getattr(self, k)
        for k in changes:
            if k not in fields:
                raise ValueError("no rule %r" % k)
            fields[k] = changes[k]
        return RuleSet(**fields)

    def seats_for(self, variant):
        """The largest table this rule set allows for ``variant``."""
        return min(self.max_seats, variant.max_seats)

    def min_stack(self):
        """The chips a seat needs after a hand to stay in the game."""
        return self.min_stack_bets * self.small_bet

    def __repr__(self):
        return "RuleSet(%s, %d/%d)" % (self.profile, self.small_bet, self.big_bet)


def lexibook(small_bet=10):
    """The console (seed 000): 4 seats, ante 1/5 of the small bet, bring-in
    equal to the ante, bet + 3 raises, no open-pair option, player 3 deals
    first (seat 2; seat 0 is the human), $5000 each."""
    ante = small_bet // 5
    return RuleSet('lexibook', small_bet, ante=ante, bring_in=ante,
                   first_dealer=2, min_seats=4, max_seats=4, starting_chips=5000)


def casino(small_bet=10, starting_chips=5000, max_seats=10, big_bet=None):
    """House rules of seed 001: 2 to 8 seats (stud) or 10 (flop games),
    ante 1/10 of the small bet, bring-in half the small bet, bet + 3 raises
    but uncapped heads-up, the open-pair big-bet option, the seat left of
    the human deals first, the starting chips chosen in the menu."""
    return RuleSet('casino', small_bet, big_bet, heads_up_uncapped=True,
                   open_pair_big_bet=True, first_dealer=1, max_seats=max_seats,
                   starting_chips=starting_chips, chip_choices=CHIP_CHOICES)


# The profiles by name, and their order in the RULES menu.
PROFILES = {'lexibook': lexibook, 'casino': casino}
PROFILE_NAMES = ('lexibook', 'casino')


def house(profile, small_bet=10, starting_chips=None):
    """The RuleSet of the profile named ``profile`` at these stakes, with
    ``starting_chips`` (one of its ``chip_choices``; default: its own).

    >>> house('casino', 20, 1000).starting_chips
    1000
    """
    r = PROFILES[profile](small_bet)
    if starting_chips is not None:
        if starting_chips not in r.chip_choices:
            raise ValueError("%s: no table starts with %r chips" % (profile, starting_chips))
        r.starting_chips = starting_chips
    return r
