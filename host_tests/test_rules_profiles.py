# portable
"""poker.rules and poker.variants: the two profiles of docs/rules.md and the games
as data. Each test names the docs/rules.md line or seed rule it checks."""
from checks import raises
from poker import rules
from poker.rules import CHIP_CHOICES, RuleSet, casino, house, lexibook
from poker.variants import CONSOLE, VARIANTS, games


def test_lexibook_profile_is_the_console_of_seed_000():
    r = lexibook(10)
    assert (r.small_bet, r.big_bet) == (10, 20)          # seed 000 rule 2
    assert r.ante == 2                                  # rule 4: 1/5 small bet
    assert r.bring_in == r.ante                         # rule 6: = the ante
    assert r.raise_cap == 3 and not r.heads_up_uncapped  # rule 10
    assert not r.open_pair_big_bet
    assert r.first_dealer == 2                          # rule 1: player 3
    assert r.min_seats == r.max_seats == 4              # you and 3 virtual players
    assert r.starting_chips == 5000 and r.chip_choices == (5000,)  # $5000, no CHIPS menu
    assert r.min_stack_bets == 5 and r.min_stack() == 50  # out "under $50" at 10/20


def test_casino_profile_is_the_house_of_seed_001():
    r = casino(10)
    assert r.ante == 1              # seed 001: a tenth of the small bet
    assert r.bring_in == 5          # half the small bet
    assert r.raise_cap == 3 and r.heads_up_uncapped
    assert r.open_pair_big_bet
    assert r.first_dealer == 1      # the seat left of the human
    assert casino(20, starting_chips=800).starting_chips == 800
    assert r.min_seats == 2 and r.chip_choices == CHIP_CHOICES and r.starting_chips == 5000
    assert r.min_stack_bets == 5 and casino(100).min_stack() == 500
    assert casino(20).ante == 2 and casino(20).bring_in == 10


def test_blinds_are_half_a_small_bet_and_one_small_bet():
    for r in (lexibook(10), casino(10)):
        assert (r.small_blind, r.big_blind) == (5, 10)


def test_both_profiles_play_the_house_rules_not_pokerkits_conventions():
    # docs/rules.md edge rules (short all-ins, odd chips, hi/lo halves); PokerKit's
    # conventions are for the pokerkit profile of tools/phh/selfplay.py only
    for r in (lexibook(10), casino(10)):
        assert r.short_all_in_reopens == 2
        assert not (r.raise_over_all_in or r.odd_chips_together or r.merge_pots
                    or r.low_half_if_any_low)
    r = casino(10).copy(merge_pots=True)
    assert r.merge_pots and r.copy().merge_pots


def test_every_contested_rule_is_a_field_that_copy_can_change():
    r = casino(10)
    for field in ('ante', 'bring_in', 'raise_cap', 'heads_up_uncapped',
                  'open_pair_big_bet', 'odd_chip', 'short_all_in_reopens',
                  'impossible_call_guard', 'first_dealer', 'min_seats',
                  'max_seats', 'starting_chips', 'small_blind', 'big_blind',
                  'raise_over_all_in', 'odd_chips_together', 'merge_pots',
                  'low_half_if_any_low', 'chip_choices', 'min_stack_bets'):
        assert hasattr(r, field), field
        # copy() carries every field, and changes each one alone
        assert getattr(r.copy(), field) == getattr(r, field), field
        new = 7 if field not in ('odd_chip', 'chip_choices') else ('seat' if field == 'odd_chip' else (7,))
        r3 = r.copy(**{field: new})
        assert getattr(r3, field) == new and r3.profile == 'casino', field
    r2 = r.copy(raise_cap=4, heads_up_uncapped=False)
    assert r2.raise_cap == 4 and not r2.heads_up_uncapped
    assert r.raise_cap == 3 and r.heads_up_uncapped     # the original is unchanged
    assert r2.bring_in == r.bring_in and r2.profile == 'casino'
    raises(ValueError, r.copy, no_such_rule=1)
    raises(ValueError, RuleSet, odd_chip='left')


