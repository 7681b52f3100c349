"""Play the real firmware on the virtual Pico, in the terminal (make play-device):

    python tools/device/play_device.py [--route romfs|lfs] [--board NAME] [--seed N] [--build DIR] [--fresh]
    python tools/device/play_device.py --uf2 boards/release/stud-pico_ssd1306_i2c.uf2 [--fresh]

With ``--uf2``, a release UF2 (one file to flash) is dropped on the virtual
Pico as on a real one's drive, over an erased flash or the flash kept from
the last run of that file (build/vpico/play-uf2-NAME.flash): the file a
player flashes, tried before it is flashed; no build is needed.

The UF2 (STUD_PICO with the ROMFS image, or RPI_PICO with the app on
LittleFS) runs on the emulated RP2040 (tools/device), installed from build/
as `make deploy` installs it (run `make build` first). The keys are those
of `make play` (tools/sim/term.py): arrows or WASD, Enter or Z = A,
Backspace or X = B, shift-Z / shift-X = a long A / B (held 700 ms), P saves
the screen as a PNG (build/shots), Q quits. A key is a press of the
button's pin held 60 ms; every frame the OLED gets is drawn as it arrives.
The emulator is held to the wall clock (it cannot go faster than the host
lets it: the status line shows its speed).

The device's saved files (your game, its hands, the settings: /data on its
flash) are kept between runs in build/vpico/play-<route>/, and installed
again with the app at the next start, so a game quit mid-hand resumes;
``--fresh`` starts from an erased flash.
"""
import argparse
import os
import sys
import time

import term
from pngout import save_png
from ui.keys import LONG, NAMES
from vpico import ROOT, VirtualPico, app_install, board_dict, lfs_files, uf2

FIRMWARE = {"romfs": "STUD_PICO", "lfs": "RPI_PICO"}
SHORT_MS = 60
LONG_MS = 700
SLICE_MS = 10
DATA = "data"  # the device's folder of saved files (poker.match.store's root)


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


def kept_folder(route, build_dir):
    return os.path.join(build_dir, "vpico", "play-" + route)


def kept_files(folder):
    """{device path: bytes} of the files kept from the last run (none: {})."""
    out = {}
    if not os.path.isdir(folder):
        return out
    for n in sorted(os.listdir(folder)):
        with open(os.path.join(folder, n), "rb") as f:
            out[DATA + "/" + n] = f.read()
    return out


def keep_files(vp, folder):
    """The device's /data files, from its flash now, into ``folder``; how many."""
    off, size = vp.layout["fs"]
    files = lfs_files(vp.read_flash()[off:off + size], DATA)
    os.makedirs(folder, exist_ok=True)
    for n in os.listdir(folder):
        os.remove(os.path.join(folder, n))
    for path, data in files.items():
        with open(os.path.join(folder, path.split("/")[-1]), "wb") as f:
            f.write(data)
    return len(files)


def save_shot(screen, shots_dir):
    """The frame on the screen as a PNG (4x) in shots_dir: its path."""
    os.makedirs(shots_dir, exist_ok=True)
    n = 1
    while os.path.exists(os.path.join(shots_dir, "device-%03d.png" % n)):
        n += 1
    path = os.path.join(shots_dir, "device-%03d.png" % n)
    save_png(path, bytearray(screen.buffer), 128, 64, 4)
    return path


def release_board(uf2_path):
    """The board a release UF2 is made for, from its name (stud-pico_KIND.uf2
    carries boards/pico_KIND.json)."""
    name = os.path.basename(uf2_path)
    if not (name.startswith("stud-") and name.endswith(".uf2")):
        raise SystemExit("%s: not a release UF2 (boards/release/stud-pico_BOARD.uf2)" % uf2_path)
    return name[len("stud-"):-len(".uf2")]


def play_uf2(args):
    if not os.path.isfile(args.uf2):
        raise SystemExit("no such file: %s (the release UF2s are in boards/release/)" % args.uf2)
    if not sys.stdin.isatty():
        raise SystemExit("play-device needs a terminal")
    board = board_dict(release_board(args.uf2))
    kept = os.path.join(args.build, "vpico", "play-uf2-%s.flash" % release_board(args.uf2))
    flash = kept if os.path.exists(kept) and not args.fresh else None
    return run(board, args, lambda vp: vp.boot(args.uf2, flash=flash), os.path.basename(args.uf2),
               flash is not None, lambda vp: _keep_flash(vp, kept))


def _keep_flash(vp, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    vp.save_flash(path)
    return ("the virtual Pico's flash (your game, the settings) is kept in %s: the next run of this file "
            "goes on from it (--fresh: an erased flash)" % path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--route", choices=("romfs", "lfs"), default="romfs")
    ap.add_argument("--board", default="pico_ssd1306_i2c")
    ap.add_argument("--seed", type=int, default=None, help="a fixed deal (the board's \"seed\")")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--fresh", action="store_true", help="an erased flash: no game kept from the last run")
    ap.add_argument("--uf2", help="a release UF2 (boards/release/stud-pico_BOARD.uf2), dropped as on a Pico's drive")
    args = ap.parse_args(argv)
    if args.uf2:
        return play_uf2(args)
    if not os.path.exists(os.path.join(args.build, "build-info.json")):
        raise SystemExit("no build in %s: run make build first" % args.build)
    if not sys.stdin.isatty():
        raise SystemExit("play-device needs a terminal")
    board = board_dict(args.board)
    if args.seed is not None:
        board["seed"] = args.seed
    folder = kept_folder(args.route, args.build)
    inst = app_install(args.route, args.build, board)
    kept = {} if args.fresh else kept_files(folder)
    inst["files"].update(kept)
    def keep(vp):
        n = keep_files(vp, folder)
        return ("the device's %d saved files (a hand in play, your game, the settings) are kept in %s: "
                "the next make play-device goes on from them (--fresh: an erased flash)" % (n, folder))

    return run(board, args, lambda vp: vp.boot(uf2(FIRMWARE[args.route]), **inst), FIRMWARE[args.route],
               bool(kept), keep)


def run(board, args, boot, what, resumed, keep):
    """Plays on the virtual Pico in the terminal until Q: ``boot(vp)`` powers
    it on; ``keep(vp)`` saves what the next run goes on from (its message)."""
    screen = Screen()
    said = ""
    with VirtualPico(board) as vp, term.Terminal() as front:
        front.two_button = len(board["buttons"]) == 2

        def on_frame(f):
            screen.buffer = f.data
            screen.on = f.on
            front.frame(screen)

        vp.on_frame = on_frame
        boot(vp)
        front.status = "booting %s on the virtual Pico%s..." % (what, " (the game kept from the last run)" if resumed else "")
        front.frame(screen)
        wall0 = time.monotonic()
        emu0 = vp.now
        busy = 0.0
        trouble = ""
        n = 0
        quit = False
        while not quit:
            n += 1
            for k in front.read_keys(0):
                if k == "quit":
                    quit = True
                    break
                if k == "png":
                    front.message = "saved " + save_shot(screen, os.path.join(args.build, "shots"))
                    front.frame(screen)
                    continue
                b = button_for(board, *k)
                if b is not None:
                    front.message = ""
                    vp.press(b[0], b[1])
            if quit:
                break
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
        if not vp.dead:
            vp.run(400)  # (a last press's records on flash: written once the keys are quiet)
            said = keep(vp)
    if said:
        print(said)
    if vp.problems():
        print("\n".join(str(p) for p in vp.problems()))


if __name__ == "__main__":
    main()
