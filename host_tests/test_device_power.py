"""The power benchmark's play and its provenance (tools/bench/device_power.py):

- a player who looks at each screen before the next key: the simulator
  waits as long as the device does, so the app's timers (the key guard
  after a screen that came by itself) see the same times in both, every
  key acts, and the device follows the simulator's screens;
- the plan of another version's build comes from that version's firmware
  folder, not today's;
- the table names what it measured: the firmware folder's commit and a
  digest of what the route installs.
"""
import os
import shutil
import subprocess

import pytest

import device_power
import gamescript
from vpico import VirtualPico, app_install, board_dict, uf2

SEED = 1234
ONE_HAND = (("F7S", 1),)


def _pause(_screen):
    return 1000  # past the app's key guard (250 ms): every key acts


def test_with_the_players_pauses_every_key_acts():
    _first, steps, _counts = gamescript.plan(SEED, ONE_HAND, pause_ms=_pause)
    frames = [s.frame for s in steps]
    assert len(steps) > 3
    # a key that acts changes the screen: none is dropped as a key meant for the screen before
    assert all(a != b for a, b in zip(frames, frames[1:]))


@pytest.mark.device
def test_with_the_players_pauses_the_device_shows_the_simulators_screens(device_build):
    first, steps, _counts = gamescript.plan(SEED, ONE_HAND, pause_ms=_pause)
    board = dict(board_dict("pico_ssd1306_i2c"), seed=SEED)
    with VirtualPico(board) as vp:
        vp.boot(uf2("STUD_PICO"), **app_install("romfs", device_build, board))
        # (raises at the first step whose screen differs from the simulator's)
        gamescript.replay(vp, first, steps[:8], on_step=lambda _i, s: vp.run(_pause(s.screen)))
        assert not vp.problems()


def test_another_versions_plan_runs_that_versions_firmware(tmp_path):
    copy = str(tmp_path / "firmware")
    shutil.copytree(device_power.FIRMWARE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    today = device_power.plan(device_power.FIRMWARE, 1)
    same = device_power.plan(copy, 1)
    assert [s.frame for s in same[1]] == [s.frame for s in today[1]] and same[0] == today[0]
    with open(os.path.join(copy, "ui", "app.py"), "a", encoding="utf-8") as f:
        f.write("\nraise ImportError('the copy was imported')\n")
    with pytest.raises(subprocess.CalledProcessError):
        device_power.plan(copy, 1)


def test_the_table_names_the_commit_and_what_was_installed(device_build, tmp_path):
    head = subprocess.run(["git", "-C", device_power.FIRMWARE, "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.strip()
    said = device_power.measured("romfs", device_build)
    assert "commit %s" % head in said and "STUD_PICO.uf2" in said
    other = str(tmp_path / "build")
    shutil.copytree(device_build, other)
    with open(os.path.join(other, "stud.romfs"), "ab") as f:
        f.write(b"\0")
    digest = said.split("sha256 ")[1][:12]
    assert digest not in device_power.measured("romfs", other)
    assert digest not in device_power.measured("lfs", device_build)
