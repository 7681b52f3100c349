"""The firmware on the virtual Pico (tools/device: rp2040js, our UF2s, the
app installed as `make deploy` installs it).

Both routes boot to NEW GAME and play the scripted game of
tools/device/gamescript.py (seed 1234 through the board file's "seed": three
hands of 7 Card Stud and two of Hold'em, every one to a showdown, one
impossible-call warning): before every press the device's screen must be,
pixel for pixel, the screen the CPython simulator settled on for the same
seed and presses. Any traceback, MemoryError or reset fails. The
press-to-frame times are printed (pytest -s).

The flash: writes land with the timing of a QSPI flash, survive a power
cut and a saved flash file, and a power cut inside an erase or a program
leaves that part done. tools/device/deploy.py installs the ROMFS route through
mpremote on the board's USB serial.
"""
import os
import struct
import sys

import gamescript
import pytest
from paths import ROOT
from vpico import (NS_PER_MS, STACK_BOTTOM, STACK_HEADROOM, STACK_TOP, XIP, VirtualPico, app_install, board_dict,
                   flash_map, uf2, uf2_image)

pytestmark = pytest.mark.device  # the virtual Pico (docs/testing.md)

SEED = 1234
PRESS_BUDGET_MS = 50  # docs/device.md: a button released to its frame complete, every press
ROUTES = [("romfs", "STUD_PICO"), ("lfs", "RPI_PICO")]  # RPI_PICO stands for stock MicroPython


def _firmware(name):
    path = uf2(name)
    if not os.path.exists(path):
        pytest.fail("no %s firmware at %s (tools/device/vpico.py UF2_DIR)" % (name, path))
    return path


@pytest.fixture(scope="module")
def game():
    return gamescript.plan(SEED)


def _board(name="pico_ssd1306_i2c"):
    return dict(board_dict(name), seed=SEED)


def _ms(ns):
    return ns / NS_PER_MS


def test_the_script_plays_three_stud_and_two_holdem_hands_to_showdowns(game):
    _first, steps, counts = game
    assert counts == {"F7S": [3, 3], "FT": [2, 2]}  # [hands, showdowns with cards shown]
    assert [s.note for s in steps if s.note.startswith("new game")] == ["new game F7S", "new game FT"]
    assert any(s.screen == "Confirm" for s in steps)  # the impossible-call warning


def test_flash_map_comes_from_the_firmware_itself():
    stud = flash_map(_firmware("STUD_PICO"))
    assert stud["romfs"] == (640 * 1024, 768 * 1024)
    assert stud["fs"] == (1408 * 1024, 640 * 1024)
    assert stud["end"] <= 640 * 1024
    stock = flash_map(_firmware("RPI_PICO"))
    assert stock["romfs"] is None
    assert stock["fs"] == (640 * 1024, 1408 * 1024)


@pytest.mark.parametrize("route, firmware", ROUTES)
def test_the_route_plays_the_scripted_game_frame_for_frame(route, firmware, device_build, game):
    first, steps, _counts = game
    board = _board()
    with VirtualPico(board) as vp:
        vp.boot(_firmware(firmware), **app_install(route, device_build, board))
        lat = gamescript.replay(vp, first, steps)
        assert vp.problems() == []
        # the first frame is the whole screen: at least its 1024 bytes at 400 kHz
        f = vp.frames[0]
        assert _ms(f.t1 - f.t0) >= 1024 * 9 / 400.0
        new_game = next(fr for fr in vp.frames if fr.data == first)
    assert len(lat) == len(steps)
    starts = [_ms(x.t0 - x.edge) for x in lat]
    ends = [_ms(x.t1 - x.edge) for x in lat]
    print("\n%s route (%s): NEW GAME at %.0f ms; %d presses, key to frame start min/median/max "
          "%.1f/%.1f/%.1f ms, to frame complete %.1f/%.1f/%.1f ms" % (
              route, firmware, _ms(new_game.t1), len(lat), *gamescript.stats(starts),
              *gamescript.stats(ends)))
    # every press answered within the budget, from its release (arrows: when
    # pressed) to its frame complete on the display, hand ends included: the
    # first, made at once at NEW GAME while the game still loads, and the
    # presses that start a new game too
    over = []
    for i, s in enumerate(steps):
        before = steps[i - 1].screen if i else "PowerOn"
        what = "step %d %s %s->%s %s: %.1f ms" % (i, s.key, before, s.screen, s.note, ends[i])
        if i == 0 or s.note.startswith("new game") or (s.screen == "Table" and before in ("Menu", "Confirm")):
            print("  " + what)  # the first press, the presses that start a new game
        if ends[i] > PRESS_BUDGET_MS:
            over.append(what)
    assert over == []


