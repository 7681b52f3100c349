# portable
"""poker.hand on the stud games: dealing, bring-in, the order of action,
bet sizes, raise cap, the open pair, deck exhaustion, the impossible call.
Each test names the seed rule (seeds/000 console manual, 001 casino seven
card stud, 002 irregularities, 004 stud hi/lo) or docs/rules.md line it checks.
Cards are forced with a preset deck built in dealing order."""
from checks import bet_sizes_checking_down, raises
from decks import stud_deck
from spots import exhausted_hand
from poker.cards import parse
from poker.deal import exposed_key
from poker.hand import Hand
from poker.rules import casino, lexibook
from poker.rng import Rng
from poker.variants import VARIANTS

F7S = VARIANTS['F7S']
F5S = VARIANTS['F5S']
FR = VARIANTS['FR']


def kinds(h):
    return [k for k, _ in h.legal_actions()]


# -- bring-in -----------------------------------------------------------

def test_bring_in_tie_2c_against_2d_the_clubs_bring_in_seed_001():
    # seed 001: suits rank spades, hearts, diamonds, clubs; "the two of clubs
    # is the lowest card possible". (Its worked example names the 2d, against
    # its own order; docs/rules.md follows the order: rank, then suit c<d<h<s.)
    d = stud_deck(4, 3, [{0: 'Ah Kh 7h', 1: 'Ad Kd 2d', 2: 'As Ks 2c', 3: 'Ac Kc 4s'}])
    h = Hand(F7S, lexibook(), [100] * 4, 3, deck=d)
    assert h.bring_in_seat == 2 and h.actor == 2
    d = stud_deck(4, 3, [{0: 'Ah Kh 7h', 1: 'Ad Kd 2c', 2: 'As Ks 2d', 3: 'Ac Kc 4s'}])
    assert Hand(F7S, lexibook(), [100] * 4, 3, deck=d).bring_in_seat == 1


def test_bring_in_2d_against_2s_the_diamonds_bring_in_seed_004():
    d = stud_deck(3, 0, [{1: 'Ah Kh 2s', 2: 'Ad Kd 2d', 0: 'As Ks 3c'}])
    assert Hand(VARIANTS['F7S/8'], casino(), [100] * 3, 0, deck=d).bring_in_seat == 2


def test_bring_in_is_by_rank_first_ace_high_seed_001():
    d = stud_deck(3, 0, [{1: '2h 3h Ac', 2: '2d 3d Ks', 0: '2s 3s 9c'}])
    assert Hand(F7S, casino(), [100] * 3, 0, deck=d).bring_in_seat == 0


def test_razz_bring_in_is_the_highest_door_card_ace_low_king_of_spades_first():
    d = stud_deck(3, 0, [{1: '2h 3h Kh', 2: '2d 3d Ks', 0: '2s 3s Qc'}])
    assert Hand(FR, casino(), [100] * 3, 0, deck=d).bring_in_seat == 2
    d = stud_deck(3, 0, [{1: '2h 3h Ah', 2: '2d 3d 5s', 0: '2s 3s Qc'}])
    assert Hand(FR, casino(), [100] * 3, 0, deck=d).bring_in_seat == 0


def test_five_card_stud_brings_in_on_the_one_up_card():
    d = stud_deck(3, 2, [{0: '2h 9c', 1: '3h 4d', 2: '2c Ks'}])
    h = Hand(F5S, lexibook(), [100] * 3, 2, deck=d)
    assert h.bring_in_seat == 1 and len(h.down[1]) == 1 and h.up[1] == parse('4d')


def test_bring_in_may_not_fold_he_brings_in_or_completes_seed_000_rule_6():
    d = stud_deck(4, 3, [{0: 'Ah Kh 7h', 1: 'Ad Kd 9d', 2: 'As Ks 2c', 3: 'Ac Kc 4s'}])
    h = Hand(F7S, lexibook(), [100] * 4, 3, deck=d)
    assert h.stacks == [98] * 4 and h.pot() == 8        # antes of 2 (1/5 of 10)
    assert h.legal_actions() == [('bring_in', 2), ('complete', 10)]
    before = (h.actor, list(h.stacks), len(h.history), h.street)
    e = raises(ValueError, h.act, 'fold')
    assert 'fold' in str(e)
    raises(ValueError, h.act, 'check')
    raises(ValueError, h.act, 'bring_in', 5)
    assert (h.actor, h.stacks, len(h.history), h.street) == before


