"""Pass and play's books: each human's statistics under their name, in
``Stats.names`` (name -> row, its tournaments at its end), saved with the
statistics under ``names``; a finished hand's books count a human seat's
hand here, not in the console's own. Loaded only for a pass-and-play game
or its statistics page, named as text (``poker.load``).

>>> from poker.match.stats import Stats
>>> st = Stats()
>>> count(st, 'ANN', 30, True, 80, None)
>>> count(st, 'ANN', -10, False, 0, False)
>>> record_of(st, 'ANN')
{'hands': 2, 'won': 1, 'net': 20, 'pot': 80, 'games': 1, 'games_won': 0, 'games_left': 0}
"""
from micropython import const

# a human's row: hands dealt in, hands won (in whole or part), chips won
# minus lost, the biggest pot won, games played to their end or left,
# games won, games left for a NEW GAME, then their tournaments
_HANDS = const(0)
_WON = const(1)
_NET = const(2)
_POT = const(3)
_GAMES = const(4)
_GWON = const(5)
_GLEFT = const(6)
_TOURS = const(7)
_FIELDS = const(("hands", "won", "net", "pot", "games", "games_won", "games_left"))
_OLD = const(6)  # a row saved before the games left and the tournaments


LETTERS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"  # a name's letters (ui.name_entry's order)


def names(given, default):
    """The humans' names as read from a file (three letters each, run
    together): upper-cased if every letter is one of LETTERS and the length
    is ``default``'s, else ``default``."""
    if given.__class__ is not str or len(given) != len(default):
        return default
    given = given.upper()
    # a str's letters read as bytes: on the device each letter of a str is
    # a new string, looked up among every name the heap knows
    letters = LETTERS.encode()
    for b in given.encode():
        if b not in letters:
            return default
    return given


def _row(stats, name) -> list:  # (its fields ints, the last a dict: one list for the type checker)
    row = stats.names.get(name)
    if row is None:
        row = stats.names[name] = [0] * len(_FIELDS) + [{}]
    return row


def count(stats, name, net, won, pot, ended):
    """One hand of the human ``name`` into Stats ``stats``: ``net`` chips,
    ``won`` a part of a pot of ``pot``; ``ended``: None, the game goes on,
    else the game ended with this hand, won (True) or lost (False)."""
    row = _row(stats, name)
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
    a cash game that ended with it counts for every human, those out
    before included: won by the human left, lost by the rest (a
    tournament's end: poker.match.tournament records each one's place)."""
    humans = g.humans
    won = [False] * humans
    pot = 0
    for amount, winners in h.pots:
        pot += amount
        for s in winners:
            if s < humans:
                won[s] = True
    cash = g.tour is None
    for seat in range(humans):
        ended = None
        if g.over and cash:
            ended = g.result == "won" and not g.out[seat]
        name = g.settings.name(seat)
        if start[seat]:
            net = end[seat] - start[seat] if cash else 0  # (a tournament's chips are not money)
            count(g.stats, name, net, won[seat], pot, ended)
        elif ended is not None:
            row = _row(g.stats, name)
            row[_GAMES] += 1  # (out before the end: lost)


def left(g):
    """The cash Game ``g`` left unfinished for a NEW GAME: a game left for
    each human (a tournament's: poker.match.tournament's ``left``)."""
    for seat in range(g.humans):
        row = _row(g.stats, g.settings.name(seat))
        row[_GAMES] += 1
        row[_GLEFT] += 1


def tours(stats, name):
    """The tournaments of the human ``name`` as a Stats of their own: its
    ``tour`` is theirs (what poker.match.tournament's ``record`` and
    ``figures`` count in; a name never played gets its row)."""
    from poker.match.stats import Stats

    t = Stats()
    t.tour = _row(stats, name)[_TOURS]
    return t


def record_of(stats, name):
    """The row of the human ``name`` as a dict (zeros for a name never
    played), their tournaments apart (``tours``)."""
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
        if isinstance(row, list) and len(row) == _OLD:
            row = row + [0, {}]  # (saved before the games left and the tournaments)
        if not isinstance(name, str) or not isinstance(row, list) or len(row) != len(_FIELDS) + 1:
            raise ValueError("stats: bad name row")
        for i in range(len(_FIELDS)):
            v = row[i]
            if type(v) is not int or (v < 0 and i != _NET):
                raise ValueError("stats: bad name count")
        if row[_WON] > row[_HANDS] or row[_GWON] + row[_GLEFT] > row[_GAMES]:
            raise ValueError("stats: inconsistent names")
        t = row[_TOURS]
        if not isinstance(t, dict):
            raise ValueError("stats: bad name tournaments")
        if t:
            from poker import load

            t = load("poker.match.tournament").rows(t)
        out[name] = row[:_TOURS] + [t]
    return out
