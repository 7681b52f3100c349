"""hw.hardware_setup and console.main on a fake `machine` (tools/sim/fake_machine.py):
the board file decides the pins, display chip and bus; safe mode returns
before the game."""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import fake_machine  # noqa: E402
from board_files import BAD_BOARDS, board, broken  # noqa: E402

sys.modules["machine"] = fake_machine
from hw import hardware_setup  # noqa: E402
from hw.oled import SH1106, SSD1306, SPIBus  # noqa: E402
from ui import keys  # noqa: E402  (the key map the console gives the buttons)


def setup_function(_fn):
    fake_machine.reset_fakes()


def test_reference_board_builds_an_ssd1306_on_i2c0_at_0x3c_with_six_buttons():
    dev = hardware_setup.setup(keys, board("pico_ssd1306_i2c"))
    assert isinstance(dev.display, SSD1306)
    assert ("i2c_init", 0, 4, 5, 400000) in fake_machine.LOG
    i2c = [e for e in fake_machine.LOG if e[0] == "i2c"]
    assert all(e[1] == 0x3C for e in i2c)
    frames = [e for e in i2c if e[2][0] == 0x40]
    assert len(frames) == 1 and len(frames[0][2]) == 1 + 1024  # the first full frame, its 8 pages in one write
    assert [p.id for p in dev.buttons.pins] == [10, 11, 12, 13, 14, 15]
    assert dev.sound is not None and dev.battery is not None
    assert dev.power.screen_off_ms == 60000


def test_the_board_s_power_settings_make_the_dimming_and_the_idle_clock():
    dev = hardware_setup.setup(keys, board("pico_ssd1306_i2c"))
    p = dev.power
    assert (p.dim_ms, p.screen_off_ms, p.sleep_ms) == (20000, 60000, 300000)
    fake_machine.LOG.clear()
    dev.clocks.idle()  # (GP24, the Pico's VBUS sense, reads 1 on the fake: USB power)
    assert fake_machine.LOG == [("freq", 48000000), ("i2c_init", 0, None, None, 400000)]
    fake_machine.LEVELS[24] = 0  # on batteries
    dev.clocks.idle()
    assert fake_machine.FREQ[0] == 18000000 and fake_machine.LOG[-1] == ("i2c_init", 0, None, None, 400000)
    p.after_naps()  # after a light sleep: the clock and the bus's rate set again
    assert fake_machine.LOG[-2:] == [("freq", 18000000), ("i2c_init", 0, None, None, 400000)]


def test_sh1106_board_builds_the_sh1106_driver():
    dev = hardware_setup.setup(keys, board("pico_sh1106_i2c"))
    assert isinstance(dev.display, SH1106)


def test_spi_board_builds_the_spi_bus_with_its_pins():
    dev = hardware_setup.setup(keys, board("pico_ssd1306_spi"))
    assert isinstance(dev.display.bus, SPIBus)
    assert ("spi_init", 0, 10000000, 18, 19) in fake_machine.LOG
    assert dev.battery is None


def test_missing_board_file_means_the_reference_board():
    assert hardware_setup.load_board("/no/such/board.json") == (None, None)
    # (no /rom/board.json on this host either: no board built in)
    assert hardware_setup.read_board("/no/such/board.json") == (hardware_setup.DEFAULT_BOARD, None)
    ref = board("pico_ssd1306_i2c")
    for k, v in hardware_setup.DEFAULT_BOARD.items():
        assert ref[k] == v, k


def test_safe_mode_key_held_at_power_on_skips_the_game():
    import console
    fake_machine.LEVELS[15] = 0  # B held down
    dev = console.main(board("pico_ssd1306_i2c"))
    assert dev.safe_mode_held()
    assert dev.display.buffer != bytearray(1024)  # "SAFE MODE" on the screen


def test_two_button_board_safe_mode_is_ok_and_seed_is_30_bits():
    fake_machine.LEVELS[14] = 0
    dev = hardware_setup.setup(keys, board("pico_ssd1306_2btn"))
    assert dev.safe_mode_held()
    assert 0 <= dev.seed() < 1 << 30


def test_asleep_console_naps_in_lightsleep_until_a_button_goes_down():
    dev = hardware_setup.setup(keys, board("pico_ssd1306_i2c"))

    def press_after_three():
        if len(fake_machine.SLEEPS) == 3:
            fake_machine.LEVELS[14] = 0

    fake_machine.ON_SLEEP.append(press_after_three)
    dev.power.update(60000, 0)
    dev.power.update(300000, 0)
    assert fake_machine.SLEEPS == [100, 100, 100]


