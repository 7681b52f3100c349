"""A tournament (sit and go): the stakes rise by levels, seats bust out,
the last one standing wins (the rules: docs/rules.md, "Tournaments").
``join(g, s)`` makes ``Game`` ``g`` one; the game then asks it after each
hand (``g.tour.after_hand(g)``), to save and load, and for the
statistics. Loaded only when a tournament is played, named as text
(``poker.load``). Hand ``k`` is played at level ``(k - 1) // level_hands``:

>>> t = Tournament(None, 4, 0, 10)
>>> [t.level(n) for n in (0, 9, 10, 19, 20)]  # hands completed before it
[0, 0, 1, 1, 2]

Events (``g.events``): ``('FINISH', seat)``, ``('LEVEL', level)``,
``('TOUR OVER', place)``.
"""
from micropython import const

from poker.players.base import _Base, act
from poker.rules import PROFILES

# The small bet of each level; the menu's BET SIZE picks the first (every
# STAKES entry of poker.match.settings is one of them).
LEVELS = (10, 20, 30, 50, 100, 150, 200, 300, 500, 1000, 1500, 2000, 3000, 5000)
LEVEL_HANDS = (5, 10, 15, 20, 30)  # the hands a level may last (the menu's LEVELS)
_SHORT_BETS = const(8)  # a stack under this many big bets of the next level is short
_PLACES = const(10)  # the statistics count finishes up to tenth
# a tournament's row of statistics (Stats.tours): played, left, the best
# finish, then the finishes in each place
_PLAYED = const(0)
_LEFT = const(1)
_BEST = const(2)
_FIRST = const(3)


class Tournament:
    def __init__(self, house, seats, first, every):
        self.house = house  # the RuleSet the levels are made from (level_rules)
        self.first = first  # the level table's index of the first level
        self.every = every  # hands a level lasts
        self.places = [0] * seats  # each seat's finishing place, 0 while in
        self.biggest = 0  # the biggest pot of the tournament

    def level(self, hands):
        """The level (index in the level table) of the hand dealt after
        ``hands`` hands of the tournament."""
        return self.first + hands // self.every

    def to_next(self, hands):
        """Hands left at this level, the next hand included, after ``hands``
        hands."""
        return self.every - hands % self.every

    def after_hand(self, g):
        """After a hand of Game ``g`` (its stacks moved, its busted seats
        marked out by the game): their places, the end, or the next hand's
        level. True when the tournament is over."""
        h = g.last_hand
        pot = 0
        for amount, _ in getattr(h, "pots", ()):
            pot += amount
        if pot > self.biggest:
            self.biggest = pot
        places = self.places
        start = g._start
        busted = [s for s in range(g.seats) if g.out[s] and not places[s]]
        busted.sort(key=lambda s: (start[s], s))
        left = g.seats - len(busted) - _count_out(places)
        for i in range(len(busted)):
            places[busted[i]] = left + len(busted) - i
        if all(g.out[:g.humans]) or left == 1:
            self.finish(g)
            return True
        n = self.level(g.hand_no)
        if n != self.level(g.hand_no - 1):
            _at_level(g, n)
            g.events.append(("LEVEL", n))
        pressure(g, g.stacks, g.hand_no)
        return False

    def finish(self, g):
        """The end: those still in placed by their chips; the statistics."""
        places = self.places
        still = [s for s in range(g.seats) if not places[s]]
        still.sort(key=lambda s: (-g.stacks[s], s))
        for i in range(len(still)):
            places[still[i]] = i + 1
        g.over = True
        g.result = "won" if places[0] == 1 else "lost"
        g.events.append(("TOUR OVER", places[0]))
        if g.humans == 1:  # (your statistics: pass and play's are each human's)
            record(g.stats, g.code, places[0])
        else:
            _humans(g, places)

    def left(self, g):
        """The tournament left for a NEW GAME: left in the statistics (pass
        and play: each human's, but for those already out: their place)."""
        if g.humans == 1:
            record(g.stats, g.code, 0)
        else:
            _humans(g, self.places)

    def order(self):
        """The seats in finishing order (first place first)."""
        out = list(range(len(self.places)))
        out.sort(key=lambda s: self.places[s] or 99)
        return out

    def to_obj(self):
        """What the game record keeps (``load`` reads it back): [hands a
        level, first level, biggest pot, places] (a list: no key names; the
        game reads the hands a level, first, as its ``tour`` setting)."""
        return [self.every, self.first, self.biggest, self.places]


