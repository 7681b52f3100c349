"""The statistics, per game type and overall: ``Stats()``, with
``record_hand(code, net, won, pot, best=0, best_text='')``,
``record_game(code, won)``, ``record_left(code)``, ``record_rebuy(code)``;
``get(code)`` (a dict of one game type's figures), ``total()``, ``codes()``;
``to_obj()`` / ``Stats.from_obj(obj)`` to and from JSON-ready data
(``ValueError`` on bad data). A tournament's rows sit in ``s.tour``
(poker.match.tournament's), pass and play's humans in ``s.names``
(poker.match.friends'). What counts where: docs/playing.md, "Statistics".
"""

from micropython import const

from poker.match.settings import is_int

# The order of the figures in each game type's list (compact on flash;
# private constants: no names in the heap).
_FIELDS = const(("hands", "won", "pot", "best", "best_text", "net", "games", "games_won", "games_lost",
                 "games_left", "rebuys"))
_OLD_FIELDS = const(9)  # a row saved before games_left and rebuys
_HANDS = const(0)
_WON = const(1)
_POT = const(2)
_BEST = const(3)
_TEXT = const(4)
_NET = const(5)
_GAMES = const(6)
_GWON = const(7)
_GLOST = const(8)
_GLEFT = const(9)
_REBUYS = const(10)


def _blank():
    return [0, 0, 0, 0, "", 0, 0, 0, 0, 0, 0]


class Stats:
    def __init__(self):
        self.by_game = {}  # code -> list in _FIELDS order
        self.tour = {}  # code -> a tournament's row (poker.match.tournament)
        self.names = {}  # name -> a pass-and-play human's row (poker.match.friends)

    def _row(self, code):
        record = self.by_game.get(code)
        if record is None:
            record = _blank()
            self.by_game[code] = record
        return record

    def record_hand(self, code, net, won, pot, best=0, best_text=""):
        """One hand of ``code``: chips won (net), won a pot, the biggest pot
        won, the human's best high hand (evaluator value and its text, or a
        function returning the text, called only for a new best)."""
        record = self._row(code)
        record[_HANDS] += 1
        record[_NET] += net
        if won:
            record[_WON] += 1
            if pot > record[_POT]:
                record[_POT] = pot
        if best > record[_BEST]:
            record[_BEST] = best
            record[_TEXT] = best_text if isinstance(best_text, str) else best_text()

    def record_game(self, code, won):
        record = self._row(code)
        record[_GAMES] += 1
        if won:
            record[_GWON] += 1
        else:
            record[_GLOST] += 1

    def record_left(self, code):
        """A game of ``code`` left unfinished (NEW GAME over it)."""
        record = self._row(code)
        record[_GAMES] += 1
        record[_GLEFT] += 1

    def record_rebuy(self, code):
        self._row(code)[_REBUYS] += 1

    def codes(self):
        out = list(self.by_game)
        out.sort()
        return out

    def get(self, code):
        record = self.by_game.get(code) or _blank()
        return _as_dict(record)

    def total(self):
        from poker.variants import VARIANTS

        tot = _blank()
        for code in self.by_game:
            v = VARIANTS.get(code)
            high = v is None or v.high  # (razz's best is a low: another scale)
            record = self.by_game[code]
            for i in (_HANDS, _WON, _NET, _GAMES, _GWON, _GLOST, _GLEFT, _REBUYS):
                tot[i] += record[i]
            if record[_POT] > tot[_POT]:
                tot[_POT] = record[_POT]
            if record[_BEST] > tot[_BEST] and high:
                tot[_BEST] = record[_BEST]
                tot[_TEXT] = record[_TEXT]
        return _as_dict(tot)

    def to_obj(self):
        out = {}
        for code in self.by_game:
            out[code] = list(self.by_game[code])
        if self.tour:
            t = {}
            for code in self.tour:
                t[code] = list(self.tour[code])
            out["tour"] = t  # (no game's code)
        if self.names:
            t = {}
            for name in self.names:
                t[name] = list(self.names[name])
            out["names"] = t  # (no game's code either)
        return out

    @staticmethod
    def from_obj(obj):
        if not isinstance(obj, dict):
            raise ValueError("stats: not a table")
        s = Stats()
        for code in obj:
            record = obj[code]
            if code == "tour":
                from poker import load

                s.tour = load("poker.match.tournament").rows(record)
                continue
            if code == "names":
                from poker import load

                s.names = load("poker.match.friends").rows(record)
                continue
            if isinstance(record, list) and len(record) == _OLD_FIELDS:
                record = record + [0, 0]  # saved before games_left and rebuys
            if not isinstance(code, str) or not isinstance(record, list) or len(record) != len(_FIELDS):
                raise ValueError("stats: bad row")
            for i in range(len(_FIELDS)):
                v = record[i]
                if i == _TEXT:
                    if not isinstance(v, str):
                        raise ValueError("stats: bad text")
                elif i == _NET:
                    if not is_int(v):
                        raise ValueError("stats: bad net")
                elif not is_int(v) or v < 0:
                    raise ValueError("stats: bad count")
            if record[_WON] > record[_HANDS] or record[_GWON] + record[_GLOST] + record[_GLEFT] != record[_GAMES]:
                raise ValueError("stats: inconsistent")
            s.by_game[code] = list(record)
        return s


def _as_dict(record):
    d = {}
    for i in range(len(_FIELDS)):
        d[_FIELDS[i]] = record[i]
    return d