def _bad_board(tmp_path, monkeypatch, text):
    path = tmp_path / "board.json"
    path.write_text(text)
    monkeypatch.setattr(hardware_setup, "BOARD_FILE", str(path))
    monkeypatch.setattr(hardware_setup.read_board, "__defaults__", (str(path),))


def _ref_board_built(dev):
    assert isinstance(dev.display, SSD1306)
    assert [p.id for p in dev.buttons.pins] == [10, 11, 12, 13, 14, 15]
    assert ("i2c_init", 0, 4, 5, 400000) in fake_machine.LOG


def test_a_bad_board_file_falls_back_to_the_reference_board_and_says_why(tmp_path, monkeypatch, capsys):
    for what, text, why in BAD_BOARDS:
        fake_machine.reset_fakes()
        fake_machine.WIRED.append((4, 5))  # the display is on the reference pins
        _bad_board(tmp_path, monkeypatch, text)
        dev = hardware_setup.setup(keys)
        _ref_board_built(dev)
        assert dev.problem.startswith("board.json ") and why in dev.problem, (what, dev.problem)
        assert dev.problem.endswith("reference board used")
        assert dev.problem in capsys.readouterr().out, what


def test_a_good_board_file_has_no_problem(tmp_path, monkeypatch):
    _bad_board(tmp_path, monkeypatch, json.dumps(board("pico_ssd1306_spi")))
    dev = hardware_setup.setup(keys)
    assert dev.problem is None and isinstance(dev.display.bus, SPIBus)


def _first_screen_after_a_key(tmp_path, monkeypatch, board_dict=None):
    """console.main() to its loop, one key (power-on -> the first notice,
    or the menu): (that screen's class name, its lines)."""
    import console

    seen = []

    class StopLoop(Exception):
        pass

    def run(self):
        self.app.handle(0, 0)
        seen.append((type(self.app.screen).__name__, list(getattr(self.app.screen, "lines", ()))))
        raise StopLoop

    monkeypatch.setattr(console.Loop, "run", run)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("poker.match.store.Store.__init__.__defaults__", (str(tmp_path / "data"), None))
    try:
        console.main(board_dict)
    except StopLoop:
        pass
    (screen, lines), = seen
    return screen, " ".join(lines)


def test_the_problem_reaches_the_screen_as_a_notice_after_power_on(tmp_path, monkeypatch):
    _bad_board(tmp_path, monkeypatch, "{}")
    assert _first_screen_after_a_key(tmp_path, monkeypatch) == (
        "Banner", "BOARD.JSON BUTTONS: NO BUTTONS; REFERENCE BOARD USED")


def test_board_seed_field_fixes_the_deal_as_the_simulator_seeds_it():
    seeded = dict(board("pico_ssd1306_i2c"), seed=1234)
    assert hardware_setup.setup(keys, seeded).seed() == 1234
    seeded["seed"] = (1 << 31) + 5  # kept to the 30 bits of poker.rng.Rng's seed
    assert hardware_setup.setup(keys, seeded).seed() == 5
    plain = hardware_setup.setup(keys, board("pico_ssd1306_i2c"))
    assert len({plain.seed() for _ in range(5)}) > 1  # without the field: the chip's random bits


def test_the_setup_code_and_the_board_file_leave_the_heap_once_the_game_runs(tmp_path, monkeypatch):
    # console.main forgets hw.hardware_setup after power-on (2.6 KB of the
    # chip's heap from ROMFS): nothing the game keeps may hold its functions
    import gc
    import weakref

    import console
    import hw

    sys.modules.pop("hw.hardware_setup", None)  # a fresh copy: this file keeps its own
    monkeypatch.delattr(hw, "hardware_setup", raising=False)
    try:
        from hw import hardware_setup as fresh

        alive = [weakref.ref(fresh.setup), weakref.ref(fresh._setup), weakref.ref(fresh.Devices)]
        del fresh
        seen = []

        class StopLoop(Exception):
            pass

        def run(self):
            gc.collect()
            seen.append([r() is not None for r in alive])
            seen.append("hw.hardware_setup" in sys.modules or hasattr(hw, "hardware_setup"))
            raise StopLoop

        monkeypatch.setattr(console.Loop, "run", run)
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr("poker.match.store.Store.__init__.__defaults__", (str(tmp_path / "data"), None))
        try:
            console.main(board("pico_ssd1306_i2c"))
        except StopLoop:
            pass
        assert seen == [[False, False, False], False]
    finally:  # this file's copy back, for the tests after this one
        sys.modules["hw.hardware_setup"] = hw.hardware_setup = hardware_setup


