"""Plays a scripted game from a built device layout, the way the device
would: code imported from a ROMFS image mounted at /rom, or from a LittleFS
filesystem mounted at /; tables read from there. tools/build/build.py runs it
(`python tools/build/build.py --proof N`; host_tests/test_build.py, the proof
that a game fits the device's heap on both routes): compiled to .mpy and imported from the image, or from the
filesystem, after a small launcher mounted them (build.LAUNCHER on the unix
port, tools/wasmport/run.mjs on the 32-bit WebAssembly port), so that its
own bytecode sits where the app's does. On the unix port the image sits in
the heap, so build.py gives the heap the budget PLUS the image size and this
module reports the heap it used beyond the image. By hand, only:

    micropython -X heapsize=64k tools/build/flashproof.py prep LFS_IMG TREE_DIR SIZE_KB

formats LFS_IMG (a file standing for the flash, 4 KB blocks, the same
LittleFS v2 settings as the rp2 port) and copies TREE_DIR into it.

It plays LEVEL (default: app), and says which:
`app` (ui.app.App on a frame buffer, driven by scripted button presses),
`game` (poker.match.game with the virtual players, the human seat scripted),
`hand` (poker.hand.Hand, every seat scripted), or `eval` (deal and evaluate
seven-card hands). Output: `KEY value` lines, ending with `OK`.
"""
import gc
import os
import sys

import vfs

_BLOCK = 4096


