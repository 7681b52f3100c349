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
    """Plain fields (all integers are chips):

    - ``profile``: ``'lexibook'``, ``'casino'`` or a name of your own.
    - ``small_bet``, ``big_bet``: the fixed limits ("10/20").
    - ``ante`` (stud, every player before the deal), ``bring_in`` (stud,
      the low door card), ``small_blind`` and ``big_blind`` (flop games).
    - ``raise_cap``: raises allowed after the bet in one round (3: bet +
      3 raises; on third street the completion is the bet, in flop games the
      big blind is). ``None``: uncapped.
    - ``heads_up_uncapped``: no cap in a round that starts with only two
      players who are not all in, or where they become two before the cap
      is reached; a capped round stays capped (docs/rules.md edge rules).
    - ``open_pair_big_bet``: an open pair on fourth street (stud high) lets
      everyone bet the big bet on that round.
    - ``odd_chip``: ``'card'``: in stud high the odd chip of a split goes to
      the winner holding the highest card by suit in his five-card hand
      (flop games and low halves: first winner left of the dealer, as
      docs/rules.md says); ``'seat'``: always the first winner left of the dealer.
      The odd chip of a high/low split always goes to the high half.
    - ``odd_chips_together``: False (both profiles): when a split leaves
      several odd chips, one each to the winners in ``odd_chip`` order;
      True (PokerKit): all of them to the first of those winners.
    - ``merge_pots``: False (both profiles, docs/rules.md): each pot is settled
      on its own among its shown hands. True (PokerKit): the shown hands
      that cannot win any pot (nor tie for it) are out first, the pots are
      formed again among the others, and pots with the same players are
      one pot, split once (the odd chips can fall otherwise).
    - ``low_half_if_any_low``: False (both profiles): a hi/lo pot is halved
      only when one of its own players has a qualifying low. True
      (PokerKit): every pot is halved when any hand still contending has
      one, and a low half that none of its pot's players qualifies for is
      shared among them.
    - ``short_all_in_reopens``: an all-in bet or raise of at least
      1/``short_all_in_reopens`` of a full bet counts as a full bet or raise
      (2: half a bet or more); a smaller one does not reopen the betting
      (players who already acted may only call), and the next player may call
      it or complete it to a full bet. 1: only a full bet counts. A player
      who has acted may raise again only if all he faces since his last
      action counts so (several short all-ins add up).
    - ``raise_over_all_in``: False (both profiles): the rule above. True
      (PokerKit's convention, the no-limit one applied to fixed limit;
      ``short_all_in_reopens`` is then unused): every all-in bet, raise or
      completion counts for the cap, and the next raise is a full bet over
      it (bet 10, all in 14: the raise is to 24); one that raises by less
      than the round's largest raise reopens the betting for players who
      have acted only when the short all-ins in a row add up to that raise,
      and a player facing less than it may only call or fold.
    - ``impossible_call_guard``: the console warns you before the seed-002
      impossible call (the table screen asks first; ``ui.app`` reads it).
      Virtual players never make that call, whatever the house.

    The house's table (the menu and ``poker.match.settings`` read them; the
    engine checks only ``max_seats``):

    - ``first_dealer``: the dealer's seat for the first hand of a game.
    - ``min_seats``, ``max_seats``: the seats a game may have (the
      variant's own maximum also applies: ``seats_for``).
    - ``starting_chips``: each seat's chips at a new game, one of
      ``chip_choices`` (the CHIPS menu; one choice: no menu item).
    - ``min_stack_bets``: a seat with fewer than this many small bets after
      a hand is out (the console's "under $50" at 10/20).

    The stakes may be given by position, every other field by name only.
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
