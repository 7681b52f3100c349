"""The end of a hand: who showed what, the name of each hand, who won.

One line per seat that showed its cards, won chips, or is you: seat, the
cards (shown cards; yours always; the board on the top line in flop games),
the hand's name and, boxed, the chips the seat collected. UP/DOWN scroll a
crowded showdown; A goes on (the next hand, or a banner first); B opens
the menu.
"""
from micropython import const

from ui import coach, glyphs, keys
from ui.screen import SMALL, Screen, W, boxed, money, right, text, width
from ui.table import mini, own_order, seat_name

_ROW_H = const(8)
_TOP = const(8)


def rows_of(view):
    """The seats listed: showed cards, collected chips, or you."""
    out = []
    for s in range(len(view.stacks)):
        if s == view.seat or view.shown[s] is not None or view.winnings[s] > 0:
            out.append(s)
    return out


def draw_showdown(fb, view, first=0):
    shown_any = False
    for s in range(len(view.stacks)):
        if view.shown[s] is not None and s != view.seat:
            shown_any = True
    text(fb, "SHOWDOWN" if shown_any else "HAND OVER", 0, 0, SMALL)
    x = 36
    for c in view.board or ():
        mini(fb, x, 0, c)
        x += 9
    right(fb, "POT " + money(view.pot), W, 0, SMALL)
    fb.hline(0, 6, W, 1)
    rows = rows_of(view)
    y = _TOP
    v = view.variant
    for i in range(first, len(rows)):
        if y + _ROW_H > 64 + 1:
            break
        s = rows[i]
        text(fb, seat_name(s) if s < 9 else str(s + 1), 0, y + 1, SMALL)
        if s == view.seat:
            cs = [c for c, _ in own_order(view)]
        else:
            cs = view.shown[s] or ()
        x = 10
        for c in cs:
            glyphs.card(fb, x, y, c, glyphs.SMALL)
            x += glyphs.W[glyphs.SMALL] + 1 if len(cs) <= 5 else glyphs.W[glyphs.SMALL]
        won = view.winnings[s]
        end = W
        if won:
            t = "+" + money(won)
            w = width(t, SMALL) + 1
            boxed(fb, t, W - w, y, SMALL)
            end = W - w - 2
        if view.folded[s]:
            name = "FOLD"
        elif cs and (s == view.seat or view.shown[s] is not None):
            own = cs
            if s == view.seat:
                own = [c for c, _ in own_order(view)]
            name = coach.name_of(v, own, view.board)
        else:
            name = ""
        x += 2
        room = (end - x) // 4
        if name and room > 0:
            text(fb, name[:room], x, y + 1, SMALL)
        y += _ROW_H


class Showdown(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.first = 0
        self.view = None

    def enter(self):
        self.view = self.app.game.view(0)
        self.first = 0
        won = self.view.winnings[self.view.seat] if self.view is not None else 0
        self.app.play("win" if won else "lose")

    def key(self, k, ev):
        if k == keys.B:
            self.app.menu()
        elif k == keys.A:
            self.app.after_hand()
        elif k == keys.DOWN or k == keys.UP:
            n = len(rows_of(self.view)) if self.view is not None else 0
            step = 1 if k == keys.DOWN else -1
            f = self.first + step
            if 0 <= f and f + 7 <= max(n, 7):
                self.first = f
                self.app.changed()

    def draw(self, fb):
        if self.view is not None:
            draw_showdown(fb, self.view, self.first)
