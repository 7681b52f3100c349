"""The base of every screen and the small drawing helpers they share.

A screen is an object with four methods, all optional to override:

- ``key(k, ev)``: a key event (``ui.keys`` codes; the app has already
  turned auto-repeat into presses and dropped releases);
- ``tick(now_ms)``: time passes (pacing, flashing);
- ``draw(fb)``: draws the whole screen on a cleared frame buffer;
- ``enter()``: the screen becomes the current one.

A screen that changes what it shows calls ``self.app.changed()``; the app
redraws on its next ``draw()`` only then.
"""
from micropython import const

from ui import font, keys

SMALL = font.SMALL
NORMAL = font.NORMAL
W = const(128)
H = const(64)


class Screen:
    # the key that means "next choice" on this screen for a two-button board
    # (B short press); see ui/app.py
    next_key = keys.DOWN
    deals_ahead = False  # True: the app deals the next hand while it is up (Showdown)
    # True for a question: its arrows pick the answer A then gives, so the
    # gate drops them too (an arrow meant for the screen before never
    # moves the answer)
    asks = False

    def __init__(self, app):
        self.app = app

    def enter(self):
        pass

    def key(self, k, event):
        pass

    def tick(self, now):
        pass

    def draw(self, fb):
        pass


def text(fb, s, x, y, f=SMALL, c=1):
    font.text(fb, s, x, y, c, f)


def width(s, f=SMALL):
    return font.width(s, f)


def centered(fb, s, y, f=NORMAL, c=1):
    font.text(fb, s, (W - font.width(s, f)) // 2, y, c, f)


def wrap(s, width, f=SMALL):
    """The text s in lines no wider than width pixels, broken between words
    (a word longer than a line is cut into pieces that fit)."""
    out = []
    line = ""
    for word in s.split(" "):
        while font.width(word, f) > width:  # a word too long for any line
            n = width // font.ADVANCE[f]
            if line:
                out.append(line)
                line = ""
            out.append(word[:n])
            word = word[n:]
        t = word if not line else line + " " + word
        if font.width(t, f) <= width:
            line = t
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


def wrap_all(lines, width, f=SMALL):
    """Every line of ``lines`` wrapped to width pixels, in one list."""
    out = []
    for line in lines:
        out.extend(wrap(line, width, f))
    return out


def right(fb, s, end, y, f=SMALL, c=1):
    """Text that ends (exclusive) at x = end."""
    font.text(fb, s, end - font.width(s, f), y, c, f)


def boxed(fb, s, x, y, f=SMALL, lit=True):
    """Text in a lit box (dark letters) when ``lit``, else plain; returns
    the width used. The box is one pixel larger than the text each side."""
    return font.draw_boxed(fb, s, x, y, f, lit)


def title(fb, s):
    """A lit title bar 9 px tall across the top with the text in dark."""
    fb.fill_rect(0, 0, W, 9, 1)
    font.text(fb, s, 2, 1, 0, NORMAL)


BATTERY_W = const(12)  # battery_icon's width: its body and its tip
_BATTERY_BODY = const(10)
_BATTERY_H = const(7)


def battery_icon(fb, percent, x, y):
    """The battery on the lit title bar, in dark: its outline and tip,
    filled in proportion to ``percent``."""
    fb.rect(x, y, _BATTERY_BODY, _BATTERY_H, 0)
    fb.fill_rect(x + _BATTERY_BODY, y + 2, BATTERY_W - _BATTERY_BODY, _BATTERY_H - 4, 0)
    w = ((_BATTERY_BODY - 4) * percent + 50) // 100
    if w:
        fb.fill_rect(x + 2, y + 2, w, _BATTERY_H - 4, 0)


def frame(fb, x, y, w, h):
    """A dialog box: cleared inside, a double outline."""
    fb.fill_rect(x, y, w, h, 0)
    fb.rect(x, y, w, h, 1)
    fb.rect(x + 2, y + 2, w - 4, h - 4, 1)


money = font.money  # chips as short text: 12345 -> '12345', 123456 -> '123K'
