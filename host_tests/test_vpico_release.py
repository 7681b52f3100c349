"""The release UF2s (boards/release) on the virtual Pico, written to its
flash as the BOOTSEL bootrom writes a dropped UF2 (tools/device: each 4 KB
sector a block lands in erased first, by the bootrom's own bookkeeping;
every other sector keeps what it held):

- from an erased 2 MB flash, with nothing written to the filesystem from
  the host, each boots to NEW GAME and plays a scripted game frame for frame
  against the simulator (the console prints its deal's seed; the simulator
  plans the same game from it): the whole script on the reference board,
  one hand of 7 Card Stud on the others;
- an upgrade: a flash of the developer route (STUD_PICO, `make deploy`'s
  ROMFS image, main.py and a board file) with a game in progress and
  statistics, then a release UF2 for another board over it: the files of
  /data are untouched, the board file on the filesystem still decides the
  board, and the hand resumes on the screen as it was;
- from stock MicroPython (RPI_PICO, the app on its filesystem, a game
  played): the console starts on a new filesystem, says so once (NEW
  STORAGE: OLD SAVES NOT READABLE) and a new game plays frame for frame;
  the next power-on shows no notice;
- safe mode still frees the REPL, in the filesystem's folder.
"""
import os

import pytest

import gamescript
from vpico import NS_PER_MS, VirtualPico, app_install, board_dict, flash_map, uf2, uf2_image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE_DIR = os.path.join(ROOT, "boards", "release")
BOARDS = ("pico_ssd1306_i2c", "pico_sh1106_i2c", "pico_ssd1306_spi", "pico_ssd1306_2btn")
REFERENCE = "pico_ssd1306_i2c"
SEED = 1234
ONE_HAND = (("F7S", 1),)
NEW_GAME_BUDGET_MS = 300  # docs/device.md: a release UF2 from an erased flash to NEW GAME

pytestmark = pytest.mark.device


def _release(board):
    name = "stud-pico_%s.uf2" % board[len("pico_"):]
    path = os.path.join(RELEASE_DIR, name)
    if not os.path.exists(path):
        pytest.fail("no release UF2 %s (make release)" % path)
    return path


def _files(flash, layout_uf2):
    """{path: bytes} of every file in the flash's LittleFS (littlefs-python),
    at the place the firmware of layout_uf2 has it; None if it does not mount."""
    import littlefs

    off, size = flash_map(layout_uf2)["fs"]
    fs = littlefs.LittleFS(block_size=4096, block_count=size // 4096, read_size=32, prog_size=256,
                           lookahead_size=32, mount=False)
    fs.context.buffer = bytearray(flash[off:off + size])
    try:
        fs.mount()
    except littlefs.LittleFSError:
        return None
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for n in names:
            path = top.rstrip("/") + "/" + n
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out


def _new_game_ms(vp, first):
    return next(f.t1 for f in vp.frames if f.data == first) / NS_PER_MS


@pytest.mark.parametrize("board_name", BOARDS)
def test_a_release_uf2_on_an_erased_flash_boots_to_new_game_and_plays_frame_for_frame(board_name):
    path = _release(board_name)
    board = board_dict(board_name)  # as built in: no seed, the chip's random bits deal
    with VirtualPico(board) as vp:
        vp.boot(path)  # the UF2's blocks on an erased flash: nothing else
        seed = gamescript.printed_seed(vp)
        first, steps, _counts = gamescript.plan(seed, battery=gamescript.sim_battery(board_name),
                                               **({} if board_name == REFERENCE else {"games": ONE_HAND}))
        lat = gamescript.replay(vp, first, steps, buttons=gamescript.buttons_for(board))
        assert vp.problems() == []
        new_game = _new_game_ms(vp, first)
        files = _files(vp.read_flash(), path)
    ends = [(x.t1 - x.edge) / NS_PER_MS for x in lat]
    print("\n%s from an erased flash: NEW GAME at %.0f ms (seed %d); %d presses, key to frame complete "
          "min/median/max %.1f/%.1f/%.1f ms" % (os.path.basename(path), new_game, seed, len(lat),
                                                 *gamescript.stats(ends)))
    assert new_game <= NEW_GAME_BUDGET_MS
    assert max(ends) <= 50  # docs/device.md: a press answered within 50 ms
    # the filesystem the firmware made: the game's records, no note (the flash was erased)
    assert files is not None and "/new_storage.txt" not in files
    assert any(p.startswith("/data/") for p in files) and "/main.py" not in files


def _game_record(files):
    """(the stacks, the statistics) of the saved game (poker.match.store record)."""
    import json

    from poker.match.store import unpack

    rec = json.loads(bytes(unpack(files["/data/game"])))
    return rec["game"]["stacks"], rec["stats"]


