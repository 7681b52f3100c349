"""The games as data: what is dealt on each street, what wins, who opens.

``VARIANTS[code]`` is a ``Variant``. Codes are PHH's where PHH has one
(``FT``, ``FO/8``, ``F7S``, ``F7S/8``, ``FR``); ``FO`` (limit Omaha high)
and ``F5S`` (five card stud) have no PHH code.

>>> VARIANTS['F7S'].streets
5
>>> VARIANTS['FT'].board
(0, 3, 1, 1)
>>> VARIANTS['FO/8'].shape == (4, 5, True, POT_HILO8, False)
True
"""
from micropython import const

# What a pot goes to (Variant.shape): the best high hand; half to the best
# high, half to the best eight-or-better low; the best ace-to-five low.
POT_HIGH = const(0)
POT_HILO8 = const(1)
POT_RAZZ = const(2)
# A deal's up card as its pattern's bytes read it (Variant.deals[k].encode()):
# a str's letter read one at a time is a new string each, on the device
# first looked up among every name the heap holds
DEAL_UP = const(117)  # "u"

# GAME SELECT: the games in the menu's order and the rule profiles that
# offer each (poker.rules.PROFILES): the console's four in both profiles, in
# the console's order, then the casino's own three.
_MENU = const((('FT', ('lexibook', 'casino')), ('FO', ('lexibook', 'casino')),
               ('F7S', ('lexibook', 'casino')), ('F5S', ('lexibook', 'casino')),
               ('F7S/8', ('casino',)), ('FR', ('casino',)), ('FO/8', ('casino',))))


class Variant:
    """One game, as plain attributes: ``code``, ``name``, ``stud``,
    ``max_seats``, ``high``, ``low``, ``deals`` (per street, each seat's cards
    as 'd' down and 'u' up), ``board``, ``streets``, ``big_from``, ``omaha``,
    ``bring_in``, ``opener``, ``open_pair_street``, ``street_names`` and
    ``shape`` (what equity deals and scores). What each means:
    firmware/poker/README.md, "Variants".
    """

    def __init__(self, code, name, stud, max_seats, high, low, deals, board,
                 big_from, omaha=False, bring_in=None, opener=None,
                 open_pair_street=-1, street_names=()):
        self.code = code
        self.name = name
        self.stud = stud
        self.max_seats = max_seats
        self.high = high
        self.low = low
        self.deals = deals
        self.board = board
        self.streets = len(deals)
        self.big_from = big_from
        self.omaha = omaha
        self.bring_in = bring_in
        self.opener = opener
        self.open_pair_street = open_pair_street
        self.street_names = street_names
        n = 0
        for d in deals:
            n += len(d)
        self.hole_cards = n  # cards each seat holds at the end

    @property
    def shape(self):
        # (made when asked, once an equity problem: a stored attribute
        # would grow every Variant's attribute table)
        nboard = 0
        for k in self.board:
            nboard += k
        pot = POT_HIGH if self.low is None else POT_HILO8 if self.high else POT_RAZZ
        return (self.hole_cards, nboard, self.omaha, pot, self.stud)

    def __repr__(self):
        return "Variant(%s)" % self.code

    @property
    def profiles(self):
        """The rule profiles that offer the game (GAME SELECT, below); a
        property: an attribute more would grow every Variant's table."""
        for code, profiles in _MENU:
            if code == self.code:
                return profiles
        return ()


def _variants():
    # (a function: its shared tuples are locals, no names in the heap)
    stud7 = ('ddu', 'u', 'u', 'u', 'd')
    stud7_names = ('3rd', '4th', '5th', '6th', '7th')
    flop_board = (0, 3, 1, 1)
    flop_names = ('preflop', 'flop', 'turn', 'river')
    return {
        'F7S': Variant('F7S', '7 Card Stud', True, 8, True, None, stud7,
                       (0, 0, 0, 0, 0), 2, bring_in='low', opener='high',
                       open_pair_street=1, street_names=stud7_names),
        'F7S/8': Variant('F7S/8', 'Stud Hi/Lo', True, 8, True, '8', stud7,
                         (0, 0, 0, 0, 0), 2, bring_in='low', opener='high',
                         street_names=stud7_names),
        'FR': Variant('FR', 'Razz', True, 8, False, 'a5', stud7,
                      (0, 0, 0, 0, 0), 2, bring_in='high', opener='low',
                      street_names=stud7_names),
        'F5S': Variant('F5S', '5 Card Stud', True, 8, True, None,
                       ('du', 'u', 'u', 'u'), (0, 0, 0, 0), 2, bring_in='low',
                       opener='high', street_names=('2nd', '3rd', '4th', '5th')),
        'FT': Variant('FT', "Texas Hold'em", False, 10, True, None,
                      ('dd', '', '', ''), flop_board, 2,
                      street_names=flop_names),
        'FO': Variant('FO', 'Omaha', False, 10, True, None,
                      ('dddd', '', '', ''), flop_board, 2, omaha=True,
                      street_names=flop_names),
        'FO/8': Variant('FO/8', 'Omaha Hi/Lo', False, 10, True, '8',
                        ('dddd', '', '', ''), flop_board, 2, omaha=True,
                        street_names=flop_names),
    }


VARIANTS = _variants()
del _variants


def name_of(code):
    """A game's name by its code (the code itself if unknown)."""
    v = VARIANTS.get(code)
    return v.name if v is not None else code


def games(profile):
    """The codes of the games the rule profile ``profile`` offers, in GAME
    SELECT order.

    >>> games('casino')
    ('FT', 'FO', 'F7S', 'F5S', 'F7S/8', 'FR', 'FO/8')
    """
    return tuple([code for code, profiles in _MENU if profile in profiles])


# The four games of the Lexibook console, in its GAME SELECT order.
CONSOLE = games('lexibook')
