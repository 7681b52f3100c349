"""The saved game on flash: its record's parts, and the slots of the hand
histories (what the record must hold to load: poker.match.saved).

The ``game`` record (``poker.match.game.Game`` writes it after every hand) is
``{"v": SAVE_VERSION, "seq": hands ever played, "stats": Stats,
"game": {...} or None}``; its ``game`` part has the settings of the game in
play (``GAME_KEYS``) and ``stacks``, ``out``, ``dealer``, ``hand_no``,
``result``, ``bought`` (chips bought by rebuys; 0 when absent), and for a
tournament ``tour`` (``poker.match.tournament``).

The hand histories: hand number ``seq`` lives in slot ``history_slot(seq)``
as ``b"<seq>\\n"`` and its PHH text; ``parse_history`` reads one back. Its
review (what you saw of it, for LAST HAND) lives in ``review_slot(seq)``.

>>> parse_history(b"12\\nvariant = 'FT'")
(12, "variant = 'FT'")
"""
from micropython import const

HISTORY_SIZE = const(8)  # hand histories kept on flash
REVIEWS = const(4)  # hands kept for LAST HAND (poker.match.review), each a file of 1-2 KB
REVIEW_VERSION = const(1)  # the format of those files (poker.match.review)
GAME_KEYS = ("game", "stakes", "profile", "players", "chips")  # the settings a game is played with


def history_slot(seq):
    return "hist%d" % (seq % HISTORY_SIZE)


def review_slot(seq):
    """Where hand ``seq``'s review for LAST HAND is kept (poker.match.review)."""
    return "last%d" % (seq % REVIEWS)


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
