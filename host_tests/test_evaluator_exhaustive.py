"""poker.eval.evaluator against independent references: every five-card
hand, every seven-card flush and low, every seven-card hand's category
count, random six- and seven-card hands (CPython only; about a minute).

The brute-force ranker below is written from the rules alone: a hand's
comparison key is (category, ranks that break ties); the best of several
cards is the largest key over all five-card subsets.
"""
import itertools
import os
import random

import pytest
from hostenv import micropython
from poker.eval import evaluator as ev

# slow: every five-card hand against brute force; one worker, so the table of
# them is made once (docs/testing.md)
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("evaluator_exhaustive")]

CATEGORY_COUNTS_5 = {  # all 2,598,960 five-card hands
    'straight flush': 40, 'four of a kind': 624, 'full house': 3744, 'flush': 5108,
    'straight': 10200, 'three of a kind': 54912, 'two pair': 123552, 'pair': 1098240,
    'high card': 1302540,
}


CATEGORY_COUNTS_7 = {  # all 133,784,560 seven-card hands, by their best five
    'straight flush': 41584, 'four of a kind': 224848, 'full house': 3473184,
    'flush': 4047644, 'straight': 6180020, 'three of a kind': 6461620,
    'two pair': 31433400, 'pair': 58627800, 'high card': 23294460,
}
STRENGTHS_7 = 4824  # of the 7,462 five-card strengths, those a best-of-seven can be


def brute_key(five):
    """(category 0..8, tie-break ranks) of five cards; larger is better."""
    ranks = sorted((c >> 2 for c in five), reverse=True)
    flush = len({c & 3 for c in five}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            straight_top = 3
    by_count = sorted(distinct, key=lambda r: (ranks.count(r), r), reverse=True)
    shape = sorted((ranks.count(r) for r in distinct), reverse=True)
    if straight_top is not None and flush:
        return (8, (straight_top,))
    if shape == [4, 1]:
        return (7, tuple(by_count))
    if shape == [3, 2]:
        return (6, tuple(by_count))
    if flush:
        return (5, tuple(ranks))
    if straight_top is not None:
        return (4, (straight_top,))
    if shape == [3, 1, 1]:
        return (3, tuple(by_count))
    if shape == [2, 2, 1]:
        return (2, tuple(by_count))
    if shape == [2, 1, 1, 1]:
        return (1, tuple(by_count))
    return (0, tuple(ranks))


def brute_best(cards):
    return max(brute_key(f) for f in itertools.combinations(cards, 5))


@pytest.fixture(scope="module")
def five_card_scale():
    """Evaluates all 2,598,960 five-card hands once: key -> strength."""
    by_key = {}
    cats = {}
    h5 = ev.high5_unchecked
    for five in itertools.combinations(range(52), 5):
        v = h5(*five)
        k = brute_key(five)
        old = by_key.setdefault(k, v)
        assert old == v, (five, k, old, v)
        name = ev.category(v)
        cats[name] = cats.get(name, 0) + 1
        assert name == ev.CATEGORIES[k[0]], five
    return by_key, cats


def test_all_five_card_hands_have_7462_strengths_in_brute_force_order(five_card_scale):
    by_key, _cats = five_card_scale
    assert len(by_key) == 7462
    assert len(set(by_key.values())) == 7462
    ordered = [by_key[k] for k in sorted(by_key)]
    assert ordered == sorted(ordered)
    assert ordered[0] == 1 and ordered[-1] == ev.HIGH_MAX


def test_five_card_category_counts_match_the_known_totals(five_card_scale):
    _by_key, cats = five_card_scale
    assert cats == CATEGORY_COUNTS_5
    assert sum(cats.values()) == 2598960


def test_random_seven_card_hands_match_brute_force_and_phevaluator(five_card_scale):
    phe = pytest.importorskip("phevaluator")
    by_key, _cats = five_card_scale
    rng = random.Random(20261129)
    ph_to_ours = {}
    h7 = ev.high7_unchecked
    for _ in range(200000):
        hand = rng.sample(range(52), 7)
        v = h7(*hand)
        assert v == by_key[brute_best(hand)], hand
        # phevaluator: 1 is best; our scale must order hands the same way
        p = phe.evaluate_cards(*hand)
        assert ph_to_ours.setdefault(p, v) == v, hand
    pairs = sorted(ph_to_ours.items())
    ours = [v for _p, v in pairs]
    assert ours == sorted(ours, reverse=True)  # better for phevaluator = higher for us


def test_random_six_card_hands_and_checked_entry_points_match_brute_force(five_card_scale):
    by_key, _cats = five_card_scale
    rng = random.Random(6)
    for n in (5, 6, 7):
        for _ in range(20000):
            hand = rng.sample(range(52), n)
            assert ev.high(hand) == by_key[brute_best(hand)], hand


def test_every_seven_card_flush_with_five_six_or_seven_suited_cards():
    # all suited rank sets with a fixed off-suit filler: the flush path
    rng = random.Random(7)
    for k in (5, 6, 7):
        for ranks in itertools.combinations(range(13), k):
            suited = [r * 4 + 3 for r in ranks]
            rest = [c for c in range(52) if c & 3 != 3]
            hand = suited + rng.sample(rest, 7 - k)
            assert ev.high7_unchecked(*hand) == ev.high(hand)
            key = brute_best(hand)
            assert key[0] in (5, 8)
            assert ev.category(ev.high(hand)) == ev.CATEGORIES[key[0]]


# ---------------------------------------------------------------- lows

def low_rank(c):
    return ((c >> 2) + 1) % 13  # ace low: A=0 .. K=12


def ref_low8(cards):
    """Lowest (best) qualifying five as a descending rank tuple, or None."""
    best = None
    for five in itertools.combinations(cards, 5):
        rs = sorted((low_rank(c) for c in five), reverse=True)
        if len(set(rs)) == 5 and rs[0] <= 7:
            t = tuple(rs)
            if best is None or t < best:
                best = t
    return best


def ref_low_a5(cards):
    """Ace-to-five: the smallest (pattern, ranks) key over all fives."""
    best = None
    for five in itertools.combinations(cards, 5):
        rs = [low_rank(c) for c in five]
        shape = tuple(sorted((rs.count(r) for r in set(rs)), reverse=True))
        pattern = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
                   (3, 2): 4, (4, 1): 5}[shape]
        order = tuple(sorted(set(rs), key=lambda r: (rs.count(r), r), reverse=True))
        key = (pattern, order)
        if best is None or key < best:
            best = key
    return best