def _first_turn_after_a_showdown(steps):
    """k such that steps[:k] end settled at your turn, in the hand after
    the first showdown (a hand finished: statistics recorded)."""
    shown = False
    for i, s in enumerate(steps):
        shown = shown or s.screen == "Showdown"
        if shown and s.screen == "Table" and s.key == "A" and steps[i - 1].screen != "Showdown":
            return i + 1
    raise AssertionError("no turn after a showdown in the script")


def test_an_upgrade_keeps_the_game_in_progress_the_statistics_and_the_board_file(device_build, tmp_path):
    board = dict(board_dict(REFERENCE), seed=SEED)
    first, steps, _ = gamescript.plan(SEED, games=(("F7S", 3),))
    k = _first_turn_after_a_showdown(steps)
    saved = str(tmp_path / "flash.bin")
    dev_route = uf2("STUD_PICO")
    with VirtualPico(board) as vp:
        vp.boot(dev_route, **app_install("romfs", device_build, board))  # as make deploy leaves it
        gamescript.replay(vp, first, steps[:k])
        assert vp.problems() == []
        vp.cut_power(vp.now)  # unplugged, to hold BOOTSEL
        vp.run(1)
        vp.save_flash(saved)
        before = _files(vp.read_flash(), dev_route)
    assert {"/board.json", "/main.py", "/data/game", "/data/journal"} <= set(before), sorted(before)
    stacks, stats = _game_record(before)
    assert stats["F7S"][0] >= 1  # a hand played: in the statistics
    # a release for another board (SPI): the board file on the filesystem (I2C) still decides
    spi = _release("pico_ssd1306_spi")
    with VirtualPico(board) as vp:
        vp.boot(spi, flash=saved)
        vp.run_until_frame(lambda f: f.data == first, 5000)  # NEW GAME, on the I2C display
        new_game = _new_game_ms(vp, first)  # (a new board: its time starts at this power-on)
        flash = vp.read_flash()
        after = _files(flash, spi)
        assert after == before  # every file as it was: /data, main.py, board.json
        mark = vp.mark()
        vp.press("A")  # the menu: RESUME first
        vp.run(800)
        vp.press("A")  # HAND RESUMED
        vp.run(800)
        vp.press("A")  # the table: your turn, as it was
        gamescript.wait_for(vp, steps[k - 1].frame, 5000, "the resumed hand")
        assert vp.problems(since=mark) == []
    release_img, fw_end = uf2_image(spi)
    assert flash[:fw_end] == release_img[:fw_end]  # the release's firmware is what ran
    print("\nupgrade (%s over the ROMFS route with a hand in progress): NEW GAME at %.0f ms; "
          "%d files of /data kept; the hand resumed as it was" % (
              os.path.basename(spi), new_game, sum(p.startswith("/data/") for p in after)))


