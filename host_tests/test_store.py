# portable
"""poker.match.store: power-safe records on a real file system.

On CPython the records live in a temporary directory; under the MicroPython
unix port (host_tests/mptest.py) on a LittleFS file system (vfs.VfsLfs2) over a
RAM block device, as on the device's flash."""
import os

from fake_table import FakeFs
from ramdisk import RamDisk
from poker.match import store
from poker.rng import Rng
from poker.match.store import Store

_dev = []  # one RAM block device, formatted afresh for each test


_dirs = []


def _root():
    """A fresh empty directory: LittleFS on RAM under MicroPython."""
    try:
        import vfs
    except ImportError:
        import tempfile

        return tempfile.mkdtemp(prefix="stud_store_")
    if not hasattr(vfs, "VfsLfs2"):  # a port without LittleFS (WebAssembly): its own filesystem
        import os

        _dirs.append(0)
        path = "/tmp/stud_store_%d" % len(_dirs)
        os.mkdir(path)
        return path
    if _dev:
        vfs.umount("/ram")
    else:
        _dev.append(RamDisk())
    vfs.VfsLfs2.mkfs(_dev[0])
    vfs.mount(vfs.VfsLfs2(_dev[0]), "/ram")
    return "/ram"


def _raw(path):
    with open(path, "rb") as f:
        return f.read()


def _put(path, data):
    with open(path, "wb") as f:
        f.write(data)


def _files(root):
    return sorted(os.listdir(root))


def test_crc32_is_the_standard_one_in_both_implementations():
    assert store.crc32(b"123456789") == 0xCBF43926  # the CRC-32 check value
    assert store._crc32_py(b"123456789") == 0xCBF43926
    r = Rng(4)
    for n in (0, 1, 7, 100):
        data = bytes([r.below(256) for _ in range(n)])
        assert store._crc32_py(data) == store.crc32(data)


def test_a_record_reads_back_what_was_written_and_missing_is_none():
    s = Store(_root())
    assert s.read("game") is None and s.list() == []
    assert s.write("game", b"hello")
    assert s.read("game") == b"hello"
    assert s.write("game", b"")
    assert s.read("game") == b""
    assert s.list() == ["game"] and s.exists("game")
    assert s.problems == []


def test_an_overwrite_leaves_only_the_record_and_its_last_good_copy():
    root = _root()
    s = Store(root)
    for i in range(5):
        s.write("settings", b"v%d" % i)
    assert _files(root) == ["settings", "settings.bak"]
    assert s.read("settings") == b"v4"
    s.remove("settings")
    assert _files(root) == [] and s.read("settings") is None


def test_each_file_carries_format_version_length_and_checksum():
    root = _root()
    Store(root).write("a", b"payload")
    blob = _raw(root + "/a")
    assert blob[:2] == b"SD" and blob[2] == store.FORMAT and blob[12:] == b"payload"
    assert blob[4] == 7 and blob[5:8] == b"\0\0\0"
    crc = store.crc32(b"payload")
    assert blob[8:12] == bytes([crc & 255, crc >> 8 & 255, crc >> 16 & 255, crc >> 24])


def test_a_truncated_record_is_detected_and_the_last_good_copy_is_used():
    root = _root()
    s = Store(root)
    s.write("game", b"old state")
    s.write("game", b"new state")
    whole = _raw(root + "/game")
    for cut in range(len(whole)):
        _put(root + "/game", whole[:cut])
        s2 = Store(root)
        assert s2.read("game") == b"old state"
        assert len(s2.problems) == 1 and "game" in s2.problems[0]
        _put(root + "/game.bak", _raw(root + "/game.bak"))  # unchanged


def test_a_flipped_bit_anywhere_is_detected():
    root = _root()
    s = Store(root)
    s.write("game", b"old")
    s.write("game", b"a record of some length")
    whole = _raw(root + "/game")
    bak = _raw(root + "/game.bak")
    for i in range(len(whole)):
        for bit in (0, 7):
            bad = bytearray(whole)
            bad[i] ^= 1 << bit
            _put(root + "/game", bytes(bad))
            _put(root + "/game.bak", bak)
            assert Store(root).read("game") == b"old"


