"""boards/*.json: every board file is complete and wires the Pico as its
datasheet allows (I2C/SPI pin functions, ADC pins, no pin used twice)."""
import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
import wiring  # noqa: E402
from hw.buttons import keys_from_board  # noqa: E402
from hw.oled import CHIPS  # noqa: E402
from ui import keys  # noqa: E402

BOARDS = sorted(f for f in os.listdir(os.path.join(ROOT, "boards")) if f.endswith(".json"))

# RP2040 datasheet, GPIO functions: which GPIOs carry each bus signal.
I2C_SDA = {0: {0, 4, 8, 12, 16, 20, 24, 28}, 1: {2, 6, 10, 14, 18, 22, 26}}
I2C_SCL = {0: {1, 5, 9, 13, 17, 21, 25}, 1: {3, 7, 11, 15, 19, 23, 27}}
SPI_SCK = {0: {2, 6, 18, 22}, 1: {10, 14, 26}}
SPI_TX = {0: {3, 7, 19, 23}, 1: {11, 15, 27}}
ADC = {26, 27, 28, 29}  # 29 = VSYS/3 on the Pico
HEADER = set(range(0, 23)) | {26, 27, 28}  # GPIOs on the Pico's header


def load(name):
    with open(os.path.join(ROOT, "boards", name)) as f:
        return json.load(f)


def test_the_reference_boards_exist():
    for need in ("pico_ssd1306_i2c.json", "pico_sh1106_i2c.json", "pico_ssd1306_2btn.json"):
        assert need in BOARDS


@pytest.mark.parametrize("name", BOARDS)
def test_board_display_is_a_known_chip_on_pins_that_carry_its_bus(name):
    b = load(name)
    assert b["name"] + ".json" == name
    d = b["display"]
    assert d["chip"] in CHIPS and (d["width"], d["height"]) == (128, 64) and d["rotate"] in (0, 180)
    if d["bus"] == "i2c":
        c = d["i2c"]
        assert c["sda"] in I2C_SDA[c["id"]] and c["scl"] in I2C_SCL[c["id"]]
        assert c["addr"] in (0x3C, 0x3D) and 100000 <= c["freq"] <= 1000000
    else:
        assert d["bus"] == "spi"
        c = d["spi"]
        assert c["sck"] in SPI_SCK[c["id"]] and c["mosi"] in SPI_TX[c["id"]]
        for k in ("cs", "dc", "res"):
            assert c[k] in HEADER


@pytest.mark.parametrize("name", BOARDS)
def test_board_buttons_map_to_keys_and_no_pin_is_used_twice(name):
    b = load(name)
    names = [x["key"] for x in b["buttons"]]
    keys_from_board(names, keys)  # every name has its keys
    if len(names) == 2:
        assert sorted(names) == ["NEXT", "OK"]
    else:
        assert sorted(names) == sorted(["LEFT", "RIGHT", "UP", "DOWN", "A", "B"])
    assert b["safe_mode_key"] in names
    pins = [p for _part, _sig, p in wiring.rows(b)]
    assert len(pins) == len(set(pins)), pins
    for _part, sig, p in wiring.rows(b):
        if sig.startswith("VSYS"):
            assert p in ADC
        else:
            assert p in HEADER, (name, sig, p)


@pytest.mark.parametrize("name", BOARDS)
def test_wiring_table_lists_every_pin_of_the_board(name):
    b = load(name)
    text = wiring.table(b)
    for _part, _sig, p in wiring.rows(b):
        assert "GP%d " % p in text
    assert text.count("| button ") == len(b["buttons"])


def test_the_hardware_page_shows_the_wiring_of_every_board_file_as_it_is():
    # docs/hardware.md's table "wiring" is `python tools/device/wiring.py --docs`
    # of today's board files: a board added or rewired since fails here
    import doctable

    page = os.path.join(ROOT, "docs", "hardware.md")
    [body] = [t[4] for t in doctable.tables(page) if t[0] == "wiring"]
    assert body == wiring.docs_text(), "run: python tools/device/wiring.py --docs"
    for name in BOARDS:
        assert "### `%s`" % name[:-5] in body
