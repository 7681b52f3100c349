"""Work made before a key asks for it, from the random source as it will
be found, which is then put back: the next hand (``deal``: the key that
starts it waits on no shuffle) and a new game's players and first hand
(``new_game``: the key that starts the game waits on neither). The Game
takes them when nothing changed since, so the deals are the same as
without them; whatever else would draw on the random source first puts it
back (``clear``).
"""
from micropython import const

from poker.match.journal import rng_state
from poker.variants import VARIANTS

# a hand dealt ahead (Game._ahead): the hand, the stacks and the dealer it
# was dealt for, the random state before its shuffle
_HAND = const(0)
_START = const(1)
_DEALER = const(2)
_STATE = const(3)
# a new game made ahead (Game._new_ahead): what it was made from (key), its
# players, its first hand (as Game._ahead), the random state after it
_KEY = const(0)
_BOTS = const(1)
_FIRST = const(2)
_AFTER = const(3)


def deal(g):
    """Deals Game ``g``'s next hand now, between hands once the last one is
    booked, so that ``start_hand`` finds it dealt; it changes nothing else."""
    if not g.ahead():
        return
    state = rng_state(g.rng)
    if state is None:  # a random source that cannot be put back
        return
    start = g._next_start()
    hand = g.hand_factory(g.variant, g.rules, list(start), g.dealer, g.rng)
    g._ahead = (hand, start, g.dealer, state)


def key(g, s):
    """What a new game's players and first hand depend on: the settings
    and the random source as new_game finds it (a hand dealt ahead put
    back)."""
    a = g._ahead
    state = a[_STATE] if a is not None else rng_state(g.rng)
    return (s.game, s.stakes, s.profile, s.players, s.chips, s.difficulty, s.humans, state)


def new_game(g):
    """Makes, while the menu waits, what ``g.new_game()`` would make first
    with the current settings: the virtual players and the first hand. The
    game in play goes on untouched."""
    s = g.settings
    k = key(g, s)
    made = g._new_ahead
    if k[-1] is None or (made is not None and made[_KEY] == k):
        return
    g._new_ahead = None
    rng = g.rng
    now = rng.state()
    rng.restore(k[-1])
    try:
        n = s.players
        bots = {}
        for seat in range(s.humans, n):
            bots[seat] = g.players(seat, s, rng)
        state = rng.state()
        rules = s.house()
        start = [s.chips] * n
        dealer = rules.first_dealer % n
        hand = g.hand_factory(VARIANTS[s.game], rules, list(start), dealer, rng)
        g._new_ahead = (k, bots, (hand, start, dealer, state), rng.state())
    finally:
        rng.restore(now)


def clear(g):
    """The hand dealt ahead goes, and the random source is put back."""
    a = g._ahead
    if a is not None:
        g._ahead = None
        g.rng.restore(a[_STATE])


def take(g, start):
    """(hand, random state before its shuffle) of the hand dealt ahead, if
    it was dealt for ``start`` and this dealer; else None, the deal put back."""
    a = g._ahead
    if a is not None and a[_START] == start and a[_DEALER] == g.dealer:
        g._ahead = None
        return a[_HAND], a[_STATE]
    clear(g)
    return None


def made(g, s):
    """The players of the new game made ahead, if it was made for settings
    ``s`` and the random source as it is (its first hand then becomes the
    hand dealt ahead, and the source goes on from after it); else None."""
    made = g._new_ahead
    g._new_ahead = None
    if made is None or made[_KEY] != key(g, s):
        return None
    g._ahead = made[_FIRST]
    g.rng.restore(made[_AFTER])
    return made[_BOTS]
