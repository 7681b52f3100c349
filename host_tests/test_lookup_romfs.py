"""poker.eval.lookup: the ROMFS source, shown under the MicroPython unix port.

Builds a ROMFS image holding tables/high.bin with ``mpremote romfs build``,
mounts it at /rom with ``vfs.mount(vfs.VfsRom(image), '/rom')`` and
evaluates hands with tables read from /rom (zero copy), comparing with
CPython's results. Also checks the loader's other sources.
"""
import os
import random
import shutil
import subprocess
import sys

from poker.eval import evaluator as ev
from poker.eval import lookup

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "firmware", "tables", "high.bin")

MP_SCRIPT = """
import sys, gc, vfs
sys.path.insert(0, %(firmware)r)
with open(%(image)r, 'rb') as f:
    image = f.read()
vfs.mount(vfs.VfsRom(image), '/rom')
with open(%(hands)r, 'rb') as f:
    data = f.read()
gc.collect()
before = gc.mem_free()
from poker.eval import lookup, evaluator as ev
gc.collect()
print(lookup.where('high.bin')[0], lookup.where('high.bin')[1], ev.FAST_PATH)
print(before - gc.mem_free())
for i in range(len(data) // 7):
    h = list(data[7 * i:7 * i + 7])
    print(ev.high7_unchecked(*h), ev.plain_high7()(*h), ev.high(h[:5]), ev.high(h[:6]))
"""


def test_hands_evaluate_from_a_romfs_image_mounted_at_rom(tmp_path):
    exe = shutil.which("micropython")
    assert exe, "the micropython unix port is not installed (make venv)"
    src = tmp_path / "romfs"
    (src / "tables").mkdir(parents=True)
    shutil.copy(TABLE, src / "tables" / "high.bin")
    image = tmp_path / "tables.img"
    proc = subprocess.run([sys.executable, "-m", "mpremote", "romfs", "--no-mpy",
                           "-o", str(image), "build", str(src)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert image.stat().st_size > os.path.getsize(TABLE)

    rng = random.Random(11)
    hands = [rng.sample(range(52), 7) for _ in range(2000)]
    (tmp_path / "hands.bin").write_bytes(bytes(c for h in hands for c in h))
    script = tmp_path / "romfs_check.py"
    script.write_text(MP_SCRIPT % {"firmware": os.path.join(ROOT, "firmware"),
                                   "image": str(image),
                                   "hands": str(tmp_path / "hands.bin")})
    proc = subprocess.run([exe, "-X", "heapsize=320k", str(script)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert lines[0] == "/rom/tables/high.bin romfs viper"
    # zero copy: importing the evaluator costs far less heap than the tables
    assert int(lines[1]) < os.path.getsize(TABLE) // 3, lines[1]
    rows = lines[2:]
    assert len(rows) == len(hands)
    for hand, row in zip(hands, rows):
        fast, plain, h5, h6 = [int(x) for x in row.split()]
        assert fast == plain == ev.high(hand), hand
        assert h5 == ev.high(hand[:5]) and h6 == ev.high(hand[:6]), hand


def test_on_cpython_the_tables_come_from_the_repo_file():
    path, kind = lookup.where("high.bin")
    assert kind == "file"
    assert os.path.samefile(path, TABLE)
    assert lookup.size("high.bin") == os.path.getsize(TABLE)
    with open(TABLE, "rb") as f:
        whole = f.read()
    assert lookup.load("high.bin") == whole
    assert lookup.load("high.bin", 100, 50) == whole[100:150]


def test_ram_bytes_counts_the_table_bytes_load_read_into_ram():
    # from a file every byte asked for is a copy in RAM (from ROMFS none is:
    # test_build's ROMFS proof checks TABLE_RAM == 0 through the same count)
    before = lookup.ram_bytes()
    part = lookup.load("high.bin", 100, 50)
    assert len(part) == 50
    assert lookup.ram_bytes() - before == 50
    lookup.load("high.bin", 0, 136)
    assert lookup.ram_bytes() - before == 186


def test_the_search_order_is_rom_then_device_filesystem_then_package():
    assert lookup.SEARCH[0] == "/rom/tables"
    assert lookup.SEARCH[1] == "/tables"
    assert os.path.samefile(lookup.SEARCH[2], os.path.dirname(TABLE))


def test_a_missing_table_is_an_oserror_naming_the_file():
    try:
        lookup.where("no-such-table.bin")
    except OSError as e:
        assert "no-such-table.bin" in str(e)
    else:
        raise AssertionError("no error")


def test_all_tables_fit_the_flash_budget():
    total = sum(os.path.getsize(os.path.join(os.path.dirname(TABLE), f))
                for f in os.listdir(os.path.dirname(TABLE)))
    assert total <= 256 * 1024
    assert ev.HIGH_MAX == 7462
