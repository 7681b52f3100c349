"""A tournament on the virtual Pico, both routes: the menu's MODE and LEVELS
set, then six hands of 7 Card Stud across a level change (LEVEL 2 between
the fifth and the sixth), every press answered within the budget and every
screen, pixel for pixel, the one the CPython simulator settled on
(tools/device/gamescript.py). The ROMFS route runs the STUD_PICO firmware
whose frozen names predate the tournament's (they take RAM there)."""
import gamescript
import pytest
from vpico import NS_PER_MS, VirtualPico, app_install, board_dict, uf2

from ui_rig import find_text

pytestmark = pytest.mark.device  # the virtual Pico (docs/testing.md)

SEED = 1234
PRESS_BUDGET_MS = 50  # docs/device.md: a button released to its frame complete, every press
LOADED_MS = 3000  # the menu read before a setting changes: the power-on's loading is over
ROUTES = [("romfs", "STUD_PICO"), ("lfs", "RPI_PICO")]
TOURNAMENT = (("MODE", "tour", 10), ("LEVELS", "tour", 5))


@pytest.fixture(scope="module")
def tour():
    return gamescript.plan(SEED, games=(("F7S", 6),), settings=TOURNAMENT)


def _fb(frame):
    import framebuf

    return framebuf.FrameBuffer(bytearray(frame), 128, 64, framebuf.MONO_VLSB)


def test_the_script_sets_a_tournament_and_plays_six_hands_across_a_level_change(tour):
    _first, steps, counts = tour
    assert counts == {"F7S": [6, 6]}
    level = [s for s in steps if s.screen == "Banner" and find_text(_fb(s.frame), "BETS NOW 20/40")]
    assert len(level) == 1  # LEVEL 2, once, its one press
    i = steps.index(level[0])
    assert steps[i + 1].screen == "Table" and steps[i].key == "A"
    assert [s.note for s in steps if s.note.startswith("new game")] == ["new game F7S"]


@pytest.mark.parametrize("route, firmware", ROUTES)
def test_a_tournament_plays_frame_for_frame_within_the_press_budget(route, firmware, device_build, tour):
    first, steps, _counts = tour
    board = dict(board_dict("pico_ssd1306_i2c"), seed=SEED)
    with VirtualPico(board) as vp:
        vp.boot(uf2(firmware), **app_install(route, device_build, board))
        # (a press during the power-on's loading waits on it: test_vpico_loading)
        lat = gamescript.replay(vp, first, steps, on_step=lambda i, s: vp.run(LOADED_MS) if i == 0 else None)
        assert vp.problems() == []
    assert len(lat) == len(steps)
    ends = [(x.t1 - x.edge) / NS_PER_MS for x in lat]
    print("\n%s route (%s), a tournament: %d presses, key to frame complete min/median/max %.1f/%.1f/%.1f ms"
          % (route, firmware, len(lat), *gamescript.stats(ends)))
    over = ["step %d %s -> %s: %.1f ms" % (i, s.key, s.screen, ends[i])
            for i, s in enumerate(steps) if ends[i] > PRESS_BUDGET_MS]
    for line in over:
        print("  over the budget: " + line)
    assert over == []