def test_after_the_bring_in_others_call_or_complete_but_may_not_raise_seed_000_rule_6():
    d = stud_deck(4, 3, [{0: 'Ah Kh 7h', 1: 'Ad Kd 9d', 2: 'As Ks 2c', 3: 'Ac Kc 4s'}])
    h = Hand(F7S, casino(), [100] * 4, 3, deck=d)
    h.act('bring_in')
    assert h.actor == 3
    assert h.legal_actions() == [('fold', 0), ('call', 5), ('complete', 10)]


def test_when_all_call_the_bring_in_the_round_ends_without_him_seed_001():
    d = stud_deck(4, 3, [{0: 'Ah Kh 7h', 1: 'Ad Kd 9d', 2: 'As Ks 2c', 3: 'Ac Kc 4s'}])
    h = Hand(F7S, lexibook(), [100] * 4, 3, deck=d)
    h.act('bring_in')
    for _ in range(3):
        h.act('call')
    assert h.street == 1 and h.street_name == '4th'
    assert h.contrib == [4] * 4


def test_bring_in_completion_then_three_raises_reach_the_cap_seed_000_rule_10():
    d = stud_deck(4, 3, [{0: 'Ah Kh 7h', 1: 'Ad Kd 9d', 2: 'As Ks 2c', 3: 'Ac Kc 4s'}])
    h = Hand(F7S, lexibook(), [500] * 4, 3, deck=d)
    h.act('bring_in')                  # seat 2: 2
    h.act('complete')                  # seat 3: to 10, counts as the bet
    assert h.legal_actions() == [('fold', 0), ('call', 10), ('raise', 20)]
    h.act('raise')                     # seat 0: to 20
    h.act('raise', 30)                 # seat 1: to 30
    h.act('raise', 38)                 # seat 2 (has 2 in): to 40
    assert h.actor == 3
    assert h.legal_actions() == [('fold', 0), ('call', 30)]   # capped
    h.act('call')
    assert kinds(h) == ['fold', 'call']
    h.act('call')
    h.act('call')
    assert h.street == 1 and h.contrib == [42] * 4


def test_heads_up_is_uncapped_in_the_casino_profile():
    d = stud_deck(2, 1, [{0: 'Ah Kh 2c', 1: 'Ad Kd 9d'}])
    h = Hand(F7S, casino(), [1000, 1000], 1, deck=d)
    h.act('bring_in')
    h.act('complete')
    for _ in range(8):                 # far past bet + 3 raises
        assert 'raise' in kinds(h)
        h.act('raise')
    assert h.bets == [80, 90]


def test_heads_up_is_capped_in_the_lexibook_profile():
    d = stud_deck(2, 1, [{0: 'Ah Kh 2c', 1: 'Ad Kd 9d'}])
    h = Hand(F7S, lexibook(), [1000, 1000], 1, deck=d)
    h.act('bring_in')
    h.act('complete')
    for _ in range(3):
        h.act('raise')
    assert kinds(h) == ['fold', 'call']


def _three_seats_bet_and_raised():
    """Casino 7 Card Stud, three seats: the bring-in (seat 0), the
    completion (seat 1) and a raise (seat 2); seat 0 to act."""
    d = stud_deck(3, 2, [{0: 'Ah Kh 2c', 1: 'Ad Kd 9d', 2: 'As Ks 8s'}])
    h = Hand(F7S, casino(), [1000] * 3, 2, deck=d)
    h.act('bring_in')
    h.act('complete')
    h.act('raise')
    return h


def test_casino_cap_lifts_when_the_hand_turns_heads_up_before_the_cap_rules_edge_cap():
    # docs/rules.md edge rule (raise cap and heads-up): uncapped when the players
    # not all in become two before the cap is reached
    h = _three_seats_bet_and_raised()
    h.act('fold')          # seat 0: heads-up after the bet and one raise
    h.act('raise')         # seat 1
    h.act('raise')         # seat 2: bet + 3 raises reached, heads-up
    assert h.actor == 1 and 'raise' in kinds(h)


def test_a_capped_round_stays_capped_after_a_fold_rules_edge_cap():
    # docs/rules.md edge rule: once a round is capped, a later fold does not
    # uncap it
    h = _three_seats_bet_and_raised()
    h.act('raise')         # seat 0
    h.act('raise')         # seat 1: bet + 3 raises, three players still in
    assert kinds(h) == ['fold', 'call']
    h.act('fold')          # seat 2: now heads-up, but the round was capped
    assert h.actor == 0 and kinds(h) == ['fold', 'call']