def test_damage_with_no_good_copy_gives_none_and_one_message():
    root = _root()
    s = Store(root)
    s.write("stats", b"x")
    _put(root + "/stats", b"\xff" * 40)
    s2 = Store(root)
    assert s2.read("stats") is None and s2.read("stats") is None
    assert len(s2.problems) == 1  # reported once
    assert s2.pop_problems() and s2.problems == []


def test_damage_with_no_good_copy_is_removed_so_the_next_power_on_reports_nothing():
    root = _root()
    s = Store(root)
    s.write("settings", b"x")
    _put(root + "/settings", b"garbage")
    s2 = Store(root)
    assert s2.read("settings") is None and len(s2.problems) == 1
    assert "settings" not in s2.list()
    s3 = Store(root)  # the next power-on
    assert s3.read("settings") is None and s3.problems == []


def test_a_cut_off_temporary_file_is_ignored_without_a_message():
    root = _root()
    s = Store(root)
    s.write("game", b"kept")
    _put(root + "/game.tmp", store.pack(b"never finished")[:9])
    s2 = Store(root)
    assert s2.read("game") == b"kept" and s2.problems == []


def test_a_cut_between_the_renames_finds_the_new_complete_copy_and_repairs():
    root = _root()
    s = Store(root)
    s.write("game", b"old")
    # the state after "rename game -> game.bak" and before "rename tmp -> game"
    os.rename(root + "/game", root + "/game.bak")
    _put(root + "/game.tmp", store.pack(b"new"))
    s2 = Store(root)
    assert s2.read("game") == b"new" and s2.problems == []
    assert _files(root) == ["game", "game.bak"]
    assert Store(root).read("game") == b"new"


def test_json_records_failing_their_check_fall_back_to_the_good_copy():
    root = _root()
    s = Store(root)

    def check(obj):
        if not isinstance(obj.get("n"), int) or obj["n"] < 0:
            raise ValueError("bad n")
        return obj

    s.save_json("cfg", {"n": 1})
    s.save_json("cfg", {"n": -5})
    s2 = Store(root)
    assert s2.load_json("cfg", check) == {"n": 1} and len(s2.problems) == 1


def test_a_failing_flash_write_reports_and_never_raises():
    class FullFs(FakeFs):
        def open(self, path, mode):
            if "w" in mode:
                raise OSError(28)  # ENOSPC
            return FakeFs.open(self, path, mode)

    s = Store("/data", FullFs())
    assert s.write("game", b"x") is False
    assert len(s.problems) == 1 and "not saved" in s.problems[0]
    assert s.read("game") is None


def test_records_larger_than_the_limit_are_refused_as_damage():
    blob = bytearray(store.pack(b"abc"))
    blob[4:8] = b"\xff\xff\xff\x7f"
    assert store.unpack(bytes(blob)) is None
    assert store.unpack(store.pack(b"abc")) == b"abc"


def _is_dir(path):
    try:
        return bool(os.stat(path)[0] & 0x4000)
    except OSError:
        return False


def test_a_new_store_makes_its_folder_at_the_first_write_not_before():
    # on a new filesystem the folder's making erases a flash sector: power-on
    # to NEW GAME does not wait for it; reads before then find nothing
    base = _root()
    root = base + "/data"
    s = Store(root)
    assert not _is_dir(root)
    assert s.read("settings") is None and s.list() == [] and not s.exists("game")
    assert not _is_dir(root)
    assert s.write("settings", b"x")
    assert _is_dir(root)
    assert s.read("settings") == b"x"
    s2 = Store(base + "/journal_first")
    assert s2.append("journal", b"abc") and s2.read_raw("journal") == b"abc"