def level_rules(house, i):
    """The rules of level ``i`` (0-based; past the table's end, its last
    level) of the level table ``LEVELS`` for the RuleSet ``house``:
    the profile at that level's small bet, so the ante, bring-in and blinds
    rise with the bets as the profile sets them; the house's table (seats,
    chips) unchanged.

    >>> from poker.rules import casino, lexibook
    >>> r = level_rules(lexibook(), 2)
    >>> (r.small_bet, r.big_bet, r.ante, r.bring_in, r.starting_chips)
    (30, 60, 6, 6, 5000)
    >>> c = level_rules(casino(starting_chips=2000), 4)
    >>> (c.small_bet, c.ante, c.bring_in, c.small_blind, c.big_blind, c.starting_chips)
    (100, 10, 50, 50, 100, 2000)
    """
    bet = LEVELS[min(i, len(LEVELS) - 1)]
    make = PROFILES.get(house.profile)
    if make is None:  # a rule set of one's own: its stakes scaled
        k = house.small_bet
        return house.copy(small_bet=bet, big_bet=house.big_bet * bet // k, ante=house.ante * bet // k,
                          bring_in=house.bring_in * bet // k, small_blind=house.small_blind * bet // k,
                          big_blind=house.big_blind * bet // k)
    r = make(bet)
    r.max_seats = house.max_seats
    r.starting_chips = house.starting_chips
    r.chip_choices = house.chip_choices
    return r


# -- the statistics (Stats.tours) ---------------------------------------------------

def record(stats, code, place):
    """A tournament of ``code`` ended in ``place`` (1 = won), or was left
    unfinished (0), into the Stats ``stats``."""
    row = stats.tour.get(code)
    if row is None:
        row = stats.tour[code] = [0] * (_FIRST + _PLACES)
    row[_PLAYED] += 1
    if not place:
        row[_LEFT] += 1
        return
    if not row[_BEST] or place < row[_BEST]:
        row[_BEST] = place
    if place <= _PLACES:
        row[_FIRST + place - 1] += 1


def _humans(g, places):
    """Pass and play: each human's tournament in ``places`` (0: left) into
    their own statistics (poker.match.friends)."""
    from poker import load

    tours = load("poker.match.friends").tours
    for seat in range(g.humans):
        record(tours(g.stats, g.settings.name(seat)), g.code, places[seat])


def figures(stats, code=None):
    """One game's tournaments, or all of them (None): ``{'played', 'left',
    'best', 'places'}``: played, left unfinished, the best finish (0: none
    yet) and ``places[i]`` the finishes in place ``i + 1``."""
    tot = [0] * (_FIRST + _PLACES)
    for c in stats.tour:
        if code is None or c == code:
            row = stats.tour[c]
            best = tot[_BEST]
            for i in range(len(tot)):
                tot[i] += row[i]
            tot[_BEST] = row[_BEST] if not best or (row[_BEST] and row[_BEST] < best) else best
    return {"played": tot[_PLAYED], "left": tot[_LEFT], "best": tot[_BEST], "places": tot[_FIRST:]}


def rows(obj):
    """The saved tournament rows (``Stats.from_obj``); ValueError when
    they could not come from games."""
    if not isinstance(obj, dict):
        raise ValueError("stats: bad tournaments")
    out = {}
    for code in obj:
        row = obj[code]
        if not isinstance(row, list) or len(row) != _FIRST + _PLACES:
            raise ValueError("stats: bad tournament row")
        for v in row:
            if type(v) is not int or v < 0:
                raise ValueError("stats: bad tournament count")
        if row[_LEFT] + sum(row[_FIRST:]) > row[_PLAYED]:
            raise ValueError("stats: inconsistent tournaments")
        out[code] = list(row)
    return out


def _count_out(places):
    n = 0
    for p in places:
        if p:
            n += 1
    return n


def _at_level(g, n):
    """Game ``g``'s rules from now on: level ``n``'s."""
    g.rules = level_rules(g.tour.house, n)


def short_folds(view):
    """A short stack's fold (``pressure``: the next level would leave it few
    bets): on the first round, facing a bet, a start under the middle of
    the best 30 % (``poker.players.base.P70``) and the premium ones
    (``PREMIUM``) folds, whatever else its level thinks of it (Hard alone
    plays few starts outside the best 30 %); the rest it plays as usual.
    Fewer, stronger hands."""
    if view.street or view.to_call <= 0:
        return False
    from poker.odds.equity import start_score
    from poker.players.base import P70, PREMIUM

    code = view.variant.code
    n = 2 if code == 'F5S' else 3 if view.variant.stud else len(view.own)
    return start_score(code, view.own[:n]) < (P70[code] + PREMIUM[code]) // 2


def _at_once(action):
    """A decision in slices (Game.think) made at once: ``action``."""
    return action
    yield  # (a generator: its first next() returns the action)


class ShortStack:
    """A virtual player the next level would leave short (``pressure``):
    ``short_folds`` first, else the player itself (``bot``), which keeps
    its memory, level and style. The players' own code knows nothing of
    tournaments (a cash game's decisions stay theirs, byte for byte)."""

    def __init__(self, bot):
        self.bot = bot

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def decide(self, view):
        if short_folds(view):
            return act(view, "fold")
        return self.bot.decide(view)

    def think(self, view):
        if short_folds(view) or not hasattr(self.bot, "think"):
            return _at_once(self.decide(view))
        return self.bot.think(view)


def pressure(g, stacks, hands):
    """Tells each virtual player of Game ``g`` whether the next level would
    leave its stack (of ``stacks``, after ``hands`` hands) short: under
    ``_SHORT_BETS`` big bets there. A short one plays as a ``ShortStack``
    (in ``g.bots``), the others as themselves. Set between hands: after
    each one, and when the players are made for a game or a power-on
    (players made again mid-game, a LEVEL changed: from the next hand)."""
    t = g.tour
    house = t.house  # (level_rules' big bet, without a RuleSet made at every hand's end)
    big = house.big_bet * LEVELS[min(t.level(hands) + 1, len(LEVELS) - 1)] // house.small_bet
    bots = g.bots
    for seat in bots:
        bot = bots[seat]
        if isinstance(bot, ShortStack):
            bot = bot.bot
        # (the console's levels; a player of one's own, a test's scripted
        # one, plays as it is)
        short = isinstance(bot, _Base) and stacks[seat] < _SHORT_BETS * big
        bots[seat] = ShortStack(bot) if short else bot


def join(g, s):
    """Makes Game ``g`` (its settings ``s`` just set up) a tournament at
    its first level: the menu's BET SIZE; levels of ``s.tour`` hands."""
    house = g.rules
    bet = s.small_bet()
    first = LEVELS.index(bet) if bet in LEVELS else 0
    g.tour = Tournament(house, g.seats, first, s.tour)
    g.min_stack = 1  # out with no chips at all
    _at_level(g, first)
    pressure(g, [g.chips] * g.seats, 0)  # (a saved game's stacks: load)


def load(g, obj):
    """The saved tournament ``obj`` (checked by ``check``) into Game ``g``,
    made by ``join`` from the saved settings: the places so far and the
    level of the next hand (the saved ``hand_no``)."""
    t = g.tour
    t.first = obj[1]
    t.biggest = obj[2]
    t.places = list(obj[3])
    _at_level(g, t.level(g.hand_no))
    pressure(g, g.stacks, g.hand_no)


def check(game):
    """Refuses (ValueError) a saved tournament that could not come from a
    game: ``game`` the saved game's part (``poker.match.saved``). Returns
    its hands a level."""
    t = game.get("tour")
    if not isinstance(t, list) or len(t) != 4:
        raise ValueError("tournament: not a list")
    every, first, biggest, places = t
    for v in (every, first, biggest):
        if type(v) is not int or v < 0:
            raise ValueError("tournament: bad count")
    out = game["out"]
    if first >= len(LEVELS) or every <= 0 or not isinstance(places, list) or len(places) != len(out):
        raise ValueError("tournament: bad levels")
    n = len(out)
    seen = []
    for i in range(n):
        p = places[i]
        if type(p) is not int or not 0 <= p <= n or (p > 0) != out[i] or (p and p in seen):
            raise ValueError("tournament: bad places")
        if p:
            seen.append(p)
    if seen and min(seen) <= n - len(seen):  # places go from the last up
        raise ValueError("tournament: bad places")
    return every
