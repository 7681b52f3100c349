# portable
"""poker.hand on the flop games (limit hold'em, Omaha, Omaha hi/lo): blinds,
order of action, bet sizes, the cap, the short all-in rule, Omaha's two
hole cards. Each test names the docs/rules.md line it checks."""
from checks import bet_sizes_checking_down, raises
from decks import flop_deck
from poker.hand import Hand
from poker.rules import casino, lexibook
from poker.variants import VARIANTS

FT = VARIANTS['FT']
FO = VARIANTS['FO']
FO8 = VARIANTS['FO/8']


def kinds(h):
    return [k for k, _ in h.legal_actions()]


def test_blinds_left_of_the_dealer_and_first_to_act_left_of_the_big_blind():
    h = Hand(FT, lexibook(), [100] * 4, 0, deck=list(range(52)))
    assert h.history[:2] == [('post', 1, 'small_blind', 5),
                             ('post', 2, 'big_blind', 10)]
    assert h.bets == [0, 5, 10, 0] and h.actor == 3
    assert h.legal_actions() == [('fold', 0), ('call', 10), ('raise', 20)]


def test_hole_cards_go_round_one_at_a_time_from_the_small_blind():
    h = Hand(FT, lexibook(), [100] * 4, 0, deck=list(range(52)))
    assert h.hole[1] == [0, 4] and h.hole[0] == [3, 7]
    assert [e[1] for e in h.history if e[0] == 'deal_hole'] == [1, 2, 3, 0]


def test_heads_up_the_dealer_posts_the_small_blind_and_acts_first_preflop_only():
    h = Hand(FT, lexibook(), [100, 100], 0, deck=list(range(52)))
    assert h.blinds == [5, 10] and h.actor == 0
    assert h.legal_actions() == [('fold', 0), ('call', 5), ('raise', 15)]
    h.act('call')
    assert h.actor == 1 and kinds(h) == ['fold', 'check', 'raise']   # the big blind's option
    h.act('check')
    assert h.street_name == 'flop' and h.actor == 1 and len(h.board) == 3


def test_the_big_blind_has_the_option_when_everyone_calls():
    h = Hand(FT, lexibook(), [100] * 3, 0, deck=list(range(52)))
    h.act('call')        # seat 0
    h.act('call')        # seat 1, small blind
    assert h.actor == 2 and h.legal_actions() == [('fold', 0), ('check', 0), ('raise', 10)]


def test_when_all_fold_to_the_big_blind_he_wins_and_his_uncalled_chips_return():
    h = Hand(FT, lexibook(), [100] * 3, 0, deck=list(range(52)))
    h.act('fold')
    h.act('fold')
    assert h.finished and h.stacks == [100, 95, 105]
    assert h.pots == [(10, [2])]


def test_after_the_flop_the_first_live_seat_left_of_the_dealer_acts_first():
    h = Hand(FT, lexibook(), [100] * 4, 0, deck=list(range(52)))
    h.act('call')        # 3
    h.act('call')        # 0
    h.act('fold')        # 1, small blind
    h.act('check')       # 2
    assert h.street == 1 and h.actor == 2


def test_small_bet_preflop_and_flop_big_bet_turn_and_river():
    h = Hand(FT, lexibook(), [1000] * 2, 1, deck=list(range(52)))
    h.act('call')
    h.act('check')
    assert bet_sizes_checking_down(h) == [[10], [20], [20]]


def test_the_big_blind_is_the_bet_so_three_raises_cap_preflop_seed_000_rule_10():
    h = Hand(FT, lexibook(), [1000] * 4, 0, deck=list(range(52)))
    h.act('raise')       # 3: 20
    h.act('raise')       # 0: 30
    h.act('raise', 35)   # 1: 40 (small blind had 5 in)
    assert h.actor == 2 and h.legal_actions() == [('fold', 0), ('call', 30)]


# -- the limit short all-in rule -----------------------------------------------

def test_all_in_raise_of_less_than_half_a_bet_does_not_reopen_the_betting():
    h = Hand(FT, lexibook(), [100, 24, 100], 0, deck=list(range(52)))
    h.act('raise')                       # 0: to 20
    assert h.legal_actions() == [('fold', 0), ('call', 15), ('raise', 19)]
    h.act('raise')                       # 1: all in for 24, 4 over 20
    assert h.all_in[1]
    # the big blind has not acted: call 24 or complete to a full raise (30)
    assert h.legal_actions() == [('fold', 0), ('call', 14), ('raise', 20)]
    h.act('call')
    # seat 0 already acted at 20: he may only call the extra 4 or fold
    assert h.actor == 0 and h.legal_actions() == [('fold', 0), ('call', 4)]


