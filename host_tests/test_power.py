# portable
"""hw.power: the screen goes dark after inactivity, then the console naps until
a button; the battery voltage from the ADC."""
from hw.power import AWAKE, DARK, Battery, Power


class FakeDisplay:
    def __init__(self):
        self.calls = []

    def poweroff(self):
        self.calls.append("off")

    def poweron(self):
        self.calls.append("on")


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
    p = Power(d, 0, 0)
    assert p.update(10 ** 9, 0) == AWAKE and d.calls == []


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
