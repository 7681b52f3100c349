"""The release UF2s (boards/release, tools/build/release.py): each is the
file its provenance describes, made from the shipped firmware, the app as
it is built now and its board file; each writes the firmware and the ROMFS
image, in whole flash sectors, and never the filesystem. What they do on
an emulated Pico is host_tests/test_vpico_release.py's."""
import json
import os
import shutil
import struct
import subprocess

import pytest

import build
import firmware
import release
import rp2image
from paths import ROOT

REMAKE = "make them again: make release (after `make firmware` if the firmware changed)"


def _prov():
    with open(os.path.join(release.RELEASE_DIR, release.PROVENANCE_JSON)) as f:
        return json.load(f)


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _fs_base():
    fw = rp2image.Image.from_uf2(_read(release.FIRMWARE_UF2))
    return fw.block_device("MicroPython")[1]


def test_every_board_file_has_its_release_uf2():
    names = sorted(release.release_name(p) for p in release.board_files())
    assert names == ["stud-pico_sh1106_i2c.uf2", "stud-pico_ssd1306_2btn.uf2", "stud-pico_ssd1306_i2c.uf2",
                     "stud-pico_ssd1306_spi.uf2"]
    assert sorted(r["file"] for r in _prov()["releases"]) == names


def test_each_release_uf2_is_the_file_its_provenance_describes():
    assert release.provenance_problems() == [], REMAKE


def test_a_release_uf2_that_does_not_match_its_provenance_is_caught(tmp_path):
    out = tmp_path / "release"
    shutil.copytree(release.RELEASE_DIR, out)
    name = "stud-pico_ssd1306_spi.uf2"
    data = bytearray((out / name).read_bytes())
    data[700 * 1024] ^= 1                                  # one bit of the ROMFS image
    (out / name).write_bytes(bytes(data))
    (out / "stud-pico_extra.uf2").write_bytes(bytes(data))  # and a file no one made
    problems = release.provenance_problems(str(out))
    assert any(p.startswith(name + " is not the file its provenance describes") for p in problems), problems
    assert "stud-pico_extra.uf2 is not in the provenance" in problems
    assert len(problems) == 2


def test_the_release_is_made_from_the_shipped_firmware_the_app_built_now_and_the_board_files(device_build):
    """The staleness check: the app (firmware/) built now, the shipped
    STUD_PICO.uf2 and boards/*.json make exactly the committed files."""
    fw, image, boards = release.inputs(os.path.join(device_build, build.IMAGE_NAME))
    files, prov = release.make(fw, image, boards)
    assert release.stale(release.RELEASE_DIR, release.expected_files(files, prov)) == [], REMAKE
    assert prov["app_image"]["sha256"] == _prov()["app_image"]["sha256"]


def test_a_changed_app_makes_the_committed_release_stale(device_build, tmp_path):
    fw, image, boards = release.inputs(os.path.join(device_build, build.IMAGE_NAME))
    changed = build.add_file(image, "extra.txt", b"one more file")
    files, prov = release.make(fw, changed, boards)
    bad = release.stale(release.RELEASE_DIR, release.expected_files(files, prov))
    assert set(bad) == set(files) | {release.PROVENANCE_JSON, release.PROVENANCE_MD}


@pytest.mark.parametrize("path", release.board_files(), ids=os.path.basename)
def test_each_release_uf2_writes_the_firmware_and_the_image_with_its_board_never_the_filesystem(path):
    uf2 = _read(os.path.join(release.RELEASE_DIR, release.release_name(path)))
    fw_uf2 = _read(release.FIRMWARE_UF2)
    fw = release.firmware_image(fw_uf2)
    name, romfs_at, romfs_bytes = fw.block_device("ROMFS")
    runs = rp2image.read_uf2(uf2)
    assert [at for at, _data in runs] == [rp2image.XIP_BASE, romfs_at]
    (fw_at, fw_data), (rom_at, rom_data) = runs
    # the firmware: the shipped bytes, then erased flash to the end of the sector
    assert fw_data[:len(fw.data)] == fw.data and fw_data[len(fw.data):] == b"\xff" * (len(fw_data) - len(fw.data))
    assert fw_at + len(fw_data) <= romfs_at
    # the image: inside the partition, far below the filesystem
    assert rom_at + len(rom_data) <= romfs_at + romfs_bytes <= _fs_base()
    entries = {p: (o, n) for p, o, n in build.romfs_entries(rom_data)}
    o, n = entries["board.json"]
    assert rom_data[o:o + n] == _read(path)
    assert "main.py" in entries and "console.mpy" in entries
    # whole 4 KB sectors, each run's first block numbered a multiple of 16:
    # the bootrom's erase bookkeeping (by block number) then erases every sector
    assert all(at % 4096 == 0 and len(data) % 4096 == 0 for at, data in runs)
    assert len(fw_data) // 256 % 16 == 0


