"""The simulator (tools/sim): scripted presses, frames as PNG, the terminal
picture and keys, and the same pixels under the MicroPython unix port."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIM = os.path.join(ROOT, "tools", "sim")
import framebuf  # noqa: E402
import pngout  # noqa: E402
import term  # noqa: E402
from demo import DemoApp  # noqa: E402
from script import ScriptError, Sim  # noqa: E402
from simhw import SimClock, SimDisplay, SimSound  # noqa: E402
from ui.keys import A, B, DOWN, LEFT, LONG, PRESS, RELEASE, REPEAT, RIGHT, UP  # noqa: E402

MICROPYTHON = shutil.which("micropython")


class Recorder:
    """An app that records what it is given."""

    def __init__(self, display):
        self.display = display
        self.events = []
        self.ticks = 0

    def handle(self, key, event):
        self.events.append((key, event))

    def tick(self, now):
        self.ticks = now

    def draw(self):
        pass


def make(app_class=Recorder, two_button=False, out_dir="."):
    d = SimDisplay()
    app = app_class(d)
    sim = Sim(app, d, SimClock(), SimSound(), out_dir, two_button)
    sim.start()
    return sim


def test_script_presses_send_press_then_release_and_xn_repeats():
    sim = make()
    sim.run_script("A\nLEFT x3  # three\n\nlong B\n")
    assert sim.app.events == [(A, PRESS), (A, RELEASE)] + [(LEFT, PRESS), (LEFT, RELEASE)] * 3 + \
        [(B, LONG), (B, RELEASE)]
    assert sim.clock.ticks_ms() == 5 * sim.gap_ms


def test_hold_goes_through_the_button_logic_with_accelerating_repeats():
    sim = make()
    sim.run_script("hold RIGHT 1500")
    ev = sim.app.events
    assert ev[0] == (RIGHT, PRESS) and ev[-1] == (RIGHT, RELEASE)
    assert ev.count((RIGHT, REPEAT)) >= 5


def test_wait_ticks_the_app_and_gap_sets_the_time_after_a_press():
    sim = make()
    sim.run_script("wait 1234\ngap 0\nA")
    assert sim.app.ticks == 1234 == sim.clock.ticks_ms()


def test_two_button_scripts_press_ok_and_next_through_their_mapping():
    sim = make(two_button=True)
    sim.run_script("OK\nNEXT\nlong OK\n")
    assert sim.app.events == [(A, PRESS), (A, RELEASE), (RIGHT, PRESS), (RIGHT, RELEASE),
                              (B, PRESS), (B, RELEASE)]
    sim = make(two_button=True)
    sim.run_script("hold NEXT 1500")
    assert sim.app.events[0] == (DOWN, PRESS) and (DOWN, REPEAT) in sim.app.events


def test_bad_script_lines_name_the_line():
    for text, word in (("A\nFIRE", "line 2"), ("wait soon", "number"), ("LEFT x", "xN"), ("png", "file")):
        with pytest.raises(ScriptError) as e:
            make().run_script(text)
        assert word in str(e.value)


def test_png_of_a_frame_has_the_frame_pixels_read_back_by_pillow(tmp_path):
    from PIL import Image
    sim = make(DemoApp, out_dir=str(tmp_path))
    sim.run_script("RIGHT\npng a.png\npng big.png 3\nframe a.bin")
    d = sim.display
    img = Image.open(tmp_path / "a.png").convert("1")
    assert img.size == (128, 64)
    for y in range(64):
        for x in range(128):
            assert (img.getpixel((x, y)) != 0) == bool(d.pixel(x, y))
    big = Image.open(tmp_path / "big.png").convert("1")
    assert big.size == (384, 192) and (big.getpixel((3 * 5 + 1, 3 * 2 + 2)) != 0) == bool(d.pixel(5, 2))
    assert (tmp_path / "a.bin").read_bytes() == bytes(d.buffer)
    w, h, buf = pngout.load_png(str(tmp_path / "a.png"))
    assert (w, h) == (128, 64) and buf == d.buffer


def test_terminal_picture_uses_one_half_block_per_two_pixel_rows():
    d = SimDisplay()
    d.pixel(0, 0, 1)
    d.pixel(1, 1, 1)
    d.pixel(2, 0, 1)
    d.pixel(2, 1, 1)
    d.pixel(127, 63, 1)
    lines = term.render(d, "hello")
    assert len(lines) == 33 and all(len(line) == 128 for line in lines)
    assert lines[0][:4] == "\u2580\u2584\u2588 " and lines[31][127] == "\u2584"
    assert lines[32].startswith("hello")
    d.poweroff()
    assert term.render(d)[0].strip() == ""


def test_terminal_keys_map_to_buttons():
    out, rest = term.parse_keys(b"\x1b[Aw\rzZ\x7fxXpq\x1b[")
    assert out == [(UP, PRESS), (UP, PRESS), (A, PRESS), (A, PRESS), (A, LONG), (B, PRESS), (B, PRESS),
                   (B, LONG), "png", "quit"]
    assert rest == b"\x1b["


def test_display_counts_frames_and_hands_them_to_the_front_end():
    seen = []

    class Front:
        def frame(self, display):
            seen.append(bytes(display.buffer))

    d = SimDisplay(Front())
    assert isinstance(d, framebuf.FrameBuffer)
    d.fill_rect(0, 0, 8, 8, 1)
    d.show()
    assert d.frames == 1 and seen[-1][0] == 0xFF and d.lit(7, 7) == 1
    d.contrast(10)
    assert d.contrast_level == 10


@pytest.mark.skipif(MICROPYTHON is None, reason="no micropython unix port")
def test_the_same_script_gives_the_same_frames_under_micropython_and_cpython(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("RIGHT x5\nhold LEFT 900\nlong A\nframe a.bin\nDOWN\nwait 2500\nframe b.bin\n")
    outs = []
    for exe in (sys.executable, MICROPYTHON):
        out = tmp_path / os.path.basename(exe)
        cmd = [exe] + (["-X", "heapsize=180k"] if exe == MICROPYTHON else [])
        cmd += [os.path.join(SIM, "run.py"), "--headless", "--demo", "--script", str(script),
                "--out", str(out), "--data", str(tmp_path / "data"), "--seed", "3"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        outs.append(((out / "a.bin").read_bytes(), (out / "b.bin").read_bytes()))
    assert outs[0] == outs[1]
    assert outs[0][0] != outs[0][1] and any(outs[0][0])


@pytest.mark.skipif(MICROPYTHON is None, reason="no micropython unix port")
def test_the_documented_micropython_run_saves_a_4x_png_row_by_row(tmp_path):
    # README: micropython -X heapsize=480k tools/sim/run.py --headless --script FILE,
    # with "png FILE 4": the rows are streamed, never the whole image in RAM
    # (480 KB on a 64-bit port: the whole app compiled from source and the
    # evaluator's 150 KB of tables in RAM)
    from PIL import Image

    script = tmp_path / "s.txt"
    script.write_text("A\npng big.png 4\nframe big.bin\n")
    out = tmp_path / "out"
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=480k", os.path.join(SIM, "run.py"), "--headless",
                           "--script", str(script), "--out", str(out), "--data", str(tmp_path / "data")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    frame = (out / "big.bin").read_bytes()
    im = Image.open(out / "big.png").convert("1")
    assert im.size == (512, 256)
    for y in range(64):
        for x in range(128):
            lit = (frame[(y >> 3) * 128 + x] >> (y & 7)) & 1
            assert (im.getpixel((4 * x + 2, 4 * y + 1)) != 0) == bool(lit), (x, y)


def test_play_without_a_terminal_says_how_to_run_headless():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sim", "play.py")], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "--headless" in proc.stderr


class _DemoInPty:
    """``tools/sim/play.py --demo`` in a pseudo-terminal of 140 columns: ``pump``
    reads what it draws into ``out``; ``resize``, ``key``, ``wait``."""

    def __init__(self, tmp_path):
        import pty

        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the simulator in the pseudo-terminal
            os.execv(sys.executable, [sys.executable, os.path.join(ROOT, "tools", "sim", "play.py"), "--demo",
                                      "--out", str(tmp_path), "--data", str(tmp_path / "data")])
        self.out = bytearray()
        self.resize(140)

    def resize(self, columns):
        import fcntl
        import struct
        import termios

        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))

    def pump(self, seconds):
        import select
        import time

        end = time.time() + seconds
        while time.time() < end:
            r, _, _ = select.select([self.fd], [], [], 0.05)
            if r:
                try:
                    self.out.extend(os.read(self.fd, 65536))
                except OSError:
                    return

    def key(self, k, seconds):
        os.write(self.fd, k)
        self.pump(seconds)

    def wait(self):
        return os.waitpid(self.pid, 0)[1]


def test_play_in_a_terminal_draws_the_screen_takes_keys_saves_a_png_and_quits(tmp_path):
    t = _DemoInPty(tmp_path)
    t.pump(1.5)
    for key in (b"d", b"p", b"q"):
        t.key(key, 0.6)
    status = t.wait()
    text = t.out.decode("utf-8", "replace")
    assert status == 0
    assert "RIGHT PRESS" not in text  # the demo writes key names in pixels, not text
    assert "\u2588" in text and "Q = quit" in text and "saved" in text
    assert (tmp_path / "stud-001.png").exists()


def test_the_terminal_redraws_at_once_when_it_is_resized(tmp_path):
    t = _DemoInPty(tmp_path)
    t.pump(1.5)
    seen = len(t.out)
    t.resize(100)  # narrower: no key pressed
    t.pump(1.0)
    narrow = t.out[seen:].decode("utf-8", "replace")
    seen = len(t.out)
    t.resize(140)  # and wide again
    t.pump(1.0)
    wide = t.out[seen:].decode("utf-8", "replace")
    t.key(b"q", 0.5)
    t.wait()
    assert "widen the terminal to 128 columns" in narrow and "\x1b[H" in narrow
    # the wide frame clears what the narrow one left below it
    assert "\x1b[H" in wide and "widen the terminal" not in wide and wide.rstrip().endswith("\x1b[J")


def test_pygame_without_a_display_says_so(monkeypatch):
    import types

    import window

    class Display:
        def init(self):
            pass

        def get_driver(self):
            return "offscreen"  # what SDL falls back to with no display, silently
    fake = types.SimpleNamespace(init=lambda: None, display=Display())
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    with pytest.raises(SystemExit) as e:
        window.no_display(fake)
    assert "no display" in str(e.value) and "make play" in str(e.value)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # asked for: no complaint
    window.no_display(fake)


def test_pygame_window_feeds_real_key_holds_through_the_button_logic(tmp_path, monkeypatch):
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import window
    front = window.Window(scale=2)
    d = SimDisplay(front)
    app = Recorder(d)
    sim = Sim(app, d, SimClock(), SimSound(), str(tmp_path))
    front.frame(d)
    pg = front.pg
    pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_RETURN))
    pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_p))

    def later():
        # A release and a quit once the loop has run a little.
        pg.event.post(pg.event.Event(pg.KEYUP, key=pg.K_RETURN))
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_q))

    import threading
    timer = threading.Timer(0.3, later)
    timer.start()
    window.run(sim, front, str(tmp_path))
    timer.join()
    assert app.events[:2] == [(A, PRESS), (A, RELEASE)]
    assert (tmp_path / "stud-001.png").exists()
    pygame.quit()


def test_pygame_missing_gives_a_clear_message():
    try:
        import pygame  # noqa: F401
        pytest.skip("pygame is installed")
    except ImportError:
        pass
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sim", "play.py"), "--pygame", "--demo"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "pip install pygame" in proc.stderr
    assert sys.executable + " -m pip install pygame" in proc.stderr  # the venv's Python, not some pip


# -- the desktop's rough edges ----------------------------------------------------

class _Out:
    """A terminal's output of a given size, kept as text."""

    def __init__(self, cols, rows):
        self.text = ""
        self.size = (cols, rows)

    def write(self, s):
        self.text += s

    def flush(self):
        pass


