"""One driver for the 128x64 OLEDs: SSD1306 and SH1106, over I2C or SPI.

>>> bus = I2CBus(machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5), freq=400_000))
>>> d = SSD1306(bus)          # or SH1106(bus)
>>> d.fill(0); d.text("hi", 0, 0); d.show()

The display is a ``framebuf.FrameBuffer`` (MONO_VLSB); ``show()`` sends
only what changed: whole pages, or a page's changed columns. ``keep(display)`` drops the classes the board
does not use. How: docs/hardware.md, "The display and its bus".
"""
import framebuf
from micropython import const

_SET_CONTRAST = const(0x81)
_SET_ENTIRE_ON = const(0xA4)    # follow RAM
_SET_NORM_INV = const(0xA6)     # | 1 = inverse
_SET_DISP = const(0xAE)         # | 1 = on
_SET_MEM_ADDR = const(0x20)     # SSD1306: addressing mode
_SET_COL_ADDR = const(0x21)     # SSD1306: column window
_SET_PAGE_ADDR = const(0x22)    # SSD1306: page window
_SET_DISP_START_LINE = const(0x40)
_SET_SEG_REMAP = const(0xA0)    # | 1 = column 127 at SEG0
_SET_MUX_RATIO = const(0xA8)
_SET_COM_OUT_DIR = const(0xC0)  # | 8 = scan from COM[N-1]
_SET_DISP_OFFSET = const(0xD3)
_SET_COM_PIN_CFG = const(0xDA)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_VCOM_DESEL = const(0xDB)
_SET_CHARGE_PUMP = const(0x8D)  # SSD1306
_SET_DCDC = const(0xAD)         # SH1106: DC-DC control (0x8B = on)
_SET_PAGE = const(0xB0)         # SH1106: | page
_SET_COL_LO = const(0x00)       # SH1106: | low nibble of the column
_SET_COL_HI = const(0x10)       # SH1106: | high nibble of the column
_SH1106_COL_OFFSET = const(2)   # 128 visible columns in the middle of 132
# a part of a page goes alone when it is at most this many columns: a write
# of its own (its address command, its transfer) costs about 24 bytes' time
# on I2C, and a wider part saves less than that
_PART_MOST = const(96)
_STOP_RUN = const(1)  # pages a write sends at most when show may stop between writes
_INIT_CONTRAST = const(0xFF)  # both chips' init sequences below
_DIM_CONTRAST = const(0)  # dimmed: the least segment current (still readable)


class I2CBus:
    """Commands as [0x00, c...] and data as [0x40, data] to one I2C address.

    ``bus_id`` and ``freq``: the ``machine.I2C`` bus and its rate, for
    ``retime()`` (hw.clocks: the RP2040's I2C runs from clk_sys, so each
    clock change sets the rate again; the port's I2C has no ``init``, and
    ``machine.I2C(id, freq=...)`` sets up the same bus, pins kept)."""

    def __init__(self, i2c, addr=0x3C, bus_id=None, freq=None):
        self.i2c = i2c
        self.addr = addr
        self.bus_id = bus_id
        self.freq = freq
        self._cmd = [b"\x00", None]
        self._data = [b"\x40", None]

    def retime(self):
        if self.freq is not None:
            self.i2c = type(self.i2c)(self.bus_id, freq=self.freq)

    def write_cmds(self, cmds):
        self._cmd[1] = cmds
        self.i2c.writevto(self.addr, self._cmd)

    def write_data(self, buf):
        self._data[1] = buf
        self.i2c.writevto(self.addr, self._data)

    def reset(self):
        pass


class SPIBus:
    """Commands with DC low and data with DC high, each framed by CS."""

    def __init__(self, spi, dc, cs, res=None, sleep_ms=None):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.res = res
        self._sleep_ms = sleep_ms
        dc.init(dc.OUT, value=0)
        cs.init(cs.OUT, value=1)
        if res is not None:
            res.init(res.OUT, value=1)

    def _write(self, dc, buf):
        self.cs(1)
        self.dc(dc)
        self.cs(0)
        self.spi.write(buf)
        self.cs(1)

    def write_cmds(self, cmds):
        self._write(0, cmds)

    def write_data(self, buf):
        self._write(1, buf)

    def retime(self):
        pass  # (the SPI runs from clk_peri, which clock changes leave at 48 MHz)

    def reset(self):
        if self.res is None:
            return
        sleep = self._sleep_ms
        if sleep is None:
            import time
            sleep = getattr(time, "sleep_ms", None) or (lambda ms: time.sleep(ms / 1000))
        self.res(1)
        sleep(1)
        self.res(0)
        sleep(10)
        self.res(1)


