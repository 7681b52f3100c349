"""Flash wear of the saves and the hand's journal, on LittleFS laid out as
on the RP2040.

    micropython -X heapsize=4m tools/bench/bench_flash.py [hands] [seats] [game] [--blocks=N] [--fw=DIR]
    python tools/bench/bench_flash.py --docs    (make bench: the tables of docs/saves.md)

A Game (real engine, easy virtual players, every seat played by one) saves
to vfs.VfsLfs2 mounted with ``progsize=256`` as MicroPython's rp2 port
mounts it, over a RAM block device of 4096-byte blocks (the RP2040 boards'
flash sector), ``--blocks`` of them (default 160: the 640 KB filesystem of
the ROMFS route; the stock route has 352, part of them taken by the app).
The device counts every erase and every program. Printed per hand: erases,
programs and bytes programmed, split into the actions' journal appends (one
per action: the table does one per frame), the journal's header at the deal,
and the hand's end (history, game record, the journal's removal); how many
appends hit an erase (a metadata block compacted: the write that would wait
on it); and the flash life if LittleFS spreads the erases evenly over the
filesystem's blocks (100,000 erase cycles a block). ``--fw=DIR`` runs
another firmware tree (e.g. one from before the journal, to compare).

Under CPython, ``--docs`` runs the unix port on each table of ``TABLES``
(200 hands) and writes the figures as the table ``flash-wear`` of
docs/saves.md.
"""
import sys

TABLES = ((4, "F7S"), (8, "F7S"), (4, "FT"))  # (seats, game) of the --docs table
DOCS_HANDS = 200
PAGE = "docs/saves.md"
_NAMES = {"F7S": "7 Card Stud", "FT": "Hold'em"}


def _cpython_main(argv):
    """The --docs run: each table of TABLES under the unix port, its ROW line read."""
    import os
    import subprocess

    import doctable
    import paths

    if argv != ["--docs"]:
        sys.exit(__doc__)
    rows = []
    for seats, code in TABLES:
        cmd = [paths.micropython_exe(), "-X", "heapsize=4m", os.path.abspath(__file__), str(DOCS_HANDS),
               str(seats), code]
        out = subprocess.run(cmd, capture_output=True, text=True, env=paths.micropython_env(), check=True).stdout
        print(out)
        row = [ln.split("|")[1:] for ln in out.splitlines() if ln.startswith("ROW|")][0]
        actions, journal, erases, progs, appends, life = row
        rows.append(("%s, %d seats" % (_NAMES[code], seats), actions, journal + " B", erases,
                     "%.1f KB" % (float(progs) / 1024), appends + " %", "{:,.2f} million hands".format(float(life) / 1e6)))
    doctable.write(PAGE, "flash-wear", doctable.markdown(
        ("table (%d hands, Easy players)" % DOCS_HANDS, "actions a hand", "journal", "erases a hand",
         "programmed a hand", "appends that erased", "flash life, 160 blocks"), rows, "lrrrrrr"), [__file__])
    print("written into %s" % PAGE)


if sys.implementation.name != "micropython":
    sys.exit(_cpython_main(sys.argv[1:]))

import gc  # noqa: E402

import vfs  # noqa: E402

from mpsetup import ARGS, OPTS  # noqa: E402  (before the firmware: --fw)

BLOCK = 4096
BLOCKS = int(OPTS.get("blocks", "160"))
_flash = bytearray(b"\xff" * (BLOCK * BLOCKS))  # before the imports: one piece

from poker import players  # noqa: E402
from poker.match.game import Game  # noqa: E402
from poker.match.settings import Settings  # noqa: E402
from poker.rng import Rng  # noqa: E402
from poker.match.store import Store  # noqa: E402
from autoplay import play_hand  # noqa: E402  (tools/sim)
from ramdisk import RamDisk  # noqa: E402

try:
    from poker.match.journal import HEADER, RECORD
except ImportError:  # --fw= a firmware from before the journal, to compare
    HEADER = RECORD = 0

CYCLES = 100000  # erase cycles a sector of the RP2040 boards' flash is rated for


