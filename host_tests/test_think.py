# portable
"""Decisions in slices: a virtual player's ``think(view)`` is a
generator whose slices the console's loop runs between two polls of the
buttons; ``Game.think`` works one slice of the player to act.

The decision and the random draws must be the ones ``decide`` makes in one
go, whatever runs between the slices (here: another equity through the same
batch buffers, as the coach's), and a decision begun for one turn is never
applied to another (the players remade, a new game, a saved game loaded:
test_think_game.py, on the host alone: MicroPython's test heap does not
hold its games)."""
from checks import raises, run_slices
from spots import casino_view, other_equity
from poker.odds import equity
from poker import players
from poker.odds.montecarlo import WHOLE, finish
from poker.rng import Rng


def test_equity_in_slices_is_the_same_equity_and_leaves_the_same_random_state():
    cases = 0
    for code, seats, seed in (("F7S", 8, 1), ("FT", 6, 2), ("FR", 5, 3), ("FO/8", 4, 4), ("F5S", 3, 5)):
        v = casino_view(code, seats, seed, acts=2)
        for ranges in (None, [(10, 800)] * v.live_opponents):
            one = Rng(7)
            whole = equity.view_equity(v, 50, one, ranges)
            for per in (1, 2, 7, 40):
                r = Rng(7)
                g = equity.view_parts(v, 50, r, ranges, 0, None, 0, False, per)
                got, n = run_slices(g, other_equity)
                assert got == whole, (code, ranges is not None, per)
                assert (r.s0, r.s1) == (one.s0, one.s1)
                assert n >= 2  # the set-up, then at least one slice of deals
                cases += 1
            assert finish(equity.view_parts(v, 50, Rng(7), ranges, 0, None, 0, False, WHOLE)) == whole
    assert cases == 40


def _sliced(p, view):
    """p's decision in slices, other work between them: (action, slices)."""
    return run_slices(p.think(view), other_equity)


def test_thinking_in_slices_decides_as_decide_does_at_every_level():
    most = {}
    for level in players.LEVELS:
        for code, seats, seed in (("F7S", 8, 11), ("FT", 8, 12), ("FR", 4, 13), ("FO", 4, 14), ("F7S/8", 6, 15)):
            for acts in (0, 3):
                v = casino_view(code, seats, seed, acts)
                a = players.make(level, seed=seed)
                b = players.make(level, seed=seed)
                one = a.decide(v)
                got, n = _sliced(b, v)
                assert got == one, (level, code, acts)
                assert (a.rng.s0, a.rng.s1) == (b.rng.s0, b.rng.s1)
                most[level] = max(most.get(level, 0), n)
    # Easy decides at once; Normal and Hard think in several slices
    assert most["easy"] == 0 and most["normal"] >= 3 and most["hard"] >= 10, most


def test_a_seat_with_one_legal_action_or_none():
    v = casino_view("F7S", 4, 3)
    p = players.make("hard", seed=1)
    v.legal = [v.legal[0]]
    assert _sliced(p, v) == (v.legal[0], 0)
    v.legal = []
    raises(ValueError, _sliced, p, v)
