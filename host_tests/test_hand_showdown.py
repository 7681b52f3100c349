# portable
"""poker.hand at the showdown: side pots, hi/lo halves, scoops, odd chips,
who shows first and who may muck. Expected amounts are worked out by hand
from the contributions in each test; each test names its seed rule."""
from decks import stud_hands
from poker.cards import parse
from poker.hand import Hand
from poker.rng import Rng
from poker.rules import casino, lexibook
from poker.variants import VARIANTS

F7S = VARIANTS['F7S']
F7S8 = VARIANTS['F7S/8']


def kinds(h):
    return [k for k, _ in h.legal_actions()]


def passive(h):
    """Bring in, check or call until the hand ends."""
    while not h.finished:
        ks = kinds(h)
        h.act('bring_in' if 'bring_in' in ks else 'check' if 'check' in ks else 'call')


def shows(h):
    return [(e[0], e[1]) for e in h.history if e[0] in ('show', 'muck')]


def test_three_way_all_in_makes_a_main_pot_and_two_side_pots_seed_000_rule_19():
    d = stud_hands(4, 3, {0: 'Ac Ad 2c Ah As 3d 4d',      # quad aces
                          1: 'Kc Kd Kh 5c 5d 7s 8s',      # kings full
                          2: '2h 6h Th Jh 9c 3h 4c',      # jack-high flush
                          3: '7c 8c Qs 9d Jd 2d 3s'})     # queen high
    h = Hand(F7S, casino(), [6, 16, 31, 200], 3, deck=d)
    assert h.actor == 0 and h.legal_actions() == [('bring_in', 5)]
    h.act('bring_in')           # all in: 1 ante + 5
    h.act('complete')           # seat 1: 10
    h.act('raise')              # seat 2: 20
    h.act('raise')              # seat 3: 30
    h.act('call')               # seat 1: all in for 15
    h.act('call')               # seat 2: all in for 30
    assert h.finished and not h.voided
    # contributions 6, 16, 31, 31: main 6*4 = 24, side 10*3 = 30, side 15*2 = 30
    assert h.pots == [(30, [2]), (30, [1]), (24, [0])]        # last-formed first
    assert h.pot_info == [('all', [2, 3]), ('all', [1, 2, 3]), ('all', [0, 1, 2, 3])]
    assert h.stacks == [24, 30, 30, 169]
    assert h.winnings == [24, 30, 30, 0]
    # seat 0 shows first (nobody bet the last round: first left of the dealer);
    # seats 1 and 2 show to win a side pot; seat 3 cannot win anything: mucks
    assert shows(h) == [('show', 0), ('show', 1), ('show', 2), ('muck', 3)]


def _hilo(cards1, cards0='Kc Kd Kh Qs Qd 7c 2c'):
    d = stud_hands(2, 1, {0: cards0, 1: cards1})
    h = Hand(F7S8, casino(), [100, 100], 1, deck=d)
    passive(h)
    assert not h.voided
    return h


def test_hi_lo_pot_splits_between_high_and_a_qualifying_low_seed_004():
    h = _hilo('As 2d 3h 5c 8d Jc Js')          # 8-5-3-2-A
    # antes 1+1, bring-in 5 called: 12, half each
    assert h.pots == [(6, [0]), (6, [1])]
    assert [i[0] for i in h.pot_info] == ['high', 'low']


def test_hi_lo_without_a_qualifying_low_the_high_hand_takes_it_all_seed_004():
    h = _hilo('As 2d 9h Tc Jd Qc Js')           # only A and 2 are eight or lower
    assert h.pots == [(12, [0])] and h.pot_info[0][0] == 'all'
    assert h.stacks == [106, 94]


def test_hi_lo_scoop_one_hand_wins_high_and_low_seed_004():
    # the wheel: a five-high straight beats trip kings, and the best low
    h = _hilo('As 2d 3h 4c 5d Jc Js', 'Kc Kd Kh Qs 9d 7c 2c')
    assert h.pots == [(6, [1]), (6, [1])]
    assert h.stacks == [94, 106]