class CountingDisk(RamDisk):
    """Counts erases, programs and bytes programmed into ``self.part``."""

    def __init__(self, data):
        RamDisk.__init__(self, data, BLOCK)
        self.counts = {}
        self.part = "other"

    def _count(self, i, n=1):
        c = self.counts.get(self.part)
        if c is None:
            c = self.counts[self.part] = [0, 0, 0, 0]  # erases, programs, bytes, calls
        c[i] += n

    def writeblocks(self, block, buf, offset=None):
        self._count(1)
        self._count(2, len(buf))
        RamDisk.writeblocks(self, block, buf, offset)

    def ioctl(self, op, arg):
        if op == 6:
            self._count(0)
        return RamDisk.ioctl(self, op, arg)


class CountingStore(Store):
    """Tells the disk what is being written: the journal's header, an
    action's record, or the rest (the hand's end)."""
    disk = None
    appends_erasing = 0

    def append(self, name, data):
        d = self.disk
        d.part = "deal" if len(data) == HEADER else "action"
        before = d.counts.get(d.part, (0,))[0]
        ok = Store.append(self, name, data)
        d._count(3)
        if d.part == "action" and d.counts[d.part][0] > before:
            CountingStore.appends_erasing += 1
        d.part = "other"
        return ok


def main():
    hands = int(ARGS[0]) if ARGS else 200
    seats = int(ARGS[1]) if len(ARGS) > 1 else 4
    code = ARGS[2] if len(ARGS) > 2 else "F7S"
    disk = CountingDisk(_flash)
    vfs.VfsLfs2.mkfs(disk, progsize=256)
    vfs.mount(vfs.VfsLfs2(disk, progsize=256), "/lfs")
    CountingStore.disk = disk
    st = CountingStore("/lfs/data")
    s = Settings()
    s.profile = "casino" if seats != 4 else "lexibook"
    s.game = code
    s.players = seats
    s.chips = 20000 if seats != 4 else 5000
    s.difficulty = 0
    s.normalize()
    s.save(st)
    rng = Rng(7)
    g = Game(s, rng, st)
    me = players.make(0, rng=rng)
    disk.counts = {}
    actions = 0
    journal_bytes = 0
    for _ in range(hands):
        if g.over:
            g.new_game()
        g.start_hand()
        play_hand(g, me)
        h = g.last_hand
        actions += len(h.actions)
        journal_bytes += HEADER + RECORD * len(h.actions) if HEADER else 0
        gc.collect()
    vfs.umount("/lfs")
    print("LittleFS, %d blocks of %d bytes, progsize 256; %s, %d seats, %d hands, %.1f actions a hand, "
          "journal %.0f bytes a hand (at most 512 stay inline)"
          % (BLOCKS, BLOCK, code, seats, hands, actions / hands, journal_bytes / hands))
    total = [0, 0, 0]
    print("%-8s %10s %10s %14s" % ("writes", "erases/h", "programs/h", "bytes prog./h"))
    for part in ("action", "deal", "other"):
        c = disk.counts.get(part, [0, 0, 0, 0])
        for i in range(3):
            total[i] += c[i]
        print("%-8s %10.2f %10.2f %14.0f" % (part, c[0] / hands, c[1] / hands, c[2] / hands))
    print("%-8s %10.2f %10.2f %14.0f" % ("total", total[0] / hands, total[1] / hands, total[2] / hands))
    print("action appends that erased a block: %d of %d (%.1f%%)"
          % (CountingStore.appends_erasing, actions, 100.0 * CountingStore.appends_erasing / max(1, actions)))
    per_hand = total[0] / hands
    life = CYCLES * BLOCKS / per_hand if per_hand else 0
    print("flash life, %d cycles x %d blocks evenly worn: %.0f hands (%.0f years at 200 hands a day)"
          % (CYCLES, BLOCKS, life, life / 200 / 365))
    # for the --docs run: actions and journal bytes a hand, erases, bytes programmed, % of appends erasing, life
    print("ROW|%.1f|%.0f|%.2f|%.0f|%.1f|%.0f" % (actions / hands, journal_bytes / hands, per_hand, total[2] / hands,
                                              100.0 * CountingStore.appends_erasing / max(1, actions), life))


main()