def test_the_image_in_a_release_holds_the_app_image_byte_for_byte(device_build):
    image = _read(os.path.join(device_build, build.IMAGE_NAME))
    board = _read(os.path.join(ROOT, "boards", "pico_ssd1306_2btn.json"))
    _uf2, written = release.release_uf2(_read(release.FIRMWARE_UF2), image, board)
    size, start = build.mp_uint(image, 3)
    assert written[start:start + size] == image[start:]            # every file where it was
    assert build.romfs_entries(written)[:-1] == build.romfs_entries(image)
    assert len(written) % 2 == 0


def test_an_appended_file_reads_back_on_micropython_with_the_apps_modules(tmp_path):
    src = tmp_path / "tree"
    (src / "pkg").mkdir(parents=True)
    (src / "pkg" / "data.bin").write_bytes(bytes(range(256)) * 3)
    (src / "main.py").write_text("print('main')\n")
    image = build.make_image(str(src))
    before = build.romfs_entries(image)
    grown = build.add_file(image, "board.json", b'{"name": "x", "pins": [1, 2]}')
    assert build.romfs_entries(grown)[:-1] == before
    (tmp_path / "grown.img").write_bytes(grown)
    script = tmp_path / "check.py"
    script.write_text("import vfs, os, json\n"
                      "vfs.mount(vfs.VfsRom(open(%r, 'rb').read()), '/rom')\n"
                      "print(sorted(os.listdir('/rom')))\n"
                      "print(json.load(open('/rom/board.json'))['pins'])\n"
                      "print(open('/rom/pkg/data.bin', 'rb').read() == bytes(range(256)) * 3)\n"
                      % str(tmp_path / "grown.img"))
    out = subprocess.run([shutil.which("micropython"), str(script)], capture_output=True, text=True, timeout=60)
    assert out.stdout.split("\n")[:3] == ["['board.json', 'main.py', 'pkg']", "[1, 2]", "True"], out


def test_add_file_refuses_what_is_not_a_whole_romfs_image():
    image = build.make_image(os.path.join(ROOT, "boards", "STUD_PICO"), align=0)
    with pytest.raises(build.BuildError, match="not a ROMFS image"):
        build.add_file(b"\0" + image[1:], "x", b"")
    with pytest.raises(build.BuildError, match="length field"):
        build.add_file(image[:-2], "x", b"")


# --- the UF2 writer ------------------------------------------------------------

def test_the_uf2_writer_makes_picotools_file_again():
    shipped = _read(release.FIRMWARE_UF2)
    assert rp2image.write_uf2(rp2image.read_uf2(shipped), whole_sectors=False) == shipped


def test_the_uf2_writer_pads_runs_to_whole_sectors_and_numbers_the_blocks_on():
    uf2 = rp2image.write_uf2([(0x10003000, b"\x01" * 300), (0x10000000, b"\x02" * 5000)])
    blocks = [struct.unpack_from("<8I", uf2, i) for i in range(0, len(uf2), 512)]
    assert [b[3] for b in blocks] == [0x10000000 + 256 * n for n in range(32)] + [
        0x10003000 + 256 * n for n in range(16)]  # (the second run first: address order)
    assert [b[5] for b in blocks] == list(range(48)) and {b[6] for b in blocks} == {48}
    assert {b[7] for b in blocks} == {rp2image.RP2040_FAMILY_ID} and {b[2] for b in blocks} == {0x2000}
    (a, first), (b, second) = rp2image.read_uf2(uf2)
    assert first == b"\x02" * 5000 + b"\xff" * 3192 and second == b"\x01" * 300 + b"\xff" * 3796
    with pytest.raises(rp2image.ImageError, match="4 KB sector"):
        rp2image.write_uf2([(0x10000100, b"x")])
    with pytest.raises(rp2image.ImageError, match="not a new 256-byte page"):  # runs that overlap once padded
        rp2image.write_uf2([(0x10001000, b"x"), (0x10000000, b"y" * 4097)])


def test_the_uf2_reader_refuses_blocks_out_of_address_order():
    uf2 = bytearray(rp2image.write_uf2([(0x10000000, b"\x02" * 8192)]))
    struct.pack_into("<I", uf2, 512 * 5 + 12, 0x10000000)  # block 5 back at the start
    with pytest.raises(rp2image.ImageError, match="not a new 256-byte page"):
        rp2image.read_uf2(bytes(uf2))


def test_the_firmware_of_a_release_must_be_stud_picos():
    stock = _read(os.path.join(firmware.RELEASE_DIR, "RPI_PICO.uf2"))
    with pytest.raises(release.ReleaseError, match="no ROMFS partition"):
        release.firmware_image(stock)
    a_release = _read(os.path.join(release.RELEASE_DIR, "stud-pico_ssd1306_i2c.uf2"))
    with pytest.raises(release.ReleaseError, match="more than the firmware"):
        release.firmware_image(a_release)