class OLED(framebuf.FrameBuffer):
    """The common base: a MONO_VLSB frame, a shadow of the panel, the commands."""

    def __init__(self, bus, width=128, height=64, rotate=0, external_vcc=False):
        self.bus = bus
        self.width = width
        self.height = height
        self.pages = height // 8
        self.rotate = rotate
        self.external_vcc = external_vcc
        self.buffer = bytearray(self.pages * width)
        self._shadow = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        mv = memoryview(self.buffer)
        self._mv = mv
        # views of runs of pages p..q (index p * pages + q), made at first
        # use (an empty view until then)
        self._runs = [mv[0:0]] * (self.pages * self.pages if self.run_pages > 1 else 0)
        sv = memoryview(self._shadow)
        self._page_views = [mv[p * width:(p + 1) * width] for p in range(self.pages)]
        self._shadow_views = [sv[p * width:(p + 1) * width] for p in range(self.pages)]
        self._one = bytearray(1)
        self._two = bytearray(2)
        self._full = True   # the panel's RAM is unknown: the next show sends all
        self.pages_sent = 0  # a count, for tests and benchmarks
        self._contrast = _INIT_CONTRAST  # the chosen contrast (the init sequence's)
        self.dimmed = False
        self.bus.reset()
        self.init_display()

    # -- what each chip defines --------------------------------------------
    def _init_sequence(self, flip):
        """The chip's power-on command bytes (flip: 1 = not rotated)."""
        raise NotImplementedError

    run_pages = 1  # pages one address command can cover (a write runs on through them)

    def _address_pages(self, p0, p1, lo, hi):
        """Points the chip's RAM writes at pages p0..p1, columns lo..hi
        (one page when they are not all the columns)."""
        raise NotImplementedError

    # -- commands ----------------------------------------------------------
    def cmd(self, c):
        self._one[0] = c
        self.bus.write_cmds(self._one)

    def cmd2(self, c, v):
        self._two[0] = c
        self._two[1] = v
        self.bus.write_cmds(self._two)

    def init_display(self):
        flip = 0 if self.rotate == 180 else 1
        self.bus.write_cmds(self._init_sequence(flip))
        self._full = True
        self.fill(0)
        self.show()
        self.cmd(_SET_DISP | 1)

    def poweroff(self):
        self.cmd(_SET_DISP)

    def poweron(self):
        self.cmd(_SET_DISP | 1)

    def contrast(self, v):
        """The contrast (0..255) chosen in the menu; kept for after a dim."""
        self._contrast = v
        if not self.dimmed:
            self.cmd2(_SET_CONTRAST, v)

    def dim(self, on):
        """The panel at its lowest contrast (on) or back at the chosen one:
        an OLED's current grows with the contrast (hw.power dims it before
        the screen goes off)."""
        self.dimmed = on
        self.cmd2(_SET_CONTRAST, _DIM_CONTRAST if on else self._contrast)

    def invert(self, v):
        self.cmd(_SET_NORM_INV | (1 if v else 0))

    # -- frames ------------------------------------------------------------
    def show(self, full=False, stop=None):
        """Sends what changed since the last show (all with full=True): of
        a page that changed at its ends the whole page, and such pages next
        to each other in one write where the chip allows (SSD1306: one
        address command and one bus transfer for the run, about 0.4 ms a
        page less on I2C); of any other page only its columns from the
        first changed one to the last (a frame after an action changes a
        few seats' cards and words: about a third of its pages' bytes, and
        the bus is the slowest part of a frame). ``stop``: a callable asked
        before each write (then of at most ``_STOP_RUN`` pages, about 3 ms
        on I2C): when it says True the rest is left unsent (the shadow
        keeps what the panel holds) and show returns False (else None)."""
        full = full or self._full
        pv = self._page_views
        sv = self._shadow_views
        n = self.pages
        run = self.run_pages
        if stop is not None and run > _STOP_RUN:
            run = _STOP_RUN
        w = self.width
        last = w - 1
        p = 0
        while p < n:
            a = pv[p]
            b = sv[p]
            if full or a != b:
                if stop is not None and stop():
                    self._full = full  # (a full show stays owed)
                    return False
                lo = 0
                hi = last
                if not full and (a[0] == b[0] or a[last] == b[last]):
                    while a[lo] == b[lo]:
                        lo += 1
                    while a[hi] == b[hi]:
                        hi -= 1
                    if hi - lo >= _PART_MOST:
                        lo = 0
                        hi = last
                if hi - lo < last:
                    # a part of the page: its changed columns alone
                    self._address_pages(p, p, lo, hi)
                    self.bus.write_data(a[lo:hi + 1])
                    b[:] = a
                    self.pages_sent += 1
                    p += 1
                    continue
                q = p + 1
                while q < n and q - p < run:  # the run goes on through whole pages
                    if not full:
                        a = pv[q]
                        b = sv[q]
                        if a == b:
                            break
                        if a[0] == b[0] or a[last] == b[last]:
                            lo = 0
                            while a[lo] == b[lo]:
                                lo += 1
                            hi = last
                            while a[hi] == b[hi]:
                                hi -= 1
                            if hi - lo < _PART_MOST:
                                break
                    q += 1
                self._address_pages(p, q - 1, 0, last)
                if q == p + 1:
                    self.bus.write_data(pv[p])
                else:
                    k = p * n + q - 1
                    v = self._runs[k]
                    if not len(v):  # once: later shows of this run allocate nothing
                        v = self._runs[k] = self._mv[p * w:q * w]
                    self.bus.write_data(v)
                for i in range(p, q):
                    sv[i][:] = pv[i]
                self.pages_sent += q - p
                p = q
            else:
                p += 1
        self._full = False


