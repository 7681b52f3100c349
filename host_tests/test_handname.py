"""poker.eval.handname: the five cards that play and the names of showdown
hands, against independent oracles: phevaluator (the five are as strong as
the whole hand), treys (the category), and counts and brute force written
here (the ranks a name gives, the low's five cards)."""
import itertools
import random

from phevaluator import evaluate_cards
from treys import Card, Evaluator

from poker.eval import evaluator, handname
from poker.hand import Hand
from poker.rng import Rng
from poker.rules import casino
from poker.variants import VARIANTS
from poker.cards import name as card_name
from poker.cards import parse

_EV = Evaluator()
_WORD = {"High Card": " HIGH", "Pair": "PAIR ", "Two Pair": "TWO PAIR ", "Three of a Kind": "TRIPS ",
         "Straight": "STRAIGHT TO ", "Flush": "FLUSH ", "Full House": " FULL OF ",
         "Four of a Kind": "QUADS ", "Straight Flush": "FLUSH TO "}
_R = "23456789TJQKA"


def _ph(cs):
    return evaluate_cards(*[card_name(c) for c in cs])  # lower is better


def _treys_class(five):
    t = [Card.new(card_name(c)) for c in five]
    return _EV.class_to_string(_EV.get_rank_class(_EV.evaluate(t[:2], t[2:])))


def _counts(five):
    out = {}
    for c in five:
        out[_R[c >> 2]] = out.get(_R[c >> 2], 0) + 1
    return out


def test_the_five_that_play_are_as_strong_as_the_hand_and_named_by_category_and_ranks():
    rnd = random.Random(15)
    for _ in range(3000):
        cs = rnd.sample(range(52), 7)
        five = handname.high_five(cs)
        assert len(set(five)) == 5 and set(five) <= set(cs)
        assert _ph(five) == _ph(cs)
        name = handname.high_name(five)
        cls = _treys_class(five)
        if name == "ROYAL FLUSH":
            assert cls == "Straight Flush"
            continue
        assert _WORD[cls] in name, (name, cls)
        k = _counts(five)
        if cls == "Two Pair":
            a, b = name[len("TWO PAIR "):].split("-")
            assert k[a] == 2 and k[b] == 2 and _R.index(a) > _R.index(b)
        elif cls in ("Pair", "Three of a Kind", "Four of a Kind"):
            r = name.split(" ")[1][0]
            assert k[r] == {"Pair": 2, "Three of a Kind": 3, "Four of a Kind": 4}[cls]
        elif cls == "Full House":
            assert k[name[0]] == 3 and k[name.split(" OF ")[1][0]] == 2
        elif cls == "High Card":
            assert name[0] == max(_counts(five), key=_R.index)


def test_omaha_plays_exactly_two_hole_and_three_board_cards():
    rnd = random.Random(16)
    for _ in range(500):
        cs = rnd.sample(range(52), 9)
        hole, board = cs[:4], cs[4:]
        five = handname.high_five(hole, board, True)
        assert len([c for c in five if c in hole]) == 2 and len([c for c in five if c in board]) == 3
        assert evaluator.high(five) == evaluator.omaha_high(hole, board)


def test_the_kicker_is_named_only_when_it_decided():
    def name(a, b):  # fives in display order, as high_five gives them
        return handname.high_name(evaluator.best_five(parse(a)), evaluator.best_five(parse(b)))
    assert name("8s 8d Kc 7c 5h", "8h 8c Qd 7d 5c") == "PAIR 8S, K KICKER"
    assert name("8s 8d Kc 7c 5h", "8h 8c Kd 7d 4c") == "PAIR 8S, K-7-5 KICKERS"
    assert name("8s 8d Kc 7c 5h", "7h 7c Ad Kd 4c") == "PAIR 8S"  # the pair decided
    assert name("Ks Kd 6c 6h Qs", "Kh Kc 6d 6s Js") == "TWO PAIR K-6, Q KICKER"
    assert name("Ks Kd 6c 6h Qs", "Kh Kc 5d 5s As") == "TWO PAIR K-6"
    assert name("As Kd 9c 7h 5s", "Ah Qd 9d 7d 5c") == "A-K HIGH"
    assert name("Ah Kh 9h 5h 3h", "As Ks 8s 5s 3s") == "FLUSH A-K-9"
    assert name("Ks Kd Kc 6h 6s", "Qs Qd Qc Ah As") == "KS FULL OF 6S"
    assert name("5s 4h 3c 2d As", "Ts Th 3d 2h Ac") == "STRAIGHT TO 5"  # the wheel


def _brute_low8(cs):
    """The five lowest distinct ranks 8 or lower (ace low), or None."""
    ranks = sorted(set((c >> 2) + 1 if c >> 2 != 12 else 0 for c in cs))
    ranks = [r for r in ranks if r < 8]
    return ranks[:5][::-1] if len(ranks) >= 5 else None


def test_the_eight_or_better_low_plays_the_five_lowest_distinct_ranks():
    rnd = random.Random(17)
    seen = 0
    for _ in range(3000):
        cs = rnd.sample(range(52), 7)
        five = handname.low_five(cs, (), "8")
        want = _brute_low8(cs)
        if want is None:
            assert five is None
            continue
        seen += 1
        got = [(c >> 2) + 1 if c >> 2 != 12 else 0 for c in five]
        assert got == want and set(five) <= set(cs)
        assert handname.low_name(five) == "-".join("A2345678"[r] for r in want) + " LOW"
    assert seen > 300


