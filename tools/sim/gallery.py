"""The gallery: the README's pictures of the console (tools/sim/shots/), x3.

    python tools/sim/gallery.py [--out DIR]            # the simulator's screens
    python tools/sim/gallery.py --device [--out DIR] [--release DIR]
                                                       # and the virtual Pico's
    make shots                                         # both, into tools/sim/shots

Most screens are scenes of tools/sim/goldens.py. The end screens come from
real games played from a new game against the virtual players (the counts
they show are the hands those games took). ``--device`` adds frames the
virtual Pico (tools/device) drew running the shipped UF2 of
boards/release (or of --release DIR): the menu, and a table mid-hand.
"""
import sys

from paths import ROOT

OUT = ROOT + "/tools/sim/shots"
SCALE = 3

# the screens of goldens.py the README shows
SCENES = ("power_on", "menu", "table_stud", "table_holdem", "table_casino_stud8", "table_stud_hilo",
          "showdown", "showdown_quartered", "table_dead_cards", "help_stud", "fold_confirm", "impossible_call",
          "finish")

# The end screens' games: the settings and seed of a game that ends that
# way, and how you play it. GAME OVER: the console's table at its highest
# stakes, you calling every bet. YOU WIN: a short-stacked casino table of
# easy players, you raising whenever you may.
GAME_OVER = (2, {"profile": "lexibook", "game": "F7S", "stakes": 3}, False)
YOU_WIN = (4, {"profile": "casino", "game": "F7S", "players": 4, "chips": 1000, "stakes": 3,
               "difficulty": 0}, True)

# the virtual Pico: the release UF2 of this board, and the deal's seed
# (given in a board file on the filesystem, so the shots repeat)
RELEASE = ROOT + "/boards/release"
DEVICE_BOARD = "pico_ssd1306_i2c"
DEVICE_SEED = 7
DEVICE_TURN = 3  # the table shot: your third turn of the first hand


def play_to_end(seed, settings, raising, max_presses=20000):
    """A rig at the banner that ends a game (GAME OVER or YOU WIN): a new
    game with ``settings`` against the real virtual players, you checking
    and calling (or raising whenever you may, if ``raising``) hand after
    hand, every other banner closed with A."""
    from poker.view import passive
    from ui import keys
    from ui_rig import CountingSound, Rig

    rig = Rig(seed=seed, players=None, pace_ms=50, sound=CountingSound(), settings=settings)
    rig.new_game()
    order = ("raise", "bet", "complete") if raising else ()
    for _ in range(max_presses):
        g = rig.app.game
        name = rig.screen()
        if name == "Banner" and rig.app.screen.word in ("GAME OVER", "YOU WIN"):
            return rig
        if name == "Table" and not g.human_to_act():
            rig.run(50)
            continue
        if name == "Confirm":  # a warning before a call that cannot win: call anyway
            rig.press(keys.RIGHT)
        elif name == "Table":
            t = rig.app.screen
            ks = [k for k, _ in t.options]
            for want in order:
                if want in ks:
                    t.sel = ks.index(want)
                    break
            else:
                t.sel = t.options.index(passive(t.view))
        rig.press(keys.A)
    raise AssertionError("no end of the game in %d presses (seed %d)" % (max_presses, seed))


def game_over():
    return play_to_end(*GAME_OVER)


def you_win():
    return play_to_end(*YOU_WIN)


def sim_frames():
    """(name, 1024 frame bytes) of each simulator shot."""
    import goldens

    for name, f in goldens.frames(SCENES):
        yield name, f
    for name, fn in (("game_over", game_over), ("you_win", you_win)):
        yield name, fn().frame()


def device_frames(release=RELEASE, board_name=DEVICE_BOARD, seed=DEVICE_SEED, turn=DEVICE_TURN):
    """(name, frame bytes) the virtual Pico drew running the release UF2:
    the menu, and the table at your ``turn``-th turn. The simulator plans
    the presses (gamescript) and each frame is the device's own, once it
    equals the simulator's."""
    import json
    import os

    import gamescript
    from vpico import VirtualPico, board_dict

    path = os.path.join(release, "stud-pico_%s.uf2" % board_name[len("pico_"):])
    board = dict(board_dict(board_name), seed=seed)
    first, steps, _ = gamescript.plan(seed, games=(("F7S", 1),))
    menu = next(i for i, s in enumerate(steps) if s.screen == "Menu")
    started = next(i for i, s in enumerate(steps) if s.note.startswith("new game"))
    turns = [i for i, s in enumerate(steps[started:], started)
             if s.screen == "Table" and gamescript.is_your_turn(s.frame)]
    table = turns[turn - 1]
    out = []
    with VirtualPico(board) as vp:
        vp.boot(path, files={"board.json": json.dumps(board).encode()})

        def shoot(i, step):
            if i in (menu, table):
                out.append(("device_menu" if i == menu else "device_table", vp.frames[-1].data))
        gamescript.replay(vp, first, steps[:table + 1], on_step=shoot)
        problems = vp.problems()
    if problems:
        raise AssertionError("the virtual Pico: %s" % problems)
    return out


def main(argv):
    from pngout import save_png

    out = argv[argv.index("--out") + 1] if "--out" in argv else OUT
    shots = list(sim_frames())
    if "--device" in argv:
        shots += device_frames(argv[argv.index("--release") + 1] if "--release" in argv else RELEASE)
    for name, f in shots:
        save_png(out + "/" + name + ".png", f, 128, 64, SCALE)
        print("wrote", out + "/" + name + ".png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
