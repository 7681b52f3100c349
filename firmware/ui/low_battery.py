"""The BATTERY LOW screen, over the screen up now; A (or B) goes back to it.

Imported only when it shows (its code is in the heap for that moment): the
console shows it once, when the board's battery sense (hw.power.Battery)
reads low while the app waits for you.
"""
from ui.messages import Banner


def show(app, percent):
    back = app.screen
    app.go(Banner(app, "BATTERY LOW", ["%d%% LEFT" % percent, "CHARGE OR CHANGE IT SOON"],
                  lambda: app.go(back), True))
