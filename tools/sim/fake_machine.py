"""A fake ``machine`` module for the hardware layer on the host (tests,
tools/bench/bench_startup.py).

Whoever uses it puts it in front of the firmware
(``sys.modules['machine'] = fake_machine``); it records what the drivers do:
pin levels (``Pin.levels`` can be set to simulate buttons), I2C
transactions, SPI writes, PWM settings, ADC readings, light sleeps.
"""
LOG = []            # every bus action, in order
LEVELS = {}         # pin number -> level read by Pin.value() (default 1: pulled up)
SLEEPS = []         # lightsleep calls (ms)
ADC_VALUES = {}     # pin/channel -> read_u16 value
ON_SLEEP = []       # callables run at each lightsleep (tests press a button here)
WIRED = []          # I2C (sda, scl) pairs with a display on them; empty: any pair answers
FREQ = [125_000_000]  # clk_sys (machine.freq)


def reset_fakes():
    LOG.clear()
    LEVELS.clear()
    SLEEPS.clear()
    ADC_VALUES.clear()
    ON_SLEEP.clear()
    WIRED.clear()
    FREQ[0] = 125_000_000


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):  # noqa: A002 (machine's name)
        if isinstance(id, int) and not 0 <= id <= 29:  # the RP2040's GPIOs, as the port says
            raise ValueError("invalid pin")
        self.id = id
        self.mode = mode
        self.pull = pull
        self._out = value

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        if value is not None:
            self._out = value

    def value(self, v=None):
        if v is None:
            return LEVELS.get(self.id, 1)
        self._out = v
        LOG.append(("pin", self.id, v))
        return None

    def __call__(self, v=None):
        return self.value(v)

    def irq(self, handler=None, trigger=0):
        return None


class I2C:
    def __init__(self, id, sda=None, scl=None, freq=400000):  # noqa: A002
        # the RP2040's pin functions: I2C0 SDA on GP0, 4, 8..., SCL on GP1, 5, 9...;
        # I2C1 two pins higher (the rp2 port's messages)
        if sda is not None and sda.id % 4 != 2 * id:
            raise ValueError("bad SDA pin")
        if scl is not None and scl.id % 4 != 2 * id + 1:
            raise ValueError("bad SCL pin")
        self.id = id
        self.freq = freq
        self.pins = (sda.id if sda else None, scl.id if scl else None)
        LOG.append(("i2c_init", id, sda.id if sda else None, scl.id if scl else None, freq))

    def _answer(self):
        if WIRED and self.pins not in WIRED:
            raise OSError(110)  # nothing on these pins: the rp2 port's ETIMEDOUT

    def writevto(self, addr, vector):
        self._answer()
        data = b"".join(bytes(v) for v in vector)
        LOG.append(("i2c", addr, data))

    def writeto(self, addr, buf):
        self._answer()
        LOG.append(("i2c", addr, bytes(buf)))


class SPI:
    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None, miso=None):  # noqa: A002
        self.id = id
        LOG.append(("spi_init", id, baudrate, sck.id if sck else None, mosi.id if mosi else None))

    def init(self, **kw):
        pass

    def write(self, buf):
        LOG.append(("spi", bytes(buf)))


class PWM:
    def __init__(self, pin, freq=None, duty_u16=None):
        self.pin = pin
        self._freq = 0
        self._duty = 0

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        LOG.append(("pwm_freq", self.pin.id, f))

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        LOG.append(("pwm_duty", self.pin.id, d))

    def deinit(self):
        pass


class ADC:
    def __init__(self, pin):
        self.pin = pin.id if isinstance(pin, Pin) else pin

    def read_u16(self):
        return ADC_VALUES.get(self.pin, 0)


def lightsleep(ms=None):
    SLEEPS.append(ms)
    for f in list(ON_SLEEP):
        f()


def deepsleep(ms=None):
    SLEEPS.append(("deep", ms))


def unique_id():
    return b"\x01\x02\x03\x04\x05\x06\x07\x08"


def reset():
    LOG.append(("reset",))


def freq(hz=None):
    if hz is None:
        return FREQ[0]
    FREQ[0] = hz
    LOG.append(("freq", hz))
    return None
