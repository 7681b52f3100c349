"""The console's first screen: the title, "NEW GAME" flashing, LOADING
while the app reads what the first key needs.

Shown once, at power-on: ui.app imports it then, and it unloads itself
when the next screen takes over, so its code is not in the heap after.
"""
from micropython import const

from ui import glyphs
from ui.messages import big
from ui.screen import NORMAL, SMALL, Screen, centered

_FLASH_MS = const(500)   # "NEW GAME" on for this long, then off as long


class PowerOn(Screen):
    """The console's first screen: the title and "NEW GAME" flashing.
    Any key goes on to the menu (the app may first ``wait``)."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.lit = True
        self.next_flash = None
        self.waiting = None  # Wait's (step, done) while LOADING shows

    def wait(self, step, done):
        """As Wait, in place of NEW GAME: only its rows change (a quicker
        frame than a whole screen)."""
        self.waiting = (step, done)
        self.app.changed(40, 64)

    def rest_ms(self, now):
        """Till the title's next flash (App.rest_ms); 0 while LOADING."""
        if self.waiting is not None or self.next_flash is None:
            return 0
        return max(0, self.next_flash - now)

    def tick(self, now):
        w = self.waiting
        if w is not None:
            if not self.app.dirty and w[0]():  # (its frame first)
                self.waiting = None
                w[1]()
                self._left()
            return
        if self.next_flash is None:
            self.next_flash = now + _FLASH_MS
        elif now >= self.next_flash:
            self.next_flash = now + _FLASH_MS
            self.lit = not self.lit
            self.app.changed()

    def key(self, k, event):
        if self.waiting is None:
            self.app.menu()
            self._left()

    def _left(self):
        if self.app.screen is not self:  # (it may stay up, LOADING)
            from poker import unload

            unload("ui.power_on")

    def draw(self, fb):
        x = 64 - 2 * 13 - 1
        for c in (51, 46, 43, 38):  # As Kh Qs Jh: the cards of the title
            glyphs.card(fb, x, 2, c, glyphs.LARGE)
            x += 13
        big(fb, "POKER", 21)
        if self.waiting is not None:
            centered(fb, "LOADING", 41, NORMAL)
            return
        if self.lit:
            centered(fb, "NEW GAME", 41, NORMAL)
        centered(fb, "PRESS A", 56, SMALL)
