"""The gallery (tools/sim/gallery.py, `make shots`): the README's pictures.
Its end screens come from real games, so they show the hands those games
took; the committed pictures are the ones the tool makes today; the
virtual Pico's pictures are the release UF2's own frames."""
import os

import pytest

import gallery
import gamescript
from pngout import load_png
from ui_rig import find_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = os.path.join(ROOT, "tools", "sim", "shots")


def _fb(frame):
    import framebuf

    return framebuf.FrameBuffer(bytearray(frame), 128, 64, framebuf.MONO_VLSB)


@pytest.mark.parametrize("scene,line", [("game_over", "HANDS PLAYED %d"), ("you_win", "IN %d HANDS")])
def test_an_end_screen_shows_the_hands_its_real_game_took(scene, line):
    rig = getattr(gallery, scene)()
    hands = rig.app.game.hand_no
    assert hands > 1
    frame = rig.frame()
    assert find_text(_fb(frame), line % hands) is not None, "the frame does not read %r" % (line % hands)
    assert find_text(_fb(frame), line % 0) is None


def test_the_committed_gallery_is_what_the_tool_makes(tmp_path):
    assert gallery.main(["--out", str(tmp_path)]) == 0
    made = sorted(os.listdir(str(tmp_path)))
    assert "game_over.png" in made and "you_win.png" in made
    stale = []
    for name in made:
        _w, _h, new = load_png(str(tmp_path / name), gallery.SCALE)
        path = os.path.join(SHOTS, name)
        if not os.path.exists(path) or load_png(path, gallery.SCALE)[2] != new:
            stale.append(name)
    assert not stale, "tools/sim/shots is stale (make shots DEVICE=no): %s" % stale


@pytest.mark.device
def test_the_device_pictures_are_the_release_uf2s_menu_and_a_turn_of_yours():
    shots = dict(gallery.device_frames())
    assert sorted(shots) == ["device_menu", "device_table"]
    assert find_text(_fb(shots["device_menu"]), "NEW GAME", small=False) is not None
    assert gamescript.is_your_turn(shots["device_table"])
