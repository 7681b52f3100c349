"""poker.hand under hypothesis: any sequence of legal actions, in any game,
under either profile, at any table, ends in a settled hand; chips are
conserved exactly; no stack goes negative; a pot goes only to players
eligible for it (checked against an independent bound: a seat can win from
each other seat at most what it matched itself); an illegal action changes
nothing. STUD_SLOW=1 runs ten times more examples."""
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker.hand import Hand
from poker.rules import casino, lexibook
from poker.variants import VARIANTS

SLOW = os.environ.get("STUD_SLOW") == "1"
EXAMPLES = 3000 if SLOW else 300
KINDS = ('fold', 'check', 'call', 'bring_in', 'complete', 'bet', 'raise')


@st.composite
def tables(draw):
    code = draw(st.sampled_from(sorted(VARIANTS)))
    v = VARIANTS[code]
    profile = draw(st.sampled_from(['lexibook', 'casino']))
    rules = lexibook() if profile == 'lexibook' else casino(
        draw(st.sampled_from([2, 10, 20])))
    if draw(st.booleans()):
        rules = rules.copy(short_all_in_reopens=draw(st.sampled_from([1, 2, 3])),
                           odd_chip=draw(st.sampled_from(['card', 'seat'])),
                           raise_cap=draw(st.sampled_from([1, 3, 4, None])),
                           # PokerKit's conventions (the pokerkit profile)
                           raise_over_all_in=draw(st.booleans()),
                           odd_chips_together=draw(st.booleans()),
                           merge_pots=draw(st.booleans()),
                           low_half_if_any_low=draw(st.booleans()))
    n = draw(st.integers(2, rules.seats_for(v)))
    stacks = draw(st.lists(st.one_of(st.integers(0, 40), st.integers(0, 400)),
                           min_size=n, max_size=n))
    if len([s for s in stacks if s]) < 2:
        stacks[0] = stacks[-1] = 100
    dealer = draw(st.integers(0, n - 1))
    deck = draw(st.permutations(list(range(52))))
    return v, rules, stacks, dealer, deck


def _snapshot(h):
    return (h.actor, list(h.stacks), list(h.bets), len(h.history), h.street,
            list(h.legal_actions()))


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(tables(), st.data())
def test_any_legal_action_sequence_ends_settled_with_chips_conserved(table, data):
    v, rules, stacks, dealer, deck = table
    h = Hand(v, rules, stacks, dealer, deck=deck)
    total = sum(stacks)
    steps = 0
    while not h.finished:
        steps += 1
        assert steps < 400, "the hand does not end"
        legal = h.legal_actions()
        assert legal and h.actor is not None
        s = h.actor
        for kind, amount in legal:
            assert 0 <= amount <= h.stacks[s], (kind, amount)
            assert (amount > 0) == (kind not in ('fold', 'check')), (kind, amount)
        if data.draw(st.integers(0, 9)) == 0:   # now and then an illegal try
            kind = data.draw(st.sampled_from(KINDS))
            amount = data.draw(st.integers(0, 50))
            if (kind, amount) not in legal:
                before = _snapshot(h)
                try:
                    h.act(kind, amount)
                    raise AssertionError("illegal action accepted")
                except ValueError as e:
                    assert kind in str(e)
                assert _snapshot(h) == before
        h.act(*data.draw(st.sampled_from(legal)))
        for i in range(h.n):
            assert h.stacks[i] >= 0
            if not h.finished:
                assert h.stacks[i] + h.contrib[i] == stacks[i]
    assert not h.voided, h.log
    assert sum(h.stacks) == total
    assert min(h.stacks) >= 0
    assert sum(h.winnings) == sum(h.contrib) == sum(a for a, _ in h.pots)
    for i in range(h.n):
        assert h.stacks[i] == stacks[i] - h.contrib[i] + h.winnings[i]
        if h.folded[i] or not stacks[i]:
            assert h.winnings[i] == 0
        # eligibility, independently: from each seat o you can win at most
        # min(what o put in, what you put in)
        cap = 0
        for o in range(h.n):
            cap += min(h.contrib[o], h.contrib[i])
        assert h.winnings[i] <= cap
    for (amount, winners), (half, eligible) in zip(h.pots, h.pot_info):
        assert winners and amount >= 0 and half in ('all', 'high', 'low')
        for w in winners:
            assert w in eligible and not h.folded[w]
    assert h.legal_actions() == [] and h.actor is None
