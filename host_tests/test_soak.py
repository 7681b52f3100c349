"""tools/bench/bench_soak.py: many hands in a row under the MicroPython unix port with
the device's heap budget (180 KB), the firmware compiled to .mpy as the
device runs it from its filesystem (read into RAM: without line-number
tables, tools/build/build.py's LFS_MPY_FLAGS), and the evaluator's tables (when built) in a ROMFS image at
/rom as in the device's ROMFS route (the image sits in the heap here, so the
heap gets 180 KB plus its size): no MemoryError, chips conserved, no store
problem, and the heap in use between hands (after a collection) not growing.
1,000 hands (about 15 s; STUD_SOAK_HANDS=N to change it)."""
import glob
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import build  # noqa: E402
ARCHES = {1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em",
          7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc", 12: "rv64imc"}


def test_a_thousand_hands_in_a_row_fit_the_heap_budget_without_growing(tmp_path):
    exe = shutil.which("micropython")
    assert exe, "the micropython unix port is not installed (make venv)"
    # compile for this port's own architecture, as the device's build does
    # for the RP2040 (viper/native code in the evaluator needs one)
    arch = subprocess.run([exe, "-c", "import sys; print(sys.implementation._mpy >> 10)"],
                          capture_output=True, text=True, check=True).stdout.strip()
    march = ARCHES.get(int(arch))
    fw = tmp_path / "fw" / "poker"
    fw.mkdir(parents=True)
    # every path the run sees is relative and the same on every machine:
    # the .mpy files record the path the run imports them by,
    # 'fw/poker/hand.mpy' (as tools/build/build.py compiles them: one name for
    # both), the run starts in tmp_path with tools/ linked there and only
    # tools/sim (autoplay, ramdisk) on MICROPYPATH, relative. Module paths
    # are interned in the heap: a clone in a deeper folder once ran out of
    # memory where a shallower one did not.
    os.symlink(os.path.join(ROOT, "tools"), tmp_path / "tools")
    for src in glob.glob(os.path.join(ROOT, "firmware", "poker", "**", "*.py"), recursive=True):
        rel = os.path.relpath(src, os.path.join(ROOT, "firmware")).replace(os.sep, "/")
        if rel.endswith("/manifest.py"):
            continue
        dst = tmp_path / "fw" / (rel[:-3] + ".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        build.compile_mpy(os.path.join(ROOT, "firmware"), rel, str(dst),
                          march, build.lfs_mpy_flags("fw/" + rel[:-3] + ".mpy"))
    args = ["--fw=fw", "--dir=store"]
    heap = 180 * 1024
    tables = os.path.join(ROOT, "firmware", "tables")
    if os.path.isdir(tables) and os.listdir(tables):
        # the evaluator's tables in a ROMFS image at /rom, as on the device
        # (read into the heap here: the heap gets the image's size on top)
        from mpremote.romfs import make_romfs

        src = tmp_path / "romsrc"
        shutil.copytree(tables, src / "tables")
        image = make_romfs(str(src), mpy_cross=False)
        (tmp_path / "rom.img").write_bytes(image)
        args.append("--rom=rom.img")
        heap += len(image) + 1024
    hands = os.environ.get("STUD_SOAK_HANDS", "1000")
    proc = subprocess.run(
        [exe, "-X", "heapsize=%d" % heap, "tools/bench/bench_soak.py", hands, "1", "0"] + args,
        cwd=tmp_path, capture_output=True, text=True, timeout=1800, env=dict(os.environ, MICROPYPATH="tools/sim"))
    print(proc.stdout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "soak OK" in proc.stdout and "MemoryError" not in proc.stdout + proc.stderr
