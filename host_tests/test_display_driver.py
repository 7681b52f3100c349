# portable
"""hw.oled: the SSD1306/SH1106 driver puts the right bytes on the bus and
sends only what changed: whole pages, or the changed columns of a page
(checked against a model of each chip's RAM addressing, Panel)."""
import sys

from hw.oled import SH1106, SSD1306, I2CBus, SPIBus  # CPython draws with tools/sim/framebuf.py


class FakeI2C:
    """Records every I2C transaction as (addr, bytes)."""

    def __init__(self):
        self.log = []

    def writevto(self, addr, vector):
        data = bytearray()
        for part in vector:
            data += bytes(part)
        self.log.append((addr, bytes(data)))

    def writeto(self, addr, buf):
        self.log.append((addr, bytes(buf)))


class FakePin:
    OUT = 1

    def __init__(self, name, wire):
        self.name = name
        self.wire = wire
        self.v = None

    def init(self, mode, value=None):
        self.v = value

    def __call__(self, v):
        self.v = v
        self.wire.append((self.name, v))


class FakeSPI:
    def __init__(self, wire):
        self.wire = wire

    def write(self, buf):
        self.wire.append(("spi", bytes(buf)))


def _pages(log, data_prefix=0x40):
    """The data transactions of an I2C log."""
    return [d[1:] for _a, d in log if d[0] == data_prefix]


def test_first_show_sends_every_page_then_nothing_until_something_changes():
    i2c = FakeI2C()
    d = SSD1306(I2CBus(i2c))
    # the init clears the panel: the 8 pages in one window and one write
    assert [c[1:] for _a, c in i2c.log if c[:2] == b"\x00\x21"] == [bytes((0x21, 0, 127, 0x22, 0, 7))]
    assert _pages(i2c.log) == [bytes(1024)] and d.pages_sent == 8
    i2c.log.clear()
    d.show()
    assert i2c.log == []
    d.fill(0)
    d.show()
    assert i2c.log == []


def test_a_changed_part_of_a_page_goes_on_the_bus_alone_in_its_ssd1306_window():
    i2c = FakeI2C()
    d = SSD1306(I2CBus(i2c, 0x3D))
    i2c.log.clear()
    d.pixel(5, 29, 1)  # page 3, column 5, bit 5
    d.show()
    assert i2c.log == [(0x3D, bytes((0x00, 0x21, 5, 5, 0x22, 3, 3))), (0x3D, bytes((0x40, 1 << 5)))]
    i2c.log.clear()
    d.fill_rect(20, 24, 40, 8, 1)  # page 3, columns 20..59
    d.show()
    assert i2c.log == [(0x3D, bytes((0x00, 0x21, 20, 59, 0x22, 3, 3))), (0x3D, b"\x40" + b"\xff" * 40)]
    assert d.pages_sent == 8 + 2


def test_two_changed_pages_send_two_windows_in_page_order():
    i2c = FakeI2C()
    d = SSD1306(I2CBus(i2c))
    i2c.log.clear()
    d.fill_rect(0, 60, 3, 2, 1)  # page 7, columns 0..2
    d.pixel(127, 0, 1)           # page 0, column 127
    d.show()
    windows = [c[1:] for _a, c in i2c.log if c[0] == 0x00]
    assert windows == [bytes((0x21, 127, 127, 0x22, 0, 0)), bytes((0x21, 0, 2, 0x22, 7, 7))]
    assert _pages(i2c.log) == [b"\x01", b"\x30" * 3]
    assert d.pages_sent == 8 + 2


