"""The rule fields of PokerKit's conventions (poker/rules.py:
``raise_over_all_in``, ``odd_chips_together``, ``merge_pots``,
``low_half_if_any_low``), each on a hand worked out by hand, played under
the ``pokerkit`` profile of tools/phh/selfplay.py and under the casino profile
(docs/rules.md), and then replayed in PokerKit 0.7.7 (the oracle: the same legal
actions at every decision, the same final stacks). CPython only (PokerKit)."""

import pk_oracle as pk
from decks import flop_deck, stud_deck, stud_hands
from phh import selfplay

import phh
from poker.hand import Hand
from poker.rules import casino
from poker.variants import VARIANTS

PK = selfplay.make_rules("pokerkit")
F7S = VARIANTS["F7S"]
F7S8 = VARIANTS["F7S/8"]
FT = VARIANTS["FT"]


class Played:
    """A hand and our legal lists at each decision, as PokerKit lists them."""

    def __init__(self, h):
        self.h = h
        self.legal = []

    def act(self, kind):
        self.legal.append(pk.ours_as_pokerkit(sorted(self.h.legal_actions())))
        self.h.act(kind)

    def kinds(self):
        return [k for k, _ in self.h.legal_actions()]

    def passive(self, plan=None):
        """Acts until the end: ``plan[(street, seat)]`` lists a seat's next
        actions on a street; else bring in, check or call."""
        h = self.h
        while not h.finished:
            todo = (plan or {}).get((h.street, h.actor))
            if todo:
                self.act(todo.pop(0))
                continue
            ks = self.kinds()
            self.act("bring_in" if "bring_in" in ks else "check" if "check" in ks else "call")

    def assert_pokerkit_agrees(self):
        h = self.h
        assert h.finished and not h.voided
        theirs = []
        state = pk.replay_phh(phh.dumps(h), on_decision=lambda st: theirs.append(pk.legal(st)))
        assert theirs == self.legal
        assert list(state.stacks) == [h.stacks[s] for s in phh.player_seats(h.initial_stacks, h.dealer)]


# -- raise_over_all_in ----------------------------------------------------------

def _short_all_in_preflop(rules):
    p = Played(Hand(FT, rules, [100, 24, 100], 0, deck=list(range(52))))
    p.act("raise")                       # seat 0: to 20
    p.act("raise")                       # seat 1 (small blind): all in for 24
    return p


def test_raise_over_all_in_sizes_the_next_raise_a_full_bet_over_a_short_all_in():
    p = _short_all_in_preflop(PK)
    # PokerKit: the big blind raises to 24 + 10 = 34 (24 more chips)
    assert p.h.legal_actions() == [("fold", 0), ("call", 14), ("raise", 24)]
    p.act("raise")
    # the big blind, 20, 24 (short) and 34: bet + 3 raises, capped
    assert p.h.legal_actions() == [("fold", 0), ("call", 14)]
    p.passive()
    p.assert_pokerkit_agrees()
    # the house: the all-in raised 4, less than half a bet: a raise is to 30
    assert _short_all_in_preflop(casino()).h.legal_actions() == [("fold", 0), ("call", 14), ("raise", 20)]


def _short_all_ins_on_fourth(rules):
    # docs/rules.md's edge rule (several short all-ins): fourth
    # street, small bet 10: A (seat 0) bets 10, B is all in for 14, C calls
    # 14, D is all in for 17
    d = stud_deck(4, 3, [{0: "Qh Jh Kc", 1: "Ad Kd 2c", 2: "As Ks 5s", 3: "Tc Qc 6s"},
                         {0: "Ac", 1: "3d", 2: "7h", 3: "8h"}])
    p = Played(Hand(F7S, rules, [1000, 1 + 5 + 14, 1000, 1 + 5 + 17], 3, deck=d))
    p.act("bring_in")      # B: 2c
    for _ in range(3):
        p.act("call")      # C, D, A
    assert p.h.street == 1 and p.h.actor == 0
    p.act("bet")           # A: 10
    p.act("raise")         # B: all in for 14
    return p


