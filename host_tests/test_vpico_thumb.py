"""The scripted thumb on the virtual Pico (the simulator's is
test_ui_thumb_game.py): a game played through the
board's pins with A and B pressed at random moments besides your own play
(tools/device/gamescript.py's thumb_game, everything read from the frames
the OLED gets). No action of yours comes from an A that went down before
its turn's first frame, and no turn that offered CHECK ends in a fold.

Stud hi/lo at six casino seats, Easy players, the
SPEED setting at FAST; 200 hands by default (STUD_THUMB_HANDS=N for fewer),
on the ROMFS route (STUD_THUMB_ROUTE=lfs for the stock one). The hands are
played as PARTS games of their own, each on its own seed and power-on, so
that the test run's workers share them."""
import os
import tempfile

import gamescript
import pytest
from poker.match.settings import Settings
from poker.match.store import Store
from vpico import VirtualPico, app_install, board_dict, uf2

pytestmark = [pytest.mark.device, pytest.mark.slow]

HANDS = int(os.environ.get("STUD_THUMB_HANDS", "200"))
PARTS = 8
ROUTE = os.environ.get("STUD_THUMB_ROUTE", "romfs")


def _settings_record():
    data = tempfile.mkdtemp()
    s = Settings()
    s.profile = "casino"
    s.normalize()
    s.game = "F7S/8"
    s.players = 6
    s.speed = 2
    s.difficulty = 0  # (Easy players think fast: the emulator plays more hands an hour)
    s.normalize()
    s.save(Store(root=data))
    with open(os.path.join(data, "settings"), "rb") as f:
        return f.read()


@pytest.mark.parametrize("part", range(PARTS))
def test_random_presses_on_the_device_never_act_on_an_old_key_nor_fold_a_free_check(device_build, part):
    hands = -(-HANDS // PARTS)
    seed = 7 + part
    board = dict(board_dict("pico_ssd1306_i2c"), seed=seed)
    inst = app_install(ROUTE, device_build, board)
    inst["files"]["data/settings"] = _settings_record()
    with VirtualPico(board) as vp:
        vp.boot(uf2("STUD_PICO" if ROUTE == "romfs" else "RPI_PICO"), **inst)
        vp.run(1500)
        rep = gamescript.thumb_game(vp, hands, seed)
        problems = vp.problems()
    print("\n%s route: %r" % (ROUTE, rep))
    assert problems == [] and rep.failures == [], (problems, rep.failures)
    assert rep.hands >= hands and rep.actions >= 2 * hands and rep.strays > 3 * hands
