"""The energy model: what a stretch of emulated time costs the batteries.

Its inputs are the virtual Pico's measurements (the Meter of
tools/device/chip.js: the core executing or asleep at each clk_sys, light
sleep apart; the panel's lit pixels and contrast while it is on) and the
datasheet figures below;
docs/power.md gives each figure's source and what the model leaves out.

    m0 = vp.meter(); vp.run(5000); m1 = vp.meter()
    s = Stretch(m0, m1)              # what happened between the two
    s.asleep, s.mhz, s.lit           # shares and the clock, for the tables
    s.battery_mw()                   # the mean power drawn from the battery
    hours(s.battery_mw(), AA)        # hours of play on two AA cells
"""

# RP2040 datasheet, Table 637 (Power Consumption), typical averages at 25 C,
# DVDD = 1.1 V: the digital core's supply, through the on-chip regulator
# from the 3.3 V rail (so these currents are drawn at 3.3 V as well)
DORMANT_MA = 0.18  # DORMANT: every clock stopped (the chip's floor)
SLEEP_MA = 0.39  # SLEEP (hello_sleep): clocks from the crystal, all gated but the timer's
BOOTSEL_IDLE_MA = 9.0  # BOOTSEL, USB idle: clk_sys at 48 MHz, the core waiting
POPCORN_MA = 10.9  # 'Popcorn' media player: clk_sys at 48 MHz, both cores, DMA and PIO busy
TABLE_MHZ = 48  # the clk_sys of those two rows
IOVDD_MA = 1.2  # BOOTSEL rows: the IO supply (pads, crystal)
# DVDD grows with clk_sys (the datasheet's Figure 172: linear in the core
# clock); per MHz above the floor, asleep (WFE/WFI, every clock running) and
# executing:
WAIT_MA_PER_MHZ = (BOOTSEL_IDLE_MA - DORMANT_MA) / TABLE_MHZ
RUN_MA_PER_MHZ = (POPCORN_MA - DORMANT_MA) / TABLE_MHZ

# The Pico board, its RT6150 buck-boost and the rest (flash, pull-ups, the
# VSYS divider): Pico datasheet, 3.1, VBUS current at 5 V, 25 C, mean of
# three boards, for two of the same use cases as the RP2040's table:
PICO_BOOTSEL_IDLE_MA = 8.7  # Table 3
PICO_SLEEP_MA = 1.3  # Table 5
_VBUS = 5.0
_RAIL = 3.3
# power in = power on the 3.3 V rail / efficiency + a fixed part, from those
# two pairs (the chip's rails against the board's input):
_P_HI = _VBUS * PICO_BOOTSEL_IDLE_MA, _RAIL * (BOOTSEL_IDLE_MA + IOVDD_MA + 0.2)  # (+ USB_VDD idle)
_P_LO = _VBUS * PICO_SLEEP_MA, _RAIL * SLEEP_MA
EFFICIENCY = (_P_HI[1] - _P_LO[1]) / (_P_HI[0] - _P_LO[0])
FIXED_MW = _P_LO[0] - _P_LO[1] / EFFICIENCY

# SSD1306 datasheet (Rev 1.5, 8.8): a lit segment drives ISEG = contrast/256
# x IREF x 8, 100 uA at contrast 255 with the recommended IREF of 12.5 uA;
# one row of 64 is driven at a time (MUX 64), so a lit pixel costs ISEG/64
# on average; the internal charge pump makes VCC from the 3.3 V rail,
# drawing about twice its output current.
ISEG_MAX_MA = 0.1
MUX = 64
PUMP = 2.0

# Batteries: capacity (mAh) and the mean voltage over a discharge
AA = ("two AA alkaline cells, 2,000 mAh", 2000, 2 * 1.2)
LIPO = ("a 1,000 mAh LiPo cell", 1000, 3.7)


