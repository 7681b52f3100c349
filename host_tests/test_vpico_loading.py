"""The first press made while the game still loads after power-on, on the
virtual Pico (tools/device: the emulated RP2040), both routes: STUD_PICO with
the ROMFS image, and RPI_PICO (the stock firmware) with the app on LittleFS.

After the NEW GAME frame ui.app loads a step per idle poll (PRELOAD's
modules; the evaluator's tables a piece a step, poker.eval.load). A
fresh board boots, A is pressed that many ms after the NEW GAME frame is
complete and held 60 ms (as tools/device/gamescript.py presses), and its
answer must be complete on the display within 50 ms of emulated time from
the release (tools/bench/device_first.py's first_press; `bench_device.py
first-press` prints the whole table). The delays are the worst moments:
while the evaluator's tables load (a press must not wait for the whole
import: 164 ms of the chip from LittleFS, 63 from ROMFS) and at the heap
collection that ends the loading. From 100 ms on, the menu's modules are
in: the answer is the menu itself.
"""

import device_first
import pytest
from vpico import NS_PER_MS

pytestmark = pytest.mark.device  # the virtual Pico (docs/testing.md)

PRESS_BUDGET_MS = 50  # docs/device.md: a press to its frame complete

# (route, ms after the NEW GAME frame)
CASES = [("romfs", 100), ("lfs", 0), ("lfs", 150), ("lfs", 200),
         # Known over the budget (strict: an unexpected pass fails, so the
         # mark goes with its cause): on the stock route the loading now
         # runs past 1 s, and a press made about 1 s after NEW GAME waits
         # on the import in progress of one of PRELOAD's larger modules
         # (63-86 ms to the menu's frame; which moment depends on the
         # loading's schedule): the loading needs smaller steps
         pytest.param("lfs", 1000, marks=pytest.mark.xfail(strict=True, reason="a press waits on a PRELOAD import "
                                                                           "on the stock route"))]


@pytest.mark.parametrize("route,delay", CASES)
def test_a_press_while_the_game_loads_is_answered_within_the_budget(device_build, route, delay):
    _boot, answer, menu = device_first.first_press(route, device_build, delay)
    answer /= NS_PER_MS
    menu /= NS_PER_MS
    print("\n%s, pressed %d ms after NEW GAME: answer %.1f ms, menu %.1f ms" % (route, delay, answer, menu))
    assert answer <= PRESS_BUDGET_MS
    if delay >= 100:
        assert menu == answer  # the menu at once, no LOADING first
