"""tools/bench/opponents.py: the benchmark's opponents in another style
play legal actions in every game from the view alone, and the textbook
player semi-bluffs with cards to come but never bluffs the last round."""

import opponents  # tools/bench/opponents.py
from poker.rng import Rng
from poker.rules import lexibook
from poker.variants import VARIANTS
from deck import shuffled
from playing import play_hand

KINDS = ("textbook", "tag", "rock", "maniac", "station")


def test_every_opponent_plays_legal_actions_in_every_game():
    rng = Rng(5)
    for code in VARIANTS:
        for i in range(4):
            bots = [opponents.make(KINDS[(i + s) % len(KINDS)], seed=i * 10 + s) for s in range(4)]
            h = play_hand(code, lexibook(), bots, i % 4, shuffled(rng))
            assert h.finished


def test_textbook_semi_bluffs_with_cards_to_come_and_never_bluffs_the_last_round():
    # a middling hand: above the semi-bluff line (80 % of a fair share),
    # below the line where it bets for value
    bot = opponents.Textbook(seed=3)
    bot.strength = lambda view: 450
    early = [0, 0]  # (checked to on earlier streets, bet)
    last = [0, 0]
    other = opponents.make("station")

    def check(h, s, v, a):
        if s != 0 or v.to_call > 0 or v.street == 0:
            return
        tally = last if v.street == v.variant.streets - 1 else early
        tally[0] += 1
        tally[1] += a[0] in ("bet", "raise")

    rng = Rng(9)
    for i in range(30):
        play_hand("F7S", lexibook(), [bot, other], i % 2, shuffled(rng), check)
    assert early[0] > 20 and 0 < early[1] < early[0], early
    assert last[0] > 5 and last[1] == 0, last
