"""The battery on the menu's title bar, and its warning when it runs low.

``icon(fb, percent, x, y)``: a battery ``ICON_W`` x 7 pixels, dark on the
lit title bar, filled in proportion to ``percent``.
``warn(app, percent)``: BATTERY LOW over the screen up now; A (or B) goes
back to that screen. The console calls it once, when the board's battery
sense (hw.power.Battery) reads low while the app waits for you.
"""
from micropython import const

from ui.messages import Banner

ICON_W = const(12)  # the body and its tip
_BODY_W = const(10)
_H = const(7)
_INSIDE = const(_BODY_W - 4)  # the fill's widest, inside the outline and a gap


def icon(fb, percent, x, y):
    fb.rect(x, y, _BODY_W, _H, 0)
    fb.fill_rect(x + _BODY_W, y + 2, ICON_W - _BODY_W, _H - 4, 0)  # the tip
    w = (_INSIDE * percent + 50) // 100
    if w:
        fb.fill_rect(x + 2, y + 2, w, _H - 4, 0)


def warn(app, percent):
    back = app.screen
    app.go(Banner(app, "BATTERY LOW", ["%d%% LEFT" % percent, "CHARGE OR CHANGE IT SOON"],
                  lambda: app.go(back), True))
