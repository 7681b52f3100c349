"""The poker engine: cards, evaluation, rules, one hand, the game, players.

Nothing in this package knows about hardware or screens; it runs unchanged
on CPython 3.11 and on MicroPython.
"""
import sys


def unload(name):
    """Forgets a module used for a moment (poker.eval.handname after a
    showdown; a screen's page), so that its functions and tables leave the
    heap until the next use imports it again."""
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
    would be a name every route interns in its heap. (An import statement,
    and __import__, intern each part of the name again at every call: on
    the stock route a scan of every interned name each, so a loaded module
    is looked up in sys.modules instead.)"""
    mod = sys.modules.get(name)
    if mod is None:
        __import__(name)
        mod = sys.modules[name]
    return mod
