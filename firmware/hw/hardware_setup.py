"""The one place that builds the hardware: reads the board, builds the devices.

``setup(keymap, board=None)`` reads the board (a dict, else
``/board.json``, else the release UF2's ``/rom/board.json``, else the
reference board) and returns ``Devices``: ``display``, ``buttons``,
``sound``, ``power``, ``clocks``, ``battery``, ``board``, ``seed()``,
``safe_mode_held()`` and ``problem`` (what was wrong with a board that
could not be built: it falls back to the built-in one). ``keymap`` is
what the buttons report. The board file: docs/hardware.md.
"""
import gc
import json

import machine

from hw import oled
from hw.buttons import PinButtons
from hw.buzzer import Buzzer
from hw.clocks import FULL_HZ, Clocks
from hw.power import Battery, Power, nap

BOARD_FILE = "/board.json"  # make deploy BOARD=NAME writes it

# The reference board (boards/pico_ssd1306_i2c.json), for a device with neither file.
DEFAULT_BOARD = {
    "name": "pico_ssd1306_i2c",
    "display": {"chip": "ssd1306", "bus": "i2c", "width": 128, "height": 64, "rotate": 0,
                "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000, "addr": 60}},
    "buttons": [{"key": "LEFT", "pin": 10}, {"key": "RIGHT", "pin": 11}, {"key": "UP", "pin": 12},
                {"key": "DOWN", "pin": 13}, {"key": "A", "pin": 14}, {"key": "B", "pin": 15}],
    "safe_mode_key": "B",
    "buzzer": {"pin": 16},
    "battery": {"adc_pin": 29, "divider": 3, "empty_mv": 3300, "full_mv": 4200},
    "power": {"dim_s": 20, "screen_off_s": 60, "sleep_s": 300, "idle_mhz": 18, "vbus_pin": 24},
}


def load_board(path):
    """(dict, None) from a board file; (None, why) when it is not a JSON
    object; (None, None) when there is no such file."""
    try:
        with open(path) as f:
            board = json.load(f)
    except OSError:
        return None, None
    except Exception as e:  # ValueError: syntax error in JSON, truncated file
        return None, "not JSON (%s)" % _why(e)
    if not isinstance(board, dict):
        return None, "not a JSON object"
    return board, None


def read_board(path=BOARD_FILE):
    """(board, problem): the board file, or the built-in board and why
    (None when there is simply no file)."""
    board, problem = load_board(path)
    if board is None:
        return built_in_board(), problem
    return board, None


def built_in_board(path="/rom/board.json"):
    """The board a release UF2 carries in its ROMFS image, or the reference
    board. (Few names here: on stock firmware each costs heap.)"""
    board = load_board(path)[0]
    return DEFAULT_BOARD if board is None else board


_ERRNO = {110: "ETIMEDOUT", 116: "ETIMEDOUT", 5: "EIO", 19: "ENODEV", 22: "EINVAL"}


def _why(e):
    """A short reason for an exception, for the screen and the console."""
    if isinstance(e, KeyError):
        return "no %s" % (e.args[0] if e.args else "field")
    if isinstance(e, OSError) and e.args and isinstance(e.args[0], int):
        return "no answer (%s)" % _ERRNO.get(e.args[0], "error %d" % e.args[0])
    t = str(e) if e.args else ""
    return t if t else type(e).__name__


def make_bus(d):
    Pin = machine.Pin
    if d["bus"] == "i2c":
        c = d["i2c"]
        freq = c.get("freq", 400000)
        i2c = machine.I2C(c["id"], sda=Pin(c["sda"]), scl=Pin(c["scl"]), freq=freq)
        return oled.I2CBus(i2c, c.get("addr", 0x3C), c["id"], freq)
    if d["bus"] == "spi":
        c = d["spi"]
        spi = machine.SPI(c["id"], baudrate=c.get("baudrate", 10000000), polarity=0, phase=0,
                          sck=Pin(c["sck"]), mosi=Pin(c["mosi"]))
        res = Pin(c["res"]) if c.get("res") is not None else None
        return oled.SPIBus(spi, Pin(c["dc"]), Pin(c["cs"]), res)
    raise ValueError("unknown display bus %r" % d["bus"])


def make_display(d):
    chip = oled.CHIPS.get(d["chip"])
    if chip is None:
        raise ValueError("unknown display chip %r" % d["chip"])
    bus = make_bus(d)
    gc.collect()  # room for the frame buffer and its shadow
    return chip(bus, d.get("width", 128), d.get("height", 64), d.get("rotate", 0))


class Devices:
    problem: "str | None" = None  # what was wrong with the board file (setup())

    def __init__(self, board, display, buttons, sound, power, battery, safe_index, clocks=None):
        self.board = board
        self.display = display
        self.buttons = buttons
        self.sound = sound
        self.power = power
        self.battery = battery
        self.clocks = clocks
        self._safe_index = safe_index

    def safe_mode_held(self):
        if self._safe_index is None:
            return False
        return (self.buttons.down_mask() >> self._safe_index) & 1 == 1

    def seed(self):
        fixed = self.board.get("seed")  # tests and demos: a known deal
        if fixed is not None:
            return fixed & 0x3FFFFFFF
        try:
            import os
            b = os.urandom(4)
            return (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) & 0x3FFFFFFF
        except (ImportError, AttributeError, OSError):
            import time
            # ticks_diff(t, 0): the tick count as an int (ticks are opaque
            # to the stubs); its low 30 bits are the ticks_us value itself
            return (time.ticks_diff(time.ticks_us(), 0) ^ (machine.unique_id()[-1] << 22)) & 0x3FFFFFFF


def setup(keymap, board=None):
    problem = None
    tried = None
    if board is None:
        board, problem = read_board()
    if problem is None:
        tried = board
        try:
            return _setup(board, keymap)
        except Exception as e:  # a bad board is never a blank screen
            problem = "%s: %s" % (_part[0], _why(e))
    fallback = built_in_board()
    if fallback == tried:  # the built-in board is what failed
        fallback = DEFAULT_BOARD
    problem = "board.json %s; %s" % (problem, "reference board used" if fallback is DEFAULT_BOARD
                                      else "built-in board used")
    print("stud:", problem)
    dev = _setup(fallback, keymap)
    dev.problem = problem
    return dev


_part = ["board"]  # the part of the board being built (for the message)


def _setup(board, keymap):
    _part[0] = "buttons"
    names = [b["key"] for b in board["buttons"]]
    Pin = machine.Pin
    pins = [Pin(b["pin"], Pin.IN, Pin.PULL_UP) for b in board["buttons"]]
    buttons = PinButtons(pins, keymap, names)
    for name, v in board.get("button_timing_ms", {}).items():
        setattr(buttons, name, v)  # e.g. {"long_press_ms": 800}
    safe = board.get("safe_mode_key")
    safe_index = names.index(safe) if safe in names else None

    _part[0] = "display"
    display = make_display(board["display"])

    _part[0] = "buzzer"
    sound = None
    bz = board.get("buzzer")
    if bz:
        sound = Buzzer(machine.PWM(Pin(bz["pin"])))

    _part[0] = "battery"
    battery = None
    bt = board.get("battery")
    if bt:
        battery = Battery(machine.ADC(bt["adc_pin"]), bt.get("divider", 3), bt.get("empty_mv", 3300),
                          bt.get("full_mv", 4200))

    _part[0] = "power"
    pw = board.get("power") or {}
    vbus = pw.get("vbus_pin")
    clocks = Clocks(machine.freq, (display.bus,), FULL_HZ, pw.get("idle_mhz", 18) * 1000000,
                    Pin(vbus, Pin.IN).value if vbus is not None else None)
    # (no closure here: console.main forgets this module after power-on)
    power = Power(display, pw.get("screen_off_s", 60) * 1000, pw.get("sleep_s", 300) * 1000, nap,
                  buttons.down_mask, pw.get("dim_s", 20) * 1000, clocks.after_sleep)
    gc.collect()
    return Devices(board, display, buttons, sound, power, battery, safe_index, clocks)
