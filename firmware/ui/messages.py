"""Banners (FINISH, GAME OVER, YOU WIN, notices) and dialogs (the power-on
screen is ui.power_on's; a game event's banner is made by ui.events)."""
from micropython import const

from ui import keys
from ui.screen import NORMAL, SMALL, Screen, W, centered, frame, text, width, wrap_all

_SETTLE_MS = const(400)  # a banner ignores keys this long (no accidental skip)
_BANNER_PX = const(124)  # a banner's text width: inside its outline
_CONFIRM_PX = const(120)  # a dialog's: inside its double outline
_BANNER_ROWS = const((6, 5))  # lines under a small word, under a big one
_CONFIRM_ROWS = const(4)  # lines between a dialog's heading and its answers


def big(fb, s, y, c=1):
    """Centred text at twice the NORMAL font's size (10x14 glyphs)."""
    if not _SCR:
        import framebuf

        _SCR.append(framebuf.FrameBuffer(bytearray(128), 128, 8, framebuf.MONO_VLSB))
    scratch = _SCR[0]
    scratch.fill(0)
    text(scratch, s, 0, 0, NORMAL, 1)
    n = width(s, NORMAL)
    start = (W - 2 * n) // 2
    for x in range(n):
        for yy in range(7):
            if scratch.pixel(x, yy):
                fb.fill_rect(start + 2 * x, y + 2 * yy, 2, 2, c)


_SCR = []




class Banner(Screen):
    """A big word ("FINISH", "GAME OVER", "YOU WIN") or a notice with a few
    lines under it (wrapped to fit; the first _BANNER_ROWS lines are shown);
    A (or B) closes it and calls done(). With ``answers`` (GAME OVER's
    REBUY and NEW GAME) they stand on the bottom line: LEFT/RIGHT pick, A
    calls done(index), B done(-1)."""
    next_key = keys.RIGHT

    def __init__(self, app, word, lines, done, small_word=False, answers=None):
        Screen.__init__(self, app)
        self.word = word
        lines = wrap_all(lines, _BANNER_PX)
        rows = _BANNER_ROWS[0 if small_word else 1] - (2 if answers else 0)
        self.complete = len(lines) <= rows  # every word in sight (tests)
        self.lines = lines[:rows]
        self.done = done
        self.small_word = small_word
        self.answers = answers
        self.chosen = 0
        self.since = None

    def tick(self, now):
        if self.since is None:
            self.since = now

    def key(self, k, event):
        a = self.answers
        if a and (k == keys.LEFT or k == keys.RIGHT):
            self.chosen = max(0, min(len(a) - 1, self.chosen + (1 if k == keys.RIGHT else -1)))
            self.app.changed()
            return
        if k != keys.A and k != keys.B:
            return
        if self.since is not None and self.app.now - self.since < _SETTLE_MS:
            return
        if a:
            self.done(self.chosen if k == keys.A else -1)
        else:
            self.done()

    def draw(self, fb):
        fb.rect(0, 0, W, 64, 1)
        if self.small_word:
            centered(fb, self.word, 4, NORMAL)
            y = 15
        else:
            big(fb, self.word, 4)
            y = 22
        for line in self.lines:
            centered(fb, line, y, SMALL)
            y += 7
        if self.answers:
            answers(fb, self.answers, self.chosen, 4, W - 4)
        else:
            centered(fb, "A: OK", 56, SMALL)


class Wait(Screen):
    """LOADING while what the next screen needs is made, a step per poll
    after this frame is shown: step() until it returns True, then done().
    The answer to a key that must wait (a quick key after power-on, the
    game's code still loading): on the display at once, the screen after."""

    def __init__(self, app, step, done):
        Screen.__init__(self, app)
        self.step = step
        self.done = done

    def tick(self, now):
        if not self.app.dirty and self.step():  # (its frame first)
            self.done()

    def draw(self, fb):
        fb.rect(0, 0, W, 64, 1)
        centered(fb, "LOADING", 28, NORMAL)


class Confirm(Screen):
    """A question with two or three answers side by side. LEFT/RIGHT pick,
    A answers with done(index); B answers done(cancel) (-1: no answer, just
    back). ``chosen``: the answer picked at first (default: cancel or 0).
    The choice stops at the ends (as the action bar's), and a key pressed
    within the gate's time of the question (ui.app.gate) does nothing: a
    stray arrow never moves a FOLD? to FOLD for the A that follows."""
    next_key = keys.RIGHT
    asks = True

    def __init__(self, app, heading, lines, answers, done, cancel=0, chosen=None):
        Screen.__init__(self, app)
        self.heading = heading
        lines = wrap_all(lines, _CONFIRM_PX)
        self.complete = len(lines) <= _CONFIRM_ROWS and width(heading, NORMAL) <= _CONFIRM_PX
        self.lines = lines[:_CONFIRM_ROWS]
        self.answers = answers
        self.done = done
        self.cancel = cancel
        if chosen is None:
            chosen = max(cancel, 0)
        self.chosen = chosen

    def enter(self):
        self.app.gate()

    def key(self, k, event):
        n = len(self.answers)
        if k == keys.LEFT or k == keys.UP:
            if self.chosen > 0:
                self.chosen -= 1
                self.app.changed()
        elif k == keys.RIGHT or k == keys.DOWN:
            if self.chosen < n - 1:
                self.chosen += 1
                self.app.changed()
        elif k == keys.A:
            self.done(self.chosen)
        elif k == keys.B:
            self.done(self.cancel)

    def draw(self, fb):
        frame(fb, 0, 0, W, 64)
        centered(fb, self.heading, 5, NORMAL)
        y = 16
        for line in self.lines:
            centered(fb, line, y, SMALL)
            y += 7
        answers(fb, self.answers, self.chosen, 4, W - 4)


def answers(fb, items, chosen, start, end):
    """Answers evenly spread on the bottom line between x = start and end, the
    chosen one in a lit box."""
    n = len(items)
    slot = (end - start) // n
    for i in range(n):
        s = items[i]
        w = width(s, NORMAL)
        x = start + i * slot + (slot - w) // 2
        if i == chosen:
            fb.fill_rect(x - 2, 50, w + 3, 10, 1)
            text(fb, s, x, 51, NORMAL, 0)
        else:
            text(fb, s, x, 51, NORMAL, 1)
