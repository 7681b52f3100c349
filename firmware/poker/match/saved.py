"""What the saved game's record must hold to load (``check``, the parse
``poker.match.game.Game`` gives ``Store.load_json`` for the ``game`` record; its
parts: poker.match.record).

``check`` refuses a record that could not come from a game: beyond its
CRC, the types, the ranges, ``sum(stacks) == players * chips + bought``,
every ``out`` flag equal to ``stack < min_stack`` (a tournament: no
chips), a live dealer, a tournament's places. A refused
record is damage (``poker.match.store``: the last good copy, else defaults,
with one message).

It also reads the hand histories back (``history``, Game.history's work:
the host's and the tests', never the console's own).

Imported only while a game's record is read (at power-on), a rebuy made
(``rebuy``, Game.rebuy's work) or the histories read, and unloaded after:
its code is not in the heap while the game is played.

>>> parse_history(b"12\\nvariant = 'FT'")
(12, "variant = 'FT'")
"""
from poker.match.record import GAME_KEYS, HISTORY_SIZE, history_slot
from poker.match.settings import MAX_HUMANS, SAVE_VERSION, Settings, is_int
from poker.match.stats import Stats


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
    tour = "tour" in g  # a tournament (poker.match.tournament): out with no chips
    min_stack = 1 if tour else s.house().min_stack()
    for i in range(n):
        if not is_int(stacks[i]) or stacks[i] < 0 or not isinstance(out[i], bool):
            raise ValueError("game: bad stack")
        if out[i] != (stacks[i] < min_stack):
            raise ValueError("game: bad elimination")
    bought = g.get("bought", 0)
    if not is_int(bought) or bought < 0:
        raise ValueError("game: bad rebuys")
    if tour:
        from poker import load

        load("poker.match.tournament").check(g)
        if bought:
            raise ValueError("game: a rebuy in a tournament")
    if sum(stacks) != n * s.chips + bought:
        raise ValueError("game: chips do not add up")
    if type(hand_no) is not int or hand_no < 0 or type(dealer) is not int or not 0 <= dealer < n:
        raise ValueError("game: bad dealer")
    if result not in (None, "won", "lost"):
        raise ValueError("game: bad result")
    humans = g.get("humans", 1)  # (pass and play: the seats played from the buttons)
    if not is_int(humans) or not 1 <= humans <= min(n, MAX_HUMANS):
        raise ValueError("game: bad humans")
    if result is None and (out[dealer] or all(out[:humans])):
        raise ValueError("game: bad dealer")
    g["settings"] = s
    return obj


def rebuy(g):
    """Game.rebuy's work (see there)."""
    if not g.over or g.result != "lost" or g.tour is not None:
        raise ValueError("no game over to rebuy")
    g.settle()
    add = g.chips - g.stacks[0]
    g.stacks[0] = g.chips
    g.bought += add
    g.total += add
    g.out[0] = False
    g.over = False
    g.result = None
    d = g.dealer  # the button moves on, as after any hand
    for _ in range(g.seats):
        d = (d + 1) % g.seats
        if not g.out[d]:
            break
    g.dealer = d
    g.stats.record_rebuy(g.code)
    g._save()


def parse_history(data):
    data = bytes(data)
    nl = data.find(b"\n")
    if nl < 0:
        raise ValueError("history: no header")
    return int(data[:nl]), data[nl + 1:].decode()


def history(g, n=HISTORY_SIZE):
    """The last ``n`` saved hand histories of Game ``g`` (PHH text), oldest
    first; a slot (``history_slot``) holding another number (older, or
    newer than the saved game: the power went between the two writes) is
    skipped."""
    if g.store is None:
        return []
    g.settle()
    out = []
    for k in range(g.seq - min(n, HISTORY_SIZE) + 1, g.seq + 1):
        if k <= 0:
            continue
        entry = g.store.load(history_slot(k), parse_history)
        if entry is not None and entry[0] == k:
            out.append(entry[1])
    return out
