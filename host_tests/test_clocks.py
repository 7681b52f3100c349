# portable
"""hw.clocks: the system clock goes down while the console waits and back up
for work, and every change re-times the display's I2C bus (it runs from
clk_sys); after a light sleep the clock the console had comes back."""
from hw.clocks import FULL_HZ, IDLE_HZ, Clocks


class Log:
    def __init__(self):
        self.calls = []

    def freq(self, hz):
        self.calls.append(("freq", hz))


class Bus:
    def __init__(self, log):
        self.log = log

    def retime(self):
        self.log.calls.append(("retime",))


def test_idle_and_full_change_the_clock_once_each_and_retime_the_bus_after():
    log = Log()
    c = Clocks(log.freq, (Bus(log),))
    c.full()  # already at full speed (the port's clock at power-on): nothing
    assert log.calls == [] and c.hz == FULL_HZ
    c.idle()
    c.idle()
    assert log.calls == [("freq", IDLE_HZ), ("retime",)] and c.hz == IDLE_HZ
    c.full()
    assert log.calls[2:] == [("freq", FULL_HZ), ("retime",)]


def test_on_usb_power_the_idle_clock_stays_at_48_mhz():
    log = Log()
    usb = [True]
    c = Clocks(log.freq, (), usb_powered=lambda: usb[0])
    c.idle()
    assert c.hz == 48000000
    usb[0] = False
    c.idle()
    assert c.hz == IDLE_HZ


def test_after_a_light_sleep_the_clock_and_the_bus_are_set_again():
    log = Log()
    c = Clocks(log.freq, (Bus(log),))
    c.idle()
    log.calls.clear()
    c.after_sleep()  # the port woke the chip at 125 MHz, clk_peri on clk_sys
    assert log.calls == [("freq", IDLE_HZ), ("retime",)] and c.hz == IDLE_HZ


def test_the_idle_clock_is_one_the_system_pll_makes_exactly():
    # the pico-sdk's check_sys_clock_khz: 12 MHz crystal, VCO 750..1600 MHz,
    # post dividers 1..7 (machine.freq raises ValueError for a clock it cannot make)
    made = set()
    for fbdiv in range(16, 321):
        vco = 12 * fbdiv
        if 750 <= vco <= 1600:
            for pd1 in range(1, 8):
                for pd2 in range(1, pd1 + 1):
                    if vco * 1000 % (pd1 * pd2) == 0:
                        made.add(vco * 1000 // (pd1 * pd2))
    assert IDLE_HZ // 1000 in made and FULL_HZ // 1000 in made
    assert min(made) > 15000  # (nothing lower: 12 MHz is the crystal alone, no PLL)