def test_all_in_raise_of_half_a_bet_counts_as_a_full_raise():
    h = Hand(FT, lexibook(), [100, 25, 100], 0, deck=list(range(52)))
    h.act('raise')                       # 0: to 20
    h.act('raise')                       # 1: all in for 25, half a bet over 20
    assert h.legal_actions() == [('fold', 0), ('call', 15), ('raise', 25)]
    h.act('call')
    assert h.actor == 0
    assert h.legal_actions() == [('fold', 0), ('call', 5), ('raise', 15)]


def test_short_all_in_bet_may_be_called_or_completed_to_a_full_bet():
    h = Hand(FT, lexibook(), [100, 14, 100], 0, deck=list(range(52)))
    h.act('call')
    h.act('call')        # small blind: 4 left
    h.act('check')
    assert h.street == 1 and h.actor == 1
    assert h.legal_actions() == [('fold', 0), ('check', 0), ('bet', 4)]
    h.act('bet')         # all in for 4, less than half of 10
    assert h.legal_actions() == [('fold', 0), ('call', 4), ('complete', 10)]
    h.act('call')        # seat 2
    assert h.legal_actions() == [('fold', 0), ('call', 4), ('complete', 10)]
    h.act('complete')    # seat 0: a full bet reopens the betting
    assert h.actor == 2
    assert h.legal_actions() == [('fold', 0), ('call', 6), ('raise', 16)]


def test_a_player_who_checked_may_only_call_a_short_all_in_bet():
    h = Hand(FT, lexibook(), [100, 100, 14], 0, deck=list(range(52)))
    h.act('call')        # 0
    h.act('call')        # 1
    h.act('check')       # 2: big blind, 4 left
    h.act('check')       # 1 on the flop
    h.act('bet')         # 2: all in for 4
    h.act('call')        # 0
    assert h.actor == 1 and h.legal_actions() == [('fold', 0), ('call', 4)]


def test_no_raise_when_everyone_else_is_all_in_or_folded():
    h = Hand(FT, lexibook(), [100, 15, 100], 0, deck=list(range(52)))
    h.act('fold')
    assert h.legal_actions() == [('fold', 0), ('call', 5), ('raise', 10)]
    h.act('raise')       # small blind all in for 15
    assert h.all_in[1] and h.legal_actions() == [('fold', 0), ('call', 5)]


def test_a_player_who_can_only_just_call_may_not_raise():
    h = Hand(FT, lexibook(), [100, 30, 100], 0, deck=list(range(52)))
    h.act('fold')
    h.act('raise')       # small blind to 20, 10 behind
    h.act('raise')       # big blind to 30
    assert h.legal_actions() == [('fold', 0), ('call', 10)]


def test_a_big_blind_all_in_for_less_leaves_the_full_big_blind_to_call_rules_edge_blind():
    # docs/rules.md edge rule (a blind all in for less): hold'em 5/10, the big
    # blind has 4 chips; the bet to call is 10 and a raise makes it 20
    h = Hand(FT, lexibook(), [1000, 1000, 4], 0, deck=list(range(52)))
    assert h.all_in[2] and h.actor == 0
    assert h.legal_actions() == [('fold', 0), ('call', 10), ('raise', 20)]
    h.act('raise')                        # to 20
    assert h.actor == 1 and h.legal_actions() == [('fold', 0), ('call', 15), ('raise', 25)]
    h.act('call')
    # the short blind plays for his 4: the rest is a side pot of the others
    assert h.street == 1 and h.contrib == [20, 20, 4]


def test_heads_up_a_short_big_blind_leaves_nothing_to_bet_rules_edge_blind():
    # nobody can bet against the dealer: he has matched the 4 and more, the
    # cards are dealt out and his extra chip comes back
    h = Hand(FT, lexibook(), [1000, 4], 0, deck=list(range(52)))
    assert h.finished and h.actions == []
    assert h.contrib == [4, 4] and sum(h.stacks) == 1004


# -- showdowns of flop games ------------------------------------------------

def _check_down(h):
    while not h.finished:
        h.act('check' if 'check' in kinds(h) else 'call')


