"""NAMES (the menu's, pass and play): each human's name of three letters,
entered once with the arrows: UP/DOWN change the letter under the cursor,
LEFT/RIGHT move it (from one name to the next), A keeps the names, B
leaves them as they were. Two buttons: NEXT (RIGHT) moves, NEXT held
(DOWN) changes the letter, OK keeps, OK held leaves.

Imported when opened and forgotten when closed (``poker.unload``).
"""
from micropython import const

from poker import unload
from poker.match.friends import LETTERS
from ui import keys
from ui.screen import NORMAL, SMALL, Screen, centered, text, title

_LEN = const(3)  # letters in a name (poker.match.settings)
_ROW_H = const(10)
_TOP = const(12)
_NAME_X = const(40)
_PITCH = const(8)  # a NORMAL letter's cell


def open(app):  # (the menu calls it by a name every route has)
    """The name entry over the menu (it comes back on the same item)."""
    app.keep_menu()
    app.go(NameEntry(app))


class NameEntry(Screen):
    next_key = keys.RIGHT

    def __init__(self, app):
        Screen.__init__(self, app)
        s = app.settings
        self.names = bytearray(s.names.encode())  # edited here, kept by A
        self.count = s.humans
        self.at = 0  # the letter under the cursor: name at // 3, letter at % 3

    def key(self, k, event):
        n = self.count * _LEN
        if k == keys.LEFT or k == keys.RIGHT:
            self.at = (self.at + (1 if k == keys.RIGHT else -1)) % n
        elif k == keys.UP or k == keys.DOWN:
            c = LETTERS.find(chr(self.names[self.at]))
            c = (max(c, 0) + (1 if k == keys.UP else -1)) % len(LETTERS)
            self.names[self.at] = ord(LETTERS[c])
        elif k == keys.A or k == keys.B:
            app = self.app
            if k == keys.A:
                app.settings.names = self.names.decode()
                app.settings.normalize()
                app.settings_changed()
                app.save_settings()
            unload("ui.name_entry")
            app.menu()
            return
        else:
            return
        self.app.changed()

    def draw(self, fb):
        title(fb, "NAMES")
        y = _TOP
        for i in range(self.count):
            text(fb, "P%d" % (i + 1), 2, y + 1, NORMAL)
            for j in range(_LEN):
                k = i * _LEN + j
                x = _NAME_X + j * _PITCH
                c = chr(self.names[k])
                if k == self.at:
                    fb.fill_rect(x - 1, y, _PITCH, _ROW_H - 1, 1)
                    text(fb, c, x, y + 1, NORMAL, 0)
                else:
                    text(fb, c, x, y + 1, NORMAL)
                    fb.hline(x, y + _ROW_H - 2, _PITCH - 2, 1)
            y += _ROW_H
        centered(fb, "UP/DOWN LETTER  A: KEEP", 64 - 7, SMALL)
