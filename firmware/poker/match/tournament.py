"""A tournament (sit and go): the stakes rise by levels, seats bust out,
the last one standing wins.

Imported only when a tournament is played (the MODE setting, or a saved
game that is one), so a cash game's heap never holds it. ``join(g, s)``
makes ``Game`` ``g`` a tournament; the game then asks this module after
each hand (``g.tour.after_hand(g)``: places, the end, the next level, each
virtual player told whether it is short: ``pressure``), on saving
(``to_obj``), on loading (``load``, and ``check`` from
``poker.match.record``) and for the statistics (``record``, ``figures``,
``rows``: ``Stats.tours``).

The levels: the rule profile's level table (``RuleSet.levels``, small bets
in order; ``level_rules``: the ante, bring-in and blinds follow the bet
as the profile makes them). The first level is the menu's BET SIZE; every
``level_hands`` hands (``Settings.level_hands``) the next level starts. A
hand is played whole at the level it was dealt in: the next level takes
effect from the next hand (``g.rules`` changes between hands only).

Hand ``k`` of the tournament (1-based) is played at level
``(k - 1) // level_hands`` counted from the first:

>>> t = Tournament(None, 4, 0, 10)
>>> [t.level(n) for n in (0, 9, 10, 19, 20)]  # hands completed before it
[0, 0, 1, 1, 2]
>>> t.to_next(0), t.to_next(9), t.to_next(10)
(10, 1, 10)

Out: a seat with no chips left after a hand (not the cash game's five
small bets: a short stack plays all in for what it has, by the edge rules
of docs/rules.md). Seats out in the same hand: the one that began the hand
with more chips takes the better place; equal, the higher seat number.
When you go out the tournament is over for you: your place is yours, and
those still in are placed by their chips (equal chips: the lower seat
number first). You win when every other seat is out.

Events (``g.events``): ``('FINISH', seat)`` a virtual player out (its
place in ``places``), ``('LEVEL', level)`` from the next hand the stakes
of ``level`` (0-based in the level table), ``('TOUR OVER', place)`` the
end, your place.
"""
from micropython import const

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
        if g.out[0] or left == 1:
            self._finish(g)
            return True
        n = self.level(g.hand_no)
        if n != self.level(g.hand_no - 1):
            _at_level(g, n)
            g.events.append(("LEVEL", n))
        pressure(g, g.stacks, g.hand_no)
        return False

    def _finish(self, g):
        """The end: those still in placed by their chips; the statistics."""
        places = self.places
        still = [s for s in range(g.seats) if not places[s]]
        still.sort(key=lambda s: (-g.stacks[s], s))
        for i in range(len(still)):
            places[still[i]] = i + 1
        g.over = True
        g.result = "won" if places[0] == 1 else "lost"
        g.events.append(("TOUR OVER", places[0]))
        record(g.stats, g.code, places[0])

    def order(self):
        """The seats in finishing order (first place first)."""
        out = list(range(len(self.places)))
        out.sort(key=lambda s: self.places[s] or 99)
        return out

    def to_obj(self):
        """What the game record keeps (``load`` reads it back)."""
        return {"first": self.first, "every": self.every, "places": self.places, "biggest": self.biggest}


def level_rules(house, i):
    """The rules of level ``i`` (0-based; past the table's end, its last
    level) of the RuleSet ``house``'s level table (``RuleSet.levels``):
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
    from poker.rules import PROFILES

    bet = house.levels[min(i, len(house.levels) - 1)]
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
    r.levels = house.levels
    return r


# -- the statistics (Stats.tours) ---------------------------------------------------

def record(stats, code, place):
    """A tournament of ``code`` ended in ``place`` (1 = won), or was left
    unfinished (0), into the Stats ``stats``."""
    row = stats.tours.get(code)
    if row is None:
        row = stats.tours[code] = [0] * (_FIRST + _PLACES)
    row[_PLAYED] += 1
    if not place:
        row[_LEFT] += 1
        return
    if not row[_BEST] or place < row[_BEST]:
        row[_BEST] = place
    if place <= _PLACES:
        row[_FIRST + place - 1] += 1


def figures(stats, code=None):
    """One game's tournaments, or all of them (None): ``{'played', 'left',
    'best', 'places'}``: played, left unfinished, the best finish (0: none
    yet) and ``places[i]`` the finishes in place ``i + 1``."""
    tot = [0] * (_FIRST + _PLACES)
    for c in stats.tours:
        if code is None or c == code:
            row = stats.tours[c]
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


def _count(t, name):
    """``t[name]``, an int not under 0 (ValueError if it is not one)."""
    v = t.get(name)
    if type(v) is not int or v < 0:
        raise ValueError("tournament: bad " + name)
    return v


def _count_out(places):
    n = 0
    for p in places:
        if p:
            n += 1
    return n


def _at_level(g, n):
    """Game ``g``'s rules from now on: level ``n``'s; the journal's check
    names the level, so a hand journaled at one level never resumes at
    another."""
    g.rules = level_rules(g.tour.house, n)
    g.check_code = "%s L%d" % (g.code, n)


def pressure(g, stacks, hands):
    """Tells each virtual player of Game ``g`` whether the next level would
    leave its stack (of ``stacks``, after ``hands`` hands) short: under
    ``_SHORT_BETS`` big bets there (``poker.players.base.short_folds``: it
    then plays fewer, stronger hands). Set between hands: after each one,
    and when the players are made for a game or a power-on."""
    t = g.tour
    big = level_rules(t.house, t.level(hands) + 1).big_bet
    for seat in g.bots:
        g.bots[seat].short = stacks[seat] < _SHORT_BETS * big


def join(g, s):
    """Makes Game ``g`` (its settings ``s`` just set up) a tournament at
    its first level: the menu's BET SIZE."""
    house = g.rules
    levels = house.levels
    bet = s.small_bet()
    first = levels.index(bet) if bet in levels else 0
    g.tour = Tournament(house, g.seats, first, s.level_hands)
    g.min_stack = 1  # out with no chips at all
    _at_level(g, first)
    pressure(g, [g.chips] * g.seats, 0)  # (a saved game's stacks: load)


def load(g, obj):
    """The saved tournament ``obj`` (checked by ``check``) into Game ``g``,
    made by ``join`` from the saved settings: the places so far and the
    level of the next hand (the saved ``hand_no``)."""
    t = g.tour
    t.places = list(obj["places"])
    t.biggest = obj["biggest"]
    _at_level(g, t.level(g.hand_no))
    pressure(g, g.stacks, g.hand_no)


def check(game, levels):
    """Refuses (ValueError) a saved tournament that could not come from a
    game: ``game`` the saved game's part (``poker.match.record``),
    ``levels`` its profile's level table. Returns its ``level_hands``."""
    t = game.get("tour")
    if not isinstance(t, dict):
        raise ValueError("tournament: not a table")
    first = _count(t, "first")
    every = _count(t, "every")
    _count(t, "biggest")
    places = t.get("places")
    out = game["out"]
    if first >= len(levels) or every <= 0 or not isinstance(places, list) or len(places) != len(out):
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