def test_raise_over_all_in_a_player_facing_less_than_the_largest_raise_may_only_call():
    p = _short_all_ins_on_fourth(PK)
    assert p.h.legal_actions() == [("fold", 0), ("call", 14), ("raise", 24)]   # C: to 24
    p.act("call")          # C: 14
    p.act("raise")         # D: all in for 17
    # A faces 7, less than his full bet of 10: call or fold (house: he may raise)
    assert p.h.actor == 0 and p.h.legal_actions() == [("fold", 0), ("call", 7)]
    p.act("call")
    assert p.h.actor == 2 and p.h.legal_actions() == [("fold", 0), ("call", 3)]
    p.passive()
    p.assert_pokerkit_agrees()


def test_raise_over_all_in_short_all_ins_that_add_up_to_a_full_raise_reopen():
    p = _short_all_ins_on_fourth(PK)
    p.act("call")          # C: 14
    p.h.stacks[3] += 4     # D now has 21 behind: all in to 21, 7 over 14
    p.act("raise")
    # the short all-ins in a row, 4 + 7, add up to a full bet: A, who has
    # acted, faces 11 and may raise again, to 31
    assert p.h.actor == 0 and p.h.legal_actions() == [("fold", 0), ("call", 11), ("raise", 21)]


def _capped_by_a_short_all_in(rules):
    # fourth street, 4 players: bet 10, raise 20, raise 30, then all in
    # for 33 (3 over 30)
    d = stud_deck(4, 3, [{0: "Qh Jh Kc", 1: "Ad Kd 2c", 2: "As Ks 5s", 3: "Tc Qc 6s"},
                         {0: "Ac", 1: "3d", 2: "7h", 3: "8h"}])
    p = Played(Hand(F7S, rules, [1000, 1000, 1000, 1 + 5 + 33], 3, deck=d))
    p.act("bring_in")
    for _ in range(3):
        p.act("call")
    p.act("bet")           # A: 10
    p.act("raise")         # B: 20
    p.act("raise")         # C: 30
    p.act("raise")         # D: all in for 33
    return p


def test_raise_over_all_in_a_short_all_in_counts_for_the_cap():
    p = _capped_by_a_short_all_in(PK)
    # bet + 3 raises, the last one short: capped, A may only call
    assert p.h.actor == 0 and p.h.legal_actions() == [("fold", 0), ("call", 23)]
    p.passive()
    p.assert_pokerkit_agrees()
    # the house: a raise of 3 is no raise (it does not count): A may raise to 40
    h = _capped_by_a_short_all_in(casino()).h
    assert h.legal_actions() == [("fold", 0), ("call", 23), ("raise", 30)]


# -- odd_chips_together ---------------------------------------------------------

def _three_way_split(rules):
    # the board's royal flush plays for three: 3 * 10 + the small blind's 5
    d = flop_deck(4, 0, {0: "3d 3s", 1: "2c 4c", 2: "2d 4d", 3: "3c 3h"}, "Ts Js Qs Ks As")
    p = Played(Hand(FT, rules, [100] * 4, 0, deck=d))
    p.act("call")          # seat 3
    p.act("call")          # seat 0
    p.act("fold")          # seat 1: small blind
    p.passive()
    return p


def test_odd_chips_together_all_odd_chips_of_a_split_go_to_the_first_winner():
    p = _three_way_split(PK)
    # 35 = 3 * 11 + 2: both odd chips to seat 2, first winner left of the dealer
    assert p.h.pots == [(35, [2, 3, 0])] and p.h.stacks == [101, 95, 103, 101]
    p.assert_pokerkit_agrees()
    # the house: one each, from the dealer's left
    assert _three_way_split(casino()).h.stacks == [101, 95, 102, 102]


