"""The device's quick start: the first frame at once, then what a game needs,
imported a module per idle poll once the first frame (NEW GAME) is on the
display, then the settings and the saved game; and the answer to a key that
comes before what it needs is in (LOADING, then its screen).

    app.jobs[LOADING] = steps(app)   # ui.app, with quick=True
    wait(app, done, game)            # done() once the game (else the settings) is in

Only the device imports it (App with ``quick``), after the first frame, as
the loading's first step: an app that loads at once (the simulator, the
heap proofs) never interns its names.
"""
import gc
import sys

from micropython import const

from ui.messages import Wait

# What a game needs, in this order. On the stock route each module's code is
# read into the heap: read on a fresh heap, it sits together below the game's
# objects instead of in the holes between them, where a later import may find
# no room. The settings (and their modules) come first, then the menu: the
# first key's answer (the menu) needs no more. Not here: the hand's history
# writer (poker.phhout, imported and forgotten per hand) and the screens only
# the menu opens (help, stats). poker.players.hard and poker.odds.sampler are
# here although a game may never use them: imported at first use, a press
# would wait on their import. A key (A, B) comes at its release, and waits
# on a step in progress: each step stays shorter than a press, so a module
# comes after the modules it imports (a step reads one file, not five).
PRELOAD = ("poker.variants", "poker.rules", "poker.match.settings", "ui.menu", "poker.cards", "poker.eval.lows",
           "poker.eval.load", "poker.eval.tables", "poker.eval.evaluator",
           "poker.deal", "poker.settle", "poker.view", "poker.hand", "poker.odds", "poker.odds.ranges",
           "poker.odds.omaha_fast", "poker.odds.montecarlo", "poker.odds.sampler", "poker.odds.equity", "poker.players",
           "poker.players.base", "poker.players.notes", "poker.players.hard", "poker.match.record", "poker.eval.handname",
           "poker.match.store", "poker.match.stats", "poker.match.journal", "poker.match.books", "poker.match.ahead",
           "poker.match.game", "ui.coach", "ui.words", "ui.table_draw", "ui.table", "ui.showdown")
# The loading's collection, a step of its own before this module: by then
# the imports' garbage (each .mpy is read into the heap) fills the heap,
# and without it the next allocation that finds no room collects, in an
# import or in a key's answer.
_COLLECT_BEFORE = const("ui.coach")
_ANSWER = const(4)  # PRELOAD's first modules: what the first key's answer (the menu) needs


def steps(app):
    """The LOADING job: PRELOAD's modules, an import a step (the settings
    before the first module the menu does not need); a module's own loading
    job (its ``steps()``: poker.eval.load's tables, 165 ms of the chip read
    at once) run a piece a step, so that a press waits on one piece; then
    the saved game."""
    i = 0
    for name in PRELOAD:
        if i == _ANSWER and app.settings is None:
            app._load_settings()
            yield
        i += 1  # (a local count: an attribute more on the app slows every key's answer)
        if name == _COLLECT_BEFORE:
            gc.collect()
            yield
        if name not in sys.modules:
            __import__(name)
            yield
        more = getattr(sys.modules[name], "steps", None)
        if more is not None:
            yield from more()
    if app.settings is None:
        app._load_settings()
        yield
    if not app.loaded:
        app._load_game()


def wait(app, done, game=True):
    """done() at once if what it needs is in (the saved game read; with
    ``game`` False, only the settings: the menu's), else LOADING at once,
    the loading a step per poll until it is, then done(): the key is
    answered at once either way."""
    if game:
        ready = lambda: app.loaded  # noqa: E731
    else:
        ready = lambda: app.settings is not None  # noqa: E731
    if ready():
        done()
        return

    def step():
        if not ready():
            app.jobs.step()
        return ready()
    w = getattr(app.screen, "wait", None)  # PowerOn says LOADING itself
    if w is not None:
        w(step, done)
    else:
        app.go(Wait(app, step, done))