def _capped_by_all_in(rules, short):
    # seat 2 can only call the completion, all in: two players left who
    # are not all in, before the cap is reached
    d = stud_deck(3, 2, [{0: 'Ah Kh 2c', 1: 'Ad Kd 9d', 2: 'As Ks 8s'},
                         {0: '3c', 1: '4d', 2: '5h'}])
    h = Hand(F7S, rules, [1000, 1000, short], 2, deck=d)
    h.act('bring_in')      # seat 0
    h.act('complete')      # seat 1
    h.act('call')          # seat 2: all in
    assert h.all_in[2]
    h.act('raise')         # seat 0
    h.act('raise')         # seat 1
    h.act('raise')         # seat 0: bet + 3 raises
    return h


def test_the_cap_counts_only_players_not_all_in_rules_edge_cap():
    # docs/rules.md edge rule (raise cap and heads-up): the cap applies to three
    # or more players who are not all in; casino: uncapped heads-up
    h = _capped_by_all_in(casino(), 11)
    assert h.actor == 1 and 'raise' in kinds(h)
    h.act('call')
    # fourth street starts with two players not all in: uncapped from the start
    assert h.street == 1
    h.act('bet')
    for _ in range(5):
        assert 'raise' in kinds(h)
        h.act('raise')
    assert sorted(h.bets) == [0, 50, 60]


def test_lexibook_is_capped_heads_up_all_ins_or_not_rules_edge_cap():
    # docs/rules.md edge rule: "The lexibook profile is always capped"
    h = _capped_by_all_in(lexibook(), 12)
    assert h.actor == 1 and kinds(h) == ['fold', 'call']


def _short_all_ins_on_fourth():
    # docs/rules.md edge rule (several short all-ins), fourth street, small bet
    # 10: A (seat 0, ace-king showing, no pair) bets 10, B is all in for 14,
    # C calls 14, D is all in for 17
    d = stud_deck(4, 3, [{0: 'Qh Jh Kc', 1: 'Ad Kd 2c', 2: 'As Ks 5s', 3: 'Tc Qc 6s'},
                         {0: 'Ac', 1: '3d', 2: '7h', 3: '8h'}])
    h = Hand(F7S, casino(), [1000, 1 + 5 + 14, 1000, 1 + 5 + 17], 3, deck=d)
    h.act('bring_in')      # B: 2c
    for _ in range(3):
        h.act('call')      # C, D, A
    assert h.street == 1 and h.actor == 0
    h.act('bet')                          # A: 10
    assert h.legal_actions() == [('fold', 0), ('call', 10), ('raise', 14)]
    h.act('raise')                        # B: all in for 14
    h.act('call')                         # C: 14
    assert h.legal_actions() == [('fold', 0), ('call', 14), ('raise', 17)]
    h.act('raise')                        # D: all in for 17
    assert h.all_in[1] and h.all_in[3] and h.actor == 0
    return h


def test_reopening_is_judged_per_player_after_several_short_all_ins_rules_edge_short_all_ins():
    h = _short_all_ins_on_fourth()
    # A faces 7 since his bet of 10, more than half a bet: he may raise
    assert h.legal_actions() == [('fold', 0), ('call', 7), ('raise', 17)]
    h.act('call')
    # C faces 3 since his call of 14: call or fold only
    assert h.actor == 2 and h.legal_actions() == [('fold', 0), ('call', 3)]
    h.act('call')
    assert h.street == 2 and h.contrib == [23, 20, 23, 23]   # B all in for 20


def test_a_full_raise_after_short_all_ins_reopens_for_everyone_rules_edge_short_all_ins():
    h = _short_all_ins_on_fourth()
    h.act('raise')         # A: to 27, 17 over D's all-in level
    # C now faces 13 since his call of 14: a raise, so he may raise again
    assert h.actor == 2 and h.legal_actions() == [('fold', 0), ('call', 13), ('raise', 23)]


# -- order of action and bet sizes -----------------------------------------

