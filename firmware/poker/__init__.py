"""The poker engine: cards, evaluation, rules, one hand, the game, players.

Nothing in this package knows about hardware or screens; it runs unchanged
on CPython 3.11 and on MicroPython.
"""


def unload(name):
    """Forgets a module used for a moment (poker.eval.handname after a
    showdown; a screen's page), so that its functions and tables leave the
    heap until the next use imports it again."""
    import sys

    mod = sys.modules.pop(name, None)
    if mod is not None:
        parent, _, child = name.rpartition(".")
        pkg = sys.modules.get(parent)
        if pkg is not None and hasattr(pkg, child):
            delattr(pkg, child)


def load(name):
    """The module ``name``, imported if it is not yet: for a module used only
    sometimes (a tournament's). Named as text, a module name longer than ten
    letters stays a string in the caller's code; in an import statement it
    would be a name every route interns in its heap."""
    __import__(name)
    import sys

    return sys.modules[name]
