# portable
"""poker.odds.equity: the equity calculator against brute force (the seed-002
impossible call is tested with the view: test_hand_view.py).

The brute-force oracles here enumerate every deal with their own loops and
split the pot by the rules of docs/rules.md, so they share nothing with the
calculator but the evaluator (which has its own tests). Dead cards shrink
the deck so that exact cases stay small on MicroPython too. The CPython-only
tests (phevaluator as an independent evaluator) return at once on
MicroPython, where it does not exist.
"""
import gc

gc.collect()  # a 180 KB heap after other test modules: compact first
from poker.odds import equity as eq  # noqa: E402
from poker.eval import evaluator as ev  # noqa: E402
from poker.odds import omaha_fast  # noqa: E402
from checks import raises  # noqa: E402
from spots import combos  # noqa: E402
from deck import shuffled  # noqa: E402  (tools/sim/deck.py)
from poker.cards import parse  # noqa: E402
from poker.rng import Rng  # noqa: E402
import equity_spy  # noqa: E402

# which way equity went, for the whole module: equity_spy
HOW, _undo = equity_spy.spy()


def _rest(known):
    out = []
    for c in range(52):
        if c not in known:
            out.append(c)
    return out


def _permille(num, den):
    # round half up, the calculator's rounding of the same fraction
    return (num * 1000 * 2 + den) // (2 * den)


def _split_hi(me, others):
    """Share of player 0 in 1/2520 units for a high (or razz) pot."""
    best = max([me] + others)
    if me < best:
        return 0
    return 2520 // (1 + others.count(best))


def _split_hilo(his, los):
    """his/los for all players, player 0 first; low None = no low."""
    best_hi = max(his)
    lows = [x for x in los if x is not None]
    share = 0
    if not lows:
        return 2520 // his.count(best_hi) if his[0] == best_hi else 0
    if his[0] == best_hi:
        share += 1260 // his.count(best_hi)
    best_lo = max(lows)
    if los[0] == best_lo:
        share += 1260 // los.count(best_lo)
    return share


def test_river_holdem_exact_equity_is_the_share_over_every_opponent_hand():
    mine = parse("Ah Qd")
    board = parse("Qs 9h 4c 2d Jh")
    dead = parse("3s 5s 6s 7s 8s Ts Ks As 3c 5c 6c 7c 8c Tc")
    rest = _rest(mine + board + dead)
    num = den = 0
    me = ev.high(mine + board)
    for opp in combos(rest, 2):
        num += _split_hi(me, [ev.high(opp + board)])
        den += 2520
    got = eq.equity("FT", mine, board, 1, dead, exact_max=100000)
    assert HOW["way"] == "exact"
    assert got == _permille(num, den)


def test_flop_holdem_two_known_hands_share_the_pot_exactly_between_them():
    a, b = parse("As Kd"), parse("7c 7h")
    board = parse("Kh 7d 2s")
    dead = _rest(a + b + board)[:30]  # leave 15 cards: 105 runouts
    ea = eq.equity("FT", a, board, [b], dead, exact_max=10000)
    eb = eq.equity("FT", b, board, [a], dead, exact_max=10000)
    assert abs(ea + eb - 1000) <= 1
    rest = _rest(a + b + board + dead)
    num = den = 0
    for turn_river in combos(rest, 2):
        bd = board + turn_river
        num += _split_hi(ev.high(a + bd), [ev.high(b + bd)])
        den += 2520
    assert ea == _permille(num, den)


def test_stud_hi_lo_exact_equity_splits_halves_and_gives_all_to_high_without_a_low():
    mine = parse("As 2d 3c 4h Kd Kc")   # sixth street: one card to come
    opp_up = parse("Qs Qd 9h 9c")
    dead = _rest(mine + opp_up)[:32]
    rest = _rest(mine + opp_up + dead)
    num = den = 0
    for mine7 in rest:
        others = [c for c in rest if c != mine7]
        for opp3 in combos(others, 3):
            m = mine + [mine7]
            o = opp_up + opp3
            num += 2 * _split_hilo([ev.high(m), ev.high(o)], [ev.low8(m), ev.low8(o)])
            den += 5040
    got = eq.equity("F7S/8", mine, (), [opp_up], dead, exact_max=100000)
    assert HOW["way"] == "exact"
    assert got == _permille(num, den)


