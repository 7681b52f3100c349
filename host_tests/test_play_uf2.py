"""`make play-uf2`: a release UF2 dropped on the virtual Pico and played in
a terminal (tools/device/play_device.py --uf2), as README's newcomer meets it."""
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

import play_device
import pytest
from vpico import ROOT

pytestmark = pytest.mark.device  # the virtual Pico (docs/testing.md)

UF2 = os.path.join(ROOT, "boards", "release", "stud-pico_ssd1306_i2c.uf2")


def _play(args, keys, limit_s=90):
    """Runs play_device in a pseudo-terminal; ``keys``: (after s, bytes).
    Returns (exit status, everything it wrote)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.executable, [sys.executable, os.path.join(ROOT, "tools", "device", "play_device.py")] + args)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 140, 0, 0))
    out, t0, sent = b"", time.monotonic(), 0
    while time.monotonic() - t0 < limit_s:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
        # a key once the emulator has drawn (its status line shows time run)
        if sent < len(keys) and b"emulated" in out and time.monotonic() - t0 > keys[sent][0]:
            os.write(fd, keys[sent][1])
            sent += 1
    else:
        os.kill(pid, 9)
    return os.waitpid(pid, 0)[1], out.decode("utf-8", "replace")


def test_a_release_board_is_named_by_its_file():
    assert play_device.release_board("boards/release/stud-pico_sh1106_i2c.uf2") == "pico_sh1106_i2c"
    with pytest.raises(SystemExit, match="not a release UF2"):
        play_device.release_board("boards/STUD_PICO/release/STUD_PICO.uf2")


def test_a_missing_file_is_named_with_where_the_files_are(tmp_path):
    with pytest.raises(SystemExit, match="no such file.*boards/release"):
        play_device.main(["--uf2", str(tmp_path / "stud-pico_x.uf2")])


def test_the_release_uf2_plays_in_the_terminal_and_its_flash_is_kept(tmp_path):
    build = str(tmp_path)
    status, out = _play(["--uf2", UF2, "--build", build, "--fresh"], [(4, b"z"), (7, b"q")])
    assert status == 0, out[-2000:]
    kept = os.path.join(build, "vpico", "play-uf2-pico_ssd1306_i2c.flash")
    assert os.path.getsize(kept) == 2 * 1024 * 1024
    assert "is kept in " + kept in out
    # the next run goes on from that flash
    status, out = _play(["--uf2", UF2, "--build", build], [(1, b"q")])
    assert status == 0 and "the game kept from the last run" in out
