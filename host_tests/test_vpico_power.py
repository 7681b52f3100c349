"""The power work on the virtual Pico (tools/device: its cycles follow clk_sys,
its meter counts the core's time asleep and the panel's state):

- waiting for a press (the menu, your turn) the core sleeps at least 97 %
  of the time, at the idle clock (18 MHz);
- the display bus keeps its rate at every clock and after a light sleep:
  the I2C (it runs from clk_sys) and the SPI (from clk_peri, which a light
  sleep moves);
- the screen dims after 20 s without a press; the press that brightens it
  does nothing else, the next one acts;
- the menu's title bar shows the battery (pixel for pixel the simulator's),
  a low one brings its warning, a board without battery sense shows none.
The presses' 50 ms budget on both routes: host_tests/test_vpico.py.
"""
import tempfile

import pytest

import gamescript
from energy import Stretch
from vpico import NS_PER_MS, VirtualPico, app_install, board_dict, uf2

SEED = 1234
pytestmark = pytest.mark.device  # the virtual Pico (docs/testing.md)

ROUTES = [("romfs", "STUD_PICO"), ("lfs", "RPI_PICO")]
IDLE_HZ = 18000000
ASLEEP_BUDGET = 0.97  # docs/device.md: CPU asleep while waiting for a press


def _board(name="pico_ssd1306_i2c", **changes):
    return dict(board_dict(name), seed=SEED, **changes)


def _boot(vp, route, firmware, build, files=None):
    inst = app_install(route, build, vp.board)
    if files:
        inst["files"].update(files)
    vp.boot(uf2(firmware), **inst)


@pytest.mark.parametrize("route, firmware", ROUTES)
def test_waiting_for_a_press_the_core_sleeps_at_the_idle_clock(route, firmware, device_build):
    first, steps, _counts = gamescript.plan(SEED, (("F7S", 1),))
    turn = next(i for i, s in enumerate(steps) if s.screen == "Table")  # your first turn
    with VirtualPico(_board()) as vp:
        _boot(vp, route, firmware, device_build)
        gamescript.replay(vp, first, steps[:1])  # the menu
        vp.run(1000)
        m0 = vp.meter()
        vp.run(5000)
        menu = Stretch(m0, vp.meter())
        gamescript.replay(vp, steps[0].frame, steps[1:turn + 1])  # on to your turn
        vp.run(1000)
        m0 = vp.meter()
        vp.run(5000)
        table = Stretch(m0, vp.meter())
        assert vp.problems() == []
    for what, s in (("menu", menu), ("your turn", table)):
        print("%s %s: asleep %.2f %% of the time, %.1f %% of it at 18 MHz" % (
            route, what, 100 * s.asleep, 100 * s.share_at(IDLE_HZ)))
        assert s.asleep >= ASLEEP_BUDGET, what
        assert s.share_at(IDLE_HZ) >= 0.95, what


# main.py for the bus test: a full frame at power-on's clocks, at the idle
# clock, after a light sleep at full speed and after one at the idle clock
# (each followed by the power's after_naps: the clocks set again)
BUS_MAIN = """import time, machine
from hw import hardware_setup
from ui import keys
dev = hardware_setup.setup(keys)
d = dev.display
c = dev.clocks
def frame(n):
    d.fill(0)
    d.fill_rect(0, 0, 16 * n, 64, 1)
    d.show(True)
    time.sleep_ms(20)
    print("FRAME", n, machine.freq())
def nap():
    machine.lightsleep(50)
    dev.power.after_naps()
frame(1)
c.idle()
frame(2)
c.full()
nap()
frame(3)
c.idle()
nap()
frame(4)
"""