class Stretch:
    """What the meter saw between two reports (vpico.VirtualPico.meter())."""

    def __init__(self, m0, m1):
        self.ns = m1["t"] - m0["t"]
        before = {(c["hz"], c["xosc"]): c for c in m0["cpu"]}
        self.cpu = []  # (hz, executing ns, waiting ns, from the crystal)
        for c in m1["cpu"]:
            b = before.get((c["hz"], c["xosc"]), {"exec": 0, "wait": 0})
            ex, wait = c["exec"] - b["exec"], c["wait"] - b["wait"]
            if ex > 0 or wait > 0:
                self.cpu.append((c["hz"], ex, wait, c["xosc"]))
        p0, p1 = m0["panel"], m1["panel"]
        self.on_ns = p1["on"] - p0["on"]
        self.lit_ns = p1["lit"] - p0["lit"]
        self.lit_contrast_ns = p1["lit_contrast"] - p0["lit_contrast"]
        self.pixels = p1["pixels"]

    @property
    def asleep(self):
        """The share of the time the core was asleep (WFE/WFI, light sleep)."""
        total = sum(ex + w for _hz, ex, w, _x in self.cpu)
        return sum(w for _hz, _ex, w, _x in self.cpu) / total if total else 0.0

    def share_at(self, hz):
        """The share of the time clk_sys ran at ``hz`` (light sleep apart)."""
        total = sum(ex + w for _hz, ex, w, _x in self.cpu)
        return sum(ex + w for h, ex, w, x in self.cpu if h == hz and not x) / total if total else 0.0

    @property
    def mhz(self):
        """clk_sys averaged over the time (light sleep: the crystal's)."""
        total = sum(ex + w for _hz, ex, w, _x in self.cpu)
        return sum(h * (ex + w) for h, ex, w, _x in self.cpu) / total / 1e6 if total else 0.0

    @property
    def lit(self):
        """The share of the panel's pixels lit, over the time it was on."""
        return self.lit_ns / self.on_ns / self.pixels if self.on_ns else 0.0

    @property
    def screen_on(self):
        return self.on_ns / self.ns if self.ns else 0.0

    @property
    def contrast(self):
        """The panel's mean contrast (0..255) weighted by its lit pixels."""
        return 256 * self.lit_contrast_ns / self.lit_ns - 1 if self.lit_ns else 0.0

    def chip_ma(self):
        """The RP2040's mean current at 3.3 V: DVDD and IOVDD."""
        if not self.ns:
            return 0.0
        charge = 0.0  # mA x ns
        for hz, ex, wait, xosc in self.cpu:
            mhz = hz / 1e6
            charge += ex * (DORMANT_MA + RUN_MA_PER_MHZ * mhz + IOVDD_MA)
            charge += wait * (SLEEP_MA if xosc else DORMANT_MA + WAIT_MA_PER_MHZ * mhz + IOVDD_MA)
        return charge / self.ns

    def panel_ma(self):
        """The OLED panel's mean current at 3.3 V."""
        if not self.ns:
            return 0.0
        return PUMP * ISEG_MAX_MA * self.lit_contrast_ns / MUX / self.ns

    def battery_mw(self):
        """The mean power drawn from the battery (through the Pico's regulator)."""
        return _RAIL * (self.chip_ma() + self.panel_ma()) / EFFICIENCY + FIXED_MW


def hours(mw, battery):
    """Hours a battery ``(name, mAh, mean volts)`` lasts at ``mw``."""
    _name, mah, volts = battery
    return mah * volts / mw


def combined(stretches):
    """One Stretch of several (their sums)."""
    out = Stretch.__new__(Stretch)
    out.ns = sum(s.ns for s in stretches)
    cpu = {}
    for s in stretches:
        for hz, ex, wait, xosc in s.cpu:
            c = cpu.setdefault((hz, xosc), [0, 0])
            c[0] += ex
            c[1] += wait
    out.cpu = [(hz, c[0], c[1], xosc) for (hz, xosc), c in sorted(cpu.items())]
    out.on_ns = sum(s.on_ns for s in stretches)
    out.lit_ns = sum(s.lit_ns for s in stretches)
    out.lit_contrast_ns = sum(s.lit_contrast_ns for s in stretches)
    out.pixels = stretches[0].pixels if stretches else 8192
    return out
