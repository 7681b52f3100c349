"""The simulator's terminal front end (CPython): the 128x64 screen in Unicode
half blocks (two pixel rows per text row, 128 columns; works over SSH) and
the keyboard as buttons. A terminal of fewer than ``ROWS`` rows gets the
screen in braille dots instead (four pixel rows and two columns a
character: 16 rows of 64), and one too small even for that a line saying
how many rows it needs: never a screen cut without a word.

Keys: arrows or WASD = LEFT RIGHT UP DOWN; Enter or Z = A; Backspace or X =
B; shift-Z / shift-X = long A / long B; P = save a PNG; Q = quit (a hand in
play is kept: the next run resumes it, tools/sim/run.py says so). A
terminal sends no key releases, so each key is a short press (the
terminal's own key repeat gives repeated presses); the pygame window has
real holds.
"""
import os
import select
import sys
import termios
import tty

from ui.keys import A, B, DOWN, LEFT, LONG, PRESS, RELEASE, RIGHT, UP

HALF = (" ", "\u2580", "\u2584", "\u2588")  # none, top, bottom, both
ROWS = 34        # the half-block screen: 32 rows, the status line, the legend
SMALL_ROWS = 18  # the braille screen: 16 rows, the status line, the legend
# braille dot bits by (column, row) in a 2x4 cell: U+2800 + the sum
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
LEGEND = "arrows/WASD move  Enter/Z = A  Bksp/X = B  shift Z/X = long  P = png  Q = quit (the game is kept)"

KEYMAP = {
    b"\x1b[A": (UP, PRESS), b"\x1b[B": (DOWN, PRESS), b"\x1b[C": (RIGHT, PRESS), b"\x1b[D": (LEFT, PRESS),
    b"\x1bOA": (UP, PRESS), b"\x1bOB": (DOWN, PRESS), b"\x1bOC": (RIGHT, PRESS), b"\x1bOD": (LEFT, PRESS),
    b"w": (UP, PRESS), b"s": (DOWN, PRESS), b"d": (RIGHT, PRESS), b"a": (LEFT, PRESS),
    b"\r": (A, PRESS), b"\n": (A, PRESS), b"z": (A, PRESS), b"Z": (A, LONG),
    b"\x7f": (B, PRESS), b"\x08": (B, PRESS), b"x": (B, PRESS), b"X": (B, LONG),
}


# Two-button boards: the terminal's A and B keys stand for OK and NEXT, and
# give what hw.buttons sends for a short or a long press of them.
TWO_BUTTON = {(A, PRESS): (A, PRESS), (A, LONG): (B, PRESS), (B, PRESS): (RIGHT, PRESS), (B, LONG): (DOWN, PRESS)}
LEGEND_TWO = "Enter/Z = OK  Bksp/X = NEXT  shift Z/X = long  P = png  Q = quit (the game is kept)"


