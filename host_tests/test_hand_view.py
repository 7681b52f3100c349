# portable
"""poker.view.SeatView: a seat sees its own down cards, every up card and
board card, the bets and the actions, and nothing else."""
from spots import combos
from poker.cards import parse
from poker.hand import Hand
from poker.rng import Rng
from poker.rules import casino, lexibook
from poker.variants import VARIANTS
from poker.view import SeatView, cannot_beat, passive


def test_a_seat_sees_its_own_down_cards_and_only_the_up_cards_of_others():
    h = Hand(VARIANTS['F7S'], lexibook(), [100] * 4, 3, deck=list(range(52)))
    for seat in range(4):
        v = h.view(seat)
        assert v.seat == seat and v.down[seat] == h.down[seat]
        for o in range(4):
            assert v.up[o] == h.up[o]
            if o != seat:
                assert v.down[o] == [None, None]
        # nothing in the view names another seat's down card
        hidden = [c for o in range(4) if o != seat for c in h.down[o]]
        for name in ('hole', 'deck_order', '_stub', 'burns'):
            assert not hasattr(v, name)
        assert all(c not in v.own_cards() for c in hidden)
        for field in (v.up, v.down, v.shown, [v.board], [v.dead], [v.own]):
            for cards in field:
                for c in cards or []:
                    assert c not in hidden


def test_only_the_actor_gets_the_legal_actions_and_to_call():
    h = Hand(VARIANTS['FT'], lexibook(), [100] * 3, 0, deck=list(range(52)))
    assert h.view(0).legal == h.legal_actions() and h.view(0).to_call == 10
    assert h.view(1).legal == [] and h.view(1).to_call == 5
    v = h.view(2)
    assert v.legal == [] and v.to_call == 0 and v.bets == [0, 5, 10] and v.pot == 15


def test_a_view_is_a_copy_that_does_not_move_with_the_hand():
    h = Hand(VARIANTS['FT'], lexibook(), [100] * 3, 0, deck=list(range(52)))
    v = h.view(0)
    h.act('call')
    assert v.actor == 0 and v.stacks == [100, 95, 90] and v.actions == []
    w = h.view(0)
    assert w.actions == [(0, 0, 'call', 10)] and w.last_action[0] == ('call', 10)


def test_flop_game_views_show_the_board_but_not_other_hole_cards():
    h = Hand(VARIANTS['FO'], lexibook(), [100] * 2, 0, deck=list(range(52)))
    h.act('call')
    h.act('check')
    v = h.view(1)
    assert v.board == h.board and len(v.board) == 3
    assert v.down[0] == [None] * 4 and v.down[1] == h.down[1]
    assert v.street_name == 'flop' and v.bet_size == 10


def test_dead_cards_are_folded_up_cards_and_own_cards_once_folded():
    h = Hand(VARIANTS['F7S'], lexibook(), [100] * 3, 2, deck=list(range(52)))
    folder = None
    h.act('bring_in')
    folder = h.actor
    h.act('fold')
    for seat in range(3):
        v = h.view(seat)
        assert v.folded[folder]
        want = list(h.up[folder]) + (list(h.down[folder]) if seat == folder else [])
        assert sorted(v.dead) == sorted(want)


def test_after_the_showdown_shown_hands_are_public():
    h = Hand(VARIANTS['F5S'], lexibook(), [100] * 2, 0, Rng(8))
    while not h.finished:
        ks = [k for k, _ in h.legal_actions()]
        h.act('bring_in' if 'bring_in' in ks else 'check' if 'check' in ks else 'call')
    v = h.view(0)
    assert v.finished and v.winnings == h.winnings and v.legal == []
    for s in range(2):
        if h.shown[s] is not None:
            assert v.shown[s] == h.hole[s] and v.down[s] == h.down[s]