def rank_multisets(n, first=0):
    if n == 0:
        yield ()
        return
    if first == 13:
        return
    for c in range(min(4, n), -1, -1):
        for rest in rank_multisets(n - c, first + 1):
            yield (first,) * c + rest


def _cards_of(ranks):
    seen = {}
    out = []
    for r in ranks:
        s = seen.get(r, 0)
        seen[r] = s + 1
        out.append(r * 4 + s)
    return out


def test_lows_over_every_rank_combination_of_five_six_and_seven_cards():
    l8 = {}
    la5 = {}
    for n in (5, 6, 7):
        for ranks in rank_multisets(n):
            cards = _cards_of(ranks)
            ref = ref_low8(cards)
            v = ev.low8(cards)
            assert (v is None) == (ref is None), ranks
            if ref is not None:
                assert l8.setdefault(ref, v) == v, ranks
            ref = ref_low_a5(cards)
            v = ev.low_a5(cards)
            assert la5.setdefault(ref, v) == v, ranks
    # the better (smaller) reference key must have the higher strength
    for table in (l8, la5):
        vals = [table[k] for k in sorted(table)]
        assert vals == sorted(vals, reverse=True)
        assert len(set(vals)) == len(vals)
    assert len(l8) == 56  # C(8, 5) eight-or-better lows


def test_omaha_uses_exactly_two_hole_and_three_board_cards():
    rng = random.Random(9)
    for _ in range(3000):
        cards = rng.sample(range(52), 9)
        hole, board = cards[:4], cards[4:]
        fives = [h + b for h in itertools.combinations(hole, 2)
                 for b in itertools.combinations(board, 3)]
        best = max(ev.high(list(f)) for f in fives)
        assert ev.omaha_high(hole, board) == best
        lows = [ev.low8(list(f)) for f in fives]
        lows = [x for x in lows if x is not None]
        assert ev.omaha_low8(hole, board) == (max(lows) if lows else None)


def test_every_seven_card_hand_through_the_fast_path_counts_as_combinatorics_says():
    # the viper walk of mp_count_seven.py under the unix port: every hand,
    # with the fast path's own tables and arithmetic
    proc = micropython([os.path.join(os.path.dirname(__file__), "mp_count_seven.py")], heap="400k", timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    counts = {}
    strengths = None
    for line in proc.stdout.splitlines():
        w = line.split()
        if w[0] == "COUNT":
            counts[w[1].replace("_", " ")] = int(w[2])
        elif w[0] == "STRENGTHS":
            strengths = int(w[1])
    assert counts == CATEGORY_COUNTS_7
    assert sum(counts.values()) == 133784560
    assert strengths == STRENGTHS_7
