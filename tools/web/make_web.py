"""The console in a web page: `make web` writes build/web/, or

    python tools/web/make_web.py [--out build/web] [--board NAME] [--seed N] [--build DIR]

build/web/ is a static folder (any static host serves it, and so does
``python -m http.server`` from inside it); nothing is fetched from
elsewhere at run time:
- index.html, style.css, page.js: the page (the screen, the buttons, the
  keys, the buzzer through Web Audio, the saves in IndexedDB);
- worker.js and chip.js: the emulated RP2040 in a Web Worker, paced to the
  wall clock (chip.js is the virtual Pico's chip, tools/device/chip.js);
- rp2040js/: the emulator's ES modules, copied from the npm package
  tools/device installs (MIT, its LICENSE beside them);
- console/: the B1 bootrom (BSD-3-Clause, its license beside it), the
  console's UF2 and console.json (where the filesystem lies in the flash,
  the board, the build's fingerprint).

The console's UF2 (``console_uf2``), what the page flashes onto an erased
chip, is the board's release UF2 (boards/release/stud-BOARD.uf2: the file a
player drops on a Pico), and with ``--seed`` a filesystem holding a board
file with that seed (a board file on the filesystem takes the place of the
one built in). ``--build DIR`` makes it instead from a development build
(`make build`), as the virtual Pico installs the ROMFS route: the STUD_PICO
firmware, the ROMFS image in its partition, main.py and the board file on
the filesystem.
"""
import argparse
import hashlib
import json
import os
import shutil
import struct

from paths import ROOT
from vpico import FLASH_BYTES, XIP, board_dict, flash_map, lfs_image, uf2

HERE = os.path.dirname(os.path.abspath(__file__))
VPICO = os.path.join(ROOT, "tools", "device")
PAGE_FILES = ("index.html", "style.css", "page.js", "worker.js")
RP2040JS = os.path.join(VPICO, "node_modules", "rp2040js")
# The board of the page's console: the reference wiring with its OLED on SPI
# at 10 MHz. A frame then takes 0.8 ms on the bus instead of 23 ms of I2C at
# 400 kHz, which the emulator would spend executing the driver's wait for
# the I2C controller (docs/web.md: the pace).
BOARD = "pico_ssd1306_spi"
UF2_FAMILY_RP2040 = 0xE48BFF56
UF2_PAYLOAD = 256


def uf2_blocks(chunks):
    """UF2 bytes writing chunks [(flash offset, bytes)] (256-byte blocks,
    RP2040 family id); a block all 0xFF is left out (erased flash reads so)."""
    blocks = []
    for off, data in chunks:
        for i in range(0, len(data), UF2_PAYLOAD):
            part = data[i:i + UF2_PAYLOAD]
            if part.count(0xFF) == len(part):
                continue
            blocks.append((off + i, part.ljust(UF2_PAYLOAD, b"\xff")))
    out = bytearray()
    for n, (off, part) in enumerate(blocks):
        out += struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, XIP + off, UF2_PAYLOAD, n,
                           len(blocks), UF2_FAMILY_RP2040)
        out += part + bytes(476 - UF2_PAYLOAD) + struct.pack("<I", 0x0AB16F30)
    return bytes(out)


def release_uf2(board_name):
    """The release UF2 of a board file of boards/ (make release)."""
    path = os.path.join(ROOT, "boards", "release", "stud-%s.uf2" % board_name)
    if not os.path.exists(path):
        raise SystemExit("no release UF2 for the board %s (%s): make release, or --build DIR" % (board_name, path))
    return path