def test_best_exposed_hand_acts_first_on_fourth_a_pair_beats_ace_king_seed_001():
    d = stud_deck(3, 2, [{0: '2h 2d Ah', 1: '4h 4d 3c', 2: '5h 5d 7d'},
                         {0: 'Kh', 1: '3d', 2: '9s'}])
    h = Hand(F7S, casino(), [100] * 3, 2, deck=d)
    assert h.actor == 1
    h.act('bring_in')
    h.act('call')
    h.act('call')
    assert h.street == 1 and h.actor == 1   # 3-3 showing beats A-K


def test_exact_ties_showing_go_to_the_seat_nearest_the_dealers_left_seed_001():
    for dealer, first in ((2, 0), (0, 2), (1, 2)):
        d = stud_deck(3, dealer, [{0: '2h 2d Ah', 1: '4h 4d 3c', 2: '5h 5d As'},
                                  {0: 'Kc', 1: '9d', 2: 'Ks'}])
        h = Hand(F7S, casino(), [100] * 3, dealer, deck=d)
        h.act('bring_in')
        h.act('call')
        h.act('call')
        assert h.street == 1 and h.actor == first, (dealer, h.actor)


def test_razz_lowest_exposed_hand_acts_first_a_pair_is_worst():
    d = stud_deck(3, 2, [{0: '2h 3d Ah', 1: '4h 5d Kc', 2: '6h 7c Qd'},
                         {0: 'Ad', 1: '9d', 2: 'Jd'}])
    h = Hand(FR, casino(), [100] * 3, 2, deck=d)
    assert h.bring_in_seat == 1
    h.act('bring_in')
    h.act('call')
    h.act('call')
    assert h.actor == 2     # Q-J beats A-A (paired) and K-9


def _groups_oracle(ranks):
    """Exposed-hand order written independently: (category, ranks by
    count then rank), category quads 4, trips 3, two pair 2, pair 1."""
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted([(c, r) for r, c in counts.items()], reverse=True)
    pairs = len([1 for c, _ in groups if c == 2])
    top = groups[0][0]
    cat = 4 if top == 4 else 3 if top == 3 else pairs
    return (cat, [r for _, r in groups])


def test_exposed_hands_rank_quads_trips_two_pair_pair_no_straights_or_flushes():
    rng = Rng(11)
    for m in (2, 3, 4):
        for _ in range(300):
            a = []
            b = []
            while len(a) < m:
                c = rng.below(52)
                if c not in a:
                    a.append(c)
            while len(b) < m:
                c = rng.below(52)
                if c not in b and c not in a:
                    b.append(c)
            for low in (False, True):
                ra = [((c >> 2) + 1) % 13 if low else c >> 2 for c in a]
                rb = [((c >> 2) + 1) % 13 if low else c >> 2 for c in b]
                oa, ob = _groups_oracle(ra), _groups_oracle(rb)
                ka, kb = exposed_key(a, low), exposed_key(b, low)
                assert (oa > ob) == (ka > kb) and (oa == ob) == (ka == kb), (a, b)
    # four to a straight flush shows nothing: a pair of deuces beats it
    assert exposed_key(parse('2c 2d 3h 4s')) > exposed_key(parse('Ts Js Qs Ks'))


def test_streets_3_and_4_play_the_small_bet_5_6_7_the_big_bet_seed_000_rule_3():
    d = stud_deck(2, 1, [{0: 'Ah Kh 2c', 1: 'Ad Kd 9d'}])
    h = Hand(F7S, lexibook(), [1000, 1000], 1, deck=d)
    assert h.legal_actions()[-1] == ('complete', 10)
    h.act('bring_in')
    h.act('call')
    sizes = []
    while not h.finished:
        bets = [a for k, a in h.legal_actions() if k == 'bet']
        sizes.append(bets)
        h.act('check')
        h.act('check')
    assert sizes == [[10], [20], [20], [20]]


def test_five_card_stud_plays_two_small_and_two_big_rounds():
    d = stud_deck(2, 1, [{0: '2h 3c', 1: '9h 9d'}])
    h = Hand(F5S, lexibook(), [1000, 1000], 1, deck=d)
    h.act('bring_in')
    h.act('call')
    assert bet_sizes_checking_down(h) == [[10], [20], [20]]
    for s in (0, 1):
        assert len(h.down[s]) == 1 and len(h.up[s]) == 4


# -- open pair on fourth street ----------------------------------------------

