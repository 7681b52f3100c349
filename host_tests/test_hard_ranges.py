# portable
"""poker.hard: what a seat's first-round answers say of its cards, and
when a steal pays. (Its own module: test_players.py already fills
MicroPython's 180 KB test heap.)"""
from deck import shuffled
from poker import players
from poker.hand import Hand
from poker.rng import Rng
from poker.rules import lexibook
from poker.variants import VARIANTS


def test_hard_reads_a_call_of_a_first_round_raise_by_a_seat_that_mostly_folds_to_one_as_strong():
    # seat 1 brings in, seat 0 completes, seat 1 calls: Hard in seat 0
    # rates that call by how seat 1 answered first-round raises before
    h = Hand(VARIANTS['F7S'], lexibook(), [400, 400], 0, deck=shuffled(Rng(1)))
    h.act('bring_in')
    h.act('complete')
    h.act('call')
    v = h.view(0)
    assert v.street == 1
    folder = players.make('hard', 'balanced', seed=5)
    caller = players.make('hard', 'balanced', seed=5)
    # (first-round choices, came in; raises faced, folded to): both come in
    # often; one folded to 17 of 20 raises, the other to 2
    folder.vp[1] = bytearray((20, 18, 20, 17))
    caller.vp[1] = bytearray((20, 18, 20, 2))
    strong = folder.ranges(v)[0]
    middling = caller.ranges(v)[0]
    assert strong[:2] == (players.P70['F7S'], 950), strong
    assert middling[:2] == (players.P45['F7S'], 600), middling


def test_hard_never_steals_with_the_bring_in():
    # a seat that folds 17 of 20 first-round raises is stolen from, but
    # not by the bring-in: the worst door card completing risks a bet for
    # the antes alone
    h = Hand(VARIANTS['F7S'], lexibook(), [400, 400], 0, deck=shuffled(Rng(1)))
    hard = players.make('hard', 'balanced', seed=5)
    hard.vp[0] = bytearray((20, 18, 20, 17))
    hard.vp[1] = bytearray((20, 18, 20, 17))
    v = h.view(1)
    assert v.legal[0][0] == 'bring_in' and hard.steal_rate(v) == 0
    h.act('bring_in')
    assert hard.steal_rate(h.view(0)) > 500
