"""The newcomer's path, the README's first two sections, command for
command: the game on the desktop without a terminal (`make play` with the
simulator's headless script), then the one-file install, the release UF2
copied to the Pico's drive, on the virtual Pico (tools/device)."""
import os
import subprocess

import pytest

import gamescript
from pngout import load_png
from ui_rig import find_text
from vpico import BATTERY_VOLTS, VirtualPico, board_dict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the README's commands, as printed there
PLAY = ["make", "play", "ARGS=--headless --script tools/sim/first_hand.txt --out build/shots"]
PLAY_PNG = os.path.join(ROOT, "build", "shots", "first_hand.png")
UF2 = os.path.join(ROOT, "boards", "release", "stud-pico_ssd1306_i2c.uf2")
BOARD = "pico_ssd1306_i2c"  # the board that UF2 is for


def test_make_play_with_the_headless_script_deals_a_game_to_your_first_turn():
    if os.path.exists(PLAY_PNG):
        os.remove(PLAY_PNG)
    proc = subprocess.run(PLAY, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "done:" in proc.stdout
    _w, _h, frame = load_png(PLAY_PNG, 3)
    assert gamescript.is_your_turn(frame), "the script's last frame is not the table at your turn"


@pytest.mark.device
def test_the_release_uf2_copied_to_the_picos_drive_starts_the_console_at_its_menu(tmp_path):
    # the simulator's power-on screen and menu (neither depends on the deal)
    c = gamescript.SimConsole(1, str(tmp_path))
    power_on = bytes(c.display.buffer)
    menu = c.press("A")
    with VirtualPico(board_dict(BOARD)) as vp:  # an erased flash
        vp.drop(UF2)       # the file copied to the drive the Pico shows in BOOTSEL mode
        vp.set_battery(BATTERY_VOLTS)  # (the board's battery: charged, no BATTERY LOW)
        vp.power_on()      # it restarts by itself
        gamescript.wait_for(vp, power_on, 5000, "the power-on screen", quiet=False)
        vp.press("A")
        gamescript.wait_for(vp, menu, 5000, "the menu")
        assert vp.problems() == []
        shown = vp.frames[-1].data
    import framebuf

    fb = framebuf.FrameBuffer(bytearray(shown), 128, 64, framebuf.MONO_VLSB)
    assert find_text(fb, "NEW GAME", small=False) is not None