def _open_pair_hand(rules, variant=F7S):
    d = stud_deck(3, 2, [{0: '2h 2d Ah', 1: '4h 4d 3c', 2: '5h 5d 7d'},
                         {0: 'Kh', 1: '3d', 2: '9s'}])
    h = Hand(variant, rules, [1000] * 3, 2, deck=d)
    h.act('bring_in')
    h.act('call')
    h.act('call')
    return h


def test_open_pair_on_fourth_gives_the_big_bet_option_casino_seed_001():
    h = _open_pair_hand(casino())
    assert h.actor == 1
    assert h.legal_actions() == [('fold', 0), ('check', 0), ('bet', 10), ('bet', 20)]


def test_after_a_big_bet_on_an_open_pair_the_round_stays_at_the_big_bet_seed_001():
    h = _open_pair_hand(casino())
    h.act('bet', 20)
    assert h.legal_actions() == [('fold', 0), ('call', 20), ('raise', 40)]
    h.act('raise')
    assert h.legal_actions() == [('fold', 0), ('call', 40), ('raise', 60)]


def test_after_a_small_bet_on_an_open_pair_a_raise_may_be_small_or_big_seed_001():
    h = _open_pair_hand(casino())
    h.act('bet', 10)
    assert h.legal_actions() == [('fold', 0), ('call', 10), ('raise', 20),
                                 ('raise', 30)]
    h.act('raise', 30)                    # the big raise: from now on, big
    assert h.legal_actions() == [('fold', 0), ('call', 30), ('raise', 50)]


def test_no_open_pair_option_in_the_lexibook_profile_nor_in_hi_lo():
    h = _open_pair_hand(lexibook())
    assert h.legal_actions() == [('fold', 0), ('check', 0), ('bet', 10)]
    h = _open_pair_hand(casino(), VARIANTS['F7S/8'])
    assert h.legal_actions() == [('fold', 0), ('check', 0), ('bet', 10)]


# -- deck exhaustion -----------------------------------------------------------

def _check_call_to_the_end(h):
    while not h.finished:
        ks = kinds(h)
        h.act('bring_in' if 'bring_in' in ks else 'check' if 'check' in ks else 'call')


def _all_cards(h):
    out = list(h.board) + list(h.burns)
    for s in range(h.n):
        out.extend(h.hole[s])
    return out


def test_eight_players_to_seventh_street_get_one_community_card_seed_001():
    # 8 x 6 cards + 3 burns = 51: one card left for eight players
    h = Hand(F7S, casino(), [1000] * 8, 7, deck=list(range(52)))
    _check_call_to_the_end(h)
    assert not h.voided and h.finished
    # docs/rules.md: "3 are burned, 1 is left, so the last card is a community card"
    assert h.board == [51]
    for s in range(8):
        assert len(h.hole[s]) == 6
    assert any('community' in e for e in h.log)
    cs = _all_cards(h)
    assert len(cs) == len(set(cs))
    assert sum(h.stacks) == 8000


def test_eight_players_with_a_shuffled_deck_still_share_one_community_card():
    for seed in range(5):
        h = Hand(F7S, casino(), [1000] * 8, seed % 8, Rng(seed))
        _check_call_to_the_end(h)
        assert not h.voided and len(h.board) == 1
        cs = _all_cards(h)
        assert len(cs) == len(set(cs)) and len(cs) <= 52
        for s in range(8):
            assert len(h.hole[s]) == 6


def test_seven_players_to_seventh_street_get_the_last_seven_cards_unburned():
    # 7 x 6 + 3 burns = 45: seven left, one each but none to burn
    h = Hand(F7S, casino(), [1000] * 7, 6, deck=list(range(52)))
    _check_call_to_the_end(h)
    assert not h.voided and h.board == []
    assert [h.hole[s][6] for s in range(7)] == [45, 46, 47, 48, 49, 50, 51]
    assert any('no burn' in e for e in h.log)