def test_the_razz_low_is_as_good_as_the_hand_by_brute_force():
    rnd = random.Random(18)
    for _ in range(1000):
        cs = rnd.sample(range(52), 7)
        five = handname.low_five(cs, (), "a5")
        best = max(evaluator.low_a5(list(f)) for f in itertools.combinations(cs, 5))
        assert evaluator.low_a5(five) == best == evaluator.low_a5(cs)


def test_awards_plays_and_mucks_agree_with_the_pots_the_history_and_the_strengths():
    """The showdown facts the screen reads (awards, plays, mucked) say the
    same as the settlement (pots, winnings) and the history (show, muck)."""
    import sys

    from poker.eval import evaluator

    rng = Rng(15)
    for code in ('F7S', 'F7S/8', 'FR', 'FT', 'FO', 'FO/8', 'F5S'):
        for k in range(12):
            n = 2 + k % 5
            stacks = [40 + 37 * ((s * 7 + k) % 5) for s in range(n)]
            h = Hand(VARIANTS[code], casino(), stacks, k % n, rng)
            while not h.finished:
                legal = h.legal_actions()
                pick = legal[rng.below(len(legal))]
                if pick[0] == 'fold' and rng.below(4):
                    pick = legal[1]
                h.act(pick[0], pick[1])
            assert all(a[4] == '' for a in h.awards) and h.plays == [None] * n
            h.explain()  # what the showdown screen asks for
            assert 'poker.eval.handname' in sys.modules  # kept for good: no reload at every showdown
            v = h.view(0)
            assert [(a[2], [s for s, _ in a[3]]) for a in v.awards] == [(p[0], p[1]) for p in h.pots]
            got = [0] * n
            for i in range(len(v.awards)):
                pot, half, amount, shares, name = v.awards[i]
                assert half == h.pot_info[i][0]
                assert sum(c for _, c in shares) == amount
                for s, c in shares:
                    got[s] += c
            assert got == v.winnings
            shown = [e[1] for e in h.history if e[0] == 'show']
            mucked = [e[1] for e in h.history if e[0] == 'muck']
            assert [s for s in range(n) if v.mucked[s]] == sorted(mucked)
            for s in range(n):
                if s in shown:
                    hf, lf = v.plays[s]
                    var = VARIANTS[code]
                    if var.high:
                        want = (evaluator.omaha_high(h.hole[s], h.board) if var.omaha
                                else evaluator.high(h.hole[s] + h.board))
                        assert evaluator.high(hf) == want
                    else:
                        assert evaluator.low_a5(lf) == evaluator.low_a5(h.hole[s] + h.board)
                    hn, ln = v.names[s]
                    assert (hn is None) == (hf is None) and (ln is None) == (lf is None)
                else:
                    assert v.plays[s] is None and v.names[s] is None
            if shown:
                for a in v.awards:
                    assert a[4]  # every pot won at a showdown is named


def _allowed_fives(own, board, omaha):
    if omaha:
        return [two + three for two in itertools.combinations(own, 2)
                for three in itertools.combinations(board, 3)]
    return list(itertools.combinations(list(own) + list(board), 5))


def test_the_statistics_best_hand_is_named_with_the_five_that_make_it():
    # the value from phevaluator (our scale is 7463 - its rank), the five
    # that may play by brute force, the category by treys
    rnd = random.Random(12)
    for k in range(1500):
        cs = rnd.sample(range(52), 9)
        omaha = k % 3 == 2
        if k % 3 == 0:  # stud: five to seven own cards
            own, board = cs[:5 + k % 3], []
        elif k % 3 == 1:  # hold'em
            own, board = cs[:2], cs[2:5 + k % 3]
        else:
            own, board = cs[:4], cs[4:7 + k % 3]
        fives = _allowed_fives(own, board, omaha)
        value = 7463 - min(_ph(f) for f in fives)
        text = handname.best_high_text(value, own, board, omaha)
        words = text.split(" ")
        cat = " ".join(words[:-5])
        five = parse(" ".join(words[-5:]))
        assert any(set(five) == set(f) for f in fives), text
        assert 7463 - _ph(five) == value
        assert cat == _treys_class(five).lower(), text
        assert five == evaluator.best_five(five)  # display order
    assert handname.best_high_text(7462, parse("2c 3d"), parse("4h 5s 7c"), False) == ""  # no such hand


def test_the_statistics_best_hand_of_a_finished_hand_from_the_seats_view():
    rng = Rng(8)
    seen = {"folded": 0, "named": 0}
    for code in ('F7S', 'FT', 'FO', 'F5S', 'FR', 'F7S/8'):
        var = VARIANTS[code]
        for k in range(25):
            h = Hand(var, casino(), [300] * 4, k % 4, rng)
            while not h.finished:
                legal = h.legal_actions()
                pick = legal[rng.below(len(legal))]
                h.act(pick[0], pick[1])
            value, own, board = handname.best_high(h.view(0), var)
            if not var.high or h.folded[0]:
                assert value == 0
                seen["folded"] += h.folded[0]
                continue
            fives = _allowed_fives(h.hole[0], h.board, var.omaha)
            if not fives:  # the hand ended before five cards were dealt
                assert value == 0
                continue
            assert sorted(own) == sorted(h.hole[0]) and board == h.board
            assert value == 7463 - min(_ph(f) for f in fives)
            seen["named"] += 1
    assert seen["folded"] and seen["named"]
