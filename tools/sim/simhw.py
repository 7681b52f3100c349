"""Stand-in devices for the simulator: display, clock, sound.

Runs on CPython (with tools/sim/framebuf.py) and on the MicroPython unix
port (its real framebuf), so the same screens come out on both.

- ``SimDisplay(front=None)``: a 128x64 MONO_VLSB ``framebuf.FrameBuffer``
  with ``show()``, ``contrast(v)``, ``poweroff()``, ``poweron()``, like the
  device's drivers. ``show()`` counts the frame and hands the display to
  ``front.frame(display)`` (a terminal, a window, or nothing when headless).
  ``buffer`` is the frame's 1024 bytes, ``frames`` the number of shows.
- ``SimClock(start_ms=0)``: simulated milliseconds; ``ticks_ms()``,
  ``advance(ms)`` (the interactive front ends advance it to the wall clock).
- ``SimSound()``: ``play(name)`` records the names (``log``, ``last``).
"""
import framebuf

WIDTH = 128
HEIGHT = 64


class SimDisplay(framebuf.FrameBuffer):
    def __init__(self, front=None, width=WIDTH, height=HEIGHT):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.front = front
        self.frames = 0
        self.contrast_level = 255
        self.on = True

    def show(self):
        self.frames += 1
        if self.front is not None:
            self.front.frame(self)

    def contrast(self, v):
        self.contrast_level = v
        if self.front is not None and hasattr(self.front, "frame"):
            self.front.frame(self)

    def poweroff(self):
        self.on = False
        if self.front is not None:
            self.front.frame(self)

    def poweron(self):
        self.on = True
        if self.front is not None:
            self.front.frame(self)

    def lit(self, x, y):
        """1 if pixel (x, y) of the frame is lit (reads the buffer, not framebuf)."""
        return (self.buffer[(y >> 3) * self.width + x] >> (y & 7)) & 1


class SimClock:
    def __init__(self, start_ms=0):
        self.now = start_ms

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now += ms
        return self.now


class SimSound:
    def __init__(self):
        self.log = []
        self.last = None
        self.enabled = True

    def play(self, name):
        self.last = name
        if len(self.log) > 200:
            del self.log[:100]
        self.log.append(name)
