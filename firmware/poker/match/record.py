"""The saved game on flash: what its record must hold to load, and the
slots of the hand histories.

The ``game`` record (``poker.match.game.Game`` writes it after every hand) is
``{"v": SAVE_VERSION, "seq": hands ever played, "stats": Stats,
"game": {...} or None}``; its ``game`` part has the settings of the game in
play (``GAME_KEYS``) and ``stacks``, ``out``, ``dealer``, ``hand_no``,
``result``, ``bought`` (chips bought by rebuys; 0 when absent). ``check``
refuses one that could not come from a game: beyond its CRC, the types,
the ranges, ``sum(stacks) == players * chips + bought``,
every ``out`` flag equal to ``stack < min_stack``, a live dealer. A refused
record is damage (``poker.match.store``: the last good copy, else defaults, with
one message).

The hand histories: hand number ``seq`` lives in slot ``history_slot(seq)``
as ``b"<seq>\\n"`` and its PHH text; ``parse_history`` reads one back. Its
review (what you saw of it, for LAST HAND) lives in ``review_slot(seq)``.

>>> parse_history(b"12\\nvariant = 'FT'")
(12, "variant = 'FT'")
"""
from micropython import const

from poker.match.settings import SAVE_VERSION, Settings, is_int
from poker.match.stats import Stats

HISTORY_SIZE = const(8)  # hand histories kept on flash
REVIEWS = const(4)  # hands kept for LAST HAND (poker.match.review), each a file of 1-2 KB
GAME_KEYS = ("game", "stakes", "profile", "players", "chips")  # the settings a game is played with


def history_slot(seq):
    return "hist%d" % (seq % HISTORY_SIZE)


def review_slot(seq):
    """Where hand ``seq``'s review for LAST HAND is kept (poker.match.review)."""
    return "last%d" % (seq % REVIEWS)


def parse_history(payload):
    payload = bytes(payload)
    nl = payload.find(b"\n")
    if nl < 0:
        raise ValueError("history: no header")
    return int(payload[:nl]), payload[nl + 1:].decode()


def check(obj):
    """Validates the "game" record; returns it (its ``stats`` a Stats, its
    game's ``settings`` a Settings) or raises ValueError."""
    if not isinstance(obj, dict) or obj.get("v") != SAVE_VERSION:
        raise ValueError("game: wrong version")
    seq = obj.get("seq")
    if type(seq) is not int or seq < 0:
        raise ValueError("game: bad seq")
    obj["stats"] = Stats.from_obj(obj.get("stats"))
    g = obj.get("game")
    if g is None:
        return obj
    if not isinstance(g, dict):
        raise ValueError("game: not a table")
    s = Settings()
    for name in GAME_KEYS:
        setattr(s, name, g.get(name))
    for name in ("stakes", "players", "chips"):
        if not is_int(getattr(s, name)):
            raise ValueError("game: bad " + name)
    before = [getattr(s, name) for name in GAME_KEYS]
    s.normalize()
    if before != [getattr(s, name) for name in GAME_KEYS]:
        raise ValueError("game: settings out of range")
    n = s.players
    stacks = g.get("stacks")
    out = g.get("out")
    dealer = g.get("dealer")
    hand_no = g.get("hand_no")
    result = g.get("result")
    if not isinstance(stacks, list) or len(stacks) != n or not isinstance(out, list) or len(out) != n:
        raise ValueError("game: bad seats")
    min_stack = s.house().min_stack()
    for i in range(n):
        if not is_int(stacks[i]) or stacks[i] < 0 or not isinstance(out[i], bool):
            raise ValueError("game: bad stack")
        if out[i] != (stacks[i] < min_stack):
            raise ValueError("game: bad elimination")
    bought = g.get("bought", 0)
    if not is_int(bought) or bought < 0:
        raise ValueError("game: bad rebuys")
    if sum(stacks) != n * s.chips + bought:
        raise ValueError("game: chips do not add up")
    if type(hand_no) is not int or hand_no < 0 or type(dealer) is not int or not 0 <= dealer < n:
        raise ValueError("game: bad dealer")
    if result not in (None, "won", "lost"):
        raise ValueError("game: bad result")
    if result is None and (out[dealer] or out[0]):
        raise ValueError("game: bad dealer")
    g["settings"] = s
    return obj


# ---------------------------------------------------------------- a hand's books


def histories(store, seq, n):
    """The last ``n`` saved hand histories (PHH text) up to hand ``seq``,
    oldest first. A slot holding another number (older, or newer than the
    saved game because the power went between the two writes) is skipped."""
    out = []
    for k in range(seq - min(n, HISTORY_SIZE) + 1, seq + 1):
        if k <= 0:
            continue
        entry = store.load(history_slot(k), parse_history)
        if entry is not None and entry[0] == k:
            out.append(entry[1])
    return out


def chips_add_up(start, final):
    """The stacks a hand ends with are its start's chips, none made or lost,
    none given to a seat that was not dealt in."""
    if len(final) != len(start) or sum(final) != sum(start):
        return False
    for i in range(len(start)):
        if final[i] < 0 or (start[i] == 0 and final[i] != 0):
            return False
    return True
