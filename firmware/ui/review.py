"""LAST HAND: the last hand again, street by street, then its showdown and
the showdowns of the hands before it (poker.match.review's records on flash).

A street's page: under its title, a line per seat with the cards it showed
so far (yours all, your down cards underlined; the board on its own line in
flop games; FOLD for a seat out before that street), then every action of
the street in order, in the limit words of ui.words ("P4 RAISE TO 40").
The showdown pages are the showdown screen's (ui.showdown), headed by the
hand's number.

Keys: LEFT/RIGHT the page before or after (wrapping: NEXT alone goes
round), UP/DOWN scroll the page (DOWN past the end goes back to its top),
A or B back to where LAST HAND was opened (the menu, or the showdown).
Opened from the menu's LAST HAND or with LEFT/RIGHT on the showdown.
"""
from micropython import const

from poker.variants import DEAL_UP
from ui import keys
from ui.glyphs import mini
from ui.screen import SMALL, Screen, W, right, text, title, width
from ui.words import action_text, seat_name

_TOP = const(10)
_LINE = const(7)
_ROWS = const(7)
_CARDS_X = const(14)


class _Seen:
    """What ui.showdown's lines_of and head_of read of a view, from a
    record's end (the view itself is gone with its hand)."""

    def __init__(self, rec):
        from poker.variants import VARIANTS

        e = rec["end"]
        self.variant = VARIANTS[rec["game"]]
        self.seat = rec["seat"]
        self.own = rec["own"]
        self.board = e["board"]
        self.pot = e["pot"]
        self.stacks = e["stacks"]
        self.awards = e["awards"]
        self.plays = e["plays"]
        self.names = e["names"]
        self.shown = e["shown"]
        self.mucked = e["mucked"]
        self.folded = e["folded"]
        self.winnings = e["winnings"]


def _street_lines(rec, k):
    """The lines of street k: ("cards", seat or -1 for the board, cards,
    down flags or None, note) and ("text", words)."""
    from poker.variants import VARIANTS

    v = VARIANTS[rec["game"]]
    streets = rec["streets"]
    seen = {}     # seat -> its up cards so far
    folded = {}   # seat -> the street it folded on
    board = []
    for i in range(k + 1):
        name, b, ups, acts = streets[i]
        board.extend(b)
        for s, up in ups:
            seen.setdefault(s, []).extend(up)
        if i < k:
            for a in acts:
                if a[1] == "fold":
                    folded[a[0]] = i
    out = []
    me = rec["seat"]
    n = 0
    for i in range(k + 1):
        n += len(v.deals[i])
    own = rec["own"][:n]
    downs = []
    off = 0
    for i in range(k + 1):
        for ch in v.deals[i].encode():  # (its letters as ints: poker.variants.DEAL_UP)
            if off < len(own):
                downs.append(ch != DEAL_UP)
            off += 1
    for s in range(rec["seats"]):
        if s == me:
            out.append(("cards", s, own, downs, "FOLD" if s in folded else ""))
        elif s in folded:
            out.append(("cards", s, seen.get(s, []), None, "FOLD"))
        elif s in seen:  # (flop games: the others' cards are never seen)
            out.append(("cards", s, seen[s], None, ""))
    if board:
        out.append(("cards", -1, board, None, ""))
    # every action in order, as many to a line as fit
    line = ""
    for a in streets[k][3]:
        t = action_text(a[1], a[2], a[3], seat_name(a[0]))
        if line and width(line + "  " + t) > W:
            out.append(("text", line))
            line = t
        else:
            line = line + "  " + t if line else t
    if line:
        out.append(("text", line))
    elif not streets[k][3]:
        out.append(("text", "NO BETTING"))
    return out