def test_sh1106_and_spi_boards_boot_to_new_game(device_build, game):
    first = game[0]
    for name in ("pico_sh1106_i2c", "pico_ssd1306_spi"):
        board = _board(name)
        with VirtualPico(board) as vp:
            vp.boot(_firmware("STUD_PICO"), **app_install("romfs", device_build, board))
            vp.run_until_frame(lambda f: f.data == first, 5000)
            assert vp.problems() == [], name


def test_frozen_firmware_boots_to_new_game(device_build, game):
    path = uf2("STUD_PICO-FROZEN")
    if not os.path.exists(path):
        pytest.skip("no STUD_PICO-FROZEN firmware in %s yet" % os.path.dirname(path))
    board = _board()
    with VirtualPico(board) as vp:
        vp.boot(path, **app_install("romfs", device_build, board))
        f = vp.run_until_frame(lambda f: f.data == game[0], 5000)
        assert vp.problems() == []
        print("\nFROZEN: NEW GAME at %.0f ms" % _ms(f.t1))


# -- the flash -----------------------------------------------------------------

WRITE = "f = open('/note.txt', 'w'); f.write('%s' * 3000); f.close()"


def _bare_pico(**kw):
    """Stock MicroPython with an empty filesystem (no main.py: the REPL)."""
    vp = VirtualPico("pico_ssd1306_i2c", log_flash=True)
    vp.boot(_firmware("RPI_PICO"), files={}, **kw)
    vp.run(800)  # USB up (the banner went before a host listened)
    vp.write(b"\r")
    vp.run_until_serial(">>> ", 3000)
    return vp


