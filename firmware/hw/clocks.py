"""The system clock: full speed while the console works, a low one while it
waits for a button.

``Clocks(freq, buses, full_hz, idle_hz, usb_powered=None)``: ``full()``
and ``idle()`` (each does nothing when the clock is already there),
``after_sleep()`` (the clock and the buses as they were before a
``machine.lightsleep``). ``freq`` is ``machine.freq`` (a fake in tests),
``buses`` the display buses to ``retime()``. Why: docs/power.md, "A lower
clock while the console waits" and "The buses keep their rates".
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