def test_omaha_uses_exactly_two_hole_cards_and_three_from_the_board():
    # four spades on the board and one in seat 0's hand: no flush in Omaha
    d = flop_deck(2, 1, {0: 'As Kd 7c 2h', 1: 'Qh Qd 8c 5h'}, 'Qs Js 9s 4s 3d')
    h = Hand(FO, lexibook(), [100, 100], 1, deck=d)
    _check_down(h)
    assert h.pots == [(20, [1])]          # trip queens
    d = flop_deck(2, 1, {0: 'As Kd', 1: 'Qh Qd'}, 'Qs Js 9s 4s 3d')
    h = Hand(FT, lexibook(), [100, 100], 1, deck=d)
    _check_down(h)
    assert h.pots == [(20, [0])]          # hold'em: the ace-high flush


def test_omaha_hi_lo_splits_with_a_two_card_low_and_the_odd_chip_goes_high():
    d = flop_deck(3, 2, {0: 'Ac 2d Kh Kd', 1: 'Qh Qd Jc Jd', 2: '9c 9d Ts Th'},
                  'Kc 7h 5s 3c 8d')
    h = Hand(FO8, lexibook(), [100, 100, 100], 2, deck=d)
    h.act('call')        # 2 (dealer, first to act 3-handed)
    h.act('call')        # 0 small blind
    h.act('check')       # 1 big blind
    _check_down(h)
    # pot 30: seat 0 trips kings (high) and 7-5-3-2-A (low) scoops
    assert h.pots == [(15, [0]), (15, [0])]
    assert h.stacks == [120, 90, 90]


def test_flop_games_give_the_odd_chip_to_the_first_winner_left_of_the_dealer():
    d = flop_deck(3, 0, {0: '2c 3d', 1: '2d 3c', 2: '2h 3s'}, 'Ts Js Qs Ks As')
    h = Hand(FT, lexibook(), [100] * 3, 0, deck=d)
    h.act('call')        # 0
    h.act('fold')        # 1: small blind folds 5
    h.act('check')       # 2
    _check_down(h)
    assert h.pots == [(25, [2, 0])]       # seat 2 is first left of the dealer
    assert h.stacks == [102, 95, 103]


def test_illegal_actions_raise_value_error_naming_them_and_change_nothing():
    h = Hand(FT, lexibook(), [100] * 3, 0, deck=list(range(52)))
    before = (h.actor, list(h.stacks), list(h.bets), len(h.history))
    for kind, amount in (('check', None), ('bet', None), ('raise', 15),
                         ('call', 5), ('bring_in', None), ('shove', None)):
        e = raises(ValueError, h.act, kind, amount)
        assert kind in str(e)
        assert (h.actor, h.stacks, h.bets, len(h.history)) == before
    h.act('fold')
    h.act('fold')
    raises(ValueError, h.act, 'check')


def test_construction_rejects_bad_tables():
    raises(ValueError, Hand, FT, lexibook(), [100], 0, None, None, list(range(52)))
    d = list(range(52))
    raises(ValueError, Hand, FT, lexibook(), [100] * 5, 0, None, None, d)
    raises(ValueError, Hand, VARIANTS['F7S'], casino(), [100] * 9, 0, None, None, d)
    raises(ValueError, Hand, FT, lexibook(), [100, 0, 0], 0, None, None, d)
    raises(ValueError, Hand, FT, lexibook(), [100, 100], 2, None, None, d)
    raises(ValueError, Hand, FT, lexibook(), [100, -1, 5], 0, None, None, d)
    raises(ValueError, Hand, FT, lexibook(), [100, 100], 0)


def test_ten_players_of_omaha_fit_in_the_deck():
    h = Hand(FO8, casino(), [100] * 10, 0, deck=list(range(52)))
    _check_down(h)
    assert not h.voided and len(h.board) == 5 and sum(h.stacks) == 1000


def test_a_card_is_burned_before_the_flop_the_turn_and_the_river():
    h = Hand(FT, lexibook(), [100] * 3, 0, deck=list(range(52)))
    _check_down(h)
    tags = [e[0] for e in h.history if e[0] in ('burn', 'deal_board', 'deal_hole')]
    assert tags == ['deal_hole'] * 3 + ['burn', 'deal_board'] * 3
    boards = [e[1] for e in h.history if e[0] == 'deal_board']
    assert boards == [[7, 8, 9], [11], [13]] and h.board == [7, 8, 9, 11, 13]
    assert [e[1] for e in h.history if e[0] == 'burn'] == [6, 10, 12]
