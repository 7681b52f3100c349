"""Makes the release UF2s, one file to flash per board: `make release`, or

    python tools/build/release.py [--image build/stud.romfs] [--check]

For each board file boards/NAME.json, boards/release/stud-pico_KIND.uf2
(KIND: NAME without its "pico_"): held on a Pico in BOOTSEL mode, it
starts the game, with nothing else to install. It holds:
- the STUD_PICO firmware as built (boards/STUD_PICO/release/STUD_PICO.uf2,
  MicroPython v1.28.0 with our board: the ROMFS partition, and a boot script
  that runs the app from the ROMFS image when the filesystem has no main.py);
- in the ROMFS partition, the app's image (build/stud.romfs: `make build`)
  with the board file added as /rom/board.json, every byte of the app's
  image at its offset (tools/build/build.py add_file).

The UF2 writes two runs of flash, the firmware's (from 0) and the image's
(from the ROMFS partition's start), and nothing of the filesystem, so an
upgrade keeps the saves; the bootrom erases only the 4 KB sectors a UF2
writes into. The image's run ends where the image does: the rest of the
partition is left as it was (the firmware's boot reads what lies there only
when it cannot mount the filesystem, to tell stock MicroPython's filesystem
from erased flash).

The UF2 blocks are written here (rp2image.write_uf2: 256-byte payloads,
RP2040 family id): Python only, no ARM toolchain. The firmware's blocks
carry the same bytes to the same addresses as STUD_PICO.uf2's (only their
numbers in the file differ).

The release also writes docs/flashing.md's tables of the files and of the
flash map (tools/gen/doctable.py), when it is made from the default inputs
into boards/release.

Beside the UF2s: provenance.json and PROVENANCE.md (size and sha256 of each
UF2; the firmware and the app image it was made from, with their sha256;
the board file; the flash runs it writes) and the licenses of what is in
them (the firmware's, from boards/STUD_PICO/release, and this project's).
host_tests/test_release.py fails when a committed UF2 is not the one these
inputs make, or not the file its provenance describes. `--check` writes
nothing and says whether the committed files are current.
"""
import argparse
import hashlib
import json
import os
import sys

import build
import doctable
import firmware
import rp2image
from paths import ROOT

BOARDS_DIR = os.path.join(ROOT, "boards")
RELEASE_DIR = os.path.join(BOARDS_DIR, "release")
FIRMWARE_UF2 = os.path.join(firmware.RELEASE_DIR, "STUD_PICO.uf2")
APP_IMAGE = os.path.join(ROOT, "build", build.IMAGE_NAME)
BOARD_FILE = "board.json"         # in the image's root: /rom/board.json (hw.hardware_setup)
PREFIX = "stud-pico_"
LICENSES = tuple(dest for _src, dest in firmware.LICENSES) + ("LICENSE-Stud",)
PROVENANCE_JSON = "provenance.json"
PROVENANCE_MD = "PROVENANCE.md"
KB = 1024


class ReleaseError(Exception):
    pass


def _sha256(data):
    return hashlib.sha256(data).hexdigest()


