"""The board files of boards/ for tests: as they are, or broken in a chosen
way (BAD_BOARDS: the bad files a console must survive, each with the
problem it must report)."""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def board(name):
    """boards/NAME.json as a dict."""
    with open(os.path.join(ROOT, "boards", name + ".json")) as f:
        return json.load(f)


def broken(name, change):
    """boards/NAME.json's text after ``change(board_dict)``."""
    b = board(name)
    change(b)
    return json.dumps(b)


BAD_BOARDS = [
    ("garbage", "\x00\xff not json at all", "not JSON"),
    ("truncated", broken("pico_ssd1306_i2c", lambda b: None)[:70], "not JSON"),
    ("a list", "[1, 2]", "not a JSON object"),
    ("empty object", "{}", "buttons: no buttons"),
    ("pin 40", broken("pico_ssd1306_i2c", lambda b: b["buttons"][0].update(pin=40)), "buttons: invalid pin"),
    ("I2C1 on GP4/5", broken("pico_ssd1306_i2c", lambda b: b["display"]["i2c"].update(id=1)), "display: bad S"),
    ("no display field", broken("pico_ssd1306_i2c", lambda b: b.pop("display")), "display: no display"),
    ("unwired display", broken("pico_ssd1306_i2c", lambda b: b["display"]["i2c"].update(sda=8, scl=9)),
     "display: no answer (ETIMEDOUT)"),
]
