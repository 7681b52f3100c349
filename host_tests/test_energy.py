"""tools/bench/energy.py, the energy model: its board figures reproduce the
Pico datasheet's, and a stretch of the meter costs what its clock, its
sleep and its pixels say."""
import energy
from energy import AA, LIPO, Stretch, combined, hours


def _meter(t, cpu, on=0, lit=0, lit_contrast=0):
    return {"t": t, "cpu": [{"hz": hz, "exec": ex, "wait": w, "xosc": x} for hz, ex, w, x in cpu],
            "panel": {"on": on, "lit": lit, "lit_contrast": lit_contrast, "pixels": 8192}}


def _second(cpu, on=0, lit=0, contrast=255):
    """A Stretch of one second: cpu [(hz, exec ns, wait ns, xosc)], the panel
    on ``on`` ns with ``lit`` pixels at ``contrast``."""
    zero = _meter(0, [(hz, 0, 0, x) for hz, _e, _w, x in cpu])
    return Stretch(zero, _meter(10 ** 9, cpu, on, lit * on, lit * on * (contrast + 1) / 256))


def test_the_board_figures_give_back_the_pico_datasheets_two_vbus_currents():
    # the same use cases measured on the chip's rails (RP2040 datasheet) and
    # at the board's VBUS (Pico datasheet): the model joins them
    for rails_ma, vbus_ma in ((energy.BOOTSEL_IDLE_MA + energy.IOVDD_MA + 0.2, energy.PICO_BOOTSEL_IDLE_MA),
                              (energy.SLEEP_MA, energy.PICO_SLEEP_MA)):
        mw = 3.3 * rails_ma / energy.EFFICIENCY + energy.FIXED_MW
        assert abs(mw / 5.0 - vbus_ma) < 1e-9
    assert 0.85 < energy.EFFICIENCY < 0.95 and 4 < energy.FIXED_MW < 6


def test_a_lower_clock_asleep_costs_less_and_executing_more():
    asleep_125 = _second([(125000000, 0, 10 ** 9, False)])
    asleep_18 = _second([(18000000, 0, 10 ** 9, False)])
    busy_125 = _second([(125000000, 10 ** 9, 0, False)])
    light_sleep = _second([(12000000, 0, 10 ** 9, True)])
    assert light_sleep.battery_mw() < asleep_18.battery_mw() < asleep_125.battery_mw() < busy_125.battery_mw()
    # the core at BOOTSEL's clock, waiting: the datasheet's DVDD and IOVDD
    assert abs(_second([(48000000, 0, 10 ** 9, False)]).chip_ma() - energy.BOOTSEL_IDLE_MA - energy.IOVDD_MA) < 1e-9
    assert asleep_18.asleep == 1.0 and busy_125.asleep == 0.0 and asleep_18.mhz == 18.0


def test_the_panel_costs_its_lit_pixels_at_their_contrast_while_on():
    cpu = [(18000000, 0, 10 ** 9, False)]
    dark = _second(cpu)
    full = _second(cpu, on=10 ** 9, lit=8192, contrast=255)
    dim = _second(cpu, on=10 ** 9, lit=8192, contrast=0)
    half = _second(cpu, on=10 ** 9 // 2, lit=8192, contrast=255)
    # every pixel lit at full contrast: 64 rows of 128 segments at 100 uA, one row at a time, pumped
    assert abs(full.panel_ma() - 2 * 0.1 * 128) < 1e-9
    assert dark.panel_ma() == 0 and dim.panel_ma() < full.panel_ma() / 200
    assert abs(half.panel_ma() - full.panel_ma() / 2) < 1e-9
    assert full.lit == 1.0 and abs(full.contrast - 255) < 1e-9 and half.screen_on == 0.5


def test_stretches_combine_and_hours_come_from_the_batterys_energy():
    a = _second([(125000000, 10 ** 8, 9 * 10 ** 8, False)], on=10 ** 9, lit=1000)
    b = _second([(18000000, 0, 10 ** 9, False)], on=10 ** 9, lit=3000)
    both = combined([a, b])
    assert both.ns == 2 * 10 ** 9 and abs(both.asleep - 0.95) < 1e-9
    assert abs(both.battery_mw() - (a.battery_mw() + b.battery_mw()) / 2) < 1e-9
    assert abs(hours(48.0, AA) - 2000 * 2.4 / 48.0) < 1e-9
    assert abs(hours(37.0, LIPO) - 100.0) < 1e-9
