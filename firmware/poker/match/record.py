"""The saved game on flash: its record's parts (``GAME_KEYS``), and the slots
of the hand histories and their reviews (what the record must hold to
load: poker.match.saved; the files: docs/saves.md).

>>> history_slot(12), review_slot(12)   # hand 12's files
('hist4', 'last0')
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