def console_uf2(build_dir, board):
    """The UF2 the page flashes onto an erased chip, and the file it is made
    from: the board's release UF2 (build_dir None) with, when the board
    carries a seed, a filesystem holding it; else a development build's."""
    if build_dir is None:
        release = release_uf2(board["name"])
        with open(release, "rb") as f:
            blocks = f.read()
        if "seed" in board:
            fs_off, fs_size = flash_map(uf2("STUD_PICO"))["fs"]
            blocks += uf2_blocks([(fs_off, lfs_image({"board.json": json.dumps(board).encode()}, fs_size))])
        return blocks, release
    firmware = uf2("STUD_PICO")
    layout = flash_map(firmware)
    with open(firmware, "rb") as f:
        blocks = f.read()
    with open(os.path.join(build_dir, "stud.romfs"), "rb") as f:
        romfs = f.read()
    with open(os.path.join(build_dir, "lfs", "main.py"), "rb") as f:
        files = {"main.py": f.read(), "board.json": json.dumps(board).encode()}
    fs_off, fs_size = layout["fs"]
    blocks += uf2_blocks([(layout["romfs"][0], romfs), (fs_off, lfs_image(files, fs_size))])
    return blocks, firmware


def copy_rp2040js(out):
    """rp2040js's ES modules (not its GDB TCP server, Node's alone) and LICENSE."""
    src = os.path.join(RP2040JS, "dist", "esm")
    if not os.path.isdir(src):
        raise SystemExit("rp2040js is not installed: make vpico (npm ci --prefix tools/device)")
    dst = os.path.join(out, "rp2040js")
    for dirpath, _dirs, names in os.walk(src):
        for n in names:
            if n.endswith(".js") and n != "gdb-tcp-server.js":
                rel = os.path.relpath(os.path.join(dirpath, n), src)
                os.makedirs(os.path.dirname(os.path.join(dst, rel)), exist_ok=True)
                shutil.copyfile(os.path.join(dirpath, n), os.path.join(dst, rel))
    shutil.copyfile(os.path.join(RP2040JS, "LICENSE"), os.path.join(dst, "LICENSE"))
    with open(os.path.join(RP2040JS, "package.json")) as f:
        return json.load(f)["version"]


def make_web(out, build_dir=None, board_name=BOARD, seed=None):
    """Writes the page into `out`: the board's release UF2, or `build_dir`'s
    development build; `seed`: a fixed deal (the board's "seed", for tests:
    the simulator's deal with the same seed)."""
    board = board_dict(board_name)
    if seed is not None:
        board["seed"] = seed
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "console"))
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(HERE, name), os.path.join(out, name))
    shutil.copyfile(os.path.join(VPICO, "chip.js"), os.path.join(out, "chip.js"))
    version = copy_rp2040js(out)
    for name in ("bootrom-b1.bin", "BOOTROM-LICENSE.txt"):
        shutil.copyfile(os.path.join(VPICO, name), os.path.join(out, "console", name))
    image, firmware = console_uf2(build_dir, board)
    with open(os.path.join(out, "console", "console.uf2"), "wb") as f:
        f.write(image)
    layout = flash_map(os.path.join(out, "console", "console.uf2"))
    info = {
        "uf2": "console.uf2",
        "bootrom": "bootrom-b1.bin",
        "flash_bytes": FLASH_BYTES,
        "fs": list(layout["fs"]),  # the filesystem: what the page keeps in IndexedDB
        "board": board,
        "firmware": os.path.basename(firmware),
        "rp2040js": version,
        "fingerprint": hashlib.sha256(image).hexdigest()[:16],
    }
    with open(os.path.join(out, "console", "console.json"), "w") as f:
        json.dump(info, f, indent=1)
    return info, len(image)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    ap.add_argument("--build", default=None, help="a development build (make build's output) instead of the release UF2")
    ap.add_argument("--board", default=BOARD, help="a board file of boards/ (default %s)" % BOARD)
    ap.add_argument("--seed", type=int, help="a fixed deal, as tools/sim/run.py --seed (tests, demos)")
    args = ap.parse_args(argv)
    info, size = make_web(args.out, args.build, args.board, args.seed)
    print("web: %s (board %s, %s, console.uf2 %d KB, rp2040js %s)" % (
        os.path.relpath(args.out, os.getcwd()), info["board"]["name"],
        info["firmware"] + ("" if args.build is None else " + the ROMFS image of " + args.build), size // 1024,
        info["rp2040js"]))
    print("play: cd %s && python3 -m http.server 8000, then open http://localhost:8000/" %
          os.path.relpath(args.out, os.getcwd()))


if __name__ == "__main__":
    main()
