# portable
"""poker.players: legal decisions from the view alone, fair, never the
seed-002 impossible call."""
import gc
import sys

from poker.hand import Hand  # the largest module first: less fragmentation
gc.collect()
from deck import shuffled
from poker import players  # noqa: E402
from poker.players import base  # noqa: E402
gc.collect()
from checks import raises  # noqa: E402
from playing import VIEW_FIELDS, OnlyView, play_hand  # noqa: E402
from poker.rng import Rng
from poker.rules import casino, lexibook
from poker.variants import VARIANTS

ALL = ('F7S', 'F5S', 'FT', 'FO', 'F7S/8', 'FR', 'FO/8')
# hands per game in the fairness test: thousands of decisions on CPython
MICRO = sys.implementation.name == 'micropython'
HANDS = 3 if MICRO else 30
def _bots(level_mix, seats, seed):
    out = []
    styles = sorted(base.STYLES)
    for s in range(seats):
        lv = level_mix[s % len(level_mix)]
        if lv == 'station':
            out.append(base.Station())
        elif lv == 'random':
            out.append(base.RandomPlayer(seed + s))
        else:
            out.append(players.make(lv, styles[(seed + s) % len(styles)], seed=seed + s))
    return out


def test_every_decision_is_one_of_the_legal_actions_in_every_game():
    count = [0]

    def check(h, s, v, a):
        assert a in v.legal, (a, v.legal)
        count[0] += 1

    rng = Rng(3)
    for code in ALL:
        for i in range(3):
            seats = 2 + (i * 3) % 5
            rules = lexibook() if i % 2 == 0 else casino()
            bots = _bots(('easy', 'normal', 'hard', 'station', 'random'), seats, i)
            h = play_hand(code, rules, bots, i % seats, shuffled(rng), check)
            assert not h.voided
            assert sum(h.stacks) == 40 * rules.big_bet * seats
            h = bots = None
            gc.collect()  # between hands, as the console does
    assert count[0] > 100


def test_make_takes_level_names_or_numbers_and_rejects_unknown_ones():
    assert players.make(0).level == 'easy'
    assert players.make('normal', 'tight-passive', seed=3).style == 'tight-passive'
    assert players.make(2, rng=Rng(5)).level == 'hard'
    assert players.make(2, rng=Rng(5)).style in base.STYLES
    raises(ValueError, players.make, 'expert')
    raises(ValueError, players.make, 3)
    raises(ValueError, players.make, 'easy', 'reckless')


def _unseen_positions(h, seat):
    """Deck positions of the cards ``seat`` has not seen (others' down
    cards, burns, the stub)."""
    seen = set(h.down[seat]) | set(h.board)
    for u in h.up:
        seen |= set(u)
    return [i for i, c in enumerate(h.deck_order) if c not in seen]


def _replay(code, rules, stacks, dealer, deck, actions):
    h = Hand(VARIANTS[code], rules, stacks, dealer, deck=deck)
    for a in actions:
        h.act(a[2], a[3])
    return h


def test_decisions_do_not_change_when_hidden_cards_are_swapped_for_other_unseen_cards():
    """Fairness: at each decision, the other seats' down cards (and the
    stub and burns) are shuffled among themselves; the replayed hand gives
    the same view and, with the same seed, the same decision."""
    rng = Rng(17)
    compared = 0
    for code in ALL:
        for i in range(HANDS):
            seats = 2 + i % 3
            rules = lexibook()
            deck = shuffled(rng)
            stacks = [40 * rules.big_bet] * seats
            bots = _bots(('hard', 'normal', 'easy'), seats, 100 + i)
            dealer = i % seats
            h = Hand(VARIANTS[code], rules, stacks, dealer, deck=deck)
            while not h.finished:
                if MICRO:
                    gc.collect()  # a 180 KB heap
                s = h.actor
                level = bots[s].level
                pos = _unseen_positions(h, s)
                alt = list(h.deck_order)
                cards = [alt[p] for p in pos]
                for k in range(len(cards) - 1, 0, -1):
                    j = rng.below(k + 1)
                    cards[k], cards[j] = cards[j], cards[k]
                for k in range(len(pos)):
                    alt[pos[k]] = cards[k]
                cards = pos = None
                if MICRO:
                    gc.collect()
                h2 = _replay(code, rules, stacks, dealer, alt, h.actions)
                assert h2.actor == s
                v1, v2 = h.view(s), h2.view(s)
                for f in VIEW_FIELDS:
                    if f == 'known_cards':
                        assert v1.known_cards() == v2.known_cards()
                    elif f not in ('variant', 'rules'):
                        assert getattr(v1, f) == getattr(v2, f), f
                h2 = alt = None  # the views are copies: the replayed hand can go
                if MICRO:
                    gc.collect()
                a1 = players.make(level, 'balanced', seed=compared).decide(v1)
                a2 = players.make(level, 'balanced', seed=compared).decide(v2)
                assert a1 == a2, (code, level, a1, a2)
                compared += 1
                h.act(*bots[s].decide(v1))
                h2 = v1 = v2 = alt = None
    assert compared >= 8 * HANDS * len(ALL), compared


