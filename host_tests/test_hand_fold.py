# portable
"""poker.hand: folding. docs/rules.md: "On each round a player may check (nobody
has bet), bet, call, raise, or fold": a fold is legal when a check is free
too (the console asks to confirm such a fold). The stud bring-in
still may not fold before he has brought in (seed 000 rule 6). Expected
stacks are worked out by hand in the comments."""
from checks import raises
import phh
from poker.cards import parse
from poker.hand import Hand
from poker.rules import casino, lexibook
from poker.variants import VARIANTS

FT = VARIANTS['FT']
F7S = VARIANTS['F7S']
F5S = VARIANTS['F5S']
FR = VARIANTS['FR']


def kinds(h):
    return [k for k, _ in h.legal_actions()]


def stud_deck(n, dealer, door):
    """A preset deck for ``n`` seats whose third-street cards are ``door``
    (seat -> 'down down up'); third street is dealt a round at a time from
    the dealer's left, the rest of the deck follows in card order."""
    cards = {}
    for s in door:
        cards[s] = parse(door[s])
    order = []
    for k in range(3):
        for i in range(1, n + 1):
            order.append(cards[(dealer + i) % n][k])
    return order + [c for c in range(52) if c not in order]


def test_fold_is_legal_when_a_check_is_free_rules_md_any_round():
    # hold'em, 3 seats, dealer 2: seat 0 small blind, seat 1 big blind
    h = Hand(FT, lexibook(), [100, 100, 100], 2, deck=list(range(52)))
    h.act('call')          # seat 2
    h.act('call')          # seat 0 completes the small blind
    assert h.actor == 1    # the big blind's option: check free
    assert ('check', 0) in h.legal_actions() and ('fold', 0) in h.legal_actions()
    assert h.view(1).legal == h.legal_actions()
    h.act('fold')
    assert h.folded[1] and (1, 'fold', 0) in h.history
    assert h.last_action[1] == ('fold', 0)
    # the hand goes on without him: the flop, seat 0 first
    assert h.street_name == 'flop' and h.actor == 0 and not h.finished
    assert h.stacks == [90, 90, 90] and h.pot() == 30
    assert kinds(h) == ['fold', 'check', 'bet']   # on the flop too


def test_a_fold_when_a_check_is_free_leaves_one_seat_who_takes_the_pot():
    # heads-up hold'em: the dealer (seat 0) posts 5 and calls, the big blind
    # (seat 1) folds instead of checking: seat 0 wins 10 + 10 = 20:
    # 100 - 10 + 20 = 110, seat 1 100 - 10 = 90
    h = Hand(FT, lexibook(), [100, 100], 0, deck=list(range(52)))
    h.act('call')
    assert h.actor == 1 and ('check', 0) in h.legal_actions()
    h.act('fold')
    assert h.finished and not h.voided
    assert h.stacks == [110, 90] and h.winnings == [20, 0]
    assert h.pots == [(20, [0])]
    assert not [e for e in h.history if e[0] == 'show']   # nobody shows


def test_stud_seats_may_fold_a_free_check_on_fourth_street_and_the_last_takes_the_pot():
    # seven card stud, lexibook, 3 seats of 100, dealer 2: ante 2 each,
    # bring-in 2 (the ante) by the 2c, two calls: pot 6 + 6 = 12, 96 each.
    d = stud_deck(3, 2, {0: 'Ah Kh 2c', 1: 'Ad Kd 9d', 2: 'As Ks Qc'})
    h = Hand(F7S, lexibook(), [100, 100, 100], 2, deck=d)
    assert h.actor == 0 and kinds(h) == ['bring_in', 'complete']
    h.act('bring_in')
    h.act('call')
    h.act('call')
    assert h.street_name == '4th' and h.stacks == [96, 96, 96] and h.pot() == 12
    first = h.actor
    assert kinds(h)[:2] == ['fold', 'check']
    h.act('fold')
    second = h.actor
    assert kinds(h)[:2] == ['fold', 'check']
    h.act('fold')
    last = 3 - first - second
    assert h.finished and h.winnings[last] == 12
    assert h.stacks[last] == 108 and h.stacks[first] == h.stacks[second] == 96


def test_the_bring_in_may_not_fold_before_he_has_brought_in_seed_000_rule_6():
    for code, rules in (('F7S', lexibook()), ('F7S', casino()), ('F5S', lexibook()),
                        ('FR', casino())):
        v = VARIANTS[code]
        h = Hand(v, rules, [100, 100, 100], 2, deck=list(range(52)))
        assert h.actor == h.bring_in_seat
        assert 'fold' not in kinds(h) and 'check' not in kinds(h), (code, h.legal_actions())
        before = (h.actor, list(h.stacks), len(h.history))
        e = raises(ValueError, h.act, 'fold')
        assert 'fold' in str(e)
        assert (h.actor, h.stacks, len(h.history)) == before


def test_no_fold_is_offered_when_everyone_else_left_is_all_in():
    # hold'em, dealer 2: seat 2 calls all in for 10, seat 1 (big blind)
    # raises to 20, seat 0 calls: a side pot of 20 for seats 0 and 1. On the
    # flop seat 0 folds a free check; seat 1 is alone against an all-in
    # seat: nobody can bet against him, and a fold would give seat 2 the
    # side pot he never matched, so he may only check.
    h = Hand(FT, lexibook(), [100, 100, 10], 2, deck=list(range(52)))
    h.act('call')       # seat 2, all in
    h.act('call')       # seat 0
    h.act('raise')      # seat 1 to 20
    h.act('call')       # seat 0
    assert h.street_name == 'flop' and h.actor == 0
    assert kinds(h) == ['fold', 'check', 'bet']
    h.act('fold')
    assert h.actor == 1 and h.legal_actions() == [('check', 0)]
    while not h.finished:
        h.act('check')
    # the side pot (10 from each of seats 0 and 1) goes to seat 1 whatever
    # the cards; the main pot 3 x 10 to the better of seats 1 and 2
    assert h.pots[0] == (20, [1])
    assert h.pots[1][0] == 30 and h.pots[1][1] in ([1], [2], [1, 2])
    assert sum(h.stacks) == 210 and h.stacks[0] == 80


def test_a_hand_with_a_fold_when_a_check_was_free_goes_through_phh_and_back():
    h = Hand(FT, casino(), [100, 100, 100], 2, deck=list(range(52)))
    h.act('call')
    h.act('call')
    h.act('fold')       # the big blind, with a check free
    while not h.finished:
        h.act('check')
    text = phh.dumps(h)
    assert 'p2 f' in text
    again, _ = phh.replay(phh.loads(text))
    assert again.stacks == h.stacks and again.history == h.history
