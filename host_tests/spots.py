"""Card sets and hands built for tests (portable: they run under host_tests/mptest.py
too; apart from checks.py, so the tests that do not need them do not load them)."""


def combos(items, k):
    """Every k of items, as lists, in order (itertools.combinations is not
    on MicroPython)."""
    if k == 0:
        yield []
        return
    for i in range(len(items) - k + 1):
        for tail in combos(items[i + 1:], k - 1):
            yield [items[i]] + tail


def exhausted_hand(seed):
    """8 seats of 7 Card Stud (casino), shuffled with ``Rng(seed)``: the
    first seat offered a fold folds, the rest check or call to the end, so
    7 live players need 7 cards from a stub of 4 and the 3 burns are
    shuffled in (docs/rules.md, deck exhaustion)."""
    from poker.hand import Hand
    from poker.rng import Rng
    from poker.rules import casino
    from poker.variants import VARIANTS

    h = Hand(VARIANTS['F7S'], casino(), [1000] * 8, seed % 8, Rng(seed))
    folded = False
    while not h.finished:
        ks = [k for k, _ in h.legal_actions()]
        if not folded and 'fold' in ks:
            folded = True
            h.act('fold')
        else:
            h.act('bring_in' if 'bring_in' in ks else 'check' if 'check' in ks else 'call')
    return h


def casino_view(code, seats, seed, acts=0):
    """The view of the player to act in a casino hand of ``code`` (seeded
    deal), after ``acts`` calls."""
    from poker.hand import Hand
    from poker.rng import Rng
    from poker.rules import casino
    from poker.variants import VARIANTS

    h = Hand(VARIANTS[code], casino(), [1000] * seats, seed % seats, Rng(seed))
    for _ in range(acts):
        legal = h.legal_actions()
        for k, a in legal:
            if k in ("call", "check", "bring_in"):
                h.act(k, a)
                break
        else:
            h.act(*legal[0])
    return h.view(h.actor)


def other_equity():
    """The coach's kind of work between two slices of a decision: another
    equity through the batch path's shared buffers."""
    from poker.odds import equity
    from poker.rng import Rng

    equity.view_equity(casino_view("FT", 6, 99), 40, Rng(3))
