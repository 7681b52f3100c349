"""The wiring table of a board file (Markdown): which part goes to which pin.

    python tools/device/wiring.py boards/pico_ssd1306_i2c.json [...]   # print them
    python tools/device/wiring.py --docs   # every board of boards/ into docs/hardware.md

With ``--docs`` the tables of every board file in boards/ become the table
``wiring`` of docs/hardware.md (tools/gen/doctable.py);
host_tests/test_boards.py fails when that page no longer shows what the
board files say.
"""
import glob
import json
import os
import sys

import doctable
from paths import ROOT

PAGE = "docs/hardware.md"

# Raspberry Pi Pico: GPIO number -> physical pin of the 40-pin header.
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
            13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31,
            27: 32, 28: 34}


def rows(board):
    """(part, signal, GPIO) rows of a board."""
    out = []
    d = board["display"]
    name = "%s OLED (%s)" % (d["chip"].upper(), d["bus"].upper())
    if d["bus"] == "i2c":
        c = d["i2c"]
        out.append((name, "SDA", c["sda"]))
        out.append((name, "SCL", c["scl"]))
    else:
        c = d["spi"]
        for sig, key in (("SCK (D0)", "sck"), ("MOSI (D1)", "mosi"), ("CS", "cs"), ("DC", "dc"), ("RES", "res")):
            if c.get(key) is not None:
                out.append((name, sig, c[key]))
    for b in board["buttons"]:
        out.append(("button " + b["key"], "to GND", b["pin"]))
    if board.get("buzzer"):
        out.append(("piezo buzzer", "+ (other leg to GND)", board["buzzer"]["pin"]))
    if board.get("battery"):
        out.append(("battery sense", "VSYS/%d" % board["battery"]["divider"], board["battery"]["adc_pin"]))
    return out


def table(board):
    lines = ["| part | signal | GPIO | Pico pin |", "| --- | --- | --- | --- |"]
    for part, sig, gpio in rows(board):
        pin = PICO_PIN.get(gpio, "internal")
        lines.append("| %s | %s | GP%d | %s |" % (part, sig, gpio, pin))
    d = board["display"]
    lines.append("| %s OLED | VCC, GND | 3V3(OUT), GND | 36, 38 |" % d["chip"].upper())
    return "\n".join(lines)


def section(board):
    """A board's heading, title, table and note, as docs/hardware.md shows it."""
    text = "### `%s`\n\n%s\n\n%s" % (board["name"], board.get("title", ""), table(board))
    if board.get("two_button_note"):
        text += "\n\n" + board["two_button_note"]
    return text


def board_files():
    return sorted(glob.glob(os.path.join(ROOT, "boards", "*.json")))


def docs_text():
    """The ``wiring`` table of docs/hardware.md: every board file's section."""
    out = []
    for path in board_files():
        with open(path) as f:
            out.append(section(json.load(f)))
    return "\n\n".join(out)


def main(argv):
    if argv == ["--docs"]:
        doctable.write(PAGE, "wiring", docs_text(), [__file__])
        print("wrote the wiring of %d boards into %s" % (len(board_files()), PAGE))
        return
    if not argv or any(a.startswith("-") for a in argv):
        sys.exit(__doc__)
    for path in argv:
        with open(path) as f:
            print(section(json.load(f)) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
