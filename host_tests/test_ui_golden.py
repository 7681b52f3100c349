"""Golden screenshots: every screen, drawn by a scripted run of the app,
matches host_tests/golden/*.png pixel for pixel, under CPython and under the
MicroPython unix port (its own framebuf). Regenerate deliberately changed
screens with `python tools/sim/goldens.py`."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import goldens
from pngout import load_png

NAMES = [name for name, _ in goldens.SCENES]


def _golden(name):
    w, h, buf = load_png(os.path.join(ROOT, "host_tests", "golden", name + ".png"))
    assert (w, h) == (128, 64)
    return bytes(buf)


def _diff(a, b):
    """Pixels that differ between two MONO_VLSB frames."""
    n = 0
    for i in range(1024):
        n += bin(a[i] ^ b[i]).count("1")
    return n


@pytest.mark.parametrize("name", NAMES)
def test_screen_matches_its_golden_png_pixel_for_pixel(name):
    (got,) = [f for _, f in goldens.frames([name])]
    assert _diff(got, _golden(name)) == 0, "%s: redraw it with tools/sim/goldens.py if the change is deliberate" % name


def test_every_golden_png_shows_something():
    for name in NAMES:
        assert _diff(_golden(name), bytes(1024)) > 100, name


def test_micropython_unix_port_draws_every_screen_with_identical_pixels(tmp_path):
    exe = shutil.which("micropython")
    assert exe, "the micropython unix port is not installed"
    proc = subprocess.run([exe, "-X", "heapsize=1m", os.path.join(ROOT, "tools", "sim", "goldens.py"),
                           "--raw", str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name in NAMES:
        with open(tmp_path / (name + ".bin"), "rb") as f:
            mp = f.read()
        assert len(mp) == 1024
        assert _diff(mp, _golden(name)) == 0, name
