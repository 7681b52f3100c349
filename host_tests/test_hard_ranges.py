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


def test_hard_steals_with_any_start_from_seats_that_nearly_always_fold_to_a_raise():
    # seat 1 brings in; Hard in seat 0 against a seat that folded to all
    # 20 first-round raises completes whatever it holds; against one that
    # folded to half of them (and came in 18 times of 20) not every start
    half_did = []
    k = 0
    while len(half_did) < 8:
        k += 1
        h = Hand(VARIANTS['FR'], lexibook(), [400, 400], 1, deck=shuffled(Rng(40 + k)))
        if h.actor == 0:
            continue  # seat 0 brings in here: no steal (above)
        h.act('bring_in')
        v = h.view(0)
        folder = players.make('hard', 'balanced', seed=5)
        folder.vp[1] = bytearray((20, 18, 20, 20))
        half = players.make('hard', 'balanced', seed=5)
        half.vp[1] = bytearray((20, 18, 20, 10))
        assert folder.steal_pct(v) == 0 and folder.steal_rate(v) == 1000
        assert half.steal_pct(v) == half.steal_floor and half.steal_rate(v) == 0
        assert folder.decide(v)[0] == 'complete'
        half_did.append(half.decide(v)[0])
    assert [a for a in half_did if a != 'complete'], half_did


def test_hard_re_raises_on_the_last_round_only_thick_into_a_seat_that_never_bluffs_there():
    # both seats check or call to the last round; seat 0 (Hard) bets, seat
    # 1 raises. Hard's memory of seat 1: its last-round calls mostly mucked
    # losers (no thicker line for that), its last-round bets shown down
    # all value for one Hard, half bluffs for the other
    h = Hand(VARIANTS['F7S'], lexibook(), [400, 400], 0, deck=shuffled(Rng(1)))
    while h.street < 4:
        kinds = [a[0] for a in h.legal_actions()]
        h.act('bring_in' if 'bring_in' in kinds else 'check' if 'check' in kinds else 'call')
    value = players.make('hard', 'balanced', seed=5)
    value.sd[1] = bytearray((0, 0, 20, 0, 20, 18))
    bluffer = players.make('hard', 'balanced', seed=5)
    bluffer.sd[1] = bytearray((0, 0, 20, 10, 20, 18))
    if h.actor == 1:
        h.act('check')
    v = h.view(0)
    # first in on the last round: the same value line for both
    assert v.raises == 0 and value.value_pct(v) == bluffer.value_pct(v)
    h.act('bet')
    h.act('raise')
    v = h.view(0)
    assert v.raises == 2 and v.bettor == 1
    assert value.call_pct(v) < 100 and bluffer.call_pct(v) == 100
    assert value.value_pct(v) == bluffer.value_pct(v) + 16