@pytest.mark.parametrize("board", ["pico_ssd1306_i2c", "pico_ssd1306_spi"])
def test_the_display_bus_keeps_its_rate_at_every_clock_and_after_a_light_sleep(board, device_build):
    with VirtualPico(_board(board)) as vp:
        _boot(vp, "romfs", "STUD_PICO", device_build, {"main.py": BUS_MAIN.encode()})
        out = vp.run_until_serial("FRAME 4", 5000).decode()
        vp.run(50)
        assert vp.problems() == []
        clocks = [int(line.split()[2]) for line in out.splitlines() if line.startswith("FRAME")]
        frames = [f for f in vp.frames if any(f.data)][-4:]
    assert clocks == [125000000, IDLE_HZ, 125000000, IDLE_HZ]
    ms = [(f.t1 - f.t0) / NS_PER_MS for f in frames]
    print(board, "a whole frame on the bus at each step: %s ms" % ", ".join("%.2f" % x for x in ms))
    if board.endswith("i2c"):
        # 1024 bytes of 9 bit-times at 400 kHz (at 18 MHz the core also
        # feeds the bus a little slower)
        low = 1024 * 9 / 400.0
        assert all(low <= x <= low * 1.1 for x in ms)
    else:
        # the SPI's rate comes from clk_peri (the USB PLL's 48 MHz): at full
        # speed a frame is the bus's time, before a light sleep and after;
        # at 18 MHz the core feeds it slower, never faster than the bus
        assert abs(ms[2] - ms[0]) <= 0.05 * ms[0]
        assert ms[0] >= 1024 * 8 / 10000.0  # (the board asks 10 MHz: 8 MHz is what 48 MHz divides to)
        assert abs(ms[3] - ms[1]) <= 0.05 * ms[1] and ms[1] >= ms[0]


def test_the_screen_dims_after_20_s_and_the_press_that_brightens_it_does_nothing_else(device_build):
    first, steps, _counts = gamescript.plan(SEED, (("F7S", 1),))
    with VirtualPico(_board()) as vp:
        _boot(vp, "romfs", "STUD_PICO", device_build)
        gamescript.replay(vp, first, steps[:1])  # the menu
        menu = vp.frames[-1].data
        assert vp.meter()["panel"]["now"]["contrast"] == 128  # the settings' contrast
        vp.run(19000)
        assert vp.meter()["panel"]["now"]["contrast"] == 128
        vp.run(2000)
        panel = vp.meter()["panel"]["now"]
        assert panel["contrast"] == 0 and panel["on"]  # dimmed, not off
        n = len(vp.frames)
        vp.press("DOWN")
        vp.run(300)
        assert vp.meter()["panel"]["now"]["contrast"] == 128
        assert vp.frames[-1].data == menu  # the press only brightened it
        vp.press("DOWN")
        vp.run(300)
        assert len(vp.frames) > n and vp.frames[-1].data != menu  # the next one moves the choice
        assert vp.problems() == []


def _sim_menu_and_warning(volts):
    """The simulator's menu with the battery at ``volts``, and its warning
    over the menu (ui.low_battery, as the console shows it)."""
    from ui import low_battery

    with tempfile.TemporaryDirectory() as data:
        c = gamescript.SimConsole(SEED, data, gamescript.sim_battery(volts=volts))
        menu = c.press("A")
        level = c.app.battery_level()
        low_battery.show(c.app, level)
        c.app.draw()
        return menu, bytes(c.display.buffer), level


def test_the_menu_shows_the_battery_and_a_low_one_brings_its_warning(device_build):
    volts = 3.35
    menu, warning, level = _sim_menu_and_warning(volts)
    assert level <= 10 and warning != menu
    full_menu = gamescript.plan(SEED, (("F7S", 1),))[1][0].frame
    assert full_menu != menu  # the battery's level is on the title bar
    with VirtualPico(_board()) as vp:
        _boot(vp, "romfs", "STUD_PICO", device_build)
        vp.set_battery(volts)
        first = gamescript.plan(SEED, (("F7S", 1),))[0]
        gamescript.wait_for(vp, first, 5000, "power-on", quiet=False)
        vp.press("A")
        gamescript.wait_for(vp, warning, 5000, "the battery's warning")
        assert any(f.data == menu for f in vp.frames)  # the menu came first
        vp.press("A")
        gamescript.wait_for(vp, menu, 5000, "back to the menu")
        vp.run(3000)
        assert vp.frames[-1].data == menu  # once only
        assert vp.problems() == []


def test_a_board_without_battery_sense_shows_no_battery(device_build):
    first, steps, _counts = gamescript.plan(SEED, (("F7S", 1),), battery=False)
    with_battery = gamescript.plan(SEED, (("F7S", 1),))[1][0].frame
    assert steps[0].frame != with_battery
    with VirtualPico(_board(battery=None)) as vp:
        _boot(vp, "romfs", "STUD_PICO", device_build)
        gamescript.replay(vp, first, steps[:1])  # the menu, as the simulator's with no battery
        assert vp.problems() == []
