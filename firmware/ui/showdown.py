"""The end of a hand: who won each pot with what, who showed, who mucked.

The lines, main pot first: a pot line when there are several pots or the
game is hi/lo; a line per winner of each pot (or half): the five cards that
play, the hand's name and the chips it took; then every other seat that
showed, MUCK or FOLD, and you. Names and cards come from the engine
(Hand.explain). UP/DOWN scroll; A goes on; B opens the menu; LEFT/RIGHT
show the hand again street by street (ui.review). What a player sees:
docs/playing.md.
"""
from micropython import const

from poker import load
from ui import glyphs, keys
from ui.screen import SMALL, Screen, W, boxed, money, right, text, width
from ui.glyphs import mini
from ui.words import seat_name

_ROW_H = const(8)
_TOP = const(8)
_ROWS = const(7)     # lines in sight below the top line
_CARDS_X = const(22)  # seat, HI/LO, then the cards
_NAME_X = const(69)   # after five cards


def _seat(s):
    return seat_name(s) if s < 9 else str(s + 1)


def lines_of(view):
    """The showdown as lines: ("pot", left, right), ("win", seat, tag,
    cards, name, chips), ("seat", seat, cards, name), ("more", name)."""
    v = view.variant
    awards = view.awards
    pots = []
    for a in awards:
        if a[0] not in pots:
            pots.append(a[0])
    pots.sort()  # main pot first (each pot's awards keep the engine's order: high, low)
    hilo = v.high and v.low is not None
    out = []
    listed = []
    for p in pots:
        mine = [a for a in awards if a[0] == p]
        if len(pots) > 1 or hilo:
            amount = sum([a[2] for a in mine])
            # the heading of one pot: its size and how it went
            head = "MAIN POT %s" % money(amount) if p == 0 else "SIDE POT %d %s" % (p, money(amount))
            seats = []
            for a in mine:
                for s, _ in a[3]:
                    if s not in seats:
                        seats.append(s)
            if "low" in [a[1] for a in mine]:
                how = "%s SCOOPS" % _seat(seats[0]) if len(seats) == 1 else "SPLIT HI/LO"
            else:
                how = "%s WINS" % _seat(seats[0]) if len(seats) == 1 else "SPLIT"
                if hilo and mine[0][4]:  # shown down, no low
                    how = "NO LOW: " + how
            out.append(("pot", head, how))
        for pot, half, amount, shares, name in mine:
            tag = "LO" if half == "low" else ("HI" if half == "high" else "")
            for s, chips in shares:
                cards = ()
                plays = view.plays[s]
                if plays is not None:
                    cards = plays[1] if half == "low" or not v.high else plays[0]
                elif s == view.seat and view.shown[s] is None:
                    cards = view.own
                out.append(("win", s, tag, cards or (), name or ("OTHERS FOLDED" if not cards else ""), chips))
                if s not in listed:
                    listed.append(s)
    for s in range(len(view.stacks)):
        if s in listed:
            continue
        if view.plays[s] is not None:
            hf, lf = view.plays[s]
            hn, ln = view.names[s]
            if view.mucked[s]:  # your own hand, mucked: named all the same
                hn = "MUCK " + hn if hn else hn
                ln = "MUCK " + ln if ln and not hn else ln
            if hf is not None:
                out.append(("seat", s, hf, hn))
                if lf is not None:
                    out.append(("more", ln))
            elif lf is not None:
                out.append(("seat", s, lf, ln))
        elif view.mucked[s]:
            out.append(("seat", s, view.own if s == view.seat else (), "MUCK"))
        elif s == view.seat:
            out.append(("seat", s, view.own, "FOLD" if view.folded[s] else ""))
    # names too long for their line go on the next one
    wrapped = []
    for ln in out:
        if ln[0] == "win" or ln[0] == "seat":
            name = ln[4] if ln[0] == "win" else ln[3]
            room = W - _NAME_X
            if ln[0] == "win":
                room -= width("+" + money(ln[5])) + 3
            if len(ln[3 if ln[0] == "win" else 2]) > 5:
                room = 0  # more than five cards (your folded hand): name below
            if width(name) > room:
                ln = ln[:4] + ("",) + ln[5:] if ln[0] == "win" else ln[:3] + ("",)
                wrapped.append(ln)
                wrapped.append(("more", name))
                continue
        wrapped.append(ln)
    return wrapped


