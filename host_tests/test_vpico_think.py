"""Presses answered while virtual players think, on the virtual Pico
(tools/vpico: the emulated RP2040, our STUD_PICO UF2, the ROMFS route).

An eight-seat casino table of 7 Card Stud with Hard players (the settings
record on the board's flash before power-on): Hard's decisions there take
about 100 ms of the chip's time each. The CPython simulator plans where your
turns come (tools/vpico/gamescript.py: the same seed and presses); on the
device, after each press that hands the turn to the virtual players (NEW
GAME, then your calls), UP and DOWN are pressed every ``EVERY_MS`` while they
act and think, toggling the list view; each press must show its frame (the
list view or the table, as the press asks) within 50 ms of emulated time,
from the press to the frame complete. Before poker.game's think (a decision
in slices, the loop polling between them) presses waited on whole decisions
(up to 691 ms at such a table; this test failed on main at a5c6dba with
presses unanswered after 90 ms).

Presses made as a player's action reaches the display are not presses made
while a player thinks: the action's step and frame, and the heap collection
the loop makes after a frame when the heap runs low (about 30 ms), come
before the press's frame. They are counted apart and printed.
"""
import os
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if not os.path.isdir(os.path.join(ROOT, "tools", "vpico")):
    pytest.skip("the virtual Pico (tools/vpico) is not in this tree", allow_module_level=True)
sys.path.insert(0, os.path.join(ROOT, "tools", "vpico"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import gamescript  # noqa: E402
from vpico import NS_PER_MS, VirtualPico, app_install, board_dict, uf2  # noqa: E402

SEED = 1234
PRESS_BUDGET_MS = 50  # docs/device.md: a press to its frame complete
EVERY_MS = 90         # between two presses while the players act (not a divisor of their 600 ms pace)
WINDOW_MS = 2400      # how long the presses go on after each turn handed over
TURNS = 3             # NEW GAME and your first two calls
SETTLE_MS = 300       # after NEW GAME's table, its records go to flash first (erases: 45 ms each)
# a player's action on its way to the display when a frame other than the
# press's starts within ACTING_AFTER_MS after the press (the step before it)
# or ended within ACTING_BEFORE_MS before it (the collection after it)
ACTING_AFTER_MS = 30
ACTING_BEFORE_MS = 35


def _settings_record():
    """The settings record (poker.store's file) of a casino table of eight
    Hard players at 7 Card Stud, and the directory holding it."""
    from poker.settings import Settings
    from poker.store import Store

    data = tempfile.mkdtemp()
    s = Settings()
    s.profile = "casino"
    s.normalize()
    s.game = "F7S"
    s.players = 8
    s.difficulty = 2
    s.normalize()
    s.save(Store(root=data))
    with open(os.path.join(data, "settings"), "rb") as f:
        return f.read(), data


def _plan(data):
    """The simulator's settled frames: the menu, then your turns after NEW
    GAME and after each of your calls."""
    c = gamescript.SimConsole(SEED, data)
    first = bytes(c.display.buffer)
    steps = [gamescript.Step("A", c.press("A"), c.screen())]  # the menu
    g = None
    for _ in range(TURNS):
        steps.append(gamescript.Step("A", c.press("A"), c.screen()))
        g = c.app.game
        assert c.screen() == "Table" and g.human_to_act()
    assert g.seats == 8 and g.level == 2 and g.bots[1].level == "hard"
    return first, steps


def _is_list(frame):
    # the list view's rule under its first line spans the display (row 6);
    # no table view has it (every golden checked)
    return all(frame[x] & 0x40 for x in range(128))


def test_presses_while_hard_players_think_are_answered_within_the_budget(device_build):
    record, data = _settings_record()
    first, steps = _plan(data)
    board = dict(board_dict("pico_ssd1306_i2c"), seed=SEED)
    inst = app_install("romfs", device_build, board)
    inst["files"]["data/settings"] = record
    late = []
    lat = []     # presses made while the players think or wait for their pace
    acting = []  # presses made as a player's action reached the display
    acted = 0    # frames of the players' actions inside the windows
    with VirtualPico(board) as vp:
        vp.boot(uf2("STUD_PICO"), **inst)
        gamescript.wait_for(vp, first, 10000, "power-on", quiet=False)
        vp.press("A", gamescript.HOLD_MS)
        gamescript.wait_for(vp, steps[0].frame, 5000, "menu")
        for i, s in enumerate(steps[1:]):
            release = vp.press("A", gamescript.HOLD_MS)
            n = len(vp.frames)
            while not [f for f in vp.frames[n:] if f.t0 >= release]:  # its frame first (a new game's
                vp.run(5)                                               # press is held to 70 ms: test_vpico)
            vp.run(SETTLE_MS if i == 0 else 5)
            listing = False
            t = vp.now
            end = t + WINDOW_MS * NS_PER_MS
            while t < end:
                before = len(vp.frames)
                vp.press("UP" if not listing else "DOWN", gamescript.HOLD_MS, at_ns=t)
                listing = not listing
                nxt = t + EVERY_MS * NS_PER_MS
                vp.run_until(nxt)
                mine = [f for f in vp.frames[before:] if f.t0 >= t and _is_list(f.data) == listing]
                ms = (mine[0].t1 - t) / NS_PER_MS if mine else float("inf")
                acted += len(vp.frames) - before - (1 if mine else 0)
                others = [f for f in vp.frames[before - 1:] if not mine or f.t0 < mine[0].t0]
                if [f for f in others if f.t1 > t - ACTING_BEFORE_MS * NS_PER_MS
                        and f.t0 < t + ACTING_AFTER_MS * NS_PER_MS]:
                    acting.append(ms)
                else:
                    lat.append(ms)
                    if ms > PRESS_BUDGET_MS:
                        late.append("turn %d, press at %.0f ms: %.1f ms" % (i, t / NS_PER_MS, ms))
                t = nxt
            if listing:  # back to the table, as the simulator shows it
                vp.press("DOWN", gamescript.HOLD_MS)
            gamescript.wait_for(vp, s.frame, 20000, "your turn %d" % i)
        assert vp.problems() == []
    lat.sort()
    print("\n%d presses while the players think or wait: to frame complete min/median/max %.1f/%.1f/%.1f ms; "
          "%d more as an action reached the display (max %.1f ms); %d frames of the players' actions meanwhile"
          % (len(lat), lat[0], lat[len(lat) // 2], lat[-1], len(acting), max(acting or [0]), acted))
    assert acted >= 6  # the players did act (and think) while the keys were pressed
    assert len(lat) >= 60
    assert late == [], late
