"""The last hands on review: what you saw of each finished hand, kept on
flash beside its PHH history for the LAST HAND screen (ui.review).

The PHH history holds every card and action, but replaying it needs the
engine (the pots, who won them and why); the device keeps instead, once a
hand is over, a compact record of it as one seat saw it: its own cards,
each street's up cards and board cards, every action with the street total
it made, and the showdown as the screen explains it (``Hand.explain``:
awards with the ranks that decided, the cards that play, the names, your
mucked hand named). ``poker.match.game`` books it with the hand (a part of
``book``); the last ``KEPT`` stay, hand number ``seq`` in slot
``slot(seq)`` (poker.match.record's ``review_slot``: the screen shows the
last hand street by street, and the showdowns of the ones before).

``poker.match.review_write.record(hand, seq, code, seat=0)`` (the booking's,
imported for one write: LAST HAND reads with this module alone) -> a
JSON-ready dict::

    {"v": 1, "seq": seq, "game": code, "seats": n, "dealer": d,
     "seat": seat, "own": [seat's cards, dealing order],
     "streets": [[name, [board cards dealt], [[s, [up cards dealt]], ...],
                  [[s, kind, chips, street total], ...]], ...],
     "end": {"pot", "board", "awards", "plays", "names", "shown",
             "mucked", "folded", "stacks", "winnings"}}

``check(obj)`` returns it or raises ValueError (``Store.load``'s parse).
Cards are poker.cards integers; a street is listed once its cards were
dealt (a hand that ended early has fewer).

>>> slot(9)
'last1'
"""
from poker.match.record import REVIEWS as KEPT  # noqa: F401  (API: the hands kept)
from poker.match.record import REVIEW_VERSION as VERSION
from poker.match.record import review_slot as slot


def check(obj):
    """The record if it looks like one (else ValueError)."""
    if not isinstance(obj, dict) or obj.get("v") != VERSION:
        raise ValueError("review: wrong version")
    for k in ("seq", "seats", "seat", "dealer"):
        if type(obj.get(k)) is not int:
            raise ValueError("review: bad " + k)
    if not isinstance(obj.get("streets"), list) or not isinstance(obj.get("end"), dict):
        raise ValueError("review: bad parts")
    if not isinstance(obj.get("game"), str):
        raise ValueError("review: bad game")
    return obj


def load(store, seq):
    """The record of hand ``seq`` from ``store``, or None (not kept, or
    another hand's in its slot)."""
    if store is None or seq <= 0:
        return None
    import json

    def parse(data):
        return check(json.loads(data))  # (no copy of the bytes: Store.load_json)
    r = store.load(slot(seq), parse)
    return r if r is not None and r["seq"] == seq else None