def test_hi_lo_odd_chip_of_the_split_goes_to_the_high_half():
    d = stud_hands(3, 2, {0: 'Kc Kd Kh Qs Qd 7c 2c', 1: 'As 2d 3h 5c 8d Jc Js',
                          2: '9c 9d Ac'}, live=(0, 1))
    h = Hand(F7S8, casino(), [100] * 3, 2, deck=d)
    assert h.bring_in_seat == 1                  # 3h
    h.act('bring_in')
    h.act('fold')                                # seat 2
    passive(h)
    # 3 antes + 5 + 5 = 13: high 7, low 6
    assert h.pots == [(7, [0]), (6, [1])]
    assert h.stacks == [101, 100, 99]


def test_hi_lo_side_pot_with_no_eligible_low_goes_all_to_high_seed_004():
    d = stud_hands(3, 2, {0: 'As 2c 3d 4h 6s Kc Qd',     # low 6-4-3-2-A, ace high
                          1: 'Kd Kh Ks Qh Qs 9d 9c',     # kings full, no low
                          2: 'Jc Jd Jh Tc Td 9h 9s'})    # jacks full, no low
    h = Hand(F7S8, casino(), [6, 100, 100], 2, deck=d)
    h.act('bring_in')        # seat 0 all in (1 + 5)
    h.act('complete')        # seat 1
    h.act('call')            # seat 2
    passive(h)
    # main 6*3 = 18 split 9 high / 9 low; side 5*2 = 10 has no low: all high
    assert h.pots == [(10, [1]), (9, [1]), (9, [0])]
    assert [i[0] for i in h.pot_info] == ['all', 'high', 'low']
    assert h.stacks == [9, 108, 89]


def test_stud_odd_chip_goes_to_the_highest_card_by_suit():
    d = stud_hands(3, 2, {0: '5c 6c 7d 8d 9h 2d 3d', 1: '5d 6d 7h 8h 9s 2h 3h',
                          2: 'Kc Kd Ks'}, live=(0, 1))
    h = Hand(F7S, casino(), [100] * 3, 2, deck=d)
    assert h.bring_in_seat == 0                  # 7d below 7h
    h.act('bring_in')
    h.act('call')
    h.act('fold')
    passive(h)
    # two nine-high straights share 13: seat 1 holds the 9s, over the 9h
    assert h.pots == [(13, [1, 0])] and h.stacks == [100, 101, 99]


def test_odd_chip_by_seat_when_the_rule_says_seat():
    d = stud_hands(3, 2, {0: '5c 6c 7d 8d 9h 2d 3d', 1: '5d 6d 7h 8h 9s 2h 3h',
                          2: 'Kc Kd Ks'}, live=(0, 1))
    h = Hand(F7S, casino().copy(odd_chip='seat'), [100] * 3, 2, deck=d)
    h.act('bring_in')
    h.act('call')
    h.act('fold')
    passive(h)
    assert h.pots == [(13, [0, 1])] and h.stacks == [101, 100, 99]


def _river_bet(bettor):
    d = stud_hands(2, 1, {0: 'Ac Ad 2c Ah 9s 3d 4d', 1: 'Kc Kd 3c Kh 8s 5c 6h'})
    h = Hand(F7S, lexibook(), [500, 500], 1, deck=d)
    while h.street < 4:
        passive_step(h)
    while h.actor != bettor:
        h.act('check')
    h.act('bet')
    h.act('call')
    assert h.finished
    return h


def passive_step(h):
    ks = kinds(h)
    h.act('bring_in' if 'bring_in' in ks else 'check' if 'check' in ks else 'call')


def test_the_last_bettor_shows_first_and_a_beaten_hand_may_muck_seed_000_rule_16():
    h = _river_bet(0)           # seat 0 (trip aces) bets, seat 1 calls
    assert shows(h) == [('show', 0), ('muck', 1)]
    assert h.shown[1] is None and h.shown[0] == parse('Ac Ad 2c Ah 9s 3d 4d')
    h = _river_bet(1)           # seat 1 (trip kings) bets: shows first, seat 0 beats it
    assert shows(h) == [('show', 1), ('show', 0)]
    assert h.pots == [(h.pot(), [0])]


