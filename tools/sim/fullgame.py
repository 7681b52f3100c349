"""A scripted full game: new game, then hands until GAME OVER or YOU WIN,
the human pressing A (check or call; "call anyway" at a warning) against
the real virtual players. For the MicroPython unix port with the heap of
the stock-firmware budget, code precompiled to .mpy as on the device:

    micropython -X heapsize=180k tools/sim/fullgame.py [seed [level [profile [MPY_DIR [SCALE]]]]]

Prints one line: hands, result, chips, the highest gc.mem_alloc() seen
after a collection at the start of each hand, and frames drawn; then a line
``table_ram N modules A B ...``: the evaluator's table bytes read into RAM
(poker.eval.lookup.ram_bytes()) and the modules loaded, from which
host_tests/test_ui_fullgame.py estimates the RP2040's figure.
SCALE: the heap was given SCALE times the device budget (the 64-bit port's
objects are wider); the evaluator's RAM reserve is scaled alike so that it
picks the tables it would pick in the device's heap.
(host_tests/test_ui_fullgame.py runs it.)
"""
import gc
import sys

if len(sys.argv) > 4:  # a folder of .mpy files first on the path (the device's layout)
    sys.path.insert(0, sys.argv[4])
if len(sys.argv) > 5 and float(sys.argv[5]) != 1:
    from poker.eval import lookup as _lookup

    _lookup.RAM_RESERVE = int(_lookup.RAM_RESERVE * float(sys.argv[5]))

from ui import keys
from ui_rig import CountingSound, Rig


def play(seed=1, level=0, profile="lexibook", max_presses=200000):
    rig = Rig(seed=seed, players=None, pace_ms=50, sound=CountingSound(),
              settings={"difficulty": level, "profile": profile, "game": "F7S"})
    rig.new_game()
    peak = 0
    hands = -1
    for _ in range(max_presses):
        g = rig.app.game
        if g.hand_no != hands:
            hands = g.hand_no
            gc.collect()
            used = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
            peak = max(peak, used)
        assert rig.chips_ok()
        name = rig.screen()
        if name == "Table" and not g.human_to_act():
            rig.run(50)
            continue
        if name == "Confirm":
            rig.press(keys.RIGHT)
        rig.press(keys.A)
        if g.over and rig.screen() == "Menu":
            break
    g = rig.app.game
    print("hands %d result %s chips %d/%d peak_heap %d frames %d" % (
        g.hand_no, g.result, sum(g.stacks), g.total, peak, rig.app.draws))
    lookup = sys.modules.get("poker.eval.lookup")
    ram = lookup.ram_bytes() if lookup is not None and hasattr(lookup, "ram_bytes") else 0
    print("table_ram %d modules %s" % (ram, " ".join(sorted([m for m in sys.modules if m.startswith(("poker", "ui"))]))))
    return g


if __name__ == "__main__":
    a = sys.argv
    play(int(a[1]) if len(a) > 1 else 1, int(a[2]) if len(a) > 2 else 0, a[3] if len(a) > 3 else "lexibook")
