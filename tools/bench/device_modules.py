"""The heap each module takes on the chip (the virtual Pico), imported one
by one on a board just booted with an empty main.py:

    python tools/bench/bench_device.py modules [--route romfs|lfs] [--build DIR]
        [--modules a.b,c.d,...]

For each module, in the order the console imports them (its hardware and
screens, then ui.quick_start's PRELOAD): `gc.mem_alloc()` after a collection before
and after the import, on the raw REPL. A module's figure includes the
modules it imports for the first time (listed beside it). From ROMFS the
bytecode and the str/bytes constants stay in flash: what is counted is the
module's functions, classes, tuples, names and native code; from LittleFS
the bytecode too.
"""
import argparse

from vpico import VirtualPico, app_install, board_dict, uf2

ROUTES = {"romfs": "STUD_PICO", "lfs": "RPI_PICO"}
BOOT = ("poker.rng", "poker.match.store", "ui.keys", "ui.font", "ui.glyphs", "ui.screen", "ui.messages",
        "ui.app", "hw.oled", "hw.buttons", "hw.buzzer", "hw.power", "hw.hardware_setup", "console")

PROBE = r"""
import gc, sys, micropython
def _probe(names):
    for name in names:
        before = set(sys.modules)
        gc.collect()
        a = gc.mem_alloc()
        __import__(name)
        gc.collect()
        b = gc.mem_alloc()
        print('MOD', name, b - a, ','.join(sorted(set(sys.modules) - before - {name})) or '-')
        micropython.qstr_info()
_probe(%r)
gc.collect()
print('TOTAL', gc.mem_alloc(), gc.mem_free())
"""


def profile(route, build, modules):
    board = dict(board_dict("pico_ssd1306_i2c"), seed=1234)
    inst = app_install(route, build, board)
    inst["files"]["main.py"] = b""
    with VirtualPico(board) as vp:
        vp.boot(uf2(ROUTES[route]), **inst)
        vp.run(300)
        out = vp.exec(PROBE % (tuple(modules),), timeout_ms=60000)
    rows = []
    pools = 0
    for ln in out.splitlines():
        w = ln.split()
        if w and w[0] == "MOD":
            rows.append([w[1], int(w[2]), w[3], 0, 0])
        elif ln.startswith("qstr pool:") and rows:  # n_pool=, n_qstr=, ...
            n_pool, n_qstr = [int(x.split("=")[1].rstrip(",")) for x in w[2:4]]
            rows[-1][3] = n_qstr
            while pools < n_pool:  # new pools: 20, 40, 80... entries of 6 bytes (v1.28, 32 bits)
                rows[-1][4] += ((24 + 6 * 20 * 2 ** pools) + 15) // 16 * 16
                pools += 1
        elif w and w[0] == "TOTAL":
            total = (int(w[1]), int(w[2]))
    return rows, total


def main(argv=None):
    ap = argparse.ArgumentParser(prog="bench_device.py modules", description=__doc__.split("\n")[0])
    ap.add_argument("--route", choices=sorted(ROUTES), default="romfs")
    ap.add_argument("--build", default=None, help="a build folder (default: build one in a temporary folder)")
    ap.add_argument("--modules", default=None, help="modules to import, in order (default: the console's and PRELOAD)")
    args = ap.parse_args(argv)
    if args.modules:
        modules = args.modules.split(",")
    else:
        from ui.quick_start import PRELOAD

        modules = BOOT + tuple(PRELOAD)
    import build as builder

    build, tmp = builder.build_unless_given(args.build)
    rows, (alloc, free) = profile(args.route, build, modules)
    print("Heap per module on the virtual Pico, %s route (bytes after gc.collect, then those of new qstr"
          " pools, qstrs after; with what it imported first):" % args.route)
    for name, size, more, n_qstr, pool in sorted(rows, key=lambda r: r[4] - r[1]):
        print("  %-22s %7d %6s %5d  %s" % (name, size - pool, pool and "+%d" % pool, n_qstr,
                                          "" if more == "-" else "+ " + more))
    print("  %-22s %7d %6s %5d  (in use at the end: %.1f KB, free %.1f KB)" % (
        "sum", sum(r[1] - r[4] for r in rows), "+%d" % sum(r[4] for r in rows), rows[-1][3],
        alloc / 1024, free / 1024))

