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

``record(hand, seq, code, seat=0)`` -> a JSON-ready dict::

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
from micropython import const

from poker.match.record import REVIEWS as KEPT  # noqa: F401  (API: the hands kept)
from poker.match.record import review_slot as slot

VERSION = const(1)


def _streets(h, seat):
    """[name, board dealt, [[s, up dealt]...], [[s, kind, chips, total]...]]
    per street dealt."""
    v = h.variant
    out = []
    board = list(h.board)
    nb = 0
    off = 0
    for k in range(v.streets):
        deal = v.deals[k]
        ups = []
        dealt = False
        for s in range(h.n):
            cs = h.hole[s]
            if len(cs) <= off:
                continue
            dealt = True
            up = [cs[off + i] for i in range(len(deal)) if off + i < len(cs) and deal[i] == "u"]
            if up:
                ups.append([s, up])
        bk = v.board[k] if k < len(v.board) else 0
        b = board[nb:nb + bk]
        if k == v.streets - 1 and nb + bk < len(board):  # a stud community card
            b = board[nb:]
        nb += bk
        off += len(deal)
        acts = []
        tot = [0] * h.n
        if k == 0:
            for s in range(h.n):
                tot[s] = h.blinds[s]
        for a in h.actions:
            if a[0] == k:
                tot[a[1]] += a[3]
                acts.append([a[1], a[2], a[3], tot[a[1]]])
        if not (dealt or b or acts):
            break
        out.append([v.street_names[k], b, ups, acts])
    return out


def _lists(x):
    """Tuples into lists, all the way down (what JSON gives back)."""
    if isinstance(x, (list, tuple)):
        return [_lists(y) for y in x]
    return x


def record(h, seq, code, seat=0):
    """The record of finished Hand ``h`` (hand number ``seq``, game
    ``code``) as ``seat`` saw it; explains the hand first (for that seat)."""
    h.explain(seat)
    end = {
        "pot": h.pot(), "board": list(h.board), "awards": _lists(h.awards), "plays": _lists(h.plays),
        "names": _lists(h.names), "shown": _lists(h.shown), "mucked": list(h.mucked),
        "folded": list(h.folded), "stacks": list(h.stacks), "winnings": list(h.winnings),
    }
    return {"v": VERSION, "seq": seq, "game": code, "seats": h.n, "dealer": h.dealer, "seat": seat,
            "own": list(h.hole[seat]), "streets": _streets(h, seat), "end": end}


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

    def parse(payload):
        return check(json.loads(bytes(payload).decode()))
    r = store.load(slot(seq), parse)
    return r if r is not None and r["seq"] == seq else None
