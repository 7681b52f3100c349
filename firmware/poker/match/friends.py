"""Pass and play's books: each human's statistics under their name.

With two humans or more (``Game.humans``), a finished hand's books
(poker.match.books) count each human seat's hand here instead of in the
console's statistics, which stay the one player's; the rows live in
``Stats.names`` (name -> row) and are saved with the statistics under
the key ``names``. Imported only for a pass-and-play game or its page of
the statistics, and named by the resident modules as text (``poker.load``).

>>> from poker.match.stats import Stats
>>> st = Stats()
>>> count(st, 'ANN', 30, True, 80, None)
>>> count(st, 'ANN', -10, False, 0, False)
>>> record_of(st, 'ANN')
{'hands': 2, 'won': 1, 'net': 20, 'pot': 80, 'games': 1, 'games_won': 0}
"""
from micropython import const

# a human's row: hands dealt in, hands won (in whole or part), chips won
# minus lost, the biggest pot won, games played to their end, games won
_HANDS = const(0)
_WON = const(1)
_NET = const(2)
_POT = const(3)
_GAMES = const(4)
_GWON = const(5)
_FIELDS = const(("hands", "won", "net", "pot", "games", "games_won"))


def count(stats, name, net, won, pot, ended):
    """One hand of the human ``name`` into Stats ``stats``: ``net`` chips,
    ``won`` a part of a pot of ``pot``; ``ended``: None, the game goes on,
    else the game ended with this hand, won (True) or lost (False)."""
    row = stats.names.get(name)
    if row is None:
        row = stats.names[name] = [0] * len(_FIELDS)
    row[_HANDS] += 1
    row[_NET] += net
    if won:
        row[_WON] += 1
        if pot > row[_POT]:
            row[_POT] = pot
    if ended is not None:
        row[_GAMES] += 1
        if ended:
            row[_GWON] += 1


def book(g, h, start, end):
    """The statistics of Game ``g``'s finished hand ``h`` (dealt from
    ``start``, ended with ``end``), each human dealt in under their name;
    a game that ended with it is won by the human left, lost by the rest."""
    humans = g.humans
    won = [False] * humans
    pot = 0
    for amount, winners in h.pots:
        pot += amount
        for s in winners:
            if s < humans:
                won[s] = True
    for seat in range(humans):
        if start[seat]:
            ended = None
            if g.over:
                ended = g.result == "won" and not g.out[seat]
            net = end[seat] - start[seat] if g.tour is None else 0  # (a tournament's chips are not money)
            count(g.stats, g.settings.name(seat), net, won[seat], pot, ended)


def record_of(stats, name):
    """The row of the human ``name`` as a dict (zeros for a name never
    played)."""
    row = stats.names.get(name) or [0] * len(_FIELDS)
    d = {}
    for i in range(len(_FIELDS)):
        d[_FIELDS[i]] = row[i]
    return d


def rows(obj):
    """The saved rows (``Stats.from_obj``); ValueError when they could not
    come from games."""
    if not isinstance(obj, dict):
        raise ValueError("stats: bad names")
    out = {}
    for name in obj:
        row = obj[name]
        if not isinstance(name, str) or not isinstance(row, list) or len(row) != len(_FIELDS):
            raise ValueError("stats: bad name row")
        for i in range(len(row)):
            v = row[i]
            if type(v) is not int or (v < 0 and i != _NET):
                raise ValueError("stats: bad name count")
        if row[_WON] > row[_HANDS] or row[_GWON] > row[_GAMES]:
            raise ValueError("stats: inconsistent names")
        out[name] = list(row)
    return out