def test_with_no_bet_the_first_seat_left_of_the_dealer_shows_first_seed_000_rule_16():
    d = stud_hands(3, 0, {0: 'Ac Ad 2c Ah 9s 3d 4d', 1: 'Kc Kd 3c Kh 8s 5c 6h',
                          2: '7c 7d 4c 7h Ts Js Qh'})
    h = Hand(F7S, lexibook(), [500] * 3, 0, deck=d)
    passive(h)
    # order 1, 2, 0: kings shown, sevens lose and muck, aces show and win
    assert shows(h) == [('show', 1), ('muck', 2), ('show', 0)]


def test_a_hand_folded_to_one_player_is_not_shown():
    h = Hand(F7S, lexibook(), [100] * 3, 0, Rng(4))
    h.act('bring_in')
    h.act('fold')
    h.act('fold')
    assert h.finished and shows(h) == [] and len(h.pots) == 1


def test_an_uncalled_bet_goes_back_to_the_bettor():
    d = stud_hands(2, 1, {0: 'Ac Ad 2c', 1: 'Kc Kd 3c'})
    h = Hand(F7S, lexibook(), [100, 100], 1, deck=d)
    h.act('bring_in')      # seat 0: 2
    h.act('complete')      # seat 1: 10
    h.act('fold')
    # seat 1 gets back the 8 nobody called, and wins antes 4 + 2 + 2
    assert h.stacks == [96, 104] and h.pots == [(8, [1])]


def test_random_hands_of_every_game_conserve_chips_and_pay_only_eligible_seats():
    rng = Rng(2024)
    for code in ('F7S', 'F7S/8', 'FR', 'F5S', 'FT', 'FO', 'FO/8'):
        v = VARIANTS[code]
        for i in range(25):
            rules = casino() if i % 2 else lexibook()
            n = 2 + rng.below(rules.seats_for(v) - 1)
            stacks = [(1 + rng.below(60)) * (1 + rng.below(5)) for _ in range(n)]
            h = Hand(v, rules, stacks, rng.below(n), rng)
            while not h.finished:
                la = h.legal_actions()
                h.act(*la[rng.below(len(la))])
            assert not h.voided, h.log
            assert sum(h.stacks) == sum(stacks) and min(h.stacks) >= 0
            paid = 0
            for j in range(len(h.pots)):
                amount, winners = h.pots[j]
                half, eligible = h.pot_info[j]
                paid += amount
                for w in winners:
                    assert w in eligible and not h.folded[w]
                for e in eligible:
                    assert h.contrib[e] > 0
            assert paid == sum(h.contrib) == sum(h.winnings)


def test_razz_the_lowest_hand_wins_ace_low_straights_and_flushes_ignored():
    d = stud_hands(2, 1, {0: 'Ac 2d 3h 4s 6c Kd Kh',     # 6-4-3-2-A
                          1: '2h 3d 4c 5d 8s Qc Qs'})    # 8-5-4-3-2
    h = Hand(VARIANTS['FR'], lexibook(), [100, 100], 1, deck=d)
    assert h.bring_in_seat == 1                  # 4c is higher than 3h, ace low
    passive(h)
    assert h.pots == [(8, [0])] and h.stacks == [104, 96]
    # a wheel and a flush: in razz still the best, 5-high
    d = stud_hands(2, 1, {0: 'Ac 2c 3c 4c 5c Kd Kh',
                          1: '2h 3d 4h 6d 7s Qc Qs'})    # 7-6-4-3-2
    h = Hand(VARIANTS['FR'], lexibook(), [100, 100], 1, deck=d)
    passive(h)
    assert h.pots == [(8, [0])]


def test_all_in_on_the_ante_is_dealt_in_and_plays_for_the_antes_seed_000_rule_19():
    from poker.eval import evaluator
    h = Hand(F7S, lexibook(), [1, 100, 100], 2, deck=list(range(52)))
    assert h.all_in[0] and h.antes == [1, 2, 2] and len(h.hole[0]) == 3
    # seat 0 shows the lowest door (3h) but has no chips: seat 1 (3s) brings in
    assert h.bring_in_seat == 1
    passive(h)
    assert [p[0] for p in h.pots] == [6, 3]      # side pot 3 + 3, main 1 * 3
    assert [i[1] for i in h.pot_info] == [[1, 2], [0, 1, 2]]
    best = max([0, 1, 2], key=lambda s: evaluator.high(h.hole[s]))
    assert h.pots[1][1] == [best]
    assert sum(h.stacks) == 201
