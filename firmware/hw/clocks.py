"""The system clock: full speed while the console works, a low one while it
waits for a button.

``Clocks(freq, buses, full_hz, idle_hz, usb_powered=None)``: ``freq`` is
``machine.freq`` (a fake in tests); ``buses`` the display buses whose rate
hangs on clk_sys (each with ``retime()``).

- ``full()``: ``full_hz`` (the players' thinking, the drawing, every key's
  answer); ``idle()``: ``idle_hz`` (the console waits: a menu, your turn, a
  showdown, the screen dark). Each does nothing when the clock is already
  there, so the loop may call them every time.
- ``after_sleep()``: after ``machine.lightsleep`` the port brings the chip
  back at its boot clocks (clk_sys 125 MHz, clk_peri on clk_sys): this puts
  the clock the console had back, and the buses with it.

Why the buses: the RP2040's I2C runs from clk_sys, so a rate set at one
clock (400 kHz at 125 MHz) is another at the next (58 kHz at 18 MHz): each
change re-times the I2C bus at the new clock. The SPI runs from clk_peri,
which ``machine.freq`` keeps on the USB PLL's 48 MHz whatever clk_sys is;
but a light sleep leaves clk_peri on clk_sys (125 MHz: the SPI 2.6 times
too fast), which ``after_sleep`` mends with the same ``machine.freq``.

``usb_powered``: a callable, True while USB powers the board (the Pico's
VBUS sense on GP24); the idle clock then stays at ``usb_idle_hz`` or more,
so the USB serial (mpremote, the REPL) keeps its 48 MHz bus.
"""
from micropython import const

FULL_HZ = const(125_000_000)  # MicroPython's clock at power-on on the RP2040
IDLE_HZ = const(18_000_000)  # the lowest round clock the system PLL makes exactly (756 MHz / 42)
_USB_IDLE_HZ = const(48_000_000)


class Clocks:
    usb_idle_hz = _USB_IDLE_HZ

    def __init__(self, freq, buses=(), full_hz=FULL_HZ, idle_hz=IDLE_HZ, usb_powered=None):
        self._freq = freq
        self.buses = buses
        self.full_hz = full_hz
        self.idle_hz = idle_hz
        self.usb_powered = usb_powered
        self.hz = full_hz  # the clock now (the port's at power-on)

    def full(self):
        if self.hz != self.full_hz:
            self._set(self.full_hz)

    def idle(self):
        hz = self.idle_hz
        usb = self.usb_powered
        if hz < self.usb_idle_hz and usb is not None and usb():
            hz = self.usb_idle_hz
        if self.hz != hz:
            self._set(hz)

    def after_sleep(self):
        self._set(self.hz)

    def _set(self, hz):
        self._freq(hz)
        self.hz = hz
        for b in self.buses:
            b.retime()