def _terminal(cols, rows):
    out = _Out(cols, rows)
    t = term.Terminal(out)
    t._terminal_size = lambda: out.size
    return t, out


def test_a_short_terminal_gets_the_whole_screen_in_braille_never_a_cut_top():
    d = SimDisplay()
    d.pixel(0, 0, 1)    # the top-left dot of the first cell
    d.pixel(1, 3, 1)    # the bottom-right dot of the same cell
    d.pixel(127, 63, 1)
    t, out = _terminal(140, 24)
    t.frame(d)
    rows = out.text.split("\n")
    assert len(rows) <= 24 and "\u2580" not in out.text
    assert rows[0].startswith("\x1b[H" + chr(0x2800 + 0x01 + 0x80))
    lines = term.render_braille(d)
    assert len(lines) == 17 and lines[15][63] == chr(0x2800 + 0x80)
    t, out = _terminal(140, 40)  # tall enough: the half blocks
    t.frame(d)
    assert "\u2580" in out.text and len(out.text.split("\n")) <= 40
    t, out = _terminal(140, 10)  # too short for either: it says so
    t.frame(d)
    assert "18 rows" in out.text and "10" in out.text


def test_a_narrow_terminal_says_so_in_the_legends_place_not_below_it():
    t, out = _terminal(100, 34)
    t.frame(SimDisplay())
    assert "widen the terminal to 128 columns" in out.text and len(out.text.split("\n")) == 34