def test_flash_writes_take_qspi_time_and_survive_power_off_and_a_saved_flash(tmp_path):
    saved = str(tmp_path / "flash.bin")
    with _bare_pico() as vp:
        vp.exec(WRITE % "x")
        erases = [e for e in vp.flash_log if e["ev"] == "erase"]
        programs = [e for e in vp.flash_log if e["ev"] == "program"]
        assert erases and programs
        for e in erases:
            assert e["t1"] - e["t0"] == e["len"] // 4096 * 45 * NS_PER_MS
        for p in programs:
            assert p["t1"] - p["t0"] == -(-p["len"] // 256) * 400000
        vp.save_flash(saved)
    with VirtualPico("pico_ssd1306_i2c") as vp:  # a new board from the saved flash
        vp.boot(_firmware("RPI_PICO"), flash=saved)
        vp.run(800)
        vp.write(b"\r")
        vp.run_until_serial(">>> ", 3000)
        assert vp.exec("print(len(open('/note.txt').read()))").strip() == "3000"


def _rewrite_block_9(cut_at=None):
    """Zeros in the filesystem's block 9, then 0x55s over them (writeblocks:
    an erase, then a program); the flash log of the second write, whether
    the board died, and the flash. With cut_at the power goes at that
    emulated time (the emulator is deterministic: the same calls put the
    erase and the program at the same times)."""
    with _bare_pico() as vp:
        vp.exec("import rp2; b = rp2.Flash(); b.writeblocks(9, bytearray(4096))")
        if cut_at is not None:
            vp.cut_power(cut_at)
        start = len(vp.flash_log)
        vp.write(b"b.writeblocks(9, b'U' * 4096)\x04")
        vp.run(200)
        return vp.flash_log[start:], vp.dead, vp.read_flash()


def test_a_power_cut_inside_an_erase_or_a_program_leaves_that_part_done():
    off = flash_map(_firmware("RPI_PICO"))["fs"][0] + 9 * 4096
    log, dead, whole = _rewrite_block_9()
    assert not dead and [(e["ev"], e["addr"]) for e in log] == [("erase", off), ("program", off)]
    assert whole[off:off + 4096] == b"U" * 4096
    erase, program = log
    # 20 ms into the 45 ms erase: 20/45 of the sector erased, the rest still zeros
    log, dead, cut = _rewrite_block_9(erase["t0"] + 20 * NS_PER_MS)
    assert dead and log[0]["t0"] == erase["t0"] and log[0]["cut"] and len(log) == 1
    assert log[0]["t1"] == erase["t0"] + 20 * NS_PER_MS
    k = 4096 * 20 // 45
    assert cut[off:off + 4096] == b"\xff" * k + bytes(4096 - k)
    # 0.2 ms into the 6.4 ms program of 16 pages: 1/32 of the bytes programmed
    log, dead, cut = _rewrite_block_9(program["t0"] + 200000)
    assert dead and [e["cut"] for e in log] == [False, True]
    assert cut[off:off + 4096] == b"U" * 128 + b"\xff" * (4096 - 128)


def test_after_a_power_cut_the_board_starts_again_from_its_flash():
    with _bare_pico() as vp:
        vp.exec(WRITE % "y")
        cut = vp.now + 2 * NS_PER_MS
        vp.cut_power(cut)
        vp.run(10)
        assert vp.dead and vp.now >= cut
        vp.power_on()
        vp.run(800)
        vp.write(b"\r")
        vp.run_until_serial(">>> ", 3000)
        assert vp.now > cut + 800 * NS_PER_MS  # one time line across the cut
        assert vp.exec("print(open('/note.txt').read()[:3])").strip() == "yyy"
        assert vp.problems() == []


DEEP = """import micropython
def f(n):
    return micropython.stack_use() if n == 0 else f(n - 1)
print(f(%d))"""


def test_the_stack_low_water_mark_agrees_with_micropythons_own_stack_use_and_a_near_overflow_is_a_problem():
    # micropython.stack_use() (the C stack's top less the stack pointer, the
    # firmware's own count) at the bottom of a recursion: the emulator's
    # lowest stack pointer is at least that deep, and not much deeper (the
    # call of stack_use itself, print)
    with _bare_pico() as vp:
        free = vp.stack_free()
        assert free is not None and 0 < free < STACK_TOP - STACK_BOTTOM
        used = int(vp.exec(DEEP % 20).strip())
        assert STACK_TOP - STACK_BOTTOM - free < used  # deeper than anything before
        assert used - 512 < STACK_TOP - STACK_BOTTOM - vp.stack_free() <= used + 512
        assert vp.problems() == []
        # recursing till the runtime's check refuses: that came within the
        # headroom of the end, which problems() reports
        out = vp.exec("try:\n    f(10000)\nexcept RuntimeError as e:\n    print('refused', e)")
        assert "refused" in out
        assert vp.stack_free() < STACK_HEADROOM
        assert [p for p in vp.problems() if "C stack" in str(p)], vp.problems()


def test_traced_addresses_are_reported_each_time_the_core_reaches_them():
    # the firmware's reset handler (from its vector table, after the 256
    # bytes of boot stage 2): reached once a power-on; an address past the
    # firmware's end: never
    img, end = uf2_image(_firmware("RPI_PICO"))
    reset = struct.unpack_from("<I", img, 0x104)[0]
    assert reset & 1 and XIP < reset < XIP + end  # a Thumb address inside the firmware
    past = XIP + end + 0x1000
    with VirtualPico("pico_ssd1306_i2c", trace_pcs=[reset, past]) as vp:
        vp.boot(_firmware("RPI_PICO"), files={})
        vp.run(50)
        first = list(vp.pc_log)
        vp.cut_power(vp.now)
        vp.run(1)
        vp.power_on()
        vp.run(50)
        assert vp.problems() == []
    assert len(first) == 1 and first[0][0] == reset - 1 and 0 < first[0][1] < 50 * NS_PER_MS
    assert len(vp.pc_log) == 2 and vp.pc_log[1][1] >= first[0][1] + 50 * NS_PER_MS  # (the same time line)
    with VirtualPico("pico_ssd1306_i2c", sample_ns=1000000) as vp:  # every emulated ms
        vp.boot(_firmware("RPI_PICO"), files={})
        vp.run(20)
    samples = [t for pc, t in vp.pc_log if pc & 1]
    # (none while the core sleeps: its clock jumps to the next event)
    assert 3 <= len(samples) <= 21 and samples[-1] <= 20 * NS_PER_MS
    assert all(b - a >= NS_PER_MS for a, b in zip(samples, samples[1:]))


def test_a_core_polling_the_i2c_while_bytes_are_on_the_wire_costs_the_host_no_instructions():
    # the SDK's blocking write spins on the I2C status for each byte's nine
    # bit times: the emulator takes the clock to the byte's end instead
    # (chip.js, Board.polling), so a byte costs the instructions that send it
    # (about 120; some 1,700 with the spinning emulated), and still its time
    with _bare_pico() as vp:
        vp.exec("from machine import I2C, Pin\nimport time\ni2c = I2C(0, sda=Pin(4), scl=Pin(5), freq=400000)\n"
                "one = bytes(2)\nframe = bytearray(1025)\nframe[0] = 0x40")
        cost = {}
        for name in ("one", "frame"):
            i0 = vp.run(0)["instructions"]
            us = vp.exec("t = time.ticks_us(); i2c.writeto(60, %s); print(time.ticks_diff(time.ticks_us(), t))"
                         % name)
            cost[name] = (vp.run(0)["instructions"] - i0, int(us))
        assert vp.problems() == []
    per_byte = (cost["frame"][0] - cost["one"][0]) / 1023
    assert per_byte < 400, per_byte
    assert cost["frame"][1] >= 1025 * 9 * 1000 / 400  # µs: nine bits a byte at 400 kHz


def test_deploy_over_usb_serial_installs_the_romfs_route_and_the_game_starts(device_build, game):
    """tools/device/deploy.py itself, through mpremote, on the virtual Pico's USB
    serial (a pseudo-terminal): probe, ROMFS image, main.py, board.json,
    reset; then the board restarts into NEW GAME."""
    import subprocess

    from vpico import PtyBridge

    with VirtualPico("pico_ssd1306_i2c") as vp:
        vp.boot(_firmware("STUD_PICO"), files={})  # a new board: empty filesystem and partition
        vp.run(800)
        bridge = PtyBridge(vp)
        port = bridge.start()
        try:
            r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "device", "deploy.py"), "--port", port,
                                "--build", device_build], capture_output=True, text=True, timeout=600)
        finally:
            bridge.stop()
        assert r.returncode == 0, r.stdout + r.stderr
        assert "deployed (romfs route)" in r.stdout
        for _ in range(40):  # mpremote's reset may still be on its way
            resets = [e for e in vp.events if e["ev"] == "reset"]
            if resets:
                break
            vp.run(50)
        assert len(resets) == 1  # mpremote reset, at the end
        mark = vp.mark()
        vp.run_until_frame(lambda f: f.data == game[0], 5000)
        assert vp.problems(since=mark) == []
        flash = vp.read_flash()
    with open(os.path.join(device_build, "stud.romfs"), "rb") as f:
        image = f.read()
    off = flash_map(uf2("STUD_PICO"))["romfs"][0]
    assert flash[off:off + len(image)] == image


def test_play_device_maps_the_terminal_keys_to_the_boards_buttons():
    import play_device
    from ui.keys import A, B, LEFT, LONG, PRESS

    six = board_dict("pico_ssd1306_i2c")
    two = board_dict("pico_ssd1306_2btn")
    assert play_device.button_for(six, LEFT, PRESS) == ("LEFT", play_device.SHORT_MS)
    assert play_device.button_for(six, B, LONG) == ("B", play_device.LONG_MS)
    assert play_device.button_for(two, A, PRESS) == ("OK", play_device.SHORT_MS)
    assert play_device.button_for(two, B, LONG) == ("NEXT", play_device.LONG_MS)
    assert play_device.button_for(two, LEFT, PRESS) is None