def test_passive_is_the_check_the_call_or_the_bring_in_never_the_fold_listed_first():
    h = Hand(VARIANTS['FT'], lexibook(), [100] * 3, 0, deck=list(range(52)))
    v = h.view(h.actor)
    assert v.legal[0] == ('fold', 0) and passive(v) == ('call', 10)
    h.act('call', 10)
    h.act('call', 5)
    v = h.view(h.actor)  # the big blind's option: the fold is listed, the check is free
    assert v.legal[0] == ('fold', 0) and passive(v) == ('check', 0)
    h = Hand(VARIANTS['F7S'], casino(), [100] * 4, 0, deck=list(range(52)))
    v = h.view(h.actor)
    assert v.legal == [('bring_in', 5), ('complete', 10)] and passive(v) == ('bring_in', 5)


def test_views_know_the_bring_in_and_the_bettor():
    h = Hand(VARIANTS['F7S'], casino(), [100] * 3, 2, deck=list(range(52)))
    b = h.bring_in_seat
    assert h.view(1).bring_in_seat == b
    h.act('bring_in')
    h.act('complete')
    assert h.view(0).bettor == (b + 1) % 3


def test_cannot_beat_is_the_impossible_call_from_cards_alone():
    aakk = parse('Ac Ad Kh Ks')
    assert cannot_beat(parse('2c 3d 7h 9s Jc'), aakk, [])
    assert not cannot_beat(parse('Qc Qd Qh 9s Jc'), aakk, [])
    # two pair of queens and jacks loses to aces up whatever the fifth card
    assert cannot_beat(parse('Qc Qd Jh Js 2c'), aakk, [])
    # aces and kings with a queen kicker ties or beats a bettor whose unseen
    # card could be a deuce: a call that can win is never impossible
    assert not cannot_beat(parse('Ah As Kc Kd Qc'), parse('Ac Ad Kh Ks'), [])


def _brute_cannot_beat(mine, shown, hidden, seen):
    """Every hand the bettor could hold (his ``hidden`` cards from those
    not in ``mine``, ``shown`` or ``seen``) beats ``mine``."""
    from poker.eval import evaluator as ev
    me = ev.high(mine)
    rest = [c for c in range(52) if c not in mine and c not in shown and c not in seen]
    for h in combos(rest, hidden):
        if me >= ev.high(shown + h):
            return False
    return True


def test_five_card_stud_call_that_cannot_beat_the_four_up_cards_is_impossible():
    mine = parse("2c 7d 9h Jc Ks")      # king high
    shown = parse("8s 8h 3d 4c")        # a pair showing
    assert cannot_beat(mine, shown, [])
    assert _brute_cannot_beat(mine, shown, 1, [])
    # a pair of nines against eights showing can win
    assert not cannot_beat(parse("9c 9d 2h 3h 5s"), shown, [])
    assert not _brute_cannot_beat(parse("9c 9d 2h 3h 5s"), shown, 1, [])


def test_cannot_beat_agrees_with_brute_force_over_the_bettors_hidden_cards():
    rng = Rng(9)
    checked = hits = 0
    for _ in range(40):
        deck = list(range(52))
        for i in range(51, 0, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        for n in (5, 7):  # five and seven card stud
            mine = deck[:n]
            shown = deck[n:n + 4]
            seen = deck[n + 4:n + 4 + 36]  # small deck: brute force stays cheap
            fast = cannot_beat(mine, shown, seen)
            slow = _brute_cannot_beat(mine, shown, n - 4, seen)
            # sound: never forbids a call that could win (with one hidden
            # card, five card stud, exactly the brute force)
            if fast:
                assert slow, (n, mine, shown)
            if n == 5:
                assert fast == slow, (mine, shown)
            checked += 1
            hits += fast
    assert checked == 80 and hits > 0


def test_seat_view_can_be_built_directly():
    h = Hand(VARIANTS['FT'], lexibook(), [100] * 3, 0, deck=list(range(52)))
    assert SeatView(h, 1).down[1] == h.view(1).down[1]

