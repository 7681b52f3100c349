"""Presses answered while virtual players think, on the virtual Pico
(tools/device: the emulated RP2040, on both routes: our STUD_PICO UF2 with
the ROMFS image, and the stock RPI_PICO with the app on LittleFS).

An eight-seat casino table of 7 Card Stud with Hard players (the settings
record on the board's flash before power-on): Hard's decisions there take
about 100 ms of the chip's time each. The CPython simulator plans where your
turns come (tools/device/gamescript.py: the same seed and presses); on the
device, after each press that hands the turn to the virtual players (NEW
GAME, then your calls), UP and DOWN are pressed every 90 ms while they act
and think (gamescript.presses_while_players_act), toggling the list view;
each press must show its frame (the list view or the table, as the press
asks) within 50 ms of emulated time, from the press to the frame complete,
those made as a player's action reaches the display included. A pressed
while they act never acts: its frame is the bar saying how to hurry them
(tested among those presses); each window ends with B, which hurries them
(its frame: the bar's ">>"); and your own decisions (NEW GAME, your calls:
the A that acts) are timed to their frames too, all within the budget.

Why they can be: a decision runs in slices, the loop polling the buttons
between them (poker.match.game's think, ui.table's _think,
poker.odds.sampler's batches no larger than a slice); a key heard during a
player's action cuts its frame short (ui.app's stop_frame); the screens
draw through native code without heap frames; and when the heap is low the
console collects right after a key's frame, not at the next allocation
(eight Hard players make about 7 KB of garbage a decision, and a
collection takes about 27 ms of the stock route's chip).
"""
import os

import pytest

import gamescript
from vpico import VirtualPico, app_install, board_dict, uf2

pytestmark = pytest.mark.device  # the virtual Pico (docs/testing.md)

# three games (where collections and flash writes fall differs); others:
# STUD_THINK_SEEDS=1,2,3
SEEDS = tuple(int(x) for x in os.environ.get("STUD_THINK_SEEDS", "1234,4,9").split(","))
PRESS_BUDGET_MS = 50  # docs/device.md: a press to its frame complete
# The stock route misses that budget now and then, and this test says by
# how much instead of passing by the seed's luck: its code sits in the heap,
# so a collection takes 26 ms there and the heap check before it 8 ms, and
# a press that comes during either waits (docs/device.md, "When the heap is
# collected"). Over twelve games (STUD_THINK_SEEDS=1,2,3,5,6,7,8,1234,4,9,11,12)
# four have one such press, at 50.4-53.0 ms. Allowed there: one a game,
# within STOCK_MISS_MS.
STOCK_MISS_MS = 55
TURNS = 3             # NEW GAME and your first two calls


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("route", ["romfs", "lfs"])
def test_presses_while_hard_players_think_are_answered_within_the_budget(device_build, route, seed, tmp_path):
    # one game a case (each boots its own board): the cases spread over the workers
    data = str(tmp_path)
    record = gamescript.hard_table_settings(data)
    first, steps, g = gamescript.plan_turns(seed, data, TURNS)
    assert g.seats == 8 and g.level == 2 and g.bots[1].level == "hard"
    board = dict(board_dict("pico_ssd1306_i2c"), seed=seed)
    inst = app_install(route, device_build, board)
    inst["files"]["data/settings"] = record
    with VirtualPico(board) as vp:
        vp.boot(uf2("STUD_PICO" if route == "romfs" else "RPI_PICO"), **inst)
        # (the stock route's Hard plays fewer deals than the simulator: its
        # turns are found by the screen's quiet)
        lat, acting, acted, decided, hurried = gamescript.presses_while_players_act(
            vp, first, steps, same=route == "romfs", hurry=True)
        assert vp.problems() == []
    every = lat + acting
    slow = [ms for ms in every + decided + hurried if ms > PRESS_BUDGET_MS]
    print("\nseed %d: %d presses while the players act (UP, DOWN, A): to frame complete min/median/max "
          "%.1f/%.1f/%.1f ms, %d over %d ms (%d of them as an action reached the display: max %.1f ms); %d "
          "frames of the players' actions meanwhile; your %d decisions (A) %.1f/%.1f/%.1f ms; %d hurries (B) "
          "%.1f/%.1f/%.1f ms" % ((seed, len(every)) + gamescript.stats(every) + (
              len(slow), PRESS_BUDGET_MS, len(acting), max(acting or [0]), acted, len(decided))
              + gamescript.stats(decided or [0]) + (len(hurried),) + gamescript.stats(hurried or [0])))
    # the players did act while the keys were pressed (frames of their
    # own beside those that gave way to a key's); your turns then came
    # as the simulator's (presses_while_players_act waits for them)
    assert acted >= 3
    assert len(every) >= 50 and len(decided) >= TURNS - 1 and hurried
    if route == "lfs":
        assert len(slow) <= 1 and max(slow or [0]) <= STOCK_MISS_MS, slow
    else:
        assert slow == []