def test_folded_players_cards_are_never_reused_seed_001():
    h = Hand(F7S, casino(), [1000] * 8, 7, deck=list(range(52)))
    folded = None
    while not h.finished:
        ks = kinds(h)
        if folded is None and 'fold' in ks:
            folded = h.actor
            h.act('fold')
        else:
            h.act('bring_in' if 'bring_in' in ks else
                  'check' if 'check' in ks else 'call')
    assert folded is not None and not h.voided
    # 24 + 3 x (1 + 7) = 48 used, 4 left for 7 players: the burns of 4th,
    # 5th and 6th (24, 32, 40) go under the stub, and that pool is shuffled
    live = [s for s in range(8) if s != folded]
    seventh = [h.hole[s][6] for s in live]
    assert sorted(seventh) == [24, 32, 40, 48, 49, 50, 51]
    assert seventh == list(h.reshuffled)
    assert any('burns shuffled into the stub' in e for e in h.log)
    dead = h.hole[folded]
    for s in range(8):
        if s != folded:
            assert len(h.hole[s]) == 7
            for c in h.hole[s]:
                assert c not in dead
    cs = _all_cards(h)
    assert len(cs) == len(set(cs))


def test_the_deck_exhaustion_reshuffle_follows_from_the_deck_and_the_actions_rules_edge_exhaustion():
    # docs/rules.md edge rule (deck exhaustion and histories): a replay deals
    # exactly the same cards. The deck order at the start and the actions
    # decide the reshuffle: replayed from them, every card is the same.
    differs = 0
    for seed in range(6):
        h = exhausted_hand(seed)
        assert not h.voided and h.reshuffled is not None
        burns = [e[1] for e in h.history if e[0] == 'burn']
        order = h.deck_order
        before = []   # dealt before seventh street (the folded seat's too)
        for x in h.hole:
            before.extend(x[:6])
        rest = [c for c in order if c not in burns and c not in before]  # the stub
        assert sorted(h.reshuffled) == sorted(rest + burns)   # the stub and the burns
        live = [s for s in range(8) if len(h.hole[s]) == 7]
        first = (h.dealer + 1) % 8
        live.sort(key=lambda s: (s - first) % 8)
        assert [h.hole[s][6] for s in live] == list(h.reshuffled)[:len(live)]
        if list(h.reshuffled) != rest + burns:
            differs += 1
        again = Hand(F7S, casino(), [1000] * 8, h.dealer, deck=list(order))
        for _, seat, kind, amount in h.actions:
            assert again.actor == seat
            again.act(kind, amount)
        assert again.hole == h.hole and again.board == h.board
        assert again.reshuffled == h.reshuffled and again.stacks == h.stacks
        h = again = None  # two 8-seat hands at a time, not three (MicroPython's 180 KB at 64 bits)
    assert differs  # a shuffle, not the stub then the burns


# -- impossible call ---------------------------------------------------------

def _five_stud_to_the_last_round(caller):
    d = stud_deck(2, 1, [{0: '2c Ah', 1: caller[0]},
                         {0: 'Ad', 1: caller[1]},
                         {0: 'Kh', 1: caller[2]},
                         {0: 'Kd', 1: caller[3]}])
    h = Hand(F5S, lexibook(), [1000, 1000], 1, deck=d)
    h.act('bring_in')    # seat 1, low door
    h.act('call')
    while h.street < 3:
        h.act('check')
        h.act('check')
    return h


def test_impossible_call_when_five_cards_cannot_beat_four_exposed_seed_002():
    h = _five_stud_to_the_last_round(['3c 4d', '9s', 'Jh', 'Qc'])
    assert h.actor == 0       # A-A-K-K showing acts first
    assert not h.impossible_call(0)
    h.act('bet')
    assert h.actor == 1 and h.impossible_call(1)
    assert h.view(1).impossible_call and not h.view(0).impossible_call


def test_a_call_that_could_win_is_not_impossible_seed_002():
    h = _five_stud_to_the_last_round(['Qs Qd', 'Qh', '9s', '4d'])
    h.act('bet')
    assert not h.impossible_call(1)        # trips beat two pair


def test_only_the_last_player_to_act_can_make_the_impossible_call_seed_002():
    d = stud_deck(3, 2, [{0: '2c Ah', 1: '3c 4d', 2: '5c 6d'},
                         {0: 'Ad', 1: '9s', 2: '7h'},
                         {0: 'Kh', 1: 'Jh', 2: '8s'},
                         {0: 'Kd', 1: 'Qc', 2: 'Ts'}])
    h = Hand(F5S, lexibook(), [1000] * 3, 2, deck=d)
    h.act('bring_in')
    h.act('call')
    h.act('call')
    while h.street < 3:
        h.act('check')
        h.act('check')
        h.act('check')
    h.act('bet')
    assert h.actor == 1 and not h.impossible_call(1)   # seat 2 still to act
    h.act('call')
    assert h.actor == 2 and h.impossible_call(2)


