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
deck with the actions before yours, and yours when its record was on flash
(never when cut before the writes, always when cut after them). The first
run is made once a run; its instants are dealt over three cases, which the
workers of `make test` play side by side.
Skipped only when tools/device is not in the tree.
"""
import json
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


class _Found(Exception):
    pass


def _first_run(device_build, out):
    """The first run, once a run (``hostenv.shared_once``: every case cuts
    instants of the same action): the hand played with the flash writes
    logged until the first of your actions that leaves the hand running and
    whose writes include an erase (a metadata block compacted); writes
    out/run.json: that step ``k``, the instants to cut (before the first
    write, inside each erase and a few programs, after the last), which are
    inside a write, and the journals on flash before and after it."""
    board = dict(board_dict("pico_ssd1306_i2c"), seed=SEED)
    first, steps, _ = gamescript.plan(SEED, games=(("F7S", 1),))
    fw = uf2("STUD_PICO")
    marks = []
    found = None
    with VirtualPico(board, log_flash=True) as vp:
        vp.boot(fw, **app_install("romfs", device_build, board))

        def on_step(i, s):
            nonlocal found
            marks.append((i, len(vp.flash_log), vp.read_flash() if s.screen == "Table" else None))
            if len(marks) < 2:
                return
            prev_i, start, before = marks[-2]
            _i, end, after = marks[-1]
            if s.key != "A" or s.screen != "Table" or before is None or after is None:
                return
            if steps[prev_i].screen != "Table":
                return
            writes = vp.flash_log[start:end]
            if any(e["ev"] == "erase" for e in writes):
                found = (i, writes, before, after)
                raise _Found()  # (the rest of the hand is of no use here)

        try:
            gamescript.replay(vp, first, steps, on_step=on_step)
        except _Found:
            pass
    assert found is not None, "no action of yours followed by an erase"
    k, writes, before, after = found
    inside = [e for e in writes if e["ev"] == "erase"]
    programs = [e for e in writes if e["ev"] == "program"]
    inside += programs[::max(1, len(programs) // 4)][:4]  # a few programs, spread
    instants = ([writes[0]["t0"] - NS_PER_MS] + [(e["t0"] + e["t1"]) // 2 for e in inside]
                + [writes[-1]["t1"] + NS_PER_MS])
    run = {"k": k, "instants": instants, "inside": [False] + [True] * len(inside) + [False],
           "kinds": sorted(set(e["ev"] for e in writes)), "writes": len(writes),
           "before": (_journal(before, fw) or b"").hex(), "after": (_journal(after, fw) or b"").hex()}
    with open(os.path.join(out, "run.json"), "w") as f:
        json.dump(run, f)


@pytest.fixture(scope="module")
def first_run(device_build, tmp_path_factory):
    from hostenv import shared_once

    folder = shared_once(tmp_path_factory, "vpico_resume_first_run", lambda out: _first_run(device_build, out))
    with open(os.path.join(folder, "run.json")) as f:
        return json.load(f)


CASES = 3  # the instants, dealt over this many cases (they spread over the workers)


@pytest.mark.parametrize("case", range(CASES))
def test_a_power_cut_inside_the_flash_writes_of_a_hand_resumes_it_on_the_screen(device_build, first_run, case):
    from poker.match import resume

    fw = uf2("STUD_PICO")
    board = dict(board_dict("pico_ssd1306_i2c"), seed=SEED)
    first, steps, _ = gamescript.plan(SEED, games=(("F7S", 1),))
    banner = _golden("hand_resumed")
    k = first_run["k"]
    j0 = resume.read(bytes.fromhex(first_run["before"]))
    j1 = resume.read(bytes.fromhex(first_run["after"]))
    assert j1.deck == j0.deck and j1.actions[:len(j0.actions)] == j0.actions
    assert len(j1.actions) > len(j0.actions)
    instants = first_run["instants"]
    last = len(instants) - 1
    mine = list(range(case, len(instants), CASES))
    assert mine  # (more instants than cases: before, an erase, programs, after)
    kept = []
    for n in mine:
        at = instants[n]
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
        kept.append(len(j.actions) > n0)
        # cut inside an erase or a program exactly where one was meant
        assert any(e.get("cut") for e in cut_log) == first_run["inside"][n], at
        if n == 0:
            assert not kept[-1], "a cut before the first write kept your action"
        if n == last:
            assert kept[-1], "a cut after the last write lost your action"
    print("\nvirtual Pico: step %d, %d flash writes (%s) after your action; power cuts %s of %d (%d inside "
          "an erase or a program): hands resumed on the screen with the same deck and actions, your "
          "action kept in %d" % (k, first_run["writes"], ", ".join(first_run["kinds"]), mine, len(instants),
                                 sum(first_run["inside"][n] for n in mine), sum(kept)))