def test_razz_exact_equity_uses_the_ace_to_five_low():
    mine = parse("Ah 2c 5d 7s 9h Kc")
    opps = [parse("3d 4d 8c Qh"), parse("6h 6c Td Js")]
    dead = _rest(mine + opps[0] + opps[1])[:30]
    rest = _rest(mine + opps[0] + opps[1] + dead)
    num = den = 0
    for m7 in rest:
        r1 = [c for c in rest if c != m7]
        for o1 in combos(r1, 3):
            r2 = [c for c in r1 if c not in o1]
            for o2 in combos(r2, 3):
                m = ev.low_a5(mine + [m7])
                num += 2 * _split_hi(m, [ev.low_a5(opps[0] + o1), ev.low_a5(opps[1] + o2)])
                den += 5040
    got = eq.equity("FR", mine, (), opps, dead, exact_max=100000)
    assert HOW["way"] == "exact"
    assert got == _permille(num, den)


def test_omaha_hi_lo_exact_equity_uses_two_hole_and_three_board_cards():
    mine = parse("Ad 2d Kc Qs")
    board = parse("3h 5c Kd 8s")
    known = mine + board
    dead = _rest(known)[:38]
    rest = _rest(known + dead)  # 6 cards: the river and a 4-card hand
    num = den = 0
    for river in rest:
        r1 = [c for c in rest if c != river]
        bd = board + [river]
        for opp in combos(r1, 4):
            his = [ev.omaha_high(mine, bd), ev.omaha_high(opp, bd)]
            los = [ev.omaha_low8(mine, bd), ev.omaha_low8(opp, bd)]
            num += 2 * _split_hilo(his, los)
            den += 5040
    got = eq.equity("FO/8", mine, board, 1, dead, exact_max=1000)
    assert HOW["way"] == "exact"
    assert got == _permille(num, den)


def test_monte_carlo_is_near_the_exact_value_and_deterministic_per_seed():
    mine = parse("Jc Jd")
    opp = parse("Ah Ks")
    board = parse("Th 4s 9c")
    dead = _rest(mine + opp + board)[:25]
    exact = eq.equity("FT", mine, board, [opp], dead, exact_max=10000)
    a = eq.equity("FT", mine, board, [opp], dead, samples=2000, rng=Rng(5))
    b = eq.equity("FT", mine, board, [opp], dead, samples=2000, rng=Rng(5))
    assert a == b
    assert HOW["way"] != "exact" and HOW["deals"] == 2000
    # 4.5 standard errors of a share near one half over 2000 deals
    assert abs(a - exact) <= 50, (a, exact)
    others = [eq.equity("FT", mine, board, [opp], dead, samples=200, rng=Rng(s))
              for s in (1, 2, 3, 4)]
    assert len(set(others)) > 1  # the seed matters


def test_aces_against_one_random_hand_preflop_is_about_85_percent():
    # the textbook figure for AA against a random hand: 85.2 %
    got = eq.equity("FT", parse("As Ah"), (), 1, samples=1500, rng=Rng(11))
    assert 825 <= got <= 880, got


def test_a_hand_that_cannot_lose_has_full_equity_and_one_that_cannot_win_none():
    board = parse("Ts Js Qs Ks 2d")
    assert eq.equity("FT", parse("As 3c"), board, 2, samples=50) == 1000
    # a royal flush on the board: everybody splits
    assert eq.equity("FT", parse("2c 3c"), parse("Ts Js Qs Ks As"), 2, samples=50) == 333
    # quads showing against a hand with no way to improve
    assert eq.equity("F5S", parse("2c 7d 9h Jc Ks"), (), [parse("8s 8h 8d 8c")], samples=50) == 0


def test_bad_input_is_rejected():
    raises(ValueError, eq.equity, "FT", parse("As Ah"), parse("As 2c 3d"), 1)
    raises(ValueError, eq.equity, "XX", parse("As Ah"), (), 1)
    raises(ValueError, eq.equity, "FT", parse("As Ah"), (), 0)


def test_weighted_ranges_make_opponents_stronger():
    mine = parse("9c 8c")
    free = eq.equity("FT", mine, (), 1, samples=1500, rng=Rng(2))
    tight = eq.equity("FT", mine, (), 1, samples=1500, rng=Rng(2), ranges=[(12, 1000)])
    assert tight < free - 30, (free, tight)


def test_start_score_orders_classic_starting_hands():
    s = eq.start_score
    assert s("FT", parse("As Ah")) > s("FT", parse("Ks Kh")) > s("FT", parse("As Kd")) > s("FT", parse("7c 2d"))
    assert s("FT", parse("Js Ts")) > s("FT", parse("Jd Th"))
    assert s("F7S", parse("5c 5d 5h")) > s("F7S", parse("Ac Ad 2h")) > s("F7S", parse("9c 9d Kh"))
    assert s("FR", parse("Ac 2d 3h")) > s("FR", parse("Kc Qd 4h"))
    assert s("FO", parse("As Ad Ks Kd")) > s("FO", parse("7c 2d 9h 4s"))


