"""tools/gen/tablegen.py: deterministic tables from first principles.

Regenerating takes about 30 s of CPU, so it runs once per session (module
fixture) into a temporary folder and the bytes are compared with the
committed file.
"""
import importlib.util
import itertools
import os
import struct

import pytest

# slow: the tables regenerated (about 30 s of CPU), once, on one worker
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("tablegen")]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "firmware", "tables", "high.bin")


def _tablegen():
    spec = importlib.util.spec_from_file_location("tablegen", os.path.join(ROOT, "tools", "gen", "tablegen.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory):
    out = tmp_path_factory.mktemp("tables")
    assert _tablegen().main(["--out", str(out)]) == 0
    assert sorted(os.listdir(out)) == ["high.bin", "high5.bin"]
    with open(out / "high5.bin", "rb") as f:
        compact = f.read()
    with open(out / "high.bin", "rb") as f:
        return f.read(), compact


def test_regenerating_gives_byte_identical_tables(regenerated):
    with open(TABLE, "rb") as f:
        assert f.read() == regenerated[0]
    with open(os.path.join(os.path.dirname(TABLE), "high5.bin"), "rb") as f:
        assert f.read() == regenerated[1]


def test_rank_keys_give_every_seven_card_rank_multiset_its_own_sum(regenerated):
    regenerated = regenerated[0]
    h = struct.unpack_from("<32I", regenerated, 8)
    keys = struct.unpack_from("<13I", regenerated, h[7])
    sums = set()
    n = 0

    def walk(rank, left, total):
        nonlocal n
        if rank == 13:
            if left == 0:
                n += 1
                sums.add(total)
            return
        for c in range(min(4, left) + 1):
            walk(rank + 1, left - c, total + c * keys[rank])

    walk(0, 7, 0)
    assert n == len(sums) == 49205
    assert max(sums) < 1 << 23


def test_suit_keys_tell_the_flush_suit_and_size_for_five_to_seven_cards(regenerated):
    regenerated = regenerated[0]
    h = struct.unpack_from("<32I", regenerated, 8)
    suit = struct.unpack_from("<4B", regenerated, h[8])
    flush = regenerated[h[9]:h[9] + 768]
    for i, n in enumerate((5, 6, 7)):
        for cards in itertools.combinations_with_replacement(range(4), n):
            s = sum(suit[c] - h[2] for c in cards)
            count = [cards.count(x) for x in range(4)]
            want = 0
            for x in range(4):
                if count[x] >= 5:
                    want = 1 + x + 4 * (count[x] - 5)
            assert flush[256 * i + (s & 255)] == want, cards


def test_header_sizes_and_budget(regenerated):
    full, compact = regenerated
    assert len(full) + len(compact) <= 256 * 1024
    for blob, five_only, n_keys in ((full, 0, 57096), (compact, 1, 6175)):
        h = struct.unpack_from("<32I", blob, 8)
        assert h[12] == len(blob)
        assert h[15] == 7462 and h[28] == five_only and h[14] == n_keys
        assert h[11] + 2 * h[6] == len(blob)  # the value table ends the file
