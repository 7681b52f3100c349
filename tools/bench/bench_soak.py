"""Soak test: many hands in a row under the device's heap budget.

    micropython -X heapsize=180k tools/bench/bench_soak.py [hands] [seed] [level] [--fw=DIR] [--dir=DIR] [--lfs]
                                                          [--rom=IMAGE] [--leak=BYTES]

``--fw=DIR``: import the firmware from DIR (e.g. .mpy files compiled by
mpy-cross, as the device runs them; default: firmware/ source, whose
compilation alone takes much of a 180 KB heap).  The store is kept in a
directory of the host (``--dir``, default /tmp/stud_soak, emptied first);
``--lfs`` keeps it on LittleFS over a 32 KB RAM block device instead, which
then counts in the heap figures (the device keeps it in flash, so that
run is stricter than the device; the power-cut tests cover LittleFS).
``--rom=IMAGE``: mounts a ROMFS image (the evaluator's tables, as
tools/build/build.py lays them out) at /rom, the device's ROMFS route; the image
is read into the heap here (on the device it stays in flash), so give the
heap the budget plus the image size: the figures printed leave it out.

Plays ``hands`` hands (default 1000) with the real engine (poker.hand), the
real virtual players (poker.players at ``level``, default 0 = easy, the
fastest; the human's seat is played by an easy one), the Game at 100/200
and its Store saving after every hand. A game that ends starts over.

After every hand it collects garbage and reads ``gc.mem_alloc()``: the heap
still in use between hands. It prints the figures and exits 1 on a
MemoryError, a chip created or lost, or the heap in use between hands
growing: the game type changes every ``BLOCK`` hands (a new game), the
first cycle through the four games is the warm-up, and the median of the
cycles' largest figures in the later half must not exceed that of the
earlier half by more than ``SLACK`` bytes (the last finished hand stays
referenced, so the figure moves with the size of the last hand; it must not
trend upwards). ``--leak=BYTES`` keeps that many bytes a hand, for the test
that the check sees a heap that grows.
"""
import gc
import sys
import time

from mpsetup import ARGS as _args, OPTS, fresh_dir, mount_rom  # noqa: E402

_flash = None
if "--lfs" in sys.argv:
    _flash = bytearray(256 * 128)  # before the imports: one block, no fragments
_rom = mount_rom()  # bytes of the ROMFS image in the heap (it stands for flash)

from poker import players  # noqa: E402
from poker.match.game import Game  # noqa: E402
from poker.match.settings import Settings  # noqa: E402
from poker.rng import Rng  # noqa: E402
from poker.match.store import Store  # noqa: E402
from autoplay import play_hand  # noqa: E402  (tools/sim/autoplay.py)
from ramdisk import RamDisk  # noqa: E402  (tools/sim/ramdisk.py)

SLACK = 2048  # bytes
GAMES = ("F7S", "F5S", "FT", "FO")


def _store_root():
    if _flash is None:
        return fresh_dir("/tmp/stud_soak")
    import vfs

    dev = RamDisk(_flash)
    vfs.VfsLfs2.mkfs(dev)
    vfs.mount(vfs.VfsLfs2(dev), "/soak")
    return "/soak/data"


def _alloc():
    """Heap in use after a collection, the ROMFS image (flash) not counted."""
    gc.collect()
    return gc.mem_alloc() - _rom if hasattr(gc, "mem_alloc") else 0


def _ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.time() * 1000)


BLOCK = 25  # hands of one game type before the next (a new game)
LEAK = int(OPTS.get("leak", "0"))  # --leak=BYTES: keep that much a hand (the check must see it)


def _median(xs):
    s = sorted(xs)
    return s[len(s) // 2]


def main(hands=1000, seed=1, level=0):
    rng = Rng(seed)
    store = Store(_store_root())
    settings = Settings()
    settings.game = GAMES[0]
    settings.stakes = 3  # 100/200: bigger swings, players go out
    settings.difficulty = level
    me = players.make(0, rng=rng)
    g = Game(settings, rng, store)
    cycle = BLOCK * len(GAMES)
    figures = [0] * hands  # made now: growing it later needs a big free block
    games_ended = decisions = finished = problems = 0
    kept = []  # --leak
    t0 = _ms()
    base = _alloc()
    for n in range(hands):
        if n and n % BLOCK == 0:
            settings.game = GAMES[(n // BLOCK) % len(GAMES)]
            g.new_game()
        if g.over:
            games_ended += 1
            g.new_game()
        g.start_hand()
        decisions += play_hand(g, me)
        for kind, _ in g.pop_events():
            finished += kind == "FINISH"
        for p in store.pop_problems():
            problems += 1
            print("store problem after hand %d: %s" % (n + 1, p))
        if sum(g.stacks) != g.total:
            print("CHIPS DO NOT ADD UP after hand", n + 1, g.stacks, g.total)
            sys.exit(1)
        if LEAK:
            kept.append(bytearray(LEAK))
        figures[n] = _alloc()
    dt = _ms() - t0
    # the first cycle through the four games is the warm-up (first imports,
    # lazily built tables); then the largest figure of each cycle
    peaks = []
    for c in range(1, (len(figures) + cycle - 1) // cycle):
        peaks.append(max(figures[c * cycle:(c + 1) * cycle]))
    free = gc.mem_free() if hasattr(gc, "mem_free") else 0
    print("soak: %d hands (level %d, %d virtual players out, %d games ended, %d decisions) in %d ms, "
          "%.2f ms/hand on this port" % (hands, level, finished, games_ended, decisions, dt, dt / hands))
    print("heap in use after a collection%s: at start %d, between hands min %d, max %d, free now %d"
          % (" (ROMFS image of %d bytes not counted)" % _rom if _rom else "", base, min(figures), max(figures), free))
    print("largest per %d-hand cycle after the warm-up:" % cycle, peaks)
    print("stats:", g.stats.total())
    if problems:
        print("STORE PROBLEMS:", problems)
        sys.exit(1)
    if len(peaks) >= 2:
        # one cycle's largest figure moves by up to about 4 KB with the hand
        # that was last and what the collector's conservative scan of the
        # stack keeps (a spike in one cycle of nine, early in one run, late
        # in another, as the heap's layout moves with the path's entries; no
        # trend over 3,000 hands): the median cycle of the later half
        # against that of the earlier half, which one spike does not move
        # and a leak does
        half = len(peaks) // 2
        growth = _median(peaks[half:]) - _median(peaks[:half])
        print("growth from the earlier to the later cycles: %d bytes (limit %d)" % (growth, SLACK))
        if growth > SLACK:
            print("HEAP GROWS between hands")
            sys.exit(1)
    print("soak OK")


if __name__ == "__main__":
    a = _args
    main(int(a[0]) if a else 1000, int(a[1]) if len(a) > 1 else 1, int(a[2]) if len(a) > 2 else 1)