def test_wide_changes_go_whole_and_whole_pages_next_to_each_other_in_one_window_and_one_write():
    i2c = FakeI2C()
    d = SSD1306(I2CBus(i2c))
    i2c.log.clear()
    d.pixel(0, 0, 1)                 # page 0: one column
    d.fill_rect(0, 16, 128, 8, 1)    # page 2: every column
    d.hline(1, 25, 126, 1)           # page 3: columns 1..126, too wide a part to go alone
    d.fill_rect(0, 32, 128, 8, 1)    # page 4: every column
    d.pixel(1, 63, 1)                # page 7: one column
    d.show()
    windows = [c[1:] for _a, c in i2c.log if c[0] == 0x00]
    assert windows == [bytes((0x21, 0, 0, 0x22, 0, 0)), bytes((0x21, 0, 127, 0x22, 2, 4)),
                       bytes((0x21, 1, 1, 0x22, 7, 7))]
    data = _pages(i2c.log)
    assert [len(x) for x in data] == [1, 384, 1]
    assert data[1] == bytes(d.buffer[256:640]) and d.pages_sent == 8 + 5
    i2c.log.clear()
    d.fill_rect(0, 16, 128, 24, 0)   # the same run again: the same window
    d.show()
    assert [c[1:] for _a, c in i2c.log if c[0] == 0x00] == [bytes((0x21, 0, 127, 0x22, 2, 4))]


def test_a_show_that_may_stop_sends_a_page_a_write_and_stops_when_asked():
    i2c = FakeI2C()
    d = SSD1306(I2CBus(i2c))
    i2c.log.clear()
    d.fill_rect(0, 8, 128, 24, 1)   # pages 1..3
    asked = []

    def stop():
        asked.append(len(_pages(i2c.log)))
        return len(asked) == 3      # a key comes after two pages went out

    assert d.show(False, stop) is False
    windows = [c[1:] for _a, c in i2c.log if c[0] == 0x00]
    assert windows == [bytes((0x21, 0, 127, 0x22, p, p)) for p in (1, 2)]
    assert asked == [0, 1, 2] and d.pages_sent == 8 + 2
    # the shadow holds what the panel got: the next show sends page 3 only
    i2c.log.clear()
    assert d.show() is None  # (all sent)
    assert [c[1:] for _a, c in i2c.log if c[0] == 0x00] == [bytes((0x21, 0, 127, 0x22, 3, 3))]
    assert _pages(i2c.log) == [bytes(d.buffer[384:512])]


def test_a_full_show_stopped_is_still_owed_whole():
    i2c = FakeI2C()
    d = SSD1306(I2CBus(i2c))
    i2c.log.clear()
    assert d.show(True, lambda: len(i2c.log) > 0) is False
    assert len(_pages(i2c.log)) == 1   # one page, then the stop
    i2c.log.clear()
    d.show()
    assert len(_pages(i2c.log)) == 1 and d.pages_sent == 8 + 1 + 8  # (one write: the 8 pages)


def test_sh1106_addresses_a_page_and_column_two_of_its_132_columns():
    i2c = FakeI2C()
    d = SH1106(I2CBus(i2c))
    i2c.log.clear()
    d.pixel(0, 63, 1)
    d.show()
    assert i2c.log == [(0x3C, bytes((0x00, 0xB7, 0x02, 0x10))), (0x3C, bytes((0x40, 0x80)))]
    i2c.log.clear()
    d.fill_rect(0, 0, 128, 8, 1)  # a whole page: from column 2
    d.pixel(100, 8, 1)            # a part: column 100 is the chip's 102 (0x66)
    d.show()
    assert i2c.log == [(0x3C, bytes((0x00, 0xB0, 0x02, 0x10))), (0x3C, b"\x40" + b"\xff" * 128),
                       (0x3C, bytes((0x00, 0xB1, 0x06, 0x16))), (0x3C, bytes((0x40, 0x01)))]


def test_init_turns_the_display_on_last_and_rotation_flips_segments_and_scan():
    for rotate, seg, com in ((0, 0xA1, 0xC8), (180, 0xA0, 0xC0)):
        i2c = FakeI2C()
        SSD1306(I2CBus(i2c), rotate=rotate)
        init = i2c.log[0][1]
        assert init[0] == 0x00 and init[1] == 0xAE
        assert seg in init and com in init
        assert i2c.log[-1][1] == b"\x00\xaf"


def test_contrast_and_power_commands():
    i2c = FakeI2C()
    d = SSD1306(I2CBus(i2c))
    i2c.log.clear()
    d.contrast(0x40)
    d.poweroff()
    d.poweron()
    assert [c for _a, c in i2c.log] == [b"\x00\x81\x40", b"\x00\xae", b"\x00\xaf"]


