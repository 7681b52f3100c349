"""The virtual players: three levels, five styles, every game.

    p = make('hard', 'tight-aggressive', seed=7)   # or make(2, rng=rng)
    kind, amount = p.decide(hand.view(seat))       # one of view.legal

A player sees only its seat's ``poker.view.SeatView`` and owns its ``Rng``
(deterministic for a seed). ``LEVELS``, ``STYLES``; ``make(level)`` with no
style draws one, and imports only that level's module. What each level
does and how strong it is: docs/players.md.
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