# -- irregularities ------------------------------------------------------------

def test_a_preset_deck_must_be_a_complete_deck_seed_002():
    d = list(range(52))
    d[5] = 4
    raises(ValueError, Hand, F7S, casino(), [100] * 3, 0, None, None, d)
    raises(ValueError, Hand, F7S, casino(), [100] * 3, 0, None, None, list(range(51)))


def test_a_card_dealt_twice_voids_the_deal_and_returns_the_antes_seed_002():
    log = []
    h = Hand(F7S, casino(), [100, 200, 300], 0, Rng(3), log=log)
    h._stub[h._top + 1] = h.hole[0][0]     # corrupt the stub: a dealt card again
    while not h.finished:
        ks = kinds(h)
        h.act('bring_in' if 'bring_in' in ks else 'check' if 'check' in ks else 'call')
    assert h.voided and h.stacks == [100, 200, 300]
    assert h.history[-1][0] == 'void' and log and 'void' in log[-1]
    raises(ValueError, h.act, 'check')


def test_log_may_be_a_callable():
    got = []
    h = Hand(F7S, casino(), [1000] * 8, 0, deck=list(range(52)), log=got.append)
    _check_call_to_the_end(h)
    assert h.log == got.append and any('community' in e for e in got)


def test_the_deal_goes_round_from_the_dealers_left_one_card_at_a_time_seed_001():
    h = Hand(F7S, casino(), [100, 0, 100, 100], 2, deck=list(range(52)))
    # seats 3, 0, 2 (seat 1 sits out): down, down, door in three rounds
    assert h.hole[3] == [0, 3, 6] and h.hole[0] == [1, 4, 7] and h.hole[2] == [2, 5, 8]
    assert h.hole[1] == [] and h.up[0] == [7] and h.down[0] == [1, 4]
    deals = [e for e in h.history if e[0] == 'deal_hole']
    assert [e[1] for e in deals] == [3, 0, 2]
    assert deals[0][3] == [False, False, True]
    assert h.history[:3] == [('post', 3, 'ante', 1), ('post', 0, 'ante', 1),
                             ('post', 2, 'ante', 1)]


def test_a_voided_deal_is_dealt_again_by_the_same_dealer_seed_002():
    h = Hand(F7S, casino(), [100, 200, 300], 1, Rng(3))
    h._stub[h._top + 1] = h.hole[0][0]
    _check_call_to_the_end(h)
    assert h.voided
    h2 = h.redeal()
    assert h2.dealer == 1 and h2.initial_stacks == [100, 200, 300] and not h2.voided
    assert h2.deck_order != h.deck_order       # reshuffled
    assert h2.log is h.log
    _check_call_to_the_end(h2)
    assert not h2.voided and sum(h2.stacks) == 600


def test_the_hand_shuffles_exactly_like_the_reference_shuffle_with_the_same_rng():
    from deck import shuffled  # tools/sim/deck.py
    for seed in (1, 7, 12345):
        a, b = Rng(seed), Rng(seed)
        h = Hand(F7S, casino(), [100] * 3, 0, a)
        assert bytes(h.deck_order) == bytes(shuffled(b))
        assert a.next16() == b.next16()         # the rng advanced alike


def test_a_card_is_burned_before_streets_4_to_7_and_not_before_third_seed_001():
    h = Hand(F7S, lexibook(), [100] * 3, 2, deck=list(range(52)))
    _check_call_to_the_end(h)
    tags = [e[0] for e in h.history if e[0] in ('burn', 'deal_hole')]
    # third street: three deal entries, no burn; then burn + three, four times
    assert tags == ['deal_hole'] * 3 + (['burn'] + ['deal_hole'] * 3) * 4
    assert [e[1] for e in h.history if e[0] == 'burn'] == [9, 13, 17, 21]


def test_a_stub_that_lost_a_card_voids_the_deal_at_deck_exhaustion_seed_002():
    h = Hand(F7S, casino(), [1000] * 8, 7, deck=list(range(52)))
    while h.street < 4:
        ks = kinds(h)
        h.act('bring_in' if 'bring_in' in ks else 'check' if 'check' in ks else 'call')
        if h.street == 3 and h._top == 51:
            h._stub[51] = h.hole[3][0]     # the last card replaced by a dealt one
    assert h.voided and h.stacks == [1000] * 8
    assert 'void' in h.log[-1]
