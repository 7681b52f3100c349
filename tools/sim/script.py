"""Drives an app with simulated time and button presses, from code or a script.

Runs on CPython and under the MicroPython unix port (headless).

``Sim(app, display, clock)`` owns the simulated time. Script lines (one
command a line, ``#`` starts a comment, key names in any case):

    A                 a short press: PRESS then RELEASE of A
    LEFT x3           three short presses
    long B            a long press: LONG then RELEASE
    hold RIGHT 1500   RIGHT held 1500 ms, through the real button logic of
                      hw.buttons (PRESS, accelerating REPEATs, RELEASE)
    wait 500          500 ms pass (tick and draw every step_ms)
    gap 100           time that passes after each press (default 100 ms)
    png shot.png      saves the current frame as a PNG
    frame shot.bin    saves the frame's raw 1024 bytes (MONO_VLSB)
    echo text         prints text
    quit              stops the script

Names of files are relative to ``out_dir``. On a two-button board
(``Sim(..., two_button=True)``) the names OK and NEXT press the two buttons
and ``long OK`` / ``long NEXT`` hold them past the long-press time.
"""
from hw.buttons import Buttons
from ui import keys
from ui.keys import LONG, NAMES, PRESS, RELEASE


class ScriptError(Exception):
    pass


class Sim:
    step_ms = 10   # the device loop's poll period
    gap_ms = 100   # time after each press
    said = ""      # what the front end says as it quits (tools/sim/run.py)

    def __init__(self, app, display, clock, sound=None, out_dir=".", two_button=False, log=None):
        self.app = app
        self.display = display
        self.clock = clock
        self.sound = sound
        self.out_dir = out_dir
        self.log = log  # None, or a list that gets (now, key, event)
        self.two_button = two_button
        names = ("OK", "NEXT") if two_button else NAMES
        self.buttons = Buttons(keys, names)
        self.button_names = names
        self.events = 0
        self.stopped = False

    # -- the loop ----------------------------------------------------------
    def _emit(self, key, event):
        self.events += 1
        if self.log is not None:
            self.log.append((self.clock.ticks_ms(), key, event))
        self.app.handle(key, event)

    def step(self, ms=None):
        """One poll period: time passes, the app ticks and draws if it must."""
        self.clock.advance(self.step_ms if ms is None else ms)
        self.app.tick(self.clock.ticks_ms())
        self.app.draw()

    def start(self):
        self.app.tick(self.clock.ticks_ms())
        self.app.draw()

    def wait(self, ms):
        end = self.clock.ticks_ms() + ms
        while self.clock.ticks_ms() + self.step_ms <= end:
            self.step()
        rest = end - self.clock.ticks_ms()
        if rest > 0:
            self.step(rest)

    def _after_press(self):
        self.app.draw()
        self.wait(self.gap_ms)

    # -- presses -----------------------------------------------------------
    def key_code(self, name):
        name = name.upper()
        if name in NAMES:
            return NAMES.index(name)
        raise ScriptError("unknown key %r" % name)

    def press(self, key, times=1):
        """Short presses of a key code (ui.keys), as the button logic sends them."""
        for _ in range(times):
            self._emit(key, PRESS)
            self._emit(key, RELEASE)
            self._after_press()

    def long(self, key, times=1):
        for _ in range(times):
            self._emit(key, LONG)
            self._emit(key, RELEASE)
            self._after_press()

    def hold(self, index, ms):
        """Holds physical button `index` for ms through hw.buttons, then lets go."""
        b = self.buttons
        now = self.clock.ticks_ms()
        b.poll(1 << index, now, self._emit)
        self.app.held = True  # (as the device's loop says: the app sees the finger)
        self.app.draw()
        end = now + ms
        while self.clock.ticks_ms() < end:
            self.step()
            b.poll(1 << index, self.clock.ticks_ms(), self._emit)
        b.poll(0, self.clock.ticks_ms(), self._emit)
        self.app.held = False
        self._after_press()

    def _button_index(self, name):
        name = name.upper()
        if name in self.button_names:
            return self.button_names.index(name)
        raise ScriptError("no button %r on this board (%s)" % (name, " ".join(self.button_names)))

    # -- frames ------------------------------------------------------------
    def _path(self, name):
        if name.startswith("/") or self.out_dir in ("", "."):
            return name
        return self.out_dir + "/" + name

    def save_png(self, name, scale=1):
        from pngout import save_png
        return save_png(self._path(name), self.display.buffer, self.display.width, self.display.height, scale)

    def save_frame(self, name):
        path = self._path(name)
        with open(path, "wb") as f:
            f.write(self.display.buffer)
        return path

    # -- scripts -----------------------------------------------------------
    def run_line(self, line):
        i = line.find("#")
        if i >= 0:
            line = line[:i]
        words = line.split()
        if not words:
            return
        cmd = words[0].lower()
        if cmd == "quit":
            self.stopped = True
        elif cmd == "wait":
            self.wait(_int(words, 1))
        elif cmd == "gap":
            self.gap_ms = _int(words, 1)
        elif cmd in ("png", "frame") and len(words) < 2:
            raise ScriptError("%s needs a file name" % cmd)
        elif cmd == "png":
            self.save_png(words[1], _int(words, 2) if len(words) > 2 else 1)
        elif cmd == "frame":
            self.save_frame(words[1])
        elif cmd == "echo":
            print(" ".join(words[1:]))
        elif cmd == "hold":
            self.hold(self._button_index(words[1]), _int(words, 2))
        elif cmd == "long":
            if len(words) < 2:
                raise ScriptError("long needs a key")
            n = _times(words[2:])
            if self.two_button:
                for _ in range(n):
                    self.hold(self._button_index(words[1]), self.buttons.long_press_ms)
            else:
                self.long(self.key_code(words[1]), n)
        else:
            n = _times(words[1:])
            if self.two_button:
                for _ in range(n):
                    self.hold(self._button_index(words[0]), self.step_ms)
            else:
                self.press(self.key_code(words[0]), n)

    def run_script(self, text):
        n = 0
        for line in text.split("\n"):
            n += 1
            if self.stopped:
                break
            try:
                self.run_line(line)
            except ScriptError as e:
                raise ScriptError("line %d: %s" % (n, e))

    def run_file(self, path):
        with open(path) as f:
            self.run_script(f.read())


def _int(words, i):
    if i >= len(words):
        raise ScriptError("%s needs a number" % words[0])
    try:
        return int(words[i])
    except ValueError:
        raise ScriptError("not a number: %r" % words[i])


def _times(words):
    if not words:
        return 1
    w = words[0].lower()
    if w.startswith("x") and w[1:].isdigit():
        return int(w[1:])
    raise ScriptError("expected xN, got %r" % words[0])


__all__ = ["Sim", "ScriptError"]
