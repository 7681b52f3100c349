# portable
"""hw.power: the screen dims, then goes dark after inactivity, then the
console naps until a button; the battery voltage from the ADC."""
from hw.power import ASLEEP, AWAKE, DARK, DIM, Battery, Power


class FakeDisplay:
    def __init__(self):
        self.calls = []

    def poweroff(self):
        self.calls.append("off")

    def poweron(self):
        self.calls.append("on")

    def dim(self, on):
        self.calls.append("dim" if on else "bright")


def test_screen_turns_off_after_the_idle_time_and_not_before():
    d = FakeDisplay()
    p = Power(d, screen_off_ms=1000, sleep_ms=5000)
    assert p.update(999, 0) == AWAKE and d.calls == []
    assert p.update(1000, 0) == DARK and d.calls == ["off"]
    assert p.update(1500, 0) == DARK and d.calls == ["off"]


def test_a_button_press_keeps_it_awake():
    d = FakeDisplay()
    p = Power(d, screen_off_ms=1000, sleep_ms=5000)
    assert p.update(1500, 800) == AWAKE


def test_after_the_sleep_time_it_naps_until_a_button_is_down_then_wakes_the_screen():
    d = FakeDisplay()
    naps = []
    presses = [0, 0, 0, 1]
    p = Power(d, 1000, 5000, sleeper=lambda: naps.append(1), wake_check=lambda: presses[len(naps)] == 1)
    p.update(1000, 0)
    assert p.update(5000, 0) == AWAKE
    assert len(naps) == 3 and p.sleeps == 1 and p.woke
    assert p.awake and d.calls == ["off", "on"]


def test_zero_times_disable_sleeping():
    d = FakeDisplay()
    p = Power(d, 0, 0, dim_ms=0)
    assert p.update(10 ** 9, 0) == AWAKE and d.calls == []
    assert p.next_ms(10 ** 9, 0) is None  # nothing to wake the loop for


def test_battery_millivolts_and_percent_through_the_divider():
    class Adc:
        v = 0

        def read_u16(self):
            return self.v

    a = Adc()
    b = Battery(a, divider=3, empty_mv=3300, full_mv=4200)
    a.v = 65535
    assert b.millivolts() == 9900 and b.percent() == 100
    a.v = 65535 * 1250 // 3300  # 1.25 V at the pin = 3.75 V
    assert abs(b.millivolts() - 3750) <= 3
    assert b.percent() == (b.millivolts() - 3300) * 100 // 900
    a.v = 0
    assert b.percent() == 0


def test_the_screen_dims_after_the_dim_time_before_it_goes_off():
    d = FakeDisplay()
    p = Power(d, screen_off_ms=60000, sleep_ms=0, dim_ms=20000)
    assert p.update(19999, 0) == AWAKE and d.calls == []
    assert p.next_ms(19999, 0) == 1
    assert p.update(20000, 0) == DIM and d.calls == ["dim"] and not p.awake
    assert p.next_ms(20000, 0) == 40000  # then the screen off
    assert p.update(59999, 0) == DIM and d.calls == ["dim"]
    assert p.update(60000, 0) == DARK and d.calls == ["dim", "off"]


def test_a_button_brings_the_contrast_back_and_the_screen_on():
    d = FakeDisplay()
    p = Power(d, screen_off_ms=60000, sleep_ms=0, dim_ms=20000)
    p.update(20000, 0)
    p.wake()
    assert p.awake and d.calls == ["dim", "bright"]  # dimmed only: no power-on
    p.update(40000, 20000)
    p.update(80000, 20000)
    assert p.state == DARK and d.calls == ["dim", "bright", "dim", "off"]
    p.wake()
    assert p.awake and d.calls[-2:] == ["on", "bright"]


def test_after_its_naps_the_clocks_are_put_back_before_the_screen_comes_on():
    d = FakeDisplay()
    order = []
    d.poweron = lambda: order.append("on")
    presses = [0, 1]
    p = Power(d, 1000, 5000, sleeper=lambda: order.append("nap"), wake_check=lambda: presses.pop(0),
              dim_ms=0, after_naps=lambda: order.append("clocks"))
    p.update(1000, 0)
    assert p.next_ms(1000, 0) == 4000
    assert p.update(5000, 0) == AWAKE and p.woke and p.state != ASLEEP
    assert order == ["nap", "clocks", "on"]


def test_the_battery_reads_the_mean_of_several_readings_and_says_when_it_is_low():
    class Adc:
        def __init__(self, values):
            self.values = values
            self.i = 0

        def read_u16(self):
            self.i += 1
            return self.values[self.i % len(self.values)]

    full = 65535 * 1400 // 3300  # 4.2 V at VSYS
    ripple = Adc([full - 600, full + 600])
    b = Battery(ripple, divider=3, empty_mv=3300, full_mv=4200)
    assert abs(b.millivolts() - 4200) <= 3 and ripple.i == 8
    low = 65535 * 1130 // 3300  # 3.39 V: 10 % of 3.3..4.2 V
    b = Battery(Adc([low]), divider=3, empty_mv=3300, full_mv=4200)
    assert b.percent() == 9 and b.low()
    assert not b.low(11)