class LastHand(Screen):
    """The pages: the last hand's streets and showdown, then the showdowns
    of the hands before it. One record is read at a time (the page's hand:
    a record is 1-2 KB on flash and some KB of objects in the heap), and
    only the shown page's lines are made."""
    next_key = keys.RIGHT

    def __init__(self, app, back, store, last, hands):
        """``last``: the last hand's record (poker.match.review); ``hands``:
        the numbers of the hands before it that are kept, newest first."""
        Screen.__init__(self, app)
        self.back = back
        self.store = store
        pages = []
        for k in range(len(last["streets"])):
            pages.append((last["seq"], k))
        pages.append((last["seq"], -1))  # its showdown
        for q in hands:
            pages.append((q, -1))
        self.pages = pages
        self.rec = last
        self.page = 0
        self.top = 0
        self.lines = []
        self.head = None
        self._load()

    def _load(self):
        """The record and the lines of the page shown."""
        from ui import showdown

        q, k = self.pages[self.page]
        if self.rec is None or self.rec["seq"] != q:
            from poker.match import review

            self.rec = None  # (the one before goes first: one in the heap at a time)
            self.lines = []
            self.rec = review.load(self.store, q)
        rec = self.rec
        self.top = 0
        self.head = None
        if rec is None:  # gone from flash meanwhile (a cut, a full flash)
            self.lines = [("text", "HAND %d: NOT KEPT" % q)]
        elif k >= 0:
            self.lines = _street_lines(rec, k)
        else:
            seen = _Seen(rec)
            word, board, pot = showdown.head_of(seen)
            self.head = ("HAND %d" % q, board, pot)
            self.lines = showdown.lines_of(seen)

    def key(self, k, event):
        n = len(self.pages)
        if k == keys.LEFT or k == keys.RIGHT:
            self.page = (self.page + (1 if k == keys.RIGHT else -1)) % n
            self._load()
        elif k == keys.DOWN:
            self.top = self.top + 1 if self.top + _ROWS < len(self.lines) else 0
        elif k == keys.UP:
            self.top = max(self.top - 1, 0)
        elif k == keys.A or k == keys.B:
            self.rec = None
            self.lines = []
            self.back()
            return
        else:
            return
        self.app.changed()

    def draw(self, fb):
        from ui import showdown

        if self.head is not None:
            showdown.draw_showdown(fb, self.head, self.top, self.lines)
            return
        q, k = self.pages[self.page]
        rec = self.rec
        name = rec["streets"][k][0].upper() if rec is not None and k >= 0 else ""
        title(fb, ("HAND %d " % q) + name)
        right(fb, "%d/%d" % (self.page + 1, len(self.pages)), W - 2, 1, SMALL, 0)
        y = _TOP
        for j in range(self.top, min(len(self.lines), self.top + _ROWS)):
            line = self.lines[j]
            if line[0] == "text":
                text(fb, line[1], 0, y, SMALL)
            else:
                _, s, cards, downs, note = line  # pyright: ignore[reportAssignmentType]  (a "cards" line has five parts)
                text(fb, "BD" if s < 0 else seat_name(s), 0, y, SMALL)
                x = _CARDS_X
                for i in range(len(cards)):
                    mini(fb, x, y, cards[i])
                    if downs is not None and downs[i]:
                        fb.hline(x, y + 5, 7, 1)  # your down card: underlined, as on the table
                    x += 9
                if note:
                    text(fb, note, x + 3, y, SMALL)
            y += _LINE
        if self.top + _ROWS < len(self.lines):  # more below
            fb.fill_rect(W - 1, 62, 1, 2, 1)


def open_last_hand(app, back):
    """LAST HAND on the screen, ``back()`` when it closes (this module and
    poker.match.review then leave the heap); with no hand kept, a notice
    says so."""
    from poker.match import review

    g = app.game
    st = app.store
    if g is not None:
        g.drop_deal_ahead()  # (its heap is wanted here; the showdown deals it again, the same)
    last = review.load(st, g.seq) if g is not None else None
    if g is None or last is None:
        from ui.messages import Banner

        app.go(Banner(app, "LAST HAND", ["NO HAND KEPT YET"], back, True))
        return
    seqs = []
    for q in range(g.seq - 1, g.seq - review.KEPT, -1):
        if q <= 0 or not st.exists(review.slot(q)):
            break
        seqs.append(q)

    def close():
        from poker import unload

        unload("ui.review")
        unload("poker.match.review")
        back()
    app.go(LastHand(app, close, st, last, seqs))
