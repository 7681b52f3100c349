"""Power cuts on the real LittleFS of MicroPython (run by test_store_faults.py).

    micropython -X heapsize=600k host_tests/mp_lfs_powercut.py [hands]

A Game plays hands (fake_table.FakeHand) with its Store on vfs.VfsLfs2 over
a RAM block device that records every block program and erase. Then the
flash image is rebuilt as it was at every cut point (before every program
or erase, and half-way through every program) and mounted afresh: the game
loaded from it must be exactly the complete state before or after the
interrupted save, with every chip there. Prints the figures.
"""
import gc
import sys

import vfs

BLOCK = 256
BLOCKS = 64
# the four flash-sized buffers, taken before the imports fill the heap (the
# firmware compiled from source on a 64-bit heap of 180 KB leaves no run of
# 16 KB free for long)
FLASH = bytearray(BLOCK * BLOCKS)  # the flash the game writes
BEFORE = bytearray(BLOCK * BLOCKS)  # the flash before a save group
SCRATCH = bytearray(BLOCK * BLOCKS)  # what a power-on mounts
HALF = bytearray(BLOCK * BLOCKS)  # the flash with a program cut half-way

# (firmware/ and tools/sim, for ramdisk, from MICROPYPATH: tools/paths.py)
from fake_table import FakeHand, check_bots, fresh, play_out  # noqa: E402
from ramdisk import RamDisk  # noqa: E402
from poker.match.game import Game  # noqa: E402
from poker.match.settings import Settings  # noqa: E402
from poker.rng import Rng  # noqa: E402
from poker.match.store import Store  # noqa: E402



def apply(image, op, upto=None):
    a, data = op
    if data is None:
        for i in range(a, a + BLOCK):
            image[i] = 0xFF
    else:
        if upto is not None:
            data = data[:upto]
        image[a:a + len(data)] = data


DEBUG = 0


def _load():
    st = Store("/chk/data")
    settings = Settings.load(st)
    g = Game.load(st, Rng(1), settings, players=check_bots, hand_factory=FakeHand)
    return g, st, settings


def _state(g, settings):
    return (list(g.stacks), g.dealer, g.hand_no, g.seq, g.stats.to_obj(), settings.to_obj(), g.history(1))


def summary(image, hand=None):
    """Mounts a copy of the image and loads the game as a power-on would
    (which may write: repairs, rewriting the journal, booking a hand).
    Returns (state, chips, voided, damage messages, how): how is 'loaded',
    'resumed' (the hand of this group, ``hand`` = its deck, came back and
    was played to its end: state is then the next power-on's) or 'booked'
    (it came back already ended and was booked)."""
    SCRATCH[:] = image
    gc.collect()
    vfs.mount(vfs.VfsLfs2(RamDisk(SCRATCH, BLOCK)), "/chk")
    try:
        g, st, settings = _load()
        events = g.pop_events()
        probs = len(st.problems)
        chips = sum(g.stacks)
        how = "loaded"
        if ("RESUMED", None) in events:
            how = "booked"
            h = g.hand
            if h is not None:
                how = "resumed"
                if h.deck_order != hand:
                    print("RESUMED ANOTHER DECK")
                    chips = -1
                while g.hand is not None:
                    if g.human_to_act():
                        g.act("check", 0)
                    else:
                        g.step()
            g, st, settings = _load()  # the next power-on
            probs += len(st.problems) + len(g.pop_events())
        out = _state(g, settings)
        return out, chips, ("VOID", None) in events, probs, how
    finally:
        vfs.umount("/chk")


class Counts:
    cuts = recovered = lost = voids = problems = ops = resumed = booked = 0


def check_group(image, ops, old, new, c, hand):
    """Every cut point of one save group: before each program or erase and
    half-way through each program. ``image`` (the flash before the group)
    is advanced in place to the flash after it."""
    half = HALF
    for op in ops:
        points = (None,) if op[1] is None else (None, len(op[1]) // 2)
        for upto in points:
            state = image
            if upto is not None:
                half[:] = image
                apply(half, op, upto)
                state = half
            s, chips, void, probs, how = summary(state, hand)
            c.cuts += 1
            c.lost += abs(20000 - chips)
            if how == "resumed":
                c.resumed += 1
            elif how == "booked":
                c.booked += 1
            if s == new or (s == old and how == "loaded"):
                c.recovered += 1
            else:
                print("NOT RECOVERED", op[0], op[1] is None, upto, how)
            if void:
                c.voids += 1
                if s != old:
                    print("VOID without the old state")
                    c.recovered -= 1
            c.problems += probs
        apply(image, op)
    c.ops += len(ops)
    gc.collect()


def main(hands):
    gc.collect()
    print("heap free at start", gc.mem_free())
    fresh()
    FakeHand.swing = 1500
    for i in range(len(FLASH)):
        FLASH[i] = 0xFF
    flash = RamDisk(FLASH, BLOCK)
    vfs.VfsLfs2.mkfs(flash)
    before = BEFORE
    before[:] = flash.data
    old = summary(before)[0]  # nothing saved yet: the defaults
    flash.log = []
    vfs.mount(vfs.VfsLfs2(flash), "/lfs")
    st = Store("/lfs/data")
    settings = Settings()
    c = Counts()

    def group_done(old, before, hand=None):
        s, chips, void, problems, how = summary(flash.data)
        assert problems == 0 and not void and chips == 20000 and how == "loaded"
        check_group(before, flash.log, old, s, c, hand)
        assert before == flash.data
        flash.log = []
        FakeHand.made = []  # the record of hands is for other tests
        gc.collect()
        if DEBUG:
            print("free", gc.mem_free(), len(FakeHand.made))
        return s, before

    settings.save(st)
    g = Game(settings, Rng(99), st, players=check_bots, hand_factory=FakeHand)
    old, before = group_done(old, before)
    n = played = 0
    while played < hands:
        n += 1
        if g.over:
            g.new_game()
        elif n % 13 == 0:
            settings.sound = not settings.sound
            settings.save(st)
        else:
            g.start_hand()
            play_out(g)
            played += 1
            old, before = group_done(old, before, g.last_hand.deck_order)
            continue
        old, before = group_done(old, before)
    vfs.umount("/lfs")
    print("littlefs power cuts: %d hands, %d block programs/erases, %d cuts, %d states recovered, "
          "%d hands resumed and played on, %d resumed and booked, "
          "chips lost %d, %d hands voided on power-on, %d damage messages"
          % (hands, c.ops, c.cuts, c.recovered, c.resumed, c.booked, c.lost, c.voids, c.problems))
    if c.recovered != c.cuts or c.lost or c.voids or c.problems or not c.resumed:
        sys.exit(1)


main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