class FileBlockDevice:
    """A block device over a host file (the extended block protocol that
    LittleFS uses), standing for the device's flash."""

    def __init__(self, path):
        self.f = open(path, "r+b")
        self.f.seek(0, 2)
        self.blocks = self.f.tell() // _BLOCK

    def readblocks(self, n, buf, off=0):
        self.f.seek(n * _BLOCK + off)
        self.f.readinto(buf)

    def writeblocks(self, n, buf, off=0):
        self.f.seek(n * _BLOCK + off)
        self.f.write(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return _BLOCK
        return 0


def _copy_tree(src, dst):
    for name in sorted(os.listdir(src)):
        s, d = src + "/" + name, dst + "/" + name
        if os.stat(s)[0] & 0x4000:
            os.mkdir(d)
            _copy_tree(s, d)
        else:
            with open(s, "rb") as fi, open(d, "wb") as fo:
                buf = bytearray(1024)
                while True:
                    n = fi.readinto(buf)
                    if not n:
                        break
                    fo.write(buf if n == len(buf) else buf[:n])


def prep(img, tree, size_kb):
    with open(img, "wb") as f:
        f.seek(size_kb * 1024 - 1)
        f.write(b"\0")
    bdev = FileBlockDevice(img)
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    vfs.mount(vfs.VfsLfs2(bdev, progsize=256), "/flash")
    _copy_tree(tree, "/flash")
    st = os.statvfs("/flash")
    print("LFS_USED", (st[2] - st[3]) * st[0])
    vfs.umount("/flash")
    print("OK")


# ------------------------------------------------------------------ play

class Meter:
    """Peak heap: the largest gc.mem_alloc() right after a collection (live
    data), sampled every few actions. (Between collections the heap fills
    with garbage up to its limit, so that figure says nothing; the limit
    itself is the hard proof: the game must not raise MemoryError.)"""

    def __init__(self, base, every=6):
        self.base = base
        self.peak_live = 0
        self.every = every
        self.n = 0

    def sample(self):
        self.n += 1
        if self.n % self.every == 0:
            gc.collect()
            a = gc.mem_alloc()
            if a > self.peak_live:
                self.peak_live = a


_opened = []


def _watch_open():
    """Records every path opened (to show the tables came from /rom)."""
    import builtins
    real = builtins.open

    def traced(path, *args):
        if path not in _opened:
            _opened.append(path)
        return real(path, *args)
    try:
        builtins.open = traced
    except (AttributeError, TypeError):
        pass


def play_eval(rng, hands):
    from poker.eval import evaluator
    from poker.rng import below
    counts = [0] * len(evaluator.CATEGORIES)
    for _ in range(hands):
        hand = []
        while len(hand) < 7:  # seven different cards
            c = below(rng, 52)
            if c not in hand:
                hand.append(c)
        counts[evaluator.CATEGORIES.index(evaluator.category(evaluator.high(hand)))] += 1
        yield
    yield "categories " + " ".join([str(n) for n in counts])


def _pick(legal, rng):
    """A scripted player: mostly check/call, sometimes bet/raise, rarely fold."""
    r = rng.below(100)
    kinds = [k for k, _a in legal]
    if r < 15:
        for want in ("raise", "bet", "complete"):
            for k, a in legal:
                if k == want:
                    return k, a
    if r < 18 and "fold" in kinds:
        return "fold", 0
    for want in ("check", "call", "bring_in"):
        for k, a in legal:
            if k == want:
                return k, a
    return legal[0]


def play_hand(rng, hands):
    from poker import rules, variants
    from poker.hand import Hand
    codes = sorted(variants.VARIANTS)
    stacks = [1000, 1000, 1000, 1000]
    dealer = 0
    for i in range(hands):
        v = variants.VARIANTS[codes[i % len(codes)]]
        if min(stacks) < 100:
            stacks = [1000, 1000, 1000, 1000]
        h = Hand(v, rules.lexibook(), list(stacks), dealer, rng)
        while not h.finished:
            kind, amount = _pick(h.legal_actions(), rng)
            h.act(kind, amount)
            yield
        stacks = list(h.stacks)
        dealer = (dealer + 1) % 4
    yield "chips %d" % sum(stacks)


def play_game(rng, hands):
    from poker.match.game import Game
    from poker.match.settings import Settings
    from poker.match.store import Store
    store = Store("/data")
    settings = Settings()
    g = Game(settings, rng, store=store)
    played = games = 0
    codes = ("F7S", "F5S", "FT", "FO")
    while played < hands:
        if g.over:
            games += 1
            g.settings.game = codes[games % len(codes)]
            g.settings.normalize()
            g.new_game()
        g.start_hand()
        while g.hand is not None and not g.hand.finished:
            if g.human_to_act():
                kind, amount = _pick(g.view(0).legal, rng)
                g.act(kind, amount)
            else:
                g.step()
            yield
        played += 1
        if sum(g.stacks) != g.total:
            raise AssertionError("chips not conserved")
    yield "games %d chips %d" % (games + 1, g.total)


def play_app(rng, hands):
    """The whole console above the hardware layer: ui.app.App on a frame
    buffer, its saves on the flash filesystem, driven by scripted button
    presses (mostly A, the others now and then) with the clock moving on."""
    import framebuf
    from poker.rng import Rng
    from poker.match.store import Store
    from ui import keys
    from ui.app import App

    class Screen(framebuf.FrameBuffer):
        def __init__(self):
            self.buf = bytearray(1024)
            super().__init__(self.buf, 128, 64, framebuf.MONO_VLSB)

        def show(self):
            pass

    presses = [keys.A] * 14 + [keys.RIGHT, keys.DOWN, keys.B, keys.LEFT, keys.UP, keys.RIGHT]
    krng = Rng(rng.getrandbits(16) + 1)
    app = App(Screen(), Store("/data"), rng)
    now = done = games = steps = seen = 0
    last = None
    while done < hands:
        steps += 1
        if steps > 400 * hands + 2000:
            raise AssertionError("the scripted presses stopped playing hands")
        now += 150
        app.tick(now)
        if krng.below(3) == 0:
            app.handle(presses[krng.below(len(presses))], keys.PRESS)
        app.draw()
        g = app.game
        if g is not None:
            if last is None:                        # perhaps a saved game
                last, seen = g, g.hand_no
            if g is not last or g.hand_no < seen:   # a new game
                games += 1
                last, seen = g, 0
            done += g.hand_no - seen
            seen = g.hand_no
        yield
    yield "app hands %d games %d presses %d" % (done, games, steps)


LEVELS = {"app": play_app, "game": play_game, "hand": play_hand, "eval": play_eval}
_run = {}   # the run under way: begin() .. step()


def begin(img_len, hands, seed, want="auto", scale=1, compact=None):
    """Starts a run from the mounted layout (the launcher in
    tools/build/build.py, or tools/wasmport/run.mjs, which mount first and then
    import this module from the image or the filesystem, as the device
    would import its code); step() plays it.

    ``scale``: the heap was given ``scale`` times the budget (the 64-bit
    port's objects take up to twice the RP2040's heap); the evaluator's
    reserve (poker.eval.lookup.RAM_RESERVE, the heap it keeps free for the game
    beside the full tables) is scaled alike, so it chooses its tables as it
    would in the budget's heap on the device, not by the bigger heap.
    ``compact``: poker.eval.lookup.COMPACT, for a port whose gc.mem_free() is not
    the device's (the WebAssembly port's heap can grow)."""
    _watch_open()
    gc.collect()
    meter = Meter(gc.mem_alloc())
    print("IMAGE", img_len)
    print("BASE", meter.base)
    from poker.rng import Rng
    import poker
    print("POKER_FROM", getattr(poker, "__file__", "?"))
    from poker.eval import lookup
    if scale != 1:
        lookup.RAM_RESERVE = int(lookup.RAM_RESERVE * scale)
    if compact is not None:
        lookup.COMPACT = compact
    level = "app" if want == "auto" else want
    _run.update(level=level, meter=meter, hands=hands, img_len=img_len,
                steps=LEVELS[level](Rng(seed), hands), summary=None)


def step(sample=True):
    """One action (a bet, a button press): False while the run goes on;
    True once it is over, after printing its report. ``sample``: measure the
    live heap every few steps (gc.collect() here; a driver that collects
    between steps itself passes False)."""
    out = next(_run["steps"])
    if out is None:
        if sample:
            _run["meter"].sample()
        return False
    _run["summary"] = out
    report()
    return True


def report():
    level, meter, img_len = _run["level"], _run["meter"], _run["img_len"]
    print("LEVEL", level)
    gc.collect()
    meter.sample()
    print("SUMMARY", _run["summary"])
    print("HANDS", _run["hands"])
    print("MODULES", " ".join(sorted(k for k in sys.modules if k.startswith(("poker", "ui", "hw")))))
    print("OPENED", " ".join(_opened))
    lookup = sys.modules.get("poker.eval.lookup")
    if lookup is not None:
        # where poker.eval.lookup found each table: (path, 'romfs' | 'file'); a
        # 'file' table is read into RAM (counted whole: TABLE_RAM)
        found = [lookup.where(n) for n in sorted(lookup._found)]
        print("TABLES", " ".join(["%s=%s" % (p, k) for p, k in found]))
        print("TABLE_RAM", lookup.ram_bytes())   # what load() read into RAM
        ev = sys.modules.get("poker.eval.evaluator")
        if ev is not None:
            print("EVAL_MODE", ev.MODE)
            print("FAST_PATH", ev.FAST_PATH)
    try:  # "qstr pool: n_pool=P, n_qstr=N, ...": the names interned in the heap (pools double: a cliff)
        import micropython
        micropython.qstr_info()
    except (ImportError, AttributeError):
        pass
    print("BASE_GAME", meter.base)
    print("PEAK_LIVE", meter.peak_live)
    print("PEAK_LIVE_BEYOND_IMAGE", meter.peak_live - img_len)
    print("OK")


def play(img_len, hands, seed, want="auto", scale=1):
    """begin(), then step() to the end, measuring the live heap."""
    begin(img_len, hands, seed, want, scale)
    while not step():
        pass


def main():
    a = sys.argv[1:]
    if len(a) != 4 or a[0] != "prep":
        print("usage: micropython tools/build/flashproof.py prep LFS_IMG TREE_DIR SIZE_KB")
        sys.exit(2)
    prep(a[1], a[2], int(a[3]))


if __name__ == "__main__":
    main()
