"""Play the real firmware on the virtual Pico, in the terminal (make play-device):

    python tools/device/play_device.py [--route romfs|lfs] [--board NAME] [--seed N] [--build DIR]

The UF2 (STUD_PICO with the ROMFS image, or RPI_PICO with the app on
LittleFS) runs on the emulated RP2040 (tools/device), installed from build/
as `make deploy` installs it (run `make build` first). The keys are those
of `make play` (tools/sim/term.py): arrows or WASD, Enter or Z = A,
Backspace or X = B, shift-Z / shift-X = a long A / B (held 700 ms), Q quits.
A key is a press of the button's pin held 60 ms; every frame the OLED gets
is drawn as it arrives. The emulator is held to the wall clock (it cannot go
faster than the host lets it: the status line shows its speed).
"""
import argparse
import os
import sys
import time

import term
from paths import ROOT
from ui.keys import LONG, NAMES
from vpico import VirtualPico, app_install, board_dict, uf2

FIRMWARE = {"romfs": "STUD_PICO", "lfs": "RPI_PICO"}
SHORT_MS = 60
LONG_MS = 700
SLICE_MS = 10


class Screen:
    """What term.render reads: the last frame's bytes."""
    width = 128
    height = 64

    def __init__(self):
        self.buffer = bytes(1024)
        self.on = True


def button_for(board, key, event):
    """(button name, hold ms) for a terminal key: six buttons by name; on two
    buttons A/B stand for OK/NEXT and shift holds them long."""
    names = [b["key"] for b in board["buttons"]]
    name = NAMES[key]
    if len(names) == 2:
        name = {"A": "OK", "B": "NEXT"}.get(name)
        if name is None:
            return None
    if name not in names:
        return None
    return name, LONG_MS if event == LONG else SHORT_MS


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--route", choices=("romfs", "lfs"), default="romfs")
    ap.add_argument("--board", default="pico_ssd1306_i2c")
    ap.add_argument("--seed", type=int, default=None, help="a fixed deal (the board's \"seed\")")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = ap.parse_args(argv)
    if not os.path.exists(os.path.join(args.build, "build-info.json")):
        raise SystemExit("no build in %s: run make build first" % args.build)
    if not sys.stdin.isatty():
        raise SystemExit("play-device needs a terminal")
    board = board_dict(args.board)
    if args.seed is not None:
        board["seed"] = args.seed
    screen = Screen()
    with VirtualPico(board) as vp, term.Terminal() as front:
        front.two_button = len(board["buttons"]) == 2

        def on_frame(f):
            screen.buffer = f.data
            screen.on = f.on
            front.frame(screen)

        vp.on_frame = on_frame
        vp.boot(uf2(FIRMWARE[args.route]), **app_install(args.route, args.build, board))
        front.status = "booting %s on the virtual Pico..." % FIRMWARE[args.route]
        front.frame(screen)
        wall0 = time.monotonic()
        emu0 = vp.now
        busy = 0.0
        trouble = ""
        n = 0
        while True:
            n += 1
            for k in front.read_keys(0):
                if k == "quit":
                    return
                if k == "png":
                    continue
                b = button_for(board, *k)
                if b is not None:
                    vp.press(b[0], b[1])
            t = time.monotonic()
            vp.run(SLICE_MS)
            busy += time.monotonic() - t
            wall = time.monotonic() - wall0
            emu = (vp.now - emu0) / 1e9
            if n % 100 == 0 and vp.problems():
                trouble = "  PROBLEM (printed at the end)"
            front.status = "emulated %.1f s, %.2fx real time%s" % (emu, emu / max(busy, 1e-6), trouble)
            ahead = emu - wall
            if ahead > 0:
                time.sleep(ahead)
            if vp.dead:
                break
    if vp.problems():
        print("\n".join(str(p) for p in vp.problems()))


if __name__ == "__main__":
    main()