# -- merge_pots -------------------------------------------------------------------

def _two_straights_and_two_short_stacks(rules):
    # seats 0 and 2 hold the same nine-high straight; seat 1 (all in for
    # 6) and seat 4 (all in for 13) hold a pair; seat 3 folds his ante
    d = stud_hands(5, 4, {0: "5c 6c 7d 8d 9h 2d 3d", 1: "Kc Kd 9c 2h 4h Jc Js",
                          2: "5d 6d 7h 8h 9s 2s 3h", 3: "Jd Td Ah",
                          4: "Qc Qd Tc 3c 4d 8c Jh"}, live=(0, 1, 2, 4))
    p = Played(Hand(F7S, rules, [1000, 6, 1000, 1000, 13], 4, deck=d))
    plan = {(0, 3): ["fold"]}
    for street in range(1, 5):
        plan[(street, 0)] = ["bet"]
    p.passive(plan)
    return p


def test_merge_pots_hands_that_cannot_win_are_out_and_pots_with_the_same_players_split_once():
    p = _two_straights_and_two_short_stacks(PK)
    h = p.h
    assert h.contrib == [76, 6, 76, 1, 13]
    # main 4 * 6 + 1 = 25, side 3 * 7 = 21, top 2 * 63 = 126: once the
    # pairs are out all three are seats 0 and 2's, one pot of 172: 86 each
    assert h.stacks == [1010, 0, 1010, 999, 0]
    p.assert_pokerkit_agrees()
    # the house: each pot on its own, seat 0 first left of the dealer takes
    # the odd chip of 25 and of 21
    h = _two_straights_and_two_short_stacks(casino().copy(odd_chip="seat")).h
    assert h.stacks == [1011, 0, 1009, 999, 0]


# -- low_half_if_any_low ---------------------------------------------------------

def _side_pot_without_a_low(rules):
    # stud hi/lo: A (seat 0, all in for 6) has the only low; B (seat 1, all
    # in for 16) kings full; C (seat 2) jacks full; D (seat 3) bets and folds
    # on sixth street, so C alone is in the top side pot
    d = stud_hands(4, 3, {0: "As 2c Kh 4h 6s 3d Qd", 1: "Kd Ks 8c Kc Qh 9d 9c",
                          2: "Jc Jd 8d Jh Tc 9h 9s", 3: "Td 7c 8h 2h 3h Qc"})
    p = Played(Hand(F7S8, rules, [6, 16, 1000, 1000], 3, deck=d))
    plan = {(1, 3): ["bet"], (2, 3): ["bet"], (3, 3): ["bet", "fold"], (3, 2): ["check", "raise"]}
    p.passive(plan)
    return p


def test_low_half_if_any_low_halves_a_side_pot_without_a_low_and_shares_that_half():
    p = _side_pot_without_a_low(PK)
    h = p.h
    assert h.contrib == [6, 16, 56, 56]
    # main 4 * 6 = 24: B high 12, A low 12. Side 3 * 10 = 30 (B, C; D
    # folded): no low there, but A has one, so halved: B 15 high, and the
    # low half shared by B and C, 8 to B (first left of the dealer) and 7
    # to C. Top 2 * 40 = 80: C.
    assert h.stacks == [12, 12 + 15 + 8, 944 + 7 + 80, 944]
    p.assert_pokerkit_agrees()
    # the house: B takes all of the side pot with no low in it
    h = _side_pot_without_a_low(casino().copy(odd_chip="seat")).h
    assert h.stacks == [12, 12 + 30, 944 + 80, 944]


def test_the_pokerkit_profile_writes_its_conventions_into_the_phh_text():
    h = _three_way_split(PK).h
    r = phh.rules_from_fields(phh.loads(phh.dumps(h)))
    for k in ("raise_over_all_in", "odd_chips_together", "merge_pots", "low_half_if_any_low"):
        assert getattr(r, k) is True, k
    assert r.odd_chip == "seat"