def _forced_f5s_impossible_spot():
    """Heads-up five card stud, dealer seat 0: seat 1 (dealt first) ends
    with king high, seat 0 shows a pair of eights; both check and call to
    fifth street, where seat 0 bets. Returns the hand at seat 1's turn."""
    from poker.cards import parse
    s1 = parse("2c 7d 9h Jc Ks")  # down, then up cards
    s0 = parse("3d 8s 8h 4c 5s")
    order = [s1[0], s0[0], s1[1], s0[1]]
    rest = [c for c in range(52) if c not in s1 and c not in s0]
    burns = rest[:3]
    rest = rest[3:]
    for k in range(3):
        order += [burns[k], s1[2 + k], s0[2 + k]]
    deck = order + rest
    h = Hand(VARIANTS['F5S'], lexibook(), [500, 500], 0, deck=deck)
    guard = 0
    while not (h.street == 3 and h.actor == 1 and h.to_call(1) > 0):
        legal = h.legal_actions()
        if h.street == 3 and h.actor == 0:
            kinds = [a for a in legal if a[0] == 'bet']
            h.act(*kinds[0])
        else:
            pick = None
            for k in ('check', 'call', 'bring_in'):
                for a in legal:
                    if a[0] == k and pick is None:
                        pick = a
            h.act(*pick)
        guard += 1
        assert guard < 40 and not h.finished
    return h


def test_no_level_calls_when_its_hand_cannot_beat_the_bettors_four_up_cards():
    h = _forced_f5s_impossible_spot()
    assert h.impossible_call(1)
    v = h.view(1)
    assert v.impossible_call and _impossible_call_from_the_view(v)
    for level in players.LEVELS:
        for style in base.STYLES:
            for seed in range(4):
                a = players.make(level, style, seed=seed).decide(OnlyView(v))
                assert a[0] != 'call', (level, style, a)


def _fives(cards):
    """Every five of ``cards`` (itertools is not in MicroPython's unix port)."""
    n = len(cards)
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    for e in range(d + 1, n):
                        yield (cards[a], cards[b], cards[c], cards[d], cards[e])


def _impossible_call_from_the_view(v):
    """The seed-002 rule worked out by brute force from what the seat sees
    (an oracle independent of Hand.impossible_call): a stud game, the last
    round, the seat acts last and faces a bet, and no card it has not seen
    gives the bettor's up cards a hand its own cards beat or tie: high in
    stud high, high and no eight-low of its own in hi/lo, ace-to-five low
    in razz."""
    from poker.eval import evaluator
    var = v.variant
    if not var.stud or v.street != var.streets - 1:
        return False
    b = v.bettor
    if v.actor != v.seat or v.finished or v.to_call <= 0 or b is None or b == v.seat:
        return False
    for s in range(v.n):
        if (s not in (v.seat, b) and not v.folded[s] and not v.all_in[s]
                and not v.sitting_out[s] and v.bets[s] < v.bets[b]):
            return False  # someone acts after him
    mine = [c for c in v.down[v.seat]] + v.up[v.seat] + v.board
    seen = set(mine)
    for u in v.up:
        seen |= set(u)
    strength = evaluator.high if var.high else evaluator.low_a5
    me = max(strength(list(five)) for five in _fives(mine))
    for x in range(52):
        if x not in seen and strength(v.up[b] + [x]) <= me:
            return False
    if var.high and var.low == "8":
        lows = [evaluator.low8(list(five)) for five in _fives(mine)]
        return all(lo is None for lo in lows)
    return True


def test_the_views_impossible_call_agrees_with_the_rule_from_the_cards_everywhere():
    rng = Rng(23)
    spots = [0, 0]

    def check(h, s, v, a):
        truth = v.impossible_call
        assert _impossible_call_from_the_view(v) == truth
        spots[truth] += 1
        if truth:
            assert a[0] != 'call' or isinstance(bots[s], base.Station)

    for code in ('F5S', 'F7S', 'F7S/8', 'FR'):
        for i in range(12):
            seats = 2 + i % 3
            rules = lexibook() if i % 2 else casino()
            bots = _bots(('station', 'easy', 'station', 'normal', 'hard'), seats, i)
            play_hand(code, rules, bots, i % seats, shuffled(rng), check)
    assert spots[0] > 100 and spots[1] > 0, spots


