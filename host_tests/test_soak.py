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

import pytest

import build
from paths import ROOT

# slow: MicroPython soaks of hundreds of hands; one worker: the compiled firmware once
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("soak")]


@pytest.fixture(scope="module")
def soak_dir(tmp_path_factory):
    """A folder laid out for the soak: fw/ (the engine as .mpy, compiled as
    for LittleFS), rom.img (the tables' ROMFS image, when built), tools/
    linked; returns (folder, arguments, heap for the budget)."""
    tmp_path = tmp_path_factory.mktemp("soak")
    exe = shutil.which("micropython")
    assert exe, "the micropython unix port is not installed (make venv)"
    # compile for this port's own architecture, as the device's build does
    # for the RP2040 (viper/native code in the evaluator needs one)
    arch = subprocess.run([exe, "-c", "import sys; print(sys.implementation._mpy >> 10)"],
                          capture_output=True, text=True, check=True).stdout.strip()
    march = build.ARCH_NAMES.get(int(arch))
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
    return tmp_path, args, heap


def _soak(soak_dir, hands, heap, more=()):
    folder, args, _budget = soak_dir
    return subprocess.run(
        [shutil.which("micropython"), "-X", "heapsize=%d" % heap, "tools/bench/bench_soak.py", str(hands), "1", "0"]
        + args + list(more), cwd=folder, capture_output=True, text=True, timeout=1800,
        env=dict(os.environ, MICROPYPATH="tools/sim"))


# Known over budget (strict: the mark goes with its cause). With the
# scheduler's modules (poker.jobs, match.books, match.ahead, eval.tables)
# the engine's code does not fit this 64-bit port's 180 KB beside the
# image: its first hand runs out (350 KB in all plays 30 hands, where the
# budget gives 340 KB). On the device's own word size the stock route's
# 32-bit proof (test_build) plays within 180 KB.
@pytest.mark.xfail(strict=True, reason="the engine with the scheduler's modules over 180 KB on this 64-bit port")
def test_a_thousand_hands_in_a_row_fit_the_heap_budget_without_growing(soak_dir):
    proc = _soak(soak_dir, os.environ.get("STUD_SOAK_HANDS", "1000"), soak_dir[2])
    print(proc.stdout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "soak OK" in proc.stdout and "MemoryError" not in proc.stdout + proc.stderr


def test_the_soak_sees_a_heap_that_grows_between_hands(soak_dir):
    # 16 bytes kept a hand (a bytearray: about 48 bytes of heap) over five
    # cycles of 100 hands; the heap given room for it, so that the check,
    # not a MemoryError, is what stops the run
    proc = _soak(soak_dir, 500, soak_dir[2] + 64 * 1024, ["--leak=16"])
    print(proc.stdout)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "HEAP GROWS" in proc.stdout and "MemoryError" not in proc.stdout + proc.stderr
