"""The saved game on flash: its record's parts (``GAME_KEYS``), and the slots
of the hand histories and their reviews (what the record must hold to
load: poker.match.saved; the files: docs/saves.md).

>>> history_slot(12), review_slot(12)   # hand 12's files
('hist4', 'last0')
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