def test_from_stock_micropython_the_console_starts_on_new_storage_and_says_so_once(device_build, tmp_path):
    # stock MicroPython with the app on its filesystem (the stock route), a hand played on it
    seeded = dict(board_dict(REFERENCE), seed=SEED)
    first, steps, _ = gamescript.plan(SEED, games=ONE_HAND)
    saved = str(tmp_path / "stock.bin")
    stock = uf2("RPI_PICO")
    with VirtualPico(seeded) as vp:
        vp.boot(stock, **app_install("lfs", device_build, seeded))
        gamescript.replay(vp, first, steps)
        vp.run(1000)
        assert vp.problems() == []
        vp.cut_power(vp.now)
        vp.run(1)
        vp.save_flash(saved)
        flash = vp.read_flash()
    old = _files(flash, stock)
    assert "/data/game" in old and "/tables/high.bin" in old  # saves and the app, on stock's filesystem
    # what the release leaves of it: stock's filesystem starts where the ROMFS partition does
    path = _release(REFERENCE)
    img, _end = uf2_image(path)
    release_map = flash_map(path)
    romfs_at, romfs_bytes = release_map["romfs"]
    fs_at = release_map["fs"][0]
    written = romfs_at + -(-_image_bytes(img, romfs_at) // 4096) * 4096
    left = flash[written:romfs_at + romfs_bytes] + flash[fs_at:]
    assert left.count(b"\xff") < len(left), "stock's files all lie under the release's image: nothing left to see"
    board = board_dict(REFERENCE)
    with VirtualPico(board) as vp:
        vp.boot(path, flash=saved)
        seed = gamescript.printed_seed(vp)
        first, steps, _ = gamescript.plan(seed, games=ONE_HAND, notices=[_new_storage_notice(tmp_path)])
        assert steps[0].screen == "Banner"  # the notice, before the menu
        gamescript.replay(vp, first, steps)
        assert vp.problems() == []
        notice = steps[0].frame
        files = _files(vp.read_flash(), path)
        assert files is not None and "/new_storage.txt" not in files  # shown, and gone
        assert "/data/game" in files and "/tables/high.bin" not in files  # the new filesystem's own
        # the next power-on: no notice
        vp.cut_power(vp.now)
        vp.run(1)
        mark = len(vp.frames)
        vp.power_on()
        vp.run_until_frame(lambda f: f.data == first, 5000)
        vp.press("A")
        vp.run(1500)
        assert vp.problems() == []
        assert all(f.data != notice for f in vp.frames[mark:])
        assert vp.frames[-1].data != first  # on to the menu


def _new_storage_notice(tmp_path):
    """What the console says when the firmware left its new-storage note."""
    import console

    note = tmp_path / "note.txt"
    note.write_text("")
    return console.new_storage(str(note))


def _image_bytes(img, at):
    """The length of the ROMFS image at offset at of a flash image."""
    import build

    size, start = build.mp_uint(img, at + 3)
    return start - at + size


def test_safe_mode_on_a_release_uf2_frees_the_repl_in_the_filesystems_folder():
    board = board_dict(REFERENCE)
    with VirtualPico(board) as vp:
        vp.boot(_release(REFERENCE))
        vp.button("B", True)  # held from power-on (the chip has not run yet)
        vp.run(1500)
        vp.write(b"\r")
        vp.run_until_serial(">>> ", 3000)
        assert b"stud: safe mode" in vp.serial
        out = vp.exec("import os; print(os.getcwd(), sorted(os.listdir('/rom'))[:2])")
        assert vp.problems() == []
    assert out.split() == ["/", "['board.json',", "'console.mpy']"]


def test_the_bootrom_erases_by_block_number_so_a_uf2s_runs_are_whole_sectors(tmp_path):
    """The virtual Pico writes a UF2 with the bootrom's bookkeeping: a second
    run whose first block number is not a multiple of 16 is programmed over
    the old bytes of its first sector (NOR: ANDed); in whole sectors, as
    rp2image.write_uf2 makes a release's runs, it is erased first."""
    import rp2image

    old = tmp_path / "old.bin"
    old.write_bytes(bytes(2 * 1024 * 1024))  # every bit programmed
    runs = [(0x10000000, b"\x11" * (4096 + 256)), (0x10004000, b"\x22" * 256)]
    got = {}
    for whole in (False, True):
        path = tmp_path / ("whole.uf2" if whole else "pages.uf2")
        path.write_bytes(rp2image.write_uf2(runs, whole_sectors=whole))
        with VirtualPico(REFERENCE) as vp:
            vp.load_flash(str(old))
            vp.drop(str(path))
            got[whole] = vp.read_flash()
    for flash in got.values():
        assert flash[:4096 + 256] == b"\x11" * (4096 + 256)  # the first run's sectors: erased, then programmed
    assert got[False][0x4000:0x4100] == bytes(256)            # block 17 counts as sector 1's: not erased
    assert got[True][0x4000:0x4100] == b"\x22" * 256          # block 32, sector 2's: erased first
    assert got[True][0x5000:0x6000] == bytes(4096)            # a sector no block lands in: as it was


def test_after_mpremotes_soft_reset_the_current_folder_is_the_filesystems():
    # mpremote interrupts the game, soft-resets in the raw REPL (MicroPython
    # then runs no main.py) and copies files by paths relative to the
    # current folder: it must be / (the filesystem), not the read-only /rom
    with VirtualPico(REFERENCE) as vp:
        vp.boot(_release(REFERENCE))
        vp.run(1500)
        assert vp.exec("import os; print(os.getcwd())").strip() == "/"
        vp.write(b"\x04")  # the raw REPL's soft reset
        vp.run_until_serial("soft reboot", 3000)
        vp.run_until_serial("raw REPL; CTRL-B to exit\r\n>", 3000)
        out = vp.exec("import os\nwith open('mine.txt', 'w') as f:\n    f.write('x')\n"
                      "print(os.getcwd(), os.stat('/mine.txt')[6])")
        assert vp.problems() == []
    assert out.split() == ["/", "1"]  # a relative path: a file on the filesystem


def test_a_main_py_on_the_filesystem_runs_instead_of_the_game():
    with VirtualPico(REFERENCE) as vp:
        vp.boot(_release(REFERENCE), files={"main.py": b"print('my main.py ran')\n"})
        vp.run(1500)
        vp.write(b"\r")
        vp.run_until_serial(">>> ", 3000)
        assert b"my main.py ran" in vp.serial and b"stud: seed" not in vp.serial
        assert vp.frames == [] and vp.problems() == []
