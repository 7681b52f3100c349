"""The screen dimmed, then off, then light sleep after inactivity, wake on a
button; the optional battery voltage.

``Power(display, screen_off_ms, sleep_ms, sleeper, wake_check, dim_ms,
after_naps)``: the loop calls ``update(now_ms, last_activity_ms)`` every
poll; ``next_ms(...)`` says how long it may sleep; ``wake()`` on a press.
Logic over injected functions: tests drive it with fakes.
``Battery(adc, divider=3, empty_mv=3300, full_mv=4200)``: ``millivolts()``,
``percent()``, ``low()`` (the mean of a few readings: the regulator's
ripple). What the console does and why: docs/power.md.
"""
from micropython import const

AWAKE = const(0)
DIM = const(1)
DARK = const(2)
ASLEEP = const(3)
_NAP_MS = const(100)  # light-sleep naps while powered off; a button wakes within one
_READS = const(8)  # ADC readings averaged for one battery voltage


def nap():
    """The device's sleeper: one light-sleep nap. (Here, not a closure of
    hw.hardware_setup, so that module can leave the heap after power-on;
    machine is imported at the call: this module's host tests have none.)"""
    import machine

    machine.lightsleep(_NAP_MS)


class Power:
    def __init__(self, display, screen_off_ms=60000, sleep_ms=300000, sleeper=None, wake_check=None,
                 dim_ms=20000, after_naps=None):
        self.display = display
        self.dim_ms = dim_ms
        self.screen_off_ms = screen_off_ms
        self.sleep_ms = sleep_ms
        self.sleeper = sleeper
        self.wake_check = wake_check
        self.after_naps = after_naps
        self.state = AWAKE
        self.woke = False  # set when a nap ended; the loop clears it
        self.sleeps = 0  # times it went to sleep (tests, statistics)
        self._dimmed = False

    @property
    def awake(self):
        return self.state == AWAKE

    def update(self, now_ms, last_activity_ms):
        if last_activity_ms is None:
            last_activity_ms = 0
        idle = now_ms - last_activity_ms
        state = self.state
        if state == AWAKE or state == DIM:
            if self.screen_off_ms and idle >= self.screen_off_ms:
                self.display.poweroff()
                self.state = DARK
            elif state == AWAKE and self.dim_ms and idle >= self.dim_ms:
                self._dim(True)
                self.state = DIM
        elif state == DARK:
            if self.sleep_ms and idle >= self.sleep_ms and self.sleeper is not None:
                self.state = ASLEEP
                self.sleeps += 1
                while not (self.wake_check is not None and self.wake_check()):
                    self.sleeper()
                if self.after_naps is not None:
                    self.after_naps()
                # A button woke it: the screen comes back, and the loop
                # swallows that press (woke tells it so).
                self.wake()
                self.woke = True
        return self.state

    def next_ms(self, now_ms, last_activity_ms):
        """Ms until update() has something to do without a button (None:
        nothing till a button)."""
        idle = now_ms - (last_activity_ms or 0)
        state = self.state
        if state == AWAKE:
            steps = (self.dim_ms, self.screen_off_ms)
        elif state == DIM:
            steps = (self.screen_off_ms,)
        elif state == DARK and self.sleeper is not None:
            steps = (self.sleep_ms,)
        else:
            return None
        best = None
        for at in steps:
            if at and (best is None or at - idle < best):
                best = at - idle
        return None if best is None else max(best, 0)

    def wake(self):
        state = self.state
        if state != AWAKE:
            if state != DIM:
                self.display.poweron()
            if self._dimmed:
                self._dim(False)
            self.state = AWAKE

    def _dim(self, on):
        dim = getattr(self.display, "dim", None)
        if dim is not None:
            dim(on)
        self._dimmed = on


class Battery:
    low_percent = 10  # at or below: the warning screen (ui.low_battery)

    def __init__(self, adc, divider=3, empty_mv=3300, full_mv=4200, vref_mv=3300):
        self.adc = adc
        self.divider = divider
        self.empty_mv = empty_mv
        self.full_mv = full_mv
        self.vref_mv = vref_mv

    def millivolts(self):
        read = self.adc.read_u16
        total = 0
        for _ in range(_READS):
            total += read()
        return total * self.vref_mv * self.divider // (65535 * _READS)

    def percent(self):
        mv = self.millivolts()
        if mv <= self.empty_mv:
            return 0
        if mv >= self.full_mv:
            return 100
        return (mv - self.empty_mv) * 100 // (self.full_mv - self.empty_mv)

    def low(self, percent=None):
        return (self.percent() if percent is None else percent) <= self.low_percent
