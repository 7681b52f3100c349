"""Prints what the platform's drawing costs, measured on the MicroPython unix
port and scaled to the RP2040 with docs/device.md's factor (x90 for bytecode).

    micropython tools/bench/bench_display.py      (or python3, for the CPython figures)

Figures: one line of 5x7 text, one line of 3x5 text, cards of each size, a
table-like full redraw (fill, 8 text lines, 20 cards), the Python side of
show() with a no-op bus, and the I2C bus time of the changed pages at
400 kHz and 1 MHz (computed from the bytes the driver sends).
"""
import sys
import time

import framebuf  # MicroPython's own; on CPython tools/sim/framebuf.py
from hw.oled import SSD1306, I2CBus
from ui import font, glyphs

MP = sys.implementation.name == "micropython"
FACTOR = 90  # docs/device.md: bytecode on the RP2040 is ~90x slower than the unix port


def now_us():
    if MP:
        return time.ticks_us()
    return int(time.perf_counter() * 1e6)


def bench(name, fn, n, rounds=25):
    """The best of several rounds (other processes share the machine)."""
    fn()
    us = None
    for _ in range(rounds):
        t0 = now_us()
        for _ in range(n):
            fn()
        t = (now_us() - t0) / n
        if us is None or t < us:
            us = t
    if MP:
        print("%-34s %8.1f us unix   ~%6.2f ms device" % (name, us, us * FACTOR / 1000))
    else:
        print("%-34s %8.1f us CPython" % (name, us))
    return us


class CountingI2C:
    def __init__(self):
        self.bytes = 0
        self.transactions = 0

    def writevto(self, addr, vector):
        self.transactions += 1
        for v in vector:
            self.bytes += len(v)


def bus_ms(nbytes, transactions, hz):
    # 9 clocks a byte (8 bits + ack), plus the address byte, start and stop.
    return (nbytes + transactions) * 9 * 1000 / hz + transactions * 2 * 1000 / hz


class Screen(framebuf.FrameBuffer):
    """A display as the drivers make it: its MONO_VLSB buffer is public."""

    def __init__(self):
        self.width = 128
        self.height = 64
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


def main():
    fb = Screen()
    plain = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    if font._fast is not None:
        print("(text on a display takes the viper path; on a plain FrameBuffer, one blit a character)")
    bench("text 21 chars 5x7", lambda: font.text(fb, "POT 1,250  TO CALL 20", 0, 0), 200)
    bench("text 32 chars 3x5", lambda: font.text(fb, "SEAT 8 RAISE 40 STACK 4,960 ALL", 0, 10, 1, font.SMALL), 200)
    bench("text 21 chars 5x7, blit path", lambda: font.text_blit(plain, "POT 1,250  TO CALL 20", 0, 0), 200)
    for s, name in ((glyphs.SMALL, "SMALL"), (glyphs.MEDIUM, "MEDIUM"), (glyphs.LARGE, "LARGE")):
        bench("card %s" % name, lambda s=s: glyphs.card(fb, 10, 10, 50, s), 200)
    bench("card back LARGE", lambda: glyphs.back(fb, 10, 10, glyphs.LARGE), 200)

    lines = ["LINE %d OF THE TABLE" % i for i in range(8)]

    def redraw():
        fb.fill(0)
        for i in range(8):
            font.text(fb, lines[i], 0, i * 8, 1, font.SMALL if i & 1 else font.NORMAL)
        for k in range(20):
            glyphs.card(fb, (k % 10) * 12, 30 + (k // 10) * 16, k * 2, glyphs.SMALL if k < 10 else glyphs.LARGE)

    bench("table-like redraw (no show)", redraw, 50)

    i2c = CountingI2C()
    d = SSD1306(I2CBus(i2c))

    def show_all():
        d.fill(d.pixel(0, 0) ^ 1)
        d.show()

    def show_one_page():
        d.pixel(5, 20, d.pixel(5, 20) ^ 1)
        d.show()

    bench("show() 8 changed pages, no-op bus", show_all, 100)
    bench("show() 1 changed page, no-op bus", show_one_page, 100)
    for pages, fn in ((8, show_all), (1, show_one_page)):
        i2c.bytes = i2c.transactions = 0
        fn()
        print("I2C bus, %d page(s): %d bytes in %d writes: %.1f ms at 400 kHz, %.1f ms at 1 MHz" % (
            pages, i2c.bytes, i2c.transactions, bus_ms(i2c.bytes, i2c.transactions, 400000),
            bus_ms(i2c.bytes, i2c.transactions, 1000000)))


main()
