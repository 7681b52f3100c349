"""Where the heap goes: a breakdown of the game's RAM under MicroPython.

    micropython -X heapsize=400k tools/bench/bench_heap.py [hands] [--fw=DIR] [--rom=IMAGE] [--dir=DIR]

Same options as tools/bench/bench_soak.py (``--fw``: import the firmware from DIR, e.g.
x64 ``.mpy`` files; ``--rom``: mount a ROMFS image with the tables at /rom,
read into the heap here and left out of every figure). Give it a generous
heap: it measures, it does not prove a budget (tools/bench/bench_soak.py does).

Prints, each after a ``gc.collect()``: the heap in use after each firmware
import (the code and the module-level tables it brings), after the Game is
made, at every decision of the first hands (the largest is the live peak
while playing) and between hands, and what the finished hand, its PHH text
and the store's saves hold. ``micropython.mem_info()`` closes the report.
"""
import gc
import sys

from mpsetup import ARGS as _args, fresh_dir, mount_rom  # noqa: E402

_rom = mount_rom()


def used():
    gc.collect()
    if not hasattr(gc, "mem_alloc"):
        raise SystemExit("tools/bench/bench_heap.py measures MicroPython's heap: run it with micropython")
    return gc.mem_alloc() - _rom


_last = [used()]


def step(label):
    now = used()
    print("%-34s %7d  (%+d)" % (label, now, now - _last[0]))
    _last[0] = now
    return now


def main(hands=8):
    print("heap in use after a collection, ROMFS image%s not counted" % (" of %d bytes" % _rom if _rom else ""))
    step("start")
    for name in ("cards", "rng", "variants", "rules", "lookup", "lows", "evaluator", "view", "hand",
                 "stats", "store", "game", "equity", "players", "phhout"):
        __import__("poker." + name)
        step("import poker." + name)
    from poker.eval import lookup
    print("   evaluator mode:", sys.modules["poker.eval.evaluator"].MODE, lookup.where("high.bin"))

    from poker.match.game import Game
    from poker.match.settings import Settings
    from poker.rng import Rng
    from poker.match.store import Store

    store = Store(fresh_dir("/tmp/stud_heapreport"))
    step("Store")
    settings = Settings()
    settings.stakes = 3
    rng = Rng(1)
    g = Game(settings, rng, store)
    step("Game (4 seats, virtual players)")
    games = ("F7S", "F5S", "FT", "FO")
    peak = 0
    for n in range(hands):
        if n % 2 == 0 and n:
            settings.game = games[(n // 2) % 4]
            g.new_game()
        g.start_hand()
        top = used()
        decisions = 0
        while g.hand is not None:
            if g.human_to_act():
                legal = g.view(0).legal
                g.act(*legal[-1] if legal[0][0] == "fold" and len(legal) > 1 else legal[0])
            else:
                g.step()
            decisions += 1
            top = max(top, used())
        peak = max(peak, top)
        print("hand %d %-4s: %2d decisions, live peak in the hand %d, between hands %d"
              % (n + 1, settings.game, decisions, top, used()))
    _last[0] = used()
    print("largest live heap at a decision:", peak)
    print("modules loaded:", " ".join(sorted([m for m in sys.modules if m.startswith("poker")])))
    text = g.last_hand.to_phh()
    step("  the last hand's PHH text (%d chars)" % len(text))
    text = None
    step("  PHH text dropped")
    g.save()
    step("  a game save")
    g.view(0)
    step("  a SeatView made and dropped")
    g.last_hand = None
    step("  the last finished hand dropped")
    try:
        import micropython

        micropython.mem_info()
    except ImportError:
        pass


if __name__ == "__main__":
    main(int(_args[0]) if _args else 8)
