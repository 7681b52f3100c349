# portable
"""poker.match.stats: hands played and won, biggest pot, best hand, net result,
per game type and overall."""
import json

from checks import raises
from poker.rng import Rng
from poker.match.stats import Stats


def _random_hands(n, seed=3):
    r = Rng(seed)
    codes = ("F7S", "F5S", "FT", "FO")
    out = []
    for _ in range(n):
        code = codes[r.below(4)]
        net = r.below(2001) - 1000
        won = r.below(2) == 1
        pot = r.below(3000)
        best = r.below(8000)
        out.append((code, net, won, pot, best, "hand %d" % best))
    return out


def test_each_game_type_counts_hands_wins_net_biggest_pot_and_best_hand():
    hands = _random_hands(300)
    s = Stats()
    for h in hands:
        s.record_hand(*h)
    for code in ("F7S", "F5S", "FT", "FO"):
        mine = [h for h in hands if h[0] == code]
        got = s.get(code)
        assert got["hands"] == len(mine)
        assert got["won"] == len([h for h in mine if h[2]])
        assert got["net"] == sum([h[1] for h in mine])
        assert got["pot"] == max([h[3] for h in mine if h[2]] + [0])
        top = max([h[4] for h in mine])
        assert got["best"] == top and got["best_text"] == "hand %d" % top


def test_overall_figures_are_sums_and_maxima_over_the_game_types():
    hands = _random_hands(300, seed=11)
    s = Stats()
    for h in hands:
        s.record_hand(*h)
    t = s.total()
    assert t["hands"] == 300
    assert t["won"] == len([h for h in hands if h[2]])
    assert t["net"] == sum([h[1] for h in hands])
    assert t["pot"] == max([h[3] for h in hands if h[2]])
    assert t["best"] == max([h[4] for h in hands])


def test_a_pot_counts_as_biggest_only_when_you_won_it():
    s = Stats()
    s.record_hand("FT", -500, False, 5000)
    s.record_hand("FT", 40, True, 60)
    assert s.get("FT")["pot"] == 60 and s.get("FT")["won"] == 1


def test_games_won_and_lost_are_counted():
    s = Stats()
    s.record_game("F7S", True)
    s.record_game("F7S", False)
    s.record_game("FT", False)
    assert s.get("F7S")["games"] == 2 and s.get("F7S")["games_won"] == 1
    t = s.total()
    assert (t["games"], t["games_won"], t["games_lost"]) == (3, 1, 2)


def test_a_game_never_played_shows_zeros():
    s = Stats()
    assert s.get("F5S")["hands"] == 0 and s.total()["best_text"] == ""


def test_statistics_round_trip_through_json():
    s = Stats()
    for h in _random_hands(50):
        s.record_hand(*h)
    s.record_game("FT", True)
    back = Stats.from_obj(json.loads(json.dumps(s.to_obj())))
    for code in ("F7S", "F5S", "FT", "FO"):
        assert back.get(code) == s.get(code)
    assert back.total() == s.total() and back.codes() == s.codes()


def test_bad_statistics_data_is_rejected():
    good = [3, 1, 50, 7000, "Flush", -20, 1, 1, 0]
    assert Stats.from_obj({"FT": good}).get("FT")["hands"] == 3
    for bad in (
        [],
        "x",
        {"FT": good[:-1]},
        {"FT": [-1] + good[1:]},
        {"FT": ["3"] + good[1:]},
        {"FT": [True] + good[1:]},
        {"FT": good[:4] + [5] + good[5:]},
        {"FT": good[:5] + [1.5] + good[6:]},
        {"FT": [3, 4] + good[2:]},  # more hands won than played
        {"FT": good[:6] + [1, 1, 1]},  # games won + lost != games
    ):
        raises(ValueError, Stats.from_obj, bad)


def test_games_left_for_a_new_game_and_rebuys_are_counted_and_kept():
    s = Stats()
    s.record_game("F7S", False)
    s.record_left("F7S")
    s.record_left("FT")
    s.record_rebuy("F7S")
    d = s.get("F7S")
    assert (d["games"], d["games_lost"], d["games_left"], d["rebuys"]) == (2, 1, 1, 1)
    t = s.total()
    assert (t["games"], t["games_left"], t["rebuys"]) == (3, 2, 1)
    back = Stats.from_obj(json.loads(json.dumps(s.to_obj())))
    assert back.get("F7S") == d


def test_a_row_saved_before_games_left_and_rebuys_reads_them_as_zero():
    old = {"F7S": [10, 4, 300, 5000, "two pair", 120, 2, 1, 1]}
    d = Stats.from_obj(old).get("F7S")
    assert d["hands"] == 10 and d["games"] == 2 and d["games_left"] == 0 and d["rebuys"] == 0


def test_razz_keeps_its_best_low_on_its_own_page_not_in_the_overall_best():
    s = Stats()
    s.record_hand("FR", 10, True, 100, 900000, "7-5-4-3-A LOW")
    s.record_hand("F7S", 10, True, 100, 4000, "two pair")
    assert s.get("FR")["best_text"] == "7-5-4-3-A LOW"
    assert s.total()["best_text"] == "two pair"