# --- the board a release UF2 carries (/rom/board.json) ---------------------------

def _built_in(tmp_path, monkeypatch, name, fs_text=None):
    """A built-in board (boards/NAME.json as /rom/board.json) and, if
    fs_text, a board file on the filesystem; else none there."""
    rom = tmp_path / "rom_board.json"
    rom.write_text(json.dumps(board(name)) if name else "{}")
    monkeypatch.setattr(hardware_setup.built_in_board, "__defaults__", (str(rom),))
    fs = tmp_path / "board.json"
    if fs_text is not None:
        fs.write_text(fs_text)
    monkeypatch.setattr(hardware_setup.read_board, "__defaults__", (str(fs),))


def test_without_a_board_file_the_built_in_board_is_used(tmp_path, monkeypatch):
    _built_in(tmp_path, monkeypatch, "pico_ssd1306_spi")
    dev = hardware_setup.setup(keys)
    assert dev.problem is None and isinstance(dev.display.bus, SPIBus)


def test_a_board_file_on_the_filesystem_overrides_the_built_inboard(tmp_path, monkeypatch):
    _built_in(tmp_path, monkeypatch, "pico_ssd1306_spi", json.dumps(board("pico_sh1106_i2c")))
    dev = hardware_setup.setup(keys)
    assert dev.problem is None and isinstance(dev.display, SH1106)


def test_a_bad_board_file_falls_back_to_the_built_inboard(tmp_path, monkeypatch):
    _built_in(tmp_path, monkeypatch, "pico_ssd1306_spi", "[1, 2]")
    dev = hardware_setup.setup(keys)
    assert isinstance(dev.display.bus, SPIBus)
    assert dev.problem == "board.json not a JSON object; built-in board used"
    fake_machine.reset_fakes()
    fake_machine.WIRED.append((4, 5))  # the reference display's pins answer
    _built_in(tmp_path, monkeypatch, "pico_ssd1306_spi", broken("pico_ssd1306_i2c", lambda b: b["display"][
        "i2c"].update(sda=8, scl=9)))  # good JSON, but no display answers on those pins
    dev = hardware_setup.setup(keys)
    assert isinstance(dev.display.bus, SPIBus) and dev.problem.endswith("built-in board used")


def test_a_built_in_board_that_fails_falls_back_to_the_referenceboard(tmp_path, monkeypatch):
    _built_in(tmp_path, monkeypatch, None)  # "{}": no buttons, no display
    fake_machine.WIRED.append((4, 5))
    dev = hardware_setup.setup(keys)
    _ref_board_built(dev)
    assert dev.problem == "board.json buttons: no buttons; reference board used"


# --- the new-storage note the STUD_PICO firmware leaves ---------------------------

def test_the_new_storage_notice_comes_once_and_its_note_goes(tmp_path):
    import console

    note = tmp_path / "new_storage.txt"
    assert console.new_storage(str(note)) is None  # no note: a filesystem that mounted, or erased flash
    note.write_text("made new")
    assert console.new_storage(str(note)) == "new storage: old saves not readable"
    assert not note.exists()
    assert console.new_storage(str(note)) is None


def test_the_note_is_the_file_the_boards_boot_script_writes():
    import console

    with open(os.path.join(ROOT, "boards", "STUD_PICO", "_boot.py")) as f:
        boot = f.read()
    assert 'open("%s", "w")' % console.new_storage.__defaults__[0] in boot


def test_the_new_storage_notice_reaches_the_screen_after_power_on_once(tmp_path, monkeypatch):
    import console

    note = tmp_path / "new_storage.txt"
    note.write_text("made new")
    monkeypatch.setattr(console.new_storage, "__defaults__", (str(note),))
    ref = board("pico_ssd1306_i2c")
    assert _first_screen_after_a_key(tmp_path, monkeypatch, ref) == ("Banner", "NEW STORAGE: OLD SAVES NOT READABLE")
    assert not note.exists()
    fake_machine.reset_fakes()
    assert _first_screen_after_a_key(tmp_path, monkeypatch, ref)[0] != "Banner"  # the next power-on: no notice