def test_seats_are_2_to_8_in_stud_and_2_to_10_in_flop_games():
    c = casino()
    assert c.seats_for(VARIANTS['F7S']) == 8 and c.seats_for(VARIANTS['F5S']) == 8
    assert c.seats_for(VARIANTS['FT']) == 10 and c.seats_for(VARIANTS['FO/8']) == 10
    assert lexibook().seats_for(VARIANTS['FT']) == 4


def test_the_console_games_and_phh_codes():
    assert CONSOLE == ('FT', 'FO', 'F7S', 'F5S')
    for code in ('FT', 'FO', 'FO/8', 'F7S', 'F7S/8', 'FR', 'F5S'):
        v = VARIANTS[code]
        assert v.code == code and len(v.name) <= 16
        assert len(v.deals) == len(v.board) == v.streets == len(v.street_names)


def test_seven_card_stud_deals_two_down_one_up_three_up_one_down():
    v = VARIANTS['F7S']
    assert v.deals == ('ddu', 'u', 'u', 'u', 'd') and v.hole_cards == 7
    assert v.big_from == 2          # streets 3 and 4 small, 5 6 7 big (seed 000 rule 3)
    assert v.bring_in == 'low' and v.opener == 'high' and v.high and v.low is None


def test_five_card_stud_is_one_down_one_up_then_three_up_four_rounds():
    v = VARIANTS['F5S']
    assert v.deals == ('du', 'u', 'u', 'u') and v.streets == 4 and v.big_from == 2


def test_hi_lo_razz_and_omaha_variants():
    assert VARIANTS['F7S/8'].low == '8' and VARIANTS['F7S/8'].high
    assert VARIANTS['F7S/8'].open_pair_street == -1   # open pair: stud high only
    fr = VARIANTS['FR']
    assert not fr.high and fr.low == 'a5'
    assert fr.bring_in == 'high' and fr.opener == 'low'
    assert VARIANTS['FO'].omaha and VARIANTS['FO'].deals[0] == 'dddd'
    assert VARIANTS['FO/8'].low == '8' and VARIANTS['FT'].board == (0, 3, 1, 1)


def test_past_the_stakes_every_rule_is_given_by_name():
    # the stakes by position (PHH's reader builds a RuleSet so), the rules not
    raises(TypeError, RuleSet, 'x', 10, 20, 1, 5, 5, 10, 3)
    r = RuleSet('x', 10, 20, 1, 5, 5, 10, raise_cap=None)
    assert (r.ante, r.bring_in, r.small_blind, r.big_blind, r.raise_cap) == (1, 5, 5, 10, None)


def test_each_profile_is_found_by_name_with_its_stakes_and_chips():
    assert sorted(rules.PROFILES) == sorted(rules.PROFILE_NAMES) == ['casino', 'lexibook']
    for name in rules.PROFILE_NAMES:
        r = house(name, 50)
        assert r.profile == name and r.small_bet == 50 and r.big_bet == 100
        assert r.ante == rules.PROFILES[name](50).ante
    assert house('casino', 20, 1000).starting_chips == 1000
    raises(ValueError, house, 'casino', 20, 999)       # not a CHIPS choice
    raises(ValueError, house, 'lexibook', 10, 1000)    # the console deals $5000
    assert house('lexibook', 10, 5000).starting_chips == 5000


def test_each_game_says_which_profiles_offer_it_in_game_select_order():
    assert games('lexibook') == CONSOLE
    assert games('casino') == ('FT', 'FO', 'F7S', 'F5S', 'F7S/8', 'FR', 'FO/8')
    assert games('nobody') == ()
    for code in VARIANTS:
        v = VARIANTS[code]
        assert v.profiles, code                         # every game is offered
        for name in rules.PROFILE_NAMES:
            assert (name in v.profiles) == (code in games(name)), (code, name)
        for name in v.profiles:
            assert name in rules.PROFILES