class SSD1306(OLED):
    def __init__(self, bus, width=128, height=64, rotate=0, external_vcc=False):
        # A window of pages over columns: [0x21, lo, hi, 0x22, p0, p1].
        self._win = bytearray((_SET_COL_ADDR, 0, width - 1, _SET_PAGE_ADDR, 0, 0))
        super().__init__(bus, width, height, rotate, external_vcc)

    def _init_sequence(self, flip):
        ext = self.external_vcc
        return bytes((
            _SET_DISP,
            _SET_MEM_ADDR, 0x00,                       # horizontal addressing
            _SET_DISP_START_LINE,
            _SET_SEG_REMAP | flip,
            _SET_MUX_RATIO, self.height - 1,
            _SET_COM_OUT_DIR | (flip << 3),
            _SET_DISP_OFFSET, 0x00,
            _SET_COM_PIN_CFG, 0x02 if self.width > 2 * self.height else 0x12,
            _SET_DISP_CLK_DIV, 0x80,
            _SET_PRECHARGE, 0x22 if ext else 0xF1,
            _SET_VCOM_DESEL, 0x30,
            _SET_CONTRAST, _INIT_CONTRAST,
            _SET_ENTIRE_ON,
            _SET_NORM_INV,
            _SET_CHARGE_PUMP, 0x10 if ext else 0x14,
        ))

    run_pages = 8  # horizontal addressing runs on from page to page in the window

    def _address_pages(self, p0, p1, lo, hi):
        w = self._win
        w[1] = lo
        w[2] = hi
        w[4] = p0
        w[5] = p1
        self.bus.write_cmds(w)


class SH1106(OLED):
    def __init__(self, bus, width=128, height=64, rotate=0, external_vcc=False):
        # [page, column low nibble, column high nibble]
        self._win = bytearray((_SET_PAGE, _SET_COL_LO | _SH1106_COL_OFFSET, _SET_COL_HI))
        super().__init__(bus, width, height, rotate, external_vcc)

    def _init_sequence(self, flip):
        return bytes((
            _SET_DISP,
            _SET_DISP_CLK_DIV, 0x80,
            _SET_MUX_RATIO, self.height - 1,
            _SET_DISP_OFFSET, 0x00,
            _SET_DISP_START_LINE,
            _SET_DCDC, 0x8A if self.external_vcc else 0x8B,
            _SET_SEG_REMAP | flip,
            _SET_COM_OUT_DIR | (flip << 3),
            _SET_COM_PIN_CFG, 0x12,
            _SET_CONTRAST, _INIT_CONTRAST,
            _SET_PRECHARGE, 0x22 if self.external_vcc else 0x1F,
            _SET_VCOM_DESEL, 0x40,
            _SET_ENTIRE_ON,
            _SET_NORM_INV,
        ))

    def _address_pages(self, p0, p1, lo, hi):  # page addressing: one page a command, from column lo
        w = self._win
        w[0] = _SET_PAGE | p0
        lo += _SH1106_COL_OFFSET
        w[1] = _SET_COL_LO | (lo & 15)
        w[2] = _SET_COL_HI | (lo >> 4)
        self.bus.write_cmds(w)


CHIPS = {"ssd1306": SSD1306, "sh1106": SH1106}


def keep(display):
    """Forgets the chip and bus classes that ``display`` does not use: a
    board has one of each for good, and on the stock route the code sits
    in the heap (the other chip's and bus's: about 0.8 KB). The console
    calls it once, after power-on; ``CHIPS`` keeps the one chip."""
    g = globals()
    for name in ("SSD1306", "SH1106", "I2CBus", "SPIBus"):
        cls = g.get(name)
        if cls is not None and not isinstance(display, cls) and not isinstance(display.bus, cls):
            del g[name]
            for chip in list(CHIPS):
                if CHIPS[chip] is cls:
                    del CHIPS[chip]
