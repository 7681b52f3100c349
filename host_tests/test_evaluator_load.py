"""poker.eval.load: the evaluator's tables read a piece a step (the
device's app runs steps() as a job, a piece per quiet poll, before importing
poker.eval.evaluator), under the MicroPython unix port, as the stock route reads
them (files read into RAM): every step reads one piece at most, and the
evaluator built from the stepped pieces gives CPython's strengths.
"""
import os
import random
import shutil
import subprocess

from poker.eval import evaluator as ev

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MP_STEPPED = """
import sys
sys.path.insert(0, 'firmware')
from poker.eval import lookup
if %r:  # no block for the value table in one piece: chunks
    _big = lookup.load

    def _chunks_only(name, offset=0, length=None):
        if length is not None and length > 65536:
            raise MemoryError
        return _big(name, offset, length)
    lookup.load = _chunks_only
_load = lookup.load
reads = []


def counted(name, offset=0, length=None):
    reads[-1] += 1
    return _load(name, offset, length)


lookup.load = counted
from poker.eval import load as evaluator_load
reads.append(0)
for _ in evaluator_load.steps():  # a piece a step
    reads.append(0)
reads.pop()  # (after the last piece)
from poker.eval import evaluator as ev
print(ev.MODE, ev.FAST_PATH, len(ev._T), 'poker.eval.load' in sys.modules)
print(' '.join(str(n) for n in reads))
with open(%r, 'rb') as f:
    data = f.read()
for i in range(len(data) // 7):
    h = list(data[7 * i:7 * i + 7])
    print(ev.high(h), ev.high(h[:6]), ev.high(h[:5]), ev.high7_unchecked(*h))
"""


def _stepped(tmp_path, heap, chunks):
    rng = random.Random(17)
    hands = [rng.sample(range(52), 7) for _ in range(600)]
    for k in range(13):  # suited sevens: flushes of 5, 6 and 7 cards
        hands.append([((k + i) % 13) * 4 + 1 for i in (0, 1, 2, 3, 5, 7, 9)])
    (tmp_path / "hands.bin").write_bytes(bytes(c for hand in hands for c in hand))
    script = tmp_path / "stepped.py"
    script.write_text(MP_STEPPED % (chunks, str(tmp_path / "hands.bin")))
    exe = shutil.which("micropython")
    assert exe, "the micropython unix port is not installed (make venv)"
    proc = subprocess.run([exe, "-X", "heapsize=" + heap, str(script)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    reads = [int(n) for n in lines[1].split()]
    assert len(lines) == len(hands) + 2
    for hand, row in zip(hands, lines[2:]):
        want = ev.high(hand)
        assert [int(x) for x in row.split()] == [want, ev.high(hand[:6]), ev.high(hand[:5]), want], hand
    return lines[0], reads


def test_the_stock_routes_compact_table_comes_a_piece_a_step(tmp_path):
    # a 180 KB heap: the compact table, as on the stock firmware
    head, reads = _stepped(tmp_path, "180k", False)
    assert head == "compact viper 1 False"  # (the loader left the heap once taken)
    assert max(reads) == 1  # one file read a step at most
    # header, displacements, values, keys and flush tables: each its own step
    assert sum(reads) == 4 and len(reads) >= 7, reads


def test_the_full_table_in_chunks_comes_a_chunk_a_step(tmp_path):
    head, reads = _stepped(tmp_path, "320k", True)
    assert head.split()[0] == "full" and head.split()[2] == "15"
    assert max(reads) == 1
    # the header, the displacements, the try at the values in one piece (a
    # MemoryError), 15 chunks of values, keys and flush tables
    assert sum(reads) == 19, reads
