# portable
"""poker.phh: PHH text out and in (the TOML subset PHH uses), actions,
player order, and whole hands written and read back.

Under CPython the text layer is also checked against the standard TOML
reader (tomllib), an independent parser; MicroPython has none, so those
checks run on CPython only."""
from checks import raises
from poker import phh

try:
    import tomllib
except ImportError:  # MicroPython
    tomllib = None

_SAMPLE = """# a PHH file with what the format allows
variant = 'F7S'
ante_trimming_status = true
antes = [1, 1, 1,]
bring_in = 5
small_bet = 1_0
big_bet = 20.0
starting_stacks = [1000, 250, 99]
actions = [  # one action a line
  'd dh p1 7s2c8h',  # 3rd street
  "d dh p2 ????Ad",
  'd dh p3 KcKdQs',
  'p2 pb # brings in',
  'p3 cbr 10', 'p1 f',
]
author = "Someone \\"quoted\\" \\u00e9"
event = '''multi
line'''
_stud = {cards = 7, 'up cards' = [3, 4, 5, 6]}
time = 07:32:00
players = []
"""


def test_loads_reads_every_value_kind_phh_uses():
    d = phh.loads(_SAMPLE)
    assert d["variant"] == "F7S" and d["ante_trimming_status"] is True
    assert d["antes"] == [1, 1, 1] and d["small_bet"] == 10 and d["big_bet"] == 20
    assert d["actions"][1] == "d dh p2 ????Ad" and d["actions"][3] == "p2 pb # brings in"
    assert len(d["actions"]) == 6
    assert d["author"] == 'Someone "quoted" \u00e9'
    assert d["event"] == "multi\nline"
    assert d["_stud"] == {"cards": 7, "up cards": [3, 4, 5, 6]}
    assert d["time"] == "07:32:00" and d["players"] == []


def test_loads_agrees_with_the_standard_toml_reader():
    if tomllib is None:
        return
    ref = tomllib.loads(_SAMPLE)
    ours = phh.loads(_SAMPLE)
    ref["time"] = str(ref["time"])
    ref["big_bet"] = int(ref["big_bet"])
    assert ours == ref


def test_dumps_fields_then_loads_gives_back_the_same_fields():
    fields = {
        "variant": "FO/8", "antes": [0, 0, 0], "blinds_or_straddles": [5, 10, 0],
        "small_bet": 10, "big_bet": 20, "starting_stacks": [500, 37, 1200],
        "actions": ["d dh p1 AsKd2c3c", "p3 cbr 20", "p1 cc # it's a call"],
        "seats": [2, 3, 1], "_profile": "casino", "_heads_up_uncapped": True,
        "_note": 'quotes \' and " and \\ and a\nnewline', "_empty": [],
        "hand": 7,
    }
    text = phh.dumps_fields(fields)
    assert phh.loads(text) == fields
    if tomllib is not None:
        assert tomllib.loads(text) == fields


def test_dumps_fields_writes_phh_fields_first_in_phh_order_and_skips_none():
    text = phh.dumps_fields({"_z": 1, "actions": ["p1 f"], "variant": "FT", "author": None})
    lines = text.splitlines()
    assert lines[0] == "variant = 'FT'"
    assert lines[1] == "actions = ["
    assert lines[-1] == "_z = 1"
    assert "author" not in text


def test_malformed_text_raises_value_error_naming_the_line():
    e = raises(ValueError, phh.loads, "variant = 'FT'\nantes = [1, 2\nx = 3\n")
    assert "line" in str(e)
    raises(ValueError, phh.loads, "variant = 'FT\n")
    raises(ValueError, phh.loads, "variant 'FT'\n")
    raises(ValueError, phh.loads, "a = 1\na = 2\n")
    raises(ValueError, phh.loads, "a = 1 2\n")


def test_loads_all_splits_a_file_of_numbered_hands():
    text = "[1]\nvariant = 'FT'\n\n[2]\nvariant = 'FR'\nantes = [1]\n"
    hands = phh.loads_all(text)
    assert hands == [("1", {"variant": "FT"}), ("2", {"variant": "FR", "antes": [1]})]
    raises(ValueError, phh.loads, text)


def test_cards_round_trip_and_unknown_cards_are_none():
    for c in range(52):
        assert phh.parse_cards(phh.cards_text([c])) == [c]
    assert phh.parse_cards("??As") == [None, 51]
    assert phh.cards_text([None, 0, 51]) == "??2cAs"
    raises(ValueError, phh.parse_cards, "Asx")
    raises(ValueError, phh.parse_cards, "1s")


def test_parse_action_reads_every_action_our_games_use():
    assert phh.parse_action("d dh p3 ????7c") == ("dh", 2, [None, None, 20])
    assert phh.parse_action("d db AhKhQh # the flop") == ("db", None, [50, 46, 42])
    assert phh.parse_action("p1 pb") == ("pb", 0, None)
    assert phh.parse_action("p2 f") == ("f", 1, None)
    assert phh.parse_action("p10 cc") == ("cc", 9, None)
    assert phh.parse_action("p4 cbr 40") == ("cbr", 3, 40)
    assert phh.parse_action("p1 sm AsKd") == ("sm", 0, [51, 45])
    assert phh.parse_action("p1 sm") == ("sm", 0, None)
    for bad in ("p0 f", "q1 f", "p1 cbr", "p1 cbr x", "p1 xx", "d dh 7c", "d zz p1 7c", "p1"):
        e = raises(ValueError, phh.parse_action, bad)
        assert bad.split()[0] in str(e)


def test_players_start_left_of_the_dealer_and_the_dealer_is_last():
    # RULES.md: dealing and position start at the dealer's left; PHH's p1
    # is the first dealt (small blind), pN the button.
    assert phh.player_seats([100, 100, 100, 100], 0) == [1, 2, 3, 0]
    assert phh.player_seats([100, 100, 100, 100], 2) == [3, 0, 1, 2]
    # a seat with no chips sits out and is no player
    assert phh.player_seats([100, 0, 100, 100], 3) == [0, 2, 3]
    assert phh.player_seats([5, 7], 1) == [0, 1]
