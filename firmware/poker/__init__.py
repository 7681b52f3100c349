"""The poker engine: cards, evaluation, rules, one hand, the game, players.

Nothing in this package knows about hardware or screens; it runs unchanged
on CPython 3.11 and on MicroPython.
"""
