"""Power cuts on the virtual Pico inside the flash writes of a hand: the hand
resumes on the screen (tools/device: the emulated RP2040 and our UF2s).

The CPython simulator plans a scripted hand of 7 Card Stud
(tools/device/gamescript.py); the device plays it on the ROMFS route with
the flash writes logged, and the first of your actions whose writes (the
journal's appends after the frames, yours and the virtual players' up to
your next turn) include an erase, a LittleFS metadata block compacted, is
the one cut. For instants before those writes, inside the erase, inside a
few programs and after them, the game is played again from power-on, the
power is cut there (a sector partly erased, a page partly programmed), and
the board is powered on from the flash as it was: RESUME in the menu shows
the HAND RESUMED banner (pixel for pixel the golden hand_resumed.png), then
the table, with no error; the journal on the flash afterwards deals the same
deck with the actions before yours, and yours when its record was on flash.
Skipped only when tools/device is not in the tree.
"""
import os

import gamescript
import pytest
from paths import ROOT
from vpico import NS_PER_MS, VirtualPico, app_install, board_dict, flash_map, uf2

pytestmark = pytest.mark.device  # the virtual Pico (docs/testing.md)

SEED = 1234


def _golden(name):
    from pngout import load_png

    return bytes(load_png(os.path.join(ROOT, "host_tests", "golden", name + ".png"))[2])


def _journal(flash, uf2_path):
    """The journal file in the flash's LittleFS (littlefs-python), or None."""
    import littlefs

    off, size = flash_map(uf2_path)["fs"]
    fs = littlefs.LittleFS(block_size=4096, block_count=size // 4096, read_size=32, prog_size=256,
                           lookahead_size=32, mount=False)
    fs.context.buffer = bytearray(flash[off:off + size])
    fs.mount()
    try:
        with fs.open("/data/journal", "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def _play_to(vp, device_build, board, first, steps, k):
    vp.boot(uf2("STUD_PICO"), **app_install("romfs", device_build, board))
    gamescript.replay(vp, first, steps[:k])  # settled just before your action k


def test_a_power_cut_inside_the_flash_writes_of_a_hand_resumes_it_on_the_screen(device_build, tmp_path):
    from poker.match import resume

    fw = uf2("STUD_PICO")
    board = dict(board_dict("pico_ssd1306_i2c"), seed=SEED)
    first, steps, _ = gamescript.plan(SEED, games=(("F7S", 1),))
    banner = _golden("hand_resumed")
    # the first run: the flash writes after each of your actions that leave
    # the hand running (your turn again); the first whose writes include an
    # erase (a metadata block compacted) is the one cut
    marks = []
    with VirtualPico(board, log_flash=True) as vp:
        vp.boot(fw, **app_install("romfs", device_build, board))

        def on_step(i, s):
            marks.append((i, len(vp.flash_log), vp.read_flash() if s.screen == "Table" else None))

        gamescript.replay(vp, first, steps, on_step=on_step)
        log = list(vp.flash_log)
    k = None
    for m in range(1, len(marks)):
        i, end, after = marks[m]
        prev_i, start, before = marks[m - 1]
        s = steps[i]
        if s.key != "A" or s.screen != "Table" or before is None or after is None:
            continue
        if steps[prev_i].screen != "Table":
            continue
        writes = log[start:end]
        if any(e["ev"] == "erase" for e in writes):
            k = i
            break
    assert k is not None, "no action of yours followed by an erase"
    j0 = resume.read(_journal(before, fw))
    j1 = resume.read(_journal(after, fw))
    assert j1.deck == j0.deck and j1.actions[:len(j0.actions)] == j0.actions
    assert len(j1.actions) > len(j0.actions)
    # the instants: before the first write, inside each erase and program, after the last
    inside = [e for e in writes if e["ev"] == "erase"]
    programs = [e for e in writes if e["ev"] == "program"]
    inside += programs[::max(1, len(programs) // 4)][:4]  # a few programs, spread
    instants = [writes[0]["t0"] - NS_PER_MS] + [(e["t0"] + e["t1"]) // 2 for e in inside]
    instants.append(writes[-1]["t1"] + NS_PER_MS)
    kinds = sorted(set(e["ev"] for e in writes))
    resumed = kept = cuts_inside = 0
    for at in instants:
        with VirtualPico(board, log_flash=True) as vp:
            _play_to(vp, device_build, board, first, steps, k)
            vp.press(steps[k].key, gamescript.HOLD_MS)
            vp.cut_power(at)
            vp.run_until(at + NS_PER_MS)  # time gets there: the power goes
            assert vp.dead
            cut_log = list(vp.flash_log)
            vp.power_on()
            vp.run_until_frame(lambda f: f.data == first, 5000)  # NEW GAME
            mark = vp.mark()
            vp.press("A")  # the menu, RESUME first
            vp.run(800)
            vp.press("A")
            vp.run_until_frame(lambda f: f.data == banner, 5000)
            vp.run(800)
            vp.press("A")  # the table again
            vp.run(1500)
            assert vp.problems(since=mark) == [], at
            assert vp.frames[-1].data != banner
            j = resume.read(_journal(vp.read_flash(), fw))
        # the same deal and the actions before yours; yours too if its
        # record was on flash (then the virtual players, made anew at
        # power-on, go on and may play otherwise than in the first run)
        n0 = len(j0.actions)
        assert j and j.deck == j0.deck and j.actions[:n0] == j0.actions, at
        if len(j.actions) > n0:
            assert j.actions[n0] == j1.actions[n0], at
            kept += 1
        cuts_inside += any(e.get("cut") for e in cut_log)
        resumed += 1
    print("\nvirtual Pico: step %d, %d flash writes (%s) after your action; %d power cuts, %d inside "
          "an erase or a program; %d hands resumed on the screen with the same deck and actions, "
          "your action kept in %d" % (k, len(writes), ", ".join(kinds), len(instants), cuts_inside,
                                      resumed, kept))
    assert resumed == len(instants) and cuts_inside == len(inside)
    assert 0 < kept < len(instants)  # before the commit: lost; after it: kept
