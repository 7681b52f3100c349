"""The reference shuffle: 52 cards by Fisher-Yates over ``poker.rng.below``,
written plainly. The game deals with its own fast copy (poker.hand), which
must give exactly these cards and leave the generator in the same state
(host_tests/test_hand_stud.py); tools and tests use this one to make preset
decks (duplicate matches deal one deck to every seating). Portable.

``rng`` needs only ``getrandbits(k)`` (k <= 30): ``poker.rng.Rng``,
CPython's ``random.Random`` or MicroPython's ``random`` module.
"""
from poker.rng import below


def shuffled(rng):
    """The 52 cards in a new random order, as a list (a preset deck for
    ``poker.hand.Hand``)."""
    cards = list(range(52))
    for i in range(51, 0, -1):
        j = below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards
