"""Screen sleep and auto power-off after inactivity, wake on a button, and
the optional battery voltage.

``Power(display, screen_off_ms, sleep_ms, sleeper, wake_check)``: the loop
calls ``update(now_ms, last_activity_ms)`` every poll.
- After ``screen_off_ms`` without a button the panel is switched off
  (``display.poweroff()``; its RAM keeps the picture) and the state is DARK.
- After ``sleep_ms`` the console "powers off": ``sleeper()`` (on the device
  ``nap`` below: ``machine.lightsleep`` in short naps) is called again
  and again until ``wake_check()`` says a button is down; then the screen
  comes back on and ``woke`` is set. RAM is kept, so the game goes on where
  it was.
- Any button wakes it; the loop swallows that press so it does nothing else.
All of this is logic over injected functions: tests drive it with fakes.

``Battery(adc, divider=3, empty_mv=3300, full_mv=4200)``: ``millivolts()``
and ``percent()`` from a ``machine.ADC`` (``read_u16``) behind a divider
(the Pico's VSYS/3 on GP29).
"""
from micropython import const

AWAKE = const(0)
DARK = const(1)
ASLEEP = const(2)
_NAP_MS = const(100)  # light-sleep naps while powered off; a button wakes within one


def nap():
    """The device's sleeper: one light-sleep nap. (Here, not a closure of
    hw.hardware_setup, so that module can leave the heap after power-on;
    machine is imported at the call: this module's host tests have none.)"""
    import machine

    machine.lightsleep(_NAP_MS)


class Power:
    def __init__(self, display, screen_off_ms=60000, sleep_ms=300000, sleeper=None, wake_check=None):
        self.display = display
        self.screen_off_ms = screen_off_ms
        self.sleep_ms = sleep_ms
        self.sleeper = sleeper
        self.wake_check = wake_check
        self.state = AWAKE
        self.woke = False  # set when a nap ended; the loop clears it
        self.sleeps = 0  # times it went to sleep (tests, statistics)

    @property
    def awake(self):
        return self.state == AWAKE

    def update(self, now_ms, last_activity_ms):
        if last_activity_ms is None:
            last_activity_ms = 0
        idle = now_ms - last_activity_ms
        if self.state == AWAKE:
            if self.screen_off_ms and idle >= self.screen_off_ms:
                self.display.poweroff()
                self.state = DARK
        elif self.state == DARK:
            if self.sleep_ms and idle >= self.sleep_ms and self.sleeper is not None:
                self.state = ASLEEP
                self.sleeps += 1
                while not (self.wake_check is not None and self.wake_check()):
                    self.sleeper()
                # A button woke it: the screen comes back, and the loop
                # swallows that press (woke tells it so).
                self.wake()
                self.woke = True
        return self.state

    def wake(self):
        if self.state != AWAKE:
            self.display.poweron()
            self.state = AWAKE


class Battery:
    def __init__(self, adc, divider=3, empty_mv=3300, full_mv=4200, vref_mv=3300):
        self.adc = adc
        self.divider = divider
        self.empty_mv = empty_mv
        self.full_mv = full_mv
        self.vref_mv = vref_mv

    def millivolts(self):
        return self.adc.read_u16() * self.vref_mv * self.divider // 65535

    def percent(self):
        mv = self.millivolts()
        if mv <= self.empty_mv:
            return 0
        if mv >= self.full_mv:
            return 100
        return (mv - self.empty_mv) * 100 // (self.full_mv - self.empty_mv)
