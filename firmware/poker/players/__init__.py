"""The virtual players: three levels, four styles, every game.

A player is an object with ``decide(view) -> (kind, amount)``, where
``view`` is the ``poker.view.SeatView`` of its own seat (all it is ever
given: no hidden card of another seat can reach it) and the answer is one
of ``view.legal``. Decisions are deterministic for a seed: each player
owns an ``Rng``.

    p = make('hard', 'tight-aggressive', seed=7)   # or make(2, rng=rng)
    kind, amount = p.decide(hand.view(seat))

Levels: ``LEVELS`` (``make`` also takes 0, 1, 2); styles: ``STYLES``
(``make(level)`` with no style draws one). ``make`` imports only the level
it makes (on the stock route the code sits in the heap); ``base`` holds
what every level shares, the baselines ``Station`` and ``RandomPlayer``,
and Normal; then ``easy``, ``hard`` and ``notes`` (Hard's memory of the
other seats). What each level does and how strong it is: docs/players.md.
"""
from micropython import const

LEVELS = ('easy', 'normal', 'hard')
_STYLE_NAMES = const(('tight-aggressive', 'loose-aggressive', 'tight-passive',
                      'loose-passive', 'balanced'))


def make(level, style=None, rng=None, seed=None):
    """A virtual player. ``level``: 'easy'/'normal'/'hard' or 0/1/2.
    ``style``: one of ``STYLES`` or None (drawn from ``rng``). ``seed``
    seeds its own ``Rng``; else one draw of ``rng`` does (rng untouched
    beyond that); else seed 1."""
    if isinstance(level, str):
        if level not in LEVELS:
            raise ValueError("unknown level %r" % (level,))
        level = LEVELS.index(level)
    if not 0 <= level < len(LEVELS):
        raise ValueError("unknown level %r" % (level,))
    if seed is None:
        seed = rng.getrandbits(30) if rng is not None else 1
    if style is None:
        style = _STYLE_NAMES[seed % len(_STYLE_NAMES)]
    if level == 2:
        from poker.players.hard import Hard

        return Hard(style, seed)
    if level == 0:
        from poker.players.easy import Easy

        return Easy(style, seed)
    from poker.players.base import Normal

    return Normal(style, seed)