def test_quitting_mid_hand_keeps_the_hand_and_says_it_resumes(tmp_path):
    import run
    from poker.match.store import Store
    from ui import keys
    from ui_rig import Rig

    rig = Rig(seed=5, store=Store(root=str(tmp_path)))
    rig.new_game()
    assert rig.until(rig.my_turn)
    rig.call_or_check()
    said = run.goodbye(rig.app, str(tmp_path))
    assert "hand in play is kept" in said and "resumes" in said and str(tmp_path) in said
    # a new start on the same saves: the hand goes on
    again = Rig(seed=5, store=Store(root=str(tmp_path)))
    again.press(keys.A)
    assert again.screen() == "Menu" and again.app.screen.items[0] == "RESUME"
    again.press(keys.A)
    assert again.screen() == "Banner" and again.app.screen.word == "HAND RESUMED"


def test_the_legend_says_quitting_keeps_the_game():
    assert "Q = quit (the game is kept)" in term.LEGEND and "the game is kept" in term.LEGEND_TWO


def test_run_help_names_one_heap_size_for_the_unix_port():
    import run

    assert "heapsize=480k" in run.USAGE and "hence 480k" in run.USAGE and "400k" not in run.USAGE


def test_play_device_saves_the_screen_as_a_png_and_keeps_the_devices_files(tmp_path):
    import play_device
    import vpico

    screen = play_device.Screen()
    screen.buffer = bytes(range(256)) * 4
    path = play_device.save_shot(screen, str(tmp_path / "shots"))
    w, h, buf = pngout.load_png(path)
    assert (w, h) == (512, 256)  # (4x, as make play's P saves it)
    assert play_device.save_shot(screen, str(tmp_path / "shots")).endswith("device-002.png")

    class Device:  # what keep_files reads of a VirtualPico
        layout = {"fs": (4096, 64 * 4096)}

        def read_flash(self):
            img = vpico.lfs_image({"data/game": b"g", "data/journal": b"j", "main.py": b"m"}, 64 * 4096)
            return b"\xff" * 4096 + img

    kept = str(tmp_path / "kept")
    assert play_device.keep_files(Device(), kept) == 2
    assert play_device.kept_files(kept) == {"data/game": b"g", "data/journal": b"j"}
    assert play_device.kept_files(str(tmp_path / "none")) == {}