def test_a_player_never_reads_the_hand_only_the_view():
    # every decision above goes through OnlyView; here: a view with the
    # other seats' down cards removed altogether still gives a decision
    rng = Rng(4)
    h = Hand(VARIANTS['F7S'], lexibook(), [400] * 4, 0, deck=shuffled(rng))
    v = OnlyView(h.view(h.actor))
    for s in range(4):
        if s != v.seat:
            assert all(c is None for c in v.down[s])
    for level in players.LEVELS:
        assert players.make(level, seed=1).decide(v) in v.legal


def test_known_cards_are_exactly_what_the_seat_has_seen():
    rng = Rng(8)
    h = Hand(VARIANTS['F7S'], lexibook(), [400] * 4, 0, deck=shuffled(rng))
    # fold the first two actors to make dead cards
    folded = []
    while len(folded) < 2:
        s = h.actor
        kinds = [a[0] for a in h.legal_actions()]
        if 'fold' in kinds:
            h.act('fold')
            folded.append(s)
        else:
            h.act(*h.legal_actions()[0])
    s = h.actor
    v = h.view(s)
    mine, board, opps, dead = v.known_cards()
    assert v.known_cards() is v.known_cards()  # made once per view
    assert sorted(mine) == sorted(h.down[s] + h.up[s])
    assert board == []
    live = [x for x in range(4) if x != s and not h.folded[x]]
    assert sorted([sorted(u) for u in opps]) == sorted([sorted(h.up[x]) for x in live])
    for x in folded:
        for c in h.up[x]:
            assert c in dead
        for c in h.down[x]:
            assert c not in dead



def _third_street(code, mine3, other3, rules=None, attack=True):
    """Heads-up, dealer 0: seat 1 gets ``mine3`` (down, down, door), seat 0
    ``other3``; returns the hand at seat 1's first decision that is not a
    forced bring-in (``attack``: seat 0 completes or raises first, else only
    brings in)."""
    from poker.cards import parse
    m, o = parse(mine3), parse(other3)
    order = [m[0], o[0], m[1], o[1], m[2], o[2]]
    deck = order + [c for c in range(52) if c not in order]
    h = Hand(VARIANTS[code], rules or lexibook(), [500, 500], 0, deck=deck)
    while h.actor != 1:
        legal = h.legal_actions()
        pick = [a for a in legal if a[0] in ('complete', 'bet', 'raise')] if attack else []
        h.act(*(pick[0] if pick else legal[0]))
    return h


def test_no_level_folds_a_strong_start_on_third_street():
    # split aces to a completion, jacks to a bring-in
    for level in players.LEVELS:
        for style in base.STYLES:
            aces = _third_street('F7S', 'Ac 7d Ah', '9s 8s Kd')
            assert aces.to_call(1) > 0
            jacks = _third_street('F7S', 'Jc 4d Jh', '9s 8s 2d', casino(), attack=False)
            assert jacks.to_call(1) > 0 and jacks.bring_in_seat == 0
            for h in (aces, jacks):
                for seed in range(4):
                    a = players.make(level, style, seed=seed).decide(OnlyView(h.view(1)))
                    assert a[0] != 'fold', (level, style, a)



def test_every_level_knows_razz_wants_low_cards_and_stud_high_cards():
    # razz: A-2 down, 3 up is the best start; K-Q with a jack up the worst
    for level in players.LEVELS:
        good = _third_street('FR', 'Ac 2d 3h', '9s 8s Kd')
        a = players.make(level, 'balanced', seed=2).decide(OnlyView(good.view(1)))
        assert a[0] != 'fold', (level, a)
        good = _third_street('F7S', 'Ac Ad 3h', '9s 8s 2d')
        a = players.make(level, 'balanced', seed=2).decide(OnlyView(good.view(1)))
        assert a[0] != 'fold', (level, a)
    for level in ('normal', 'hard'):
        # K-Q down under a deuce, against a completed 8: folds
        bad = _third_street('FR', 'Kc Qd 2h', '3s 4s 8d')
        assert bad.to_call(1) > 0
        a = players.make(level, 'tight-passive', seed=2).decide(OnlyView(bad.view(1)))
        assert a[0] == 'fold', (level, a)