# ------------------------------------------------------------- CPython only

def test_flop_equity_matches_phevaluator_over_every_runout():
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return  # MicroPython: no phevaluator
    from poker.cards import name
    mine, opp = parse("Ah Kh"), parse("Qs Qc")
    board = parse("Jh 7h 2c")
    rest = _rest(mine + opp + board)
    num = den = 0
    for tr in combos(rest, 2):
        bd = board + tr
        a = evaluate_cards(*[name(c) for c in mine + bd])
        b = evaluate_cards(*[name(c) for c in opp + bd])  # lower is better
        num += 2 if a < b else 1 if a == b else 0
        den += 2
    got = eq.equity("FT", mine, board, [opp], exact_max=2000)
    assert HOW["way"] == "exact"
    assert got == _permille(num, den)


def test_omaha_low_by_rank_masks_is_the_best_low_of_two_hole_and_three_board_cards():
    # the rank-mask walk (poker.eval.lows) against every two-plus-three five
    # scored by low8 (a lookup of the five's rank mask: another path)
    rng = Rng(31)
    lows = 0
    for _ in range(300):
        cards = shuffled(rng)
        hole, board = cards[:4], cards[4:9]
        want = None
        for two in combos(hole, 2):
            for three in combos(board, 3):
                v = ev.low8(two + three)
                if v is not None and (want is None or v > want):
                    want = v
        assert ev.omaha_low8(hole, board) == want, (hole, board)
        lows += want is not None
    assert lows > 20


def test_fast_omaha_high_is_the_exact_omaha_high_and_respects_its_floor():
    rng = Rng(32)
    tri = [0] * 10
    ub = [0] * 6
    # the board's straight needs no hole card, so a pair's
    # seven-card hand with the board is not an Omaha hand
    hole = parse("Qc Tc Kc Qd")
    board = parse("Kd As Td Jc Qh")
    for i in range(400):
        if i:
            cards = shuffled(rng)
            hole = cards[:4]
            board = cards[4:9]
        exact = ev.omaha_high(hole, board)
        omaha_fast.board_triples(board, tri)
        assert omaha_fast.omaha_high_fast(hole, board, tri, ub) == exact, (hole, board)
        for floor in (exact - 50, exact, exact + 1, exact + 400):
            got = omaha_fast.omaha_high_fast(hole, board, tri, ub, floor)
            if exact >= floor:
                assert got == exact, (hole, board, floor)
            else:
                assert got < floor, (hole, board, floor)
        if i % 50 == 0:
            gc.collect()  # (MicroPython's small heap)


def test_fast_omaha_equity_is_exact_enumeration_and_monte_carlo_is_close():
    # a hand worth 883 per 1000 against one random hand (with the full
    # deck), the deck shrunk by dead cards so that the oracle stays quick on
    # MicroPython: every opponent hand enumerated, scored by the evaluator's
    # sixty-lookup omaha_high, against the fast path
    mine = parse("Qc Tc Kc Qd")
    board = parse("Kd As Td Jc Qh")
    dead = parse("2c 3c 4c 5c 6c 7c 8c 2d 3d 4d 5d 6d 7d 8d 2h 3h 4h 5h 6h 7h")
    rest = _rest(mine + board + dead)
    me = ev.omaha_high(mine, board)
    num = 0
    den = 0
    for opp in combos(rest, 4):
        num += _split_hi(me, [ev.omaha_high(opp, board)])
        den += 2520
    want = _permille(num, den)
    assert want > 600, want  # (the shortcut that gave the board to both: 500)
    got = eq.equity("FO", mine, board, 1, dead, exact_max=20000, omaha_quick=True)
    assert HOW["way"] == "exact" and got == want, (got, want)
    # Monte Carlo on the fast path: within 30 per 1000 (4 standard errors)
    mc = eq.equity("FO", mine, board, 1, dead, samples=1000, rng=Rng(3), omaha_quick=True)
    assert abs(mc - want) <= 30, (mc, want)
    # on the flop, high and hi/lo: the fast path's exact walk is the slow one's
    for code, m, b in (("FO", "Ah Kh Qd Jd", "Th 9c 2h"), ("FO/8", "As 2d Qh 3c", "4c 7h 9s")):
        m = parse(m)
        b = parse(b)
        rest = _rest(m + b)
        dead = rest[:33] if code == "FO" else rest[-33:]  # (hi/lo: lows live)
        slow = eq.equity(code, m, b, 1, dead, exact_max=30000)
        fast = eq.equity(code, m, b, 1, dead, exact_max=30000, omaha_quick=True)
        assert HOW["way"] == "exact" and slow == fast, (code, slow, fast)
