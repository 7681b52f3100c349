"""How long the screens take to redraw, on the MicroPython unix port, with
the projection to the RP2040 (docs/device.md: bytecode runs about 90 times
slower there). Budget: button press to updated screen 50 ms on the device,
of which show() over I2C takes about 13 ms at 1 MHz for a full frame, less
when only changed pages go out.

    micropython tools/bench/bench_ui.py

Each figure is the fastest of many short batches, so a busy machine (other
processes preempting this one) inflates it less; it is the time of the
drawing into the frame buffer (show() of the simulated display does
nothing).
"""
import time

from ui import keys
from ui_rig import Rig, call_down

FACTOR = 90  # device time / unix port time for bytecode (docs/device.md)

try:
    _us = time.ticks_us
    _diff = time.ticks_diff
except AttributeError:  # CPython: only for trying the script
    def _us():
        return int(time.perf_counter() * 1000000)

    def _diff(a, b):
        return a - b


def best_us(fn, batch=10, batches=60):
    best = None
    for _ in range(batches):
        t0 = _us()
        for _ in range(batch):
            fn()
        dt = _diff(_us(), t0) / batch
        if best is None or dt < best:
            best = dt
    return best


def report(label, us):
    print("%-40s %7.0f us unix  -> %5.1f ms device" % (label, us, us * FACTOR / 1000))


def full(app):
    def f():
        app.changed()
        app.draw()
    return f


def main():
    rig = Rig(seed=21, settings={"game": "F7S"})
    report("power-on screen, full redraw", best_us(full(rig.app)))
    rig.press(keys.A)
    app = rig.app
    report("menu, full redraw", best_us(full(app)))

    def menu_move():
        app.handle(keys.DOWN, keys.PRESS)
        app.draw()
        app.handle(keys.UP, keys.PRESS)
        app.draw()
    report("menu, DOWN press + redraw (2 rows)", best_us(menu_move) / 2)
    menu = app.screen
    menu.sel = menu.items.index("NEW GAME")
    rig.press(keys.A)
    call_down(rig, lambda r: r.app.game.view(0).street >= 3)
    report("table 4 seats stud, full redraw", best_us(full(app)))

    def choice():
        app.handle(keys.RIGHT, keys.PRESS)
        app.draw()
    report("table, RIGHT press + redraw (bar only)", best_us(choice))
    t = app.screen
    report("table, view + hand name (after an action)", best_us(t.refresh))
    rig.press(keys.UP)
    report("table as a list, full redraw", best_us(full(app)))
    rig.press(keys.UP)

    # A on your turn: the action goes to the game, the view and the names
    # are read again, the whole table is redrawn (one shot per turn)
    times = []
    for _ in range(40):
        if not rig.until(rig.my_turn, 60000):
            break
        t0 = _us()
        app.handle(keys.A, keys.PRESS)
        app.draw()
        times.append(_diff(_us(), t0))
        rig.answer_confirm()
        while rig.past_result():
            pass
    times.sort()
    if times:
        report("table, A press: act + refresh + redraw (median)", times[len(times) // 2])
        report("table, A press: act + refresh + redraw (fastest)", times[0])

    rig8 = Rig(seed=25, settings={"profile": "casino", "game": "F7S", "players": 8})
    rig8.new_game()
    call_down(rig8, lambda r: r.app.game.view(0).street >= 3)
    report("table 8 seats stud, full redraw", best_us(full(rig8.app)))
    rig10 = Rig(seed=26, settings={"profile": "casino", "game": "FT", "players": 10})
    rig10.new_game()
    call_down(rig10, lambda r: r.app.game.view(0).street >= 1)
    report("table 10 seats hold'em, full redraw", best_us(full(rig10.app)))
    showdown_work()


def showdown_work():
    """The showdown screen's own work once a hand is over: the cards that
    play and the names (Hand.explain), its lines, one redraw; eight seats
    of Omaha hi/lo and of stud hi/lo, the hands where the most seats show
    (the modules already imported: the import is not timed)."""
    from poker.eval import handname  # noqa: F401  (kept loaded while timing)
    from poker import rules
    from poker.hand import Hand
    from poker.rng import Rng
    from poker.variants import VARIANTS
    from poker.view import passive
    from simhw import SimDisplay
    from ui import showdown

    import poker
    unload = poker.unload
    poker.unload = lambda name: None
    d = SimDisplay()
    for code in ("F7S/8", "FO/8"):
        rng = Rng(3)
        best = None
        most = 0
        for k in range(120):
            h = Hand(VARIANTS[code], rules.casino(), [500] * 8, k % 8, rng)
            while not h.finished:  # everybody checks and calls: many show
                kind, amount = passive(h.view(h.actor))
                h.act(kind, amount)
            shown = 8 - h.shown.count(None)
            t0 = _us()
            h.explain()
            v = h.view(0)
            d.fill(0)
            showdown.draw_showdown(d, showdown.head_of(v), 0, showdown.lines_of(v))
            dt = _diff(_us(), t0)
            if shown > most or (shown == most and dt < best):
                most, best = shown, dt
        report("showdown %s, 8 seats, %d shown" % (code, most), best)
    poker.unload = unload


main()
