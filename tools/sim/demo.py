"""A stand-in app for the simulator while ui.app is missing: shows the
platform's font and card glyphs and echoes the buttons.

Same interface as ui.app.App: ``handle(key, event)``, ``tick(now_ms)``,
``draw()``. Runs on CPython and the MicroPython unix port.
"""
from ui import font, glyphs
from ui.keys import NAMES, PRESS, REPEAT

EVENTS = ("PRESS", "LONG", "REPEAT", "RELEASE")


class DemoApp:
    def __init__(self, display, store=None, rng=None, clock=None, sound=None):
        self.display = display
        self.sound = sound
        self.first = 0       # first card shown
        self.last = "press a button"
        self.dirty = True
        self.now = 0

    def handle(self, key, event):
        self.last = "%s %s" % (NAMES[key], EVENTS[event])
        if event in (PRESS, REPEAT):
            if key in (0, 2):    # LEFT, UP
                self.first = (self.first - 1) % 52
            elif key in (1, 3):  # RIGHT, DOWN
                self.first = (self.first + 1) % 52
            if self.sound is not None:
                self.sound.play("click")
        self.dirty = True

    def tick(self, now_ms):
        self.now = now_ms

    def draw(self):
        if not self.dirty:
            return
        self.dirty = False
        fb = self.display
        fb.fill(0)
        font.text(fb, "STUD  platform demo", 0, 0)
        font.text(fb, "arrows: cards  A/B: try long", 0, 9, 1, font.SMALL)
        x = 0
        for k in range(9):
            glyphs.card(fb, x, 16, (self.first + k) % 52, glyphs.SMALL)
            x += 10
        glyphs.back(fb, x, 16, glyphs.SMALL)
        x = 0
        for k in range(4):
            glyphs.card(fb, x, 25, (self.first + 9 + k) % 52, glyphs.MEDIUM)
            x += 12
        x = 0
        for k in range(5):
            glyphs.card(fb, x, 34, (self.first + 13 + k) % 52, glyphs.LARGE)
            x += 13
        glyphs.back(fb, x, 34, glyphs.LARGE)
        font.text(fb, self.last, 80, 36, 1, font.SMALL)
        font.text(fb, "no ui.app yet", 80, 44, 1, font.SMALL)
        font.text(fb, "%d s" % (self.now // 1000), 80, 52, 1, font.SMALL)
        fb.show()
