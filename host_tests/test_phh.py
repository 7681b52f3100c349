# portable
"""phh (tools/phh): PHH text out and in (the TOML subset PHH uses), actions,
player order, and whole hands written and read back.

Under CPython the text layer is also checked against the standard TOML
reader (tomllib), an independent parser; MicroPython has none, so those
checks run on CPython only."""
from checks import raises
import phh

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
    # docs/rules.md: dealing and position start at the dealer's left; PHH's p1
    # is the first dealt (small blind), pN the button.
    assert phh.player_seats([100, 100, 100, 100], 0) == [1, 2, 3, 0]
    assert phh.player_seats([100, 100, 100, 100], 2) == [3, 0, 1, 2]
    # a seat with no chips sits out and is no player
    assert phh.player_seats([100, 0, 100, 100], 3) == [0, 2, 3]
    assert phh.player_seats([5, 7], 1) == [0, 1]


# ---------------------------------------------------------------- whole hands

def _random_hand(code, stacks, dealer, seed, rules=None):
    from poker.hand import Hand
    from poker.rng import Rng
    from poker.rules import casino
    from poker.variants import VARIANTS
    rng = Rng(seed)
    h = Hand(VARIANTS[code], rules or casino(10), stacks, dealer, rng)
    while not h.finished:
        legal = h.legal_actions()
        h.act(*legal[rng.below(len(legal))])
    return h


def test_every_finished_hand_replays_from_its_phh_text_to_the_same_stacks():
    # all seven games; a seat sitting out, the dealer not the last seat
    cases = (("F7S", [300, 0, 45, 500, 120], 3), ("F7S/8", [80, 200, 200, 33], 0),
             ("FR", [100, 100, 60], 1), ("F5S", [50, 400, 400, 0, 90], 4),
             ("FT", [200, 35, 0, 200, 200, 90], 5), ("FO", [100, 300, 300], 0),
             ("FO/8", [60, 300, 0, 300], 1))
    for code, stacks, dealer in cases:
        for seed in range(1, 6):
            h = _random_hand(code, stacks, dealer, seed)
            text = phh.dumps(h)
            f = phh.loads(text)
            seats = phh.player_seats(stacks, dealer)
            assert f["seats"] == [s + 1 for s in seats]
            assert f["starting_stacks"] == [stacks[s] for s in seats]
            assert f["finishing_stacks"] == [h.stacks[s] for s in seats]
            h2, seats2 = phh.replay(f)
            assert seats2 == seats and h2.finished
            assert h2.stacks == h.stacks, (code, seed, text)
            assert h2.pots == h.pots
            deals = [e for e in h.history if e[0] in ("deal_hole", "deal_board")]
            deals2 = [e for e in h2.history if e[0] in ("deal_hole", "deal_board")]
            assert deals2 == deals
            h = h2 = f = text = deals = deals2 = None  # one hand and its replay at a time (MicroPython's heap)


def test_a_stud_all_in_runout_is_shown_again_after_the_last_card_every_card_shown():
    # PokerKit shows hands when the betting ends, then, in stud, again
    # after the last card; its HandHistory leaves the pot unawarded without
    # that second showdown
    from poker.cards import parse
    from poker.hand import Hand
    from poker.rules import casino
    from poker.variants import VARIANTS
    h = Hand(VARIANTS["F7S"], casino(10), [6, 1000], 1, deck=list(range(52)))
    while not h.finished:
        ks = [k for k, _ in h.legal_actions()]
        h.act("bring_in" if "bring_in" in ks else "call" if "call" in ks else "check")
    acts = phh.loads(phh.dumps(h))["actions"]
    assert h.all_in[0] and h.street == 4
    shows = [a for a in acts if " sm " in a]
    assert len(shows) == 4 and acts[-2:] == shows[2:]     # after every deal
    assert [len(parse(a.split()[2])) for a in shows] == [3, 3, 7, 7]
    assert acts.index(shows[1]) < acts.index("d dh p1 " + phh.cards_text(h.hole[0][3:4]))


def test_phh_text_records_our_variant_and_the_contested_rules():
    from poker.rules import lexibook
    h = _random_hand("F5S", [200, 200, 200, 200], 2, 9, lexibook(10))
    f = phh.loads(phh.dumps(h))
    assert f["variant"] == "F5S" and f["_variant"] == "F5S"
    assert f["_profile"] == "lexibook" and f["_dealer"] == 2
    assert f["antes"] == [2, 2, 2, 2] and f["bring_in"] == 2
    assert f["_open_pair_big_bet"] is False and f["_raise_cap"] == 3
    r = phh.rules_from_fields(f)
    for k in ("ante", "bring_in", "small_bet", "big_bet", "raise_cap", "heads_up_uncapped",
              "open_pair_big_bet", "odd_chip", "short_all_in_reopens", "raise_over_all_in",
              "odd_chips_together", "merge_pots", "low_half_if_any_low"):
        assert getattr(r, k) == getattr(h.rules, k), k
    assert len(phh.parse_cards(f["_deck"])) == 52


def test_blinds_are_written_small_then_big_and_p1_is_left_of_the_dealer():
    from poker.rules import casino
    h = _random_hand("FT", [100, 100, 100], 0, 3, casino(10))
    f = phh.loads(phh.dumps(h))
    assert f["blinds_or_straddles"] == [5, 10, 0]
    posts = [e for e in h.history if e[0] == "post"]
    # seat 1 (left of dealer 0) is p1 and posts the small blind
    assert posts[0][1:] == (1, "small_blind", 5) and f["seats"][0] == 2


def test_an_illegal_action_in_a_phh_file_names_that_action():
    h = _random_hand("F7S", [200, 200, 200], 2, 4)
    f = phh.loads(phh.dumps(h))
    acts = f["actions"]
    i = 0
    while phh.parse_action(acts[i])[0] in ("dh", "db"):
        i += 1
    # the first decision is the bring-in: p-anything "cbr 999" is illegal
    who = acts[i].split()[0]
    acts[i] = who + " cbr 999"
    e = raises(phh.ReplayError, phh.replay, f)
    assert (who + " cbr 999") in str(e)
    acts[i] = "p9 f"
    raises(phh.ReplayError, phh.replay, f)


def test_a_running_hand_is_written_without_results_and_does_not_replay_as_finished():
    from poker.hand import Hand
    from poker.rng import Rng
    from poker.rules import casino
    from poker.variants import VARIANTS
    h = Hand(VARIANTS["FT"], casino(10), [100, 100, 100], 2, Rng(8))
    h.act(*h.legal_actions()[0])
    f = phh.loads(phh.dumps(h))
    assert "finishing_stacks" not in f and "winnings" not in f
    assert [a for a in f["actions"] if not a.startswith("d ")] == ["p3 " + ("f" if h.history[-1][1] == "fold" else "cc")]
    e = raises(phh.ReplayError, phh.replay, f)
    assert "not over" in str(e)