def render(display, status=""):
    """The frame as text: 32 rows of 128 half-block characters, then a status line."""
    buf = display.buffer
    w = display.width
    lines = []
    on = getattr(display, "on", True)
    for row in range(display.height // 2):
        y = row * 2
        page = (y >> 3) * w
        bit = y & 7  # y and y + 1 share a page (y even)
        if not on:
            lines.append(" " * w)
            continue
        chars = []
        for x in range(w):
            v = buf[page + x] >> bit
            chars.append(HALF[v & 3])
        lines.append("".join(chars))
    lines.append(status[:w].ljust(w))
    return lines


def render_braille(display, status=""):
    """The frame as text for a short terminal: 16 rows of 64 braille
    characters (2x4 pixels each), then a status line."""
    buf = display.buffer
    w = display.width
    on = getattr(display, "on", True)
    lines = []
    for row in range(display.height // 4):
        chars = []
        for cx in range(w // 2):
            code = 0
            if on:
                for dx in (0, 1):
                    x = 2 * cx + dx
                    for dy in range(4):
                        y = 4 * row + dy
                        if buf[(y >> 3) * w + x] >> (y & 7) & 1:
                            code |= _DOTS[dx][dy]
            chars.append(chr(0x2800 + code))
        lines.append("".join(chars))
    lines.append(status[:w].ljust(w))
    return lines


class Terminal:
    def __init__(self, out=None):
        self.out = out or sys.stdout
        self.status = ""
        self.message = ""
        self._old = None
        self._pending = b""
        self.two_button = False
        self._size = None

    def __enter__(self):
        self.fd = sys.stdin.fileno()
        self._old = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        self.out.write("\x1b[?25l\x1b[2J")  # hide the cursor, clear
        self.out.flush()
        return self

    def __exit__(self, *exc):
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._old)
        self.out.write("\x1b[?25h\n")
        self.out.flush()

    def _terminal_size(self):
        try:
            return tuple(os.get_terminal_size(self.out.fileno()))
        except (OSError, ValueError):
            return (0, 0)

    def resized(self):
        """True when the terminal changed size since the last frame (the
        loop then draws the screen again at once, not at the next key)."""
        return self._size is not None and self._terminal_size() != self._size

    def frame(self, display):
        self._size = self._terminal_size()
        cols, rows = self._size
        if cols <= 0:  # unknown (a pipe, a fresh pty): draw it all
            cols = display.width
        status = self.message or self.status
        if 0 < rows < SMALL_ROWS:  # not even the braille screen fits: say so
            self.out.write("\x1b[H\x1b[2J(the screen needs a terminal of %d rows or more; this one has %d)"
                           % (SMALL_ROWS, rows))
            self.out.flush()
            return
        big = rows <= 0 or rows >= ROWS
        lines = render(display, status) if big else render_braille(display, status)
        need = display.width if big else display.width // 2
        legend = LEGEND_TWO if self.two_button else LEGEND
        if cols < need:  # (in the legend's place: one more line would push the top out)
            legend = "(widen the terminal to %d columns to see the whole screen)" % need
        # each line clears what is right of it, and the frame what is below
        # it: nothing of a frame drawn at another size stays
        text = "\x1b[H" + "\x1b[K\n".join(line[:cols] for line in lines)
        text += "\x1b[K\n" + legend[:cols] + "\x1b[K"
        self.out.write(text + "\x1b[J")
        self.out.flush()

    def read_keys(self, timeout_s):
        """Key actions typed since the last call: (key, event) pairs, or 'png'/'quit'."""
        r, _, _ = select.select([self.fd], [], [], timeout_s)
        if not r:
            return []
        out, self._pending = parse_keys(self._pending + os.read(self.fd, 64))
        return out


def parse_keys(data):
    """(actions, unparsed tail) of bytes typed on a terminal."""
    out = []
    i = 0
    while i < len(data):
        if data[i:i + 1] == b"\x1b":
            seq = data[i:i + 3]
            if len(seq) < 3:
                return out, data[i:]
            if seq in KEYMAP:
                out.append(KEYMAP[seq])
            i += 3
            continue
        ch = data[i:i + 1]
        i += 1
        if ch in (b"q", b"Q"):
            out.append("quit")
        elif ch in (b"p", b"P"):
            out.append("png")
        elif ch in KEYMAP:
            out.append(KEYMAP[ch])
    return out, b""


def run(sim, front, png_dir, step_ms=10):
    """Interactive loop: keys -> app, ticks and draws in real time."""
    import time
    front.two_button = sim.two_button
    sim.start()
    shots = 0
    t0 = time.monotonic()
    while True:
        for k in front.read_keys(step_ms / 1000):
            if k == "quit":
                return
            if k == "png":
                shots = _free_number(png_dir, shots)
                path = os.path.join(png_dir, "stud-%03d.png" % shots)
                sim.save_png(path, 4)
                front.message = "saved " + path
                sim.display.show()
                continue
            key, event = k
            if sim.two_button:
                # Z/Enter = OK, X/Backspace = NEXT; shift = held long.
                k = TWO_BUTTON.get(k)
                if k is None:
                    continue
                key, event = k
            front.message = ""
            sim._emit(key, event)
            sim._emit(key, RELEASE)
        now = int((time.monotonic() - t0) * 1000)
        if now > sim.clock.ticks_ms():
            sim.clock.advance(now - sim.clock.ticks_ms())
        snd = getattr(sim.sound, "last", None)
        front.status = "sound: %s" % snd if snd else ""
        sim.app.tick(sim.clock.ticks_ms())
        sim.app.draw()
        if getattr(front, "resized", None) is not None and front.resized():
            sim.display.show()  # the same frame again, at the new size


def _free_number(png_dir, n):
    """The next shot number whose stud-NNN.png does not exist yet."""
    n += 1
    while os.path.exists(os.path.join(png_dir, "stud-%03d.png" % n)):
        n += 1
    return n
