"""Power-on, banners (FINISH, GAME OVER, YOU WIN, notices) and dialogs;
``event_banner`` turns a game event (poker.match.game's ``events``) into
its banner."""
from micropython import const

from ui import glyphs, keys
from ui.screen import NORMAL, SMALL, Screen, W, centered, frame, text, width, wrap_all

_FLASH_MS = const(500)   # "NEW GAME" on for this long, then off as long
_SETTLE_MS = const(400)  # a banner ignores keys this long (no accidental skip)
_BANNER_PX = const(124)  # a banner's text width: inside its outline
_CONFIRM_PX = const(120)  # a dialog's: inside its double outline
BANNER_ROWS = (6, 5)     # lines under a small word, under a big one
_CONFIRM_ROWS = const(4)  # lines between a dialog's heading and its answers


def big(fb, s, y, c=1):
    """Centred text at twice the NORMAL font's size (10x14 glyphs)."""
    scratch = _scratch()
    scratch.fill(0)
    text(scratch, s, 0, 0, NORMAL, 1)
    n = width(s, NORMAL)
    x0 = (W - 2 * n) // 2
    for x in range(n):
        for yy in range(7):
            if scratch.pixel(x, yy):
                fb.fill_rect(x0 + 2 * x, y + 2 * yy, 2, 2, c)


_SCR = []


def _scratch():
    if not _SCR:
        import framebuf

        _SCR.append(framebuf.FrameBuffer(bytearray(128), 128, 8, framebuf.MONO_VLSB))
    return _SCR[0]


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
            return
        if self.next_flash is None:
            self.next_flash = now + _FLASH_MS
        elif now >= self.next_flash:
            self.next_flash = now + _FLASH_MS
            self.lit = not self.lit
            self.app.changed()

    def key(self, k, ev):
        if self.waiting is None:
            self.app.menu()

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


class Banner(Screen):
    """A big word ("FINISH", "GAME OVER", "YOU WIN") or a notice with a few
    lines under it (wrapped to fit; the first BANNER_ROWS lines are shown);
    A (or B) closes it and calls done(). With ``answers`` (GAME OVER's
    REBUY and NEW GAME) they stand on the bottom line: LEFT/RIGHT pick, A
    calls done(index), B done(-1)."""
    next_key = keys.RIGHT

    def __init__(self, app, word, lines, done, small_word=False, answers=None):
        Screen.__init__(self, app)
        self.word = word
        lines = wrap_all(lines, _BANNER_PX)
        rows = BANNER_ROWS[0 if small_word else 1] - (2 if answers else 0)
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

    def key(self, k, ev):
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
    back). ``chosen``: the answer picked at first (default: cancel or 0)."""
    next_key = keys.RIGHT

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

    def key(self, k, ev):
        n = len(self.answers)
        if k == keys.LEFT or k == keys.UP:
            self.chosen = (self.chosen - 1) % n
            self.app.changed()
        elif k == keys.RIGHT or k == keys.DOWN:
            self.chosen = (self.chosen + 1) % n
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


def answers(fb, words, chosen, x0, x1):
    """Answers evenly spread on the bottom line between x0 and x1, the
    chosen one in a lit box."""
    n = len(words)
    slot = (x1 - x0) // n
    for i in range(n):
        s = words[i]
        w = width(s, NORMAL)
        x = x0 + i * slot + (slot - w) // 2
        if i == chosen:
            fb.fill_rect(x - 2, 50, w + 3, 10, 1)
            text(fb, s, x, 51, NORMAL, 0)
        else:
            text(fb, s, x, 51, NORMAL, 1)


def event_banner(app, event):
    """The banner of a game event ``(kind, seat)``; closing it goes on with
    ``app.after_hand`` (the next event, or the next hand). GAME OVER asks
    REBUY (chosen first) or NEW GAME; B leaves it for the menu."""
    kind, seat = event
    g = app.game
    if kind == "FINISH":
        app.play("finish")
        return Banner(app, "FINISH", ["P%d WENT ALL IN AND LOST" % (seat + 1),
                                      "P%d IS OUT" % (seat + 1)], app.after_hand)
    if kind == "GAME OVER":
        app.play("gameover")

        def done(i):
            if i == 0:
                app.rebuy()
            elif i == 1:
                app.new_game()
            else:
                app.after_hand()
        return Banner(app, "GAME OVER", ["YOU ARE UNDER $%d" % g.min_stack,
                                         "HANDS PLAYED %d" % g.hand_no], done, False, ("REBUY", "NEW GAME"))
    if kind == "WIN":
        app.play("victory")
        return Banner(app, "YOU WIN", ["EVERY VIRTUAL PLAYER IS OUT", "IN %d HANDS" % g.hand_no], app.after_hand)
    if kind == "RESUMED":
        # the cut hand goes on; if its last action was on flash, its end is shown
        return Banner(app, "HAND RESUMED", ["POWER WAS LOST MID-HAND:", "IT GOES ON AS IT WAS"],
                      app.table if g.hand is not None or g.last_hand is None else app.showdown, True)
    if kind == "VOID":
        return Banner(app, "HAND VOID", ["POWER WAS LOST MID-HAND AND", "ITS RECORD WAS UNUSABLE:",
                                         "EVERY CHIP WENT BACK"], app.after_hand, True)
    if kind == "MISDEAL":
        return Banner(app, "MISDEAL", ["THE DEAL WAS VOID, ANTES BACK;", "THE SAME DEALER DEALS AGAIN"],
                      app.after_hand, True)
    return Banner(app, kind, [], app.after_hand, True)
