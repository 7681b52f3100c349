"""tools/bench/bench_players.py's hand logs (--log): every hand of a duplicate
match once, with the cards and actions that were played, and net chips
that add up to the match's figures."""

import bench_players  # noqa: E402
from poker.rules import casino  # noqa: E402


def test_the_log_has_every_hand_and_adds_up_to_the_match():
    deals = 6
    log = []
    xs = bench_players.match("FR", "hard", "tag", deals, 2, 11, log=log)
    assert len(log) == deals * 2
    bb = casino().big_bet
    for d in range(deals):
        hands = [h for h in log if h["deal"] == d]
        assert [h["rotation"] for h in hands] == [0, 1]
        # the same deal both times: the same cards, the players swapped
        for s in range(2):
            assert hands[0]["down"][s][:2] == hands[1]["down"][s][:2]
            assert hands[0]["up"][s][:1] == hands[1]["up"][s][:1]
        assert hands[0]["players"] == hands[1]["players"][::-1]
        mine = 0
        for h in hands:
            assert sum(h["net"]) == 0  # chips only change hands
            assert h["game"] == "FR" and len(h["actions"]) >= 2
            for s in h["a_seats"]:
                assert h["players"][s] == "hard"
                mine += h["net"][s]
        assert abs(mine / bb / 2 - xs[d]) < 1e-9


def test_without_a_log_the_match_is_the_same():
    log = []
    assert bench_players.match("F7S", "hard", "tag", 4, 2, 3, log=log) == \
        bench_players.match("F7S", "hard", "tag", 4, 2, 3)
    assert len(log) == 8


def test_the_matches_are_played_under_the_profile_asked_for():
    # the strength matches are casino 10/20 (ante 1, bring-in 5); the
    # console's lexibook antes and brings in 2
    for profile, ante, bring_in in (("casino", 1, 5), ("lexibook", 2, 2)):
        log = []
        bench_players.match("FR", "hard", "tag", 3, 2, 5, profile, log=log)
        for h in log:
            first = h["actions"][0]
            assert first[2] == "bring_in" and first[3] == bring_in
            # a hand folded round to the bring-in moves only the antes
            if len(h["actions"]) == 2 and h["actions"][1][2] == "fold":
                assert max(h["net"]) == ante
