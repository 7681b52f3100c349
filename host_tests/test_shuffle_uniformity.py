"""The Fisher-Yates shuffle is unbiased: every card lands in every position
about equally often (chi-square over many shuffles, fixed seed). The
reference shuffle (tools/sim/deck.py) is checked here; the game's deals
equal it card for card (test_hand_stud.py)."""
import random

from deck import shuffled
from poker.rng import Rng


def _chi2_positions(rng, shuffles):
    counts = [[0] * 52 for _ in range(52)]
    for _ in range(shuffles):
        for pos, c in enumerate(shuffled(rng)):
            counts[c][pos] += 1
    expected = shuffles / 52
    return sum((n - expected) ** 2 / expected for row in counts for n in row)


def test_card_positions_are_uniform_with_our_rng():
    # 52*51 = 2652 degrees of freedom: mean 2652, sd about 73.
    chi2 = _chi2_positions(Rng(2026), 20000)
    assert 2652 - 5 * 73 < chi2 < 2652 + 5 * 73, chi2


def test_card_positions_are_uniform_with_cpython_random():
    chi2 = _chi2_positions(random.Random(5), 20000)
    assert 2652 - 5 * 73 < chi2 < 2652 + 5 * 73, chi2


def test_rng_below_has_no_modulo_bias():
    r = Rng(3)
    n = 48
    counts = [0] * n
    for _ in range(48000):
        counts[r.below(n)] += 1
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts)
    assert chi2 < 47 + 5 * 9.7, chi2
