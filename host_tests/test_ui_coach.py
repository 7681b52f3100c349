"""ui.coach: the names of your hand on the table, checked against treys
(an independent evaluator) and brute force over five-card subsets."""
import itertools
import random

from treys import Card, Evaluator

from poker.cards import name as card_name
from poker.cards import parse
from poker.variants import VARIANTS
from ui import coach

_EV = Evaluator()
_CLASS = {"High Card": 0, "Pair": 1, "Two Pair": 2, "Three of a Kind": 3, "Straight": 4,
          "Flush": 5, "Full House": 6, "Four of a Kind": 7, "Straight Flush": 8}
_RANKS = "23456789TJQKA"


def _treys_class(cs):
    t = [Card.new(card_name(c)) for c in cs]
    return _CLASS[_EV.class_to_string(_EV.get_rank_class(_EV.evaluate(t[:2], t[2:])))]


def _ranks_with(cs, n):
    counts = {}
    for c in cs:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    return sorted([r for r, k in counts.items() if k == n], reverse=True)


def test_high_hand_names_match_treys_category_and_name_the_right_rank():
    rng = random.Random(6)
    names = coach._SHORT
    for _ in range(3000):
        k = rng.choice((5, 6, 7))
        cs = rng.sample(range(52), k)
        got = coach.name_of(VARIANTS["F7S"], cs)
        cat = _treys_class(cs)
        assert got.startswith(names[cat]) or (cat == 0 and got.endswith(" HIGH")), (got, cat)
        if cat == 0:
            assert got == _RANKS[max(c >> 2 for c in cs)] + " HIGH"
        elif cat in (1, 3, 7):
            r = _ranks_with(cs, {1: 2, 3: 3, 7: 4}[cat])[0]
            assert got == names[cat] + " " + _RANKS[r] + "S", (got, cs)
        assert len(got) <= 8


def test_fewer_than_five_cards_name_pairs_trips_and_quads():
    assert coach.name_of(VARIANTS["F7S"], parse("Ah Ad Kc")) == "PAIR AS"
    assert coach.name_of(VARIANTS["F7S"], parse("7h 7d 7c 2s")) == "TRIPS 7S"
    assert coach.name_of(VARIANTS["F7S"], parse("7h 7d 2c 2s")) == "TWO PAIR"
    assert coach.name_of(VARIANTS["F7S"], parse("7h 7d 7c 7s")) == "QUADS 7S"
    assert coach.name_of(VARIANTS["FT"], parse("Kh 9d")) == "K HIGH"


def test_omaha_names_use_two_hole_and_three_board_cards():
    # four spades on the board and one in the hand is no flush in Omaha
    got = coach.name_of(VARIANTS["FO"], parse("As Kd Qc 2h"), parse("3s 7s 9s Js 4d"))
    assert got != "FLUSH"
    rng = random.Random(7)
    for _ in range(300):
        cs = rng.sample(range(52), 9)
        hole, board = cs[:4], cs[4:]
        best = max(_treys_class(list(h) + list(b)) for h in itertools.combinations(hole, 2)
                   for b in itertools.combinations(board, 3))
        assert coach.name_of(VARIANTS["FO"], hole, board).startswith(coach._SHORT[best]) or best == 0


def test_omaha_names_say_the_rank_of_the_two_plus_three_cards_that_play():
    assert coach.name_of(VARIANTS["FO"], parse("As 4s 7h 9s"), parse("7d 6c 5h Js")) == "PAIR 7S"
    # the board's kings pair for him: any three board cards may play
    assert coach.name_of(VARIANTS["FO"], parse("2c 3d 8h 9s"), parse("Kd Kc 5h Js 4c")) == "PAIR KS"
    assert coach.name_of(VARIANTS["FO"], parse("Ah Kd 2c 3s"), parse("9s 7d 4c")) == "A HIGH"
    rng = random.Random(11)
    for _ in range(300):  # against the best five by treys, found by brute force
        cs = rng.sample(range(52), 9)
        hole, board = cs[:4], cs[4:]
        five = min((list(h) + list(b) for h in itertools.combinations(hole, 2)
                    for b in itertools.combinations(board, 3)),
                   key=lambda f: _EV.evaluate([Card.new(card_name(c)) for c in f[:2]],
                                              [Card.new(card_name(c)) for c in f[2:]]))
        cat = _treys_class(five)
        if cat in (1, 3, 7):
            rank = _ranks_with(five, (0, 2, 0, 3, 0, 0, 0, 4)[cat])[0]
            want = coach._SHORT[cat] + " " + _RANKS[rank] + "S"
        elif cat == 0:
            want = _RANKS[max(c >> 2 for c in five)] + " HIGH"
        else:
            want = coach._SHORT[cat]
        assert coach.name_of(VARIANTS["FO"], hole, board) == want, (hole, board)


def _brute_low8(cs):
    best = None
    for five in itertools.combinations(cs, 5):
        rs = sorted(((c >> 2) + 2 if c >> 2 != 12 else 1 for c in five), reverse=True)
        if len(set(rs)) == 5 and rs[0] <= 8 and (best is None or rs < best):
            best = rs
    return best


def test_eight_or_better_low_name_is_the_top_card_of_the_best_low():
    rng = random.Random(8)

    class V:
        pass
    for _ in range(1500):
        cs = rng.sample(range(52), 7)
        v = V()
        v.variant = VARIANTS["F7S/8"]
        v.seat = 0
        v.down = [cs[:2] + cs[6:]]
        v.up = [cs[2:6]]
        v.board = []
        best = _brute_low8(cs)
        want = "" if best is None else ("A" if best[0] == 1 else str(best[0])) + "-LOW"
        assert coach.low_name(v) == want, (cs, want)


def test_razz_name_lists_the_five_lowest_distinct_ranks_ace_low():
    assert coach.name_of(VARIANTS["FR"], parse("3c 5d Ah As 8c")) == "853A"
    assert coach.name_of(VARIANTS["FR"], parse("Kc Qd 2h 3s 4c 5d 6h")) == "65432"


def test_omaha_hi_lo_low_name_is_the_top_card_of_the_best_two_plus_three_low():
    rng = random.Random(9)

    class V:
        pass
    named = 0
    for _ in range(600):
        cs = rng.sample(range(52), 9)
        hole, board = cs[:4], cs[4:]
        best = None
        for two in itertools.combinations(hole, 2):  # exactly two hole and three board cards
            for three in itertools.combinations(board, 3):
                five = _brute_low8(list(two) + list(three))
                if five is not None and (best is None or five < best):
                    best = five
        v = V()
        v.variant = VARIANTS["FO/8"]
        v.seat = 0
        v.down = [hole]
        v.up = [[]]
        v.board = board
        want = "" if best is None else ("A" if best[0] == 1 else str(best[0])) + "-LOW"
        assert coach.low_name(v) == want, (hole, board, want)
        named += best is not None
    assert named > 50