def _cards(fb, cards, y):
    x = _CARDS_X
    pitch = glyphs.W[glyphs.SMALL] if len(cards) <= 5 else glyphs.W[glyphs.SMALL] - 2
    for c in cards:
        glyphs.small_card(fb, x, y, c)
        x += pitch


def head_of(view):
    """What the top line shows: its word, the board, the pot."""
    shown_any = False
    for s in range(len(view.stacks)):
        if view.shown[s] is not None and s != view.seat:
            shown_any = True
    return ("SHOWDOWN" if shown_any else "HAND OVER", tuple(view.board or ()), view.pot)


def draw_showdown(fb, head, first, lines):
    """``head``: head_of(view), ``lines``: lines_of(view), made once by the
    screen (it keeps them, not the view)."""
    word, board, pot = head
    text(fb, word, 0, 0, SMALL)
    x = width(word) + 4  # the board after a gap, never run into the word
    for c in board:
        mini(fb, x, 0, c)
        x += 9
    right(fb, "POT " + money(pot), W, 0, SMALL)
    fb.hline(0, 6, W, 1)
    y = _TOP
    for i in range(first, min(len(lines), first + _ROWS)):
        ln = lines[i]
        kind = ln[0]
        if kind == "pot":
            text(fb, ln[1], 0, y + 1, SMALL)
            right(fb, ln[2], W, y + 1, SMALL)
            for xx in range(0, W, 2):  # a dotted rule under the pot line
                fb.pixel(xx, y + 7, 1)
        elif kind == "more":
            text(fb, ln[1], _CARDS_X, y + 1, SMALL)
        else:
            s = ln[1]
            text(fb, _seat(s), 0, y + 1, SMALL)
            if kind == "win":
                text(fb, ln[2], 13, y + 1, SMALL)
                _cards(fb, ln[3], y)
                t = "+" + money(ln[5])
                boxed(fb, t, W - width(t) - 1, y, SMALL)
                name = ln[4]
            else:
                _cards(fb, ln[2], y)
                name = ln[3]
            if name:
                text(fb, name, _NAME_X, y + 1, SMALL)
        y += _ROW_H


def prepare(game):
    """The showdown of the game's last hand: ``(hand, head, lines, won)``
    (made ahead while the final table waits: ui.app)."""
    h = game.last_hand
    if h is not None:
        h.explain(0)  # the names and the cards that play, your mucked hand's too
    # (pass and play: a public view, no human's hand that was not shown down)
    v = game.view(0) if game.humans == 1 else load("ui.pass_play").view(game, None)
    if v is None:
        return (h, None, [], 0)
    return (h, head_of(v), lines_of(v), v.winnings[v.seat])


class Showdown(Screen):
    deals_ahead = True
    def __init__(self, app):
        Screen.__init__(self, app)
        self.first = 0
        self.head = None
        self.lines = []

    @property
    def view(self):
        """The last hand's view while the screen is up (made anew: the
        screen keeps its top line and its lines, not the view, whose 1.3 KB
        would sit beside the next deck)."""
        g = self.app.game
        if self.head is None:
            return None
        return g.view(0) if g.humans == 1 else load("ui.pass_play").view(g, None)  # (as prepare's)

    def enter(self):
        g = self.app.game
        p = self.app.take_showdown()
        if p is None or p[0] is not g.last_hand:  # none made ahead, or for another hand
            p = prepare(g)
        self.first = 0
        self.head = p[1]
        self.lines = p[2]
        self.app.gate()  # (a key meant for the table before never closes it)
        self.app.play("win" if p[3] else "lose")

    def key(self, k, event):
        if k == keys.A or k == keys.B:
            self.head = None  # the last hand's lines go before the next deal
            self.lines = []
            if k == keys.B:
                self.app.menu()
            else:
                self.app.after_hand()
        elif k == keys.DOWN or k == keys.UP:
            f = self.first + (1 if k == keys.DOWN else -1)
            if 0 <= f and f + _ROWS <= max(len(self.lines), _ROWS):
                self.first = f
                self.app.changed()
        elif k == keys.LEFT or k == keys.RIGHT:
            app = self.app

            def back():  # this screen again, as it was
                app.screen = self
                app.changed()
            app.last_hand(back)

    def draw(self, fb):
        if self.head is not None:
            draw_showdown(fb, self.head, self.first, self.lines)
