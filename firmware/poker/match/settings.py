"""The menu's settings: what the menu changes, kept legal, saved on flash.

>>> s = Settings()
>>> (s.profile, s.players, s.chips, s.house().first_dealer)
('lexibook', 4, 5000, 2)
>>> s.profile = 'casino'; s.game = 'FR'; s.players = 12
>>> s.normalize().players
8

The fields, ``house()``, ``load``/``save``: firmware/poker/README.md, "Settings".
"""
from micropython import const

from poker import load, rules, unload
from poker.variants import VARIANTS, games

SAVE_VERSION = const(1)  # the "v" of the settings and game records
STAKES = (10, 20, 50, 100)  # small bets: BET SIZE 10/20, 20/40, 50/100, 100/200
SPEEDS = ("SLOW", "NORMAL", "FAST")  # the virtual players' pace (the SPEED menu)
_DEFAULT_GAME = const("F7S")
DEFAULT_PROFILE = rules.PROFILE_NAMES[0]  # the console's
MAX_HUMANS = const(4)  # pass and play: friends around one console
_NAME = const(3)  # letters in a human's name
_NAMES = const("P1 P2 P3 P4 ")  # the humans' names till they enter their own


def is_int(v):
    """An int that is not a bool (JSON data)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _fields(house):
    """(name, default) of every field, the default's type the field's type;
    the default profile's ``house`` (a RuleSet) gives the seats and chips."""
    return (
        ("game", _DEFAULT_GAME),
        ("stakes", 0),
        ("profile", house.profile),
        ("players", house.max_seats),
        ("chips", house.starting_chips),
        ("difficulty", 1),
        ("speed", 1),
        ("sound", True),
        ("contrast", 128),
        ("coach", False),
        ("tour", 0),
        ("humans", 1),
        ("names", _NAMES),
    )


class Settings:
    STAKES = STAKES
    SPEEDS = SPEEDS
    PROFILES = rules.PROFILE_NAMES  # the RULES menu's order
    _FIELDS = _fields(rules.PROFILES[DEFAULT_PROFILE]())
    sound: bool  # declared for the type checker (the values come from _FIELDS)
    coach: bool  # declared for the type checker (the values come from _FIELDS)
    tour: int  # declared for the type checker (the values come from _FIELDS)
    humans: int  # declared for the type checker (the values come from _FIELDS)
    names: str  # declared for the type checker (the values come from _FIELDS)

    def __init__(self):
        for name, default in self._FIELDS:
            setattr(self, name, default)

    def name(self, seat):
        """The name of the human at ``seat`` (three letters)."""
        return self.names[seat * _NAME:seat * _NAME + _NAME]

    def games(self):
        return games(self.profile)

    def small_bet(self):
        return STAKES[self.stakes]

    def house(self):
        """The RuleSet of these (normalized) settings: profile, stakes, chips."""
        return rules.house(self.profile, self.small_bet(), self.chips)

    def _profile(self):
        return rules.PROFILES[self.profile](self.small_bet())

    def max_players(self):
        return self._profile().seats_for(VARIANTS[self.game])

    def min_players(self):
        return self._profile().min_seats

    def chip_choices(self):
        return self._profile().chip_choices

    def normalize(self):
        """Clamps every field to a legal value; returns self."""
        if self.profile not in self.PROFILES:
            self.profile = DEFAULT_PROFILE
        if self.game not in self.games():
            self.game = _DEFAULT_GAME
        if not 0 <= self.stakes < len(STAKES):
            self.stakes = 0
        house = self._profile()
        self.players = max(house.min_seats, min(house.seats_for(VARIANTS[self.game]), self.players))
        if self.chips not in house.chip_choices:
            self.chips = house.starting_chips
        self.difficulty = max(0, min(2, self.difficulty))
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed))
        self.contrast = max(0, min(255, self.contrast))
        self.tour = max(0, min(99, self.tour))
        self.humans = max(1, min(MAX_HUMANS, self.players, self.humans))
        if self.names.__class__ is not str or len(self.names) != len(_NAMES):
            self.names = _NAMES  # (their letters: checked as they are read, from_obj)
        return self

    def copy(self):
        s = Settings()
        for name, _ in self._FIELDS:
            setattr(s, name, getattr(self, name))
        return s

    def to_obj(self):
        d = {"v": SAVE_VERSION}
        for name, _ in self._FIELDS:
            d[name] = getattr(self, name)
        return d

    @staticmethod
    def from_obj(obj):
        """Settings from JSON data; ValueError on a wrong version or type.
        Missing fields take their defaults; out-of-range values are clamped."""
        if not isinstance(obj, dict) or obj.get("v") != SAVE_VERSION:
            raise ValueError("settings: wrong version")
        s = Settings()
        for name, default in Settings._FIELDS:
            if name not in obj:
                continue
            v = obj[name]
            if isinstance(default, bool):
                ok = isinstance(v, bool)
            elif isinstance(default, int):
                ok = is_int(v)
            else:
                ok = isinstance(v, str)
            if not ok:
                raise ValueError("settings: bad " + name)
            setattr(s, name, v)
        if s.names != _NAMES:
            # pass and play's names, from the file: their letters are checked
            # by pass and play's own module (no code of it in a one-human heap)
            try:
                s.names = load("poker.match.friends").names(s.names, _NAMES)
            finally:
                unload("poker.match.friends")
        return s.normalize()

    @staticmethod
    def load(store):
        s = None
        if store is not None:
            s = store.load_json("settings", Settings.from_obj)
        return s if s is not None else Settings()

    def save(self, store):
        if store is not None:
            store.save_json("settings", self.to_obj())
