"""The last hands on review: what you saw of each finished hand, kept on
flash beside its PHH history for the LAST HAND screen (ui.review).

``poker.match.review_write.record`` makes a hand's record when the hand
is booked (imported for that write alone); this module reads it back:
``load(store, seq)``, ``check(obj)`` (returns it or raises ValueError:
``Store.load``'s parse), and the last ``KEPT`` hands' slots, hand ``seq``
in ``slot(seq)``. The record's format: docs/saves.md, "LAST HAND's records".

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