def _rel(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def board_files(boards_dir=BOARDS_DIR):
    """The board files a release is made for: boards/*.json, sorted."""
    return sorted(os.path.join(boards_dir, n) for n in os.listdir(boards_dir) if n.endswith(".json"))


def release_name(board_path):
    """stud-pico_ssd1306_i2c.uf2 for boards/pico_ssd1306_i2c.json."""
    name = os.path.basename(board_path)[:-len(".json")]
    if name.startswith("pico_"):
        name = name[len("pico_"):]
    return PREFIX + name + ".uf2"


def firmware_image(uf2):
    """The STUD_PICO firmware (rp2image.Image) of a UF2 file's bytes, checked:
    one run from the start of flash, a ROMFS partition, the firmware below it."""
    image = rp2image.Image.from_uf2(uf2)
    if image.extra:
        raise ReleaseError("the firmware UF2 already writes more than the firmware")
    if (image.name, image.version) != ("MicroPython", firmware.MICROPY_TAG):
        raise ReleaseError("the firmware is %s %s, not MicroPython %s" % (image.name, image.version, firmware.MICROPY_TAG))
    romfs = image.block_device("ROMFS")
    if romfs is None:
        raise ReleaseError("the firmware has no ROMFS partition: not STUD_PICO")
    if image.end > romfs[1]:
        raise ReleaseError("the firmware reaches into the ROMFS partition")
    return image


def release_uf2(fw_uf2, app_image, board_json):
    """(the release UF2's bytes, the ROMFS image in it) for one board: the
    firmware's blocks, then the app's image with the board file added, in
    the firmware's ROMFS partition."""
    fw = firmware_image(fw_uf2)
    _name, romfs_at, romfs_bytes = fw.block_device("ROMFS")
    image = build.add_file(app_image, BOARD_FILE, board_json)
    if len(image) > romfs_bytes:
        raise ReleaseError("the ROMFS image (%d bytes) does not fit the %d KB partition" % (len(image), romfs_bytes // KB))
    return rp2image.write_uf2([(fw.start, fw.data), (romfs_at, image)]), image


def make(fw_uf2, app_image, boards, firmware_path=FIRMWARE_UF2):
    """{file name: UF2 bytes} and the provenance (a dict) of a release made
    from the firmware UF2's bytes (read from firmware_path), the app
    image's bytes and the board files [(path, bytes)]."""
    fw = firmware_image(fw_uf2)
    _name, romfs_at, romfs_bytes = fw.block_device("ROMFS")
    fs = fw.block_device("MicroPython")
    files = {}
    releases = []
    for path, board_json in boards:
        uf2, image = release_uf2(fw_uf2, app_image, board_json)
        name = release_name(path)
        files[name] = uf2
        releases.append({
            "file": name, "bytes": len(uf2), "sha256": _sha256(uf2),
            "board": _rel(path), "board_sha256": _sha256(board_json),
            "romfs_image_bytes": len(image), "romfs_image_sha256": _sha256(image),
            "writes": [{"address": "0x%08x" % at, "bytes": len(data), "what": what} for (at, data), what in
                       zip(rp2image.read_uf2(uf2), ("firmware", "ROMFS image (app + board file)"))],
        })
    prov = {
        "command": "make release",
        "firmware": {"file": _rel(firmware_path), "bytes": len(fw_uf2), "sha256": _sha256(fw_uf2),
                     "micropython": fw.version, "firmware_end": "0x%08x" % fw.binary_end,
                     "provenance": _rel(os.path.join(firmware.RELEASE_DIR, PROVENANCE_JSON))},
        "app_image": {"file": "build/" + build.IMAGE_NAME, "bytes": len(app_image), "sha256": _sha256(app_image),
                      "made_by": "make build (tools/build/build.py) from firmware/"},
        "flash_map": [
            {"what": "firmware", "address": "0x%08x" % rp2image.XIP_BASE, "bytes": romfs_at - rp2image.XIP_BASE},
            {"what": "ROMFS partition", "address": "0x%08x" % romfs_at, "bytes": romfs_bytes},
            {"what": "LittleFS filesystem (never written by a release UF2)", "address": "0x%08x" % fs[1],
             "bytes": fs[2]}],
        "releases": releases,
    }
    return files, prov


def provenance_text(prov):
    fw, app = prov["firmware"], prov["app_image"]
    lines = ["# Provenance of the release UF2s", "",
             "Written by `tools/build/release.py` (`%s`) with `%s` (the same facts); "
             "host_tests/test_release.py checks both against the files and their inputs." % (
                 prov["command"], PROVENANCE_JSON), "",
             "Each UF2 is the STUD_PICO firmware and, in its ROMFS partition, the app's image with "
             "the board file added as `/rom/board.json`. Made from:", "",
             "- firmware: `%s`, MicroPython %s, %d bytes, sha256 `%s` (its own provenance: `%s`)" % (
                 fw["file"], fw["micropython"], fw["bytes"], fw["sha256"], fw["provenance"]),
             "- app image: `%s` (%s), %d bytes, sha256 `%s`" % (app["file"], app["made_by"], app["bytes"],
                                                              app["sha256"]),
             "", "| file | bytes | sha256 | board file (sha256) | ROMFS image written: bytes, sha256 |",
             "| --- | --- | --- | --- | --- |"]
    for r in prov["releases"]:
        lines.append("| %s | %d | `%s` | `%s` (`%s`) | %d, `%s` |" % (
            r["file"], r["bytes"], r["sha256"], r["board"], r["board_sha256"], r["romfs_image_bytes"],
            r["romfs_image_sha256"]))
    lines += ["", "The flash (2 MB, addresses as the CPU sees them) and what a release UF2 writes:", "",
              "| from | size | what |", "| --- | --- | --- |"]
    for part in prov["flash_map"]:
        lines.append("| %s | %d KB | %s |" % (part["address"], part["bytes"] // KB, part["what"]))
    r = prov["releases"][0]
    lines += ["", "Each UF2 writes %s." % " and ".join(
        "%s from %s (%d KB)" % (w["what"], w["address"], -(-w["bytes"] // KB)) for w in r["writes"])]
    return "\n".join(lines) + "\n"


DOCS_PAGE = "docs/flashing.md"


def docs_tables(prov):
    """{table name: Markdown} for docs/flashing.md: the files, and the
    flash map with what a release UF2 writes of it."""
    files = doctable.markdown(("file", "bytes", "board file built in"), [
        ("`%s`" % r["file"], "{:,}".format(r["bytes"]), "`%s`" % r["board"]) for r in prov["releases"]], "lrl")
    writes = {w["what"].split(" (")[0]: w["bytes"] for w in prov["releases"][0]["writes"]}
    fw_kb = (int(prov["firmware"]["firmware_end"], 16) - rp2image.XIP_BASE + KB - 1) // KB
    what = {"firmware": "the firmware: MicroPython %s with our board definition (`boards/STUD_PICO`), "
                        "%d KB of it used" % (prov["firmware"]["micropython"], fw_kb),
            "ROMFS partition": "the ROMFS partition, mounted at `/rom`: the app's image (code as `.mpy`, "
                               "the evaluator tables, `main.py`, `board.json`)"}
    wrote = {"firmware": "%d KB: the firmware, to the end of its last 4 KB sector" % (writes["firmware"] // KB),
             "ROMFS partition": "%d KB: the image, to the end of its last 4 KB sector; the rest of the partition "
                                "is left as it was" % (writes["ROMFS image"] // KB)}
    rows = []
    for part in prov["flash_map"]:
        name = part["what"].split(" (")[0]
        rows.append(("0x%08X (%d KB)" % (int(part["address"], 16), (int(part["address"], 16) - rp2image.XIP_BASE) // KB),
                     "%d KB" % (part["bytes"] // KB), what.get(name, "the LittleFS filesystem at `/`: `/data` "
                                                                "(saves) and what you put there"),
                     wrote.get(name, "never")))
    flash = doctable.markdown(("from", "size", "what", "a release UF2 writes"), rows, "lrll")
    return {"release-files": files, "release-flash-map": flash}


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def inputs(image_path=APP_IMAGE, boards_dir=BOARDS_DIR, firmware_uf2=FIRMWARE_UF2):
    """(firmware UF2 bytes, app image bytes, [(board path, bytes)])."""
    if not os.path.exists(image_path):
        raise ReleaseError("no app image at %s: run `make build` first" % _rel(image_path))
    return _read(firmware_uf2), _read(image_path), [(p, _read(p)) for p in board_files(boards_dir)]


def expected_files(files, prov, licenses_from=firmware.RELEASE_DIR):
    """{file name in boards/release: bytes}: everything a release writes."""
    out = dict(files)
    out[PROVENANCE_JSON] = (json.dumps(prov, indent=1, sort_keys=True) + "\n").encode()
    out[PROVENANCE_MD] = provenance_text(prov).encode()
    for name in LICENSES:
        out[name] = _read(os.path.join(ROOT, "LICENSE") if name == "LICENSE-Stud" else os.path.join(licenses_from, name))
    return out


def stale(out_dir, wanted):
    """The names whose committed file differs from what the release makes
    (missing, changed), and files there that it would not make."""
    have = set(os.listdir(out_dir)) if os.path.isdir(out_dir) else set()
    bad = sorted(n for n in wanted if n not in have or _read(os.path.join(out_dir, n)) != wanted[n])
    extra = sorted(n for n in have - set(wanted) if n.endswith(".uf2"))
    return bad + extra


def provenance_problems(out_dir=RELEASE_DIR, firmware_uf2=FIRMWARE_UF2, boards_dir=BOARDS_DIR):
    """What in a release folder does not match its provenance (sentences;
    empty: all matches): each UF2 its size and sha256, the readable copy,
    and the inputs named (the shipped firmware, the board files) as they are
    now. Whether the app image is current needs a build: see stale()."""
    try:
        with open(os.path.join(out_dir, PROVENANCE_JSON)) as f:
            prov = json.load(f)
    except (OSError, ValueError) as e:
        return ["no readable %s in %s (%s)" % (PROVENANCE_JSON, _rel(out_dir), e)]
    problems = []
    listed = set()
    for r in prov["releases"]:
        listed.add(r["file"])
        path = os.path.join(out_dir, r["file"])
        if not os.path.exists(path):
            problems.append("%s is missing" % r["file"])
            continue
        data = _read(path)
        if len(data) != r["bytes"] or _sha256(data) != r["sha256"]:
            problems.append("%s is not the file its provenance describes (%d bytes, sha256 %s; recorded %d, %s)"
                            % (r["file"], len(data), _sha256(data)[:12], r["bytes"], r["sha256"][:12]))
        board = os.path.join(ROOT, r["board"])
        if not os.path.exists(board) or os.path.dirname(os.path.abspath(board)) != os.path.abspath(boards_dir):
            problems.append("%s: its board file %s is gone" % (r["file"], r["board"]))
        elif _sha256(_read(board)) != r["board_sha256"]:
            problems.append("%s: %s changed since it was made" % (r["file"], r["board"]))
    for name in sorted(os.listdir(out_dir)):
        if name.endswith(".uf2") and name not in listed:
            problems.append("%s is not in the provenance" % name)
    missing = sorted(set(release_name(p) for p in board_files(boards_dir)) - listed)
    if missing:
        problems.append("no release for %s" % ", ".join(missing))
    if _sha256(_read(firmware_uf2)) != prov["firmware"]["sha256"]:
        problems.append("made from another firmware than the shipped %s" % _rel(firmware_uf2))
    try:
        text = _read(os.path.join(out_dir, PROVENANCE_MD)).decode()
    except OSError:
        text = None
    if text != provenance_text(prov):
        problems.append("%s does not say what %s says" % (PROVENANCE_MD, PROVENANCE_JSON))
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("--image", default=APP_IMAGE, help="the app's ROMFS image (default build/stud.romfs)")
    ap.add_argument("--out", default=RELEASE_DIR, help="where the release goes (default boards/release)")
    ap.add_argument("--firmware", default=FIRMWARE_UF2,
                    help="the STUD_PICO firmware UF2 (default: the shipped one, boards/STUD_PICO/release)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if the committed release is stale")
    args = ap.parse_args(argv)
    try:
        fw_uf2, app_image, boards = inputs(args.image, firmware_uf2=args.firmware)
        files, prov = make(fw_uf2, app_image, boards, args.firmware)
    except (ReleaseError, build.BuildError, rp2image.ImageError, OSError) as e:
        print("release: %s" % e, file=sys.stderr)
        return 1
    wanted = expected_files(files, prov)
    if args.check:
        bad = stale(args.out, wanted)
        print("release: %s" % ("stale: " + ", ".join(bad) if bad else "current"))
        return 1 if bad else 0
    if os.path.isdir(args.out):
        for name in os.listdir(args.out):  # a board file removed: its UF2 goes too
            if name.endswith(".uf2") and name not in wanted:
                os.remove(os.path.join(args.out, name))
    os.makedirs(args.out, exist_ok=True)
    for name, data in sorted(wanted.items()):
        with open(os.path.join(args.out, name), "wb") as f:
            f.write(data)
    if (args.image, args.out, args.firmware) == (APP_IMAGE, RELEASE_DIR, FIRMWARE_UF2):  # the release itself
        for name, text in docs_tables(prov).items():
            doctable.write(DOCS_PAGE, name, text, [__file__])
    print("release: from %s (%d KB) and %s (%d KB), in %s:" % (
        _rel(args.firmware), len(fw_uf2) // KB, _rel(args.image), len(app_image) // KB, _rel(args.out)))
    for r in prov["releases"]:
        print("  %-28s %5d KB: %s; board %s" % (r["file"], r["bytes"] // KB, ", ".join(
            "%s at %s (%d KB)" % (w["what"].split(" (")[0], w["address"], w["bytes"] // KB) for w in r["writes"]),
            r["board"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