def test_dimming_sends_the_lowest_contrast_and_brightening_the_one_chosen():
    i2c = FakeI2C()
    d = SSD1306(I2CBus(i2c))
    i2c.log.clear()
    d.dim(True)
    d.dim(False)  # the init's contrast: none chosen yet
    d.contrast(0x40)
    d.dim(True)
    d.contrast(0x60)  # chosen while dimmed: kept for later, the panel stays dim
    d.dim(False)
    assert [c for _a, c in i2c.log] == [b"\x00\x81\x00", b"\x00\x81\xff", b"\x00\x81\x40",
                                        b"\x00\x81\x00", b"\x00\x81\x60"]


def test_the_i2c_bus_sets_its_rate_again_on_the_same_bus_after_a_clock_change():
    made = []

    class I2C(FakeI2C):
        def __init__(self, bus_id=None, freq=None):
            FakeI2C.__init__(self)
            made.append((bus_id, freq))

    bus = I2CBus(I2C(), 0x3C, 1, 400000)
    bus.retime()  # (machine.I2C(1, freq=400000): the same bus, its pins kept)
    assert made == [(None, None), (1, 400000)]
    I2CBus(FakeI2C()).retime()  # a bus made without its rate: nothing to set


def test_spi_frames_commands_with_dc_low_and_data_with_dc_high():
    wire = []
    dc, cs, res = FakePin("dc", wire), FakePin("cs", wire), FakePin("res", wire)
    d = SSD1306(SPIBus(FakeSPI(wire), dc, cs, res, sleep_ms=lambda ms: None))
    assert wire[:3] == [("res", 1), ("res", 0), ("res", 1)]
    wire.clear()
    d.pixel(0, 8, 1)
    d.show()
    assert wire == [("cs", 1), ("dc", 0), ("cs", 0), ("spi", bytes((0x21, 0, 0, 0x22, 1, 1))), ("cs", 1),
                    ("cs", 1), ("dc", 1), ("cs", 0), ("spi", b"\x01"), ("cs", 1)]


def test_show_of_whole_pages_allocates_nothing_under_micropython():
    # (a part of a page is a memoryview of its columns: one small block a
    # page, garbage at once)
    if sys.implementation.name != "micropython":
        return
    import micropython

    class NullI2C:
        def writevto(self, addr, vector):
            pass

    d = SSD1306(I2CBus(NullI2C()))
    d.show()
    d.fill(1)
    micropython.heap_lock()
    try:
        d.show()
        d.hline(0, 3, 128, 0)
        d.show()
    finally:
        micropython.heap_unlock()
    assert d.pages_sent == 8 + 8 + 1


# -- the chips' RAM, as their datasheets address it ---------------------------

# the commands' argument bytes (the init sequences' and the addressing's)
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD8: 1,
         0xD9: 1, 0xDA: 1, 0xDB: 1}


class Panel:
    """A controller's RAM fed the bus's transactions: SSD1306 in horizontal
    addressing within its column and page window (0x21, 0x22); SH1106 in
    page addressing from the page (0xB0 | p) and column (0x0c, 0x1c) set,
    132 columns of which 128 show, from column 2."""

    def __init__(self, sh1106):
        self.sh1106 = sh1106
        self.cols = 132 if sh1106 else 128
        self.ram = bytearray(self.cols * 8)
        self.window = [0, 127, 0, 7]
        self.col = 0
        self.page = 0

    def feed(self, log):
        for _a, t in log:
            if t[0] == 0x40:
                for b in t[1:]:
                    self._data(b)
            else:
                self._commands(t[1:])
        del log[:]

    def _commands(self, c):
        i = 0
        while i < len(c):
            op = c[i]
            if not self.sh1106 and op in (0x21, 0x22):
                k = 0 if op == 0x21 else 2
                self.window[k:k + 2] = [c[i + 1], c[i + 2]]
                if op == 0x21:
                    self.col = c[i + 1]
                else:
                    self.page = c[i + 1]
            elif self.sh1106 and 0xB0 <= op <= 0xB7:
                self.page = op & 7
            elif self.sh1106 and op <= 0x0F:
                self.col = (self.col & 0xF0) | op
            elif self.sh1106 and op <= 0x1F:
                self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
            i += 1 + _ARGS.get(op, 0)

    def _data(self, b):
        if self.col < self.cols:
            self.ram[self.page * self.cols + self.col] = b
        c0, c1, p0, p1 = self.window
        if self.sh1106:
            self.col += 1
        elif self.col >= c1:
            self.col = c0
            self.page = p0 if self.page >= p1 else self.page + 1
        else:
            self.col += 1

    def shown(self):
        off = 2 if self.sh1106 else 0
        out = bytearray()
        for p in range(8):
            out += self.ram[p * self.cols + off:p * self.cols + off + 128]
        return bytes(out)


