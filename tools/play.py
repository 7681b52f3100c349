"""Text demo until the simulator lands: deals hold'em hands and ranks them."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tools", "hostshim")]

from poker import cards, evaluator  # noqa: E402
from poker.rng import Rng  # noqa: E402


def main(seed=None, hands=3):
    rng = Rng(seed if seed is not None else int.from_bytes(os.urandom(4), "little"))
    deck = cards.Deck(rng)
    for n in range(hands):
        deck.shuffle()
        holes = [[deck.deal(), deck.deal()] for _ in range(4)]
        board = [deck.deal() for _ in range(5)]
        print("Hand %d  board: %s" % (n + 1, cards.format(board)))
        ranked = sorted(range(4), key=lambda s: -evaluator.high(holes[s] + board))
        for s in ranked:
            v = evaluator.high(holes[s] + board)
            print("  player %d  %s  %-16s %s" % (s + 1, cards.format(holes[s]),
                  evaluator.category(v), cards.format(evaluator.best_five(holes[s] + board))))


if __name__ == "__main__":
    main()