def test_after_every_show_the_panel_holds_the_frame_and_the_bus_carried_no_more_than_the_changed_pages():
    from poker.rng import Rng

    parts = 0
    for chip in (SSD1306, SH1106):
        rng = Rng(7)
        i2c = FakeI2C()
        d = chip(I2CBus(i2c))
        panel = Panel(chip is SH1106)
        panel.feed(i2c.log)
        assert panel.shown() == bytes(d.buffer)
        for n in range(300):
            what = rng.below(6)
            x, y = rng.below(128), rng.below(64)
            if what == 0:
                d.pixel(x, y, rng.below(2))
            elif what == 1:
                d.fill_rect(x, y, 1 + rng.below(128 - x), 1 + rng.below(8), rng.below(2))
            elif what == 2:
                d.text("P%d" % n, x, y, 1)
            elif what == 3:
                d.hline(x, y, 1 + rng.below(128 - x), rng.below(2))
            elif what == 4:
                d.vline(x, y, 1 + rng.below(64 - y), rng.below(2))
            elif rng.below(4) == 0:
                d.fill(rng.below(2))
            # now and then a show that stops before a write (a key came),
            # then the rest with the next
            if rng.below(5) == 0:
                asked = [0]
                stop_at = rng.below(4)

                def stop():
                    asked[0] += 1
                    return asked[0] > stop_at
                d.show(False, stop)
                panel.feed(i2c.log)
            held = panel.shown()
            d.show()
            changed = sum(128 for p in range(8) if held[p * 128:(p + 1) * 128] != d.buffer[p * 128:(p + 1) * 128])
            sent = sum(len(t) - 1 for _a, t in i2c.log if t[0] == 0x40)
            panel.feed(i2c.log)
            assert panel.shown() == bytes(d.buffer), (chip.__name__, n)
            assert sent <= changed, (chip.__name__, n)
            parts += sent < changed
    assert parts > 100  # (of 600 shows: the parts of pages went alone)


def test_keep_forgets_the_chip_and_bus_classes_the_display_does_not_use():
    # the console calls it once after power-on (the stock route's code sits
    # in the heap); the display it keeps still draws
    from hw import oled

    names = ("SSD1306", "SH1106", "I2CBus", "SPIBus")
    saved = dict(oled.CHIPS), [getattr(oled, n) for n in names]
    try:
        i2c = FakeI2C()
        d = SSD1306(I2CBus(i2c))
        oled.keep(d)
        assert [hasattr(oled, n) for n in names] == [True, False, True, False]
        assert oled.SSD1306 is SSD1306 and oled.I2CBus is I2CBus and oled.CHIPS == {"ssd1306": SSD1306}
        n = len(i2c.log)
        d.fill(1)
        d.show()
        assert len(i2c.log) > n
        for n, cls in zip(names, saved[1]):
            setattr(oled, n, cls)
        oled.CHIPS.update(saved[0])
        wire = []
        s = SH1106(SPIBus(FakeSPI(wire), FakePin("dc", wire), FakePin("cs", wire)))
        oled.keep(s)
        assert [hasattr(oled, n) for n in names] == [False, True, False, True]
        assert oled.CHIPS == {"sh1106": SH1106}
    finally:
        for n, cls in zip(names, saved[1]):
            setattr(oled, n, cls)
        oled.CHIPS.clear()
        oled.CHIPS.update(saved[0])
