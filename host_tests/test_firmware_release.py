"""The shipped firmware (boards/STUD_PICO/release/): it is what its provenance
says, it was built from the board definition as it is now, and each UF2 is a
valid RP2040 image whose flash map is the one its board asks for."""
import json
import os
import struct

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
import firmware  # noqa: E402
import rp2image  # noqa: E402

RELEASE = firmware.RELEASE_DIR
REBUILD = "rebuild and ship it: make firmware MICROPY_DIR=/path/to/micropython-v1.28.0 (boards/STUD_PICO/README.md)"


def _provenance():
    with open(os.path.join(RELEASE, "provenance.json")) as f:
        return json.load(f)


def _uf2(name):
    with open(os.path.join(RELEASE, name + ".uf2"), "rb") as f:
        return f.read()


def _board_map():
    with open(os.path.join(firmware.BOARD_DIR, "mpconfigboard.h")) as f:
        return firmware.flash_map(f.read())


def test_the_board_definition_is_the_one_the_shipped_firmware_was_built_from():
    recorded = _provenance()["board_definition"]["sha256"]
    now = firmware.board_inputs()
    changed = sorted(n for n in set(recorded) | set(now) if recorded.get(n) != now.get(n))
    assert not changed, "boards/STUD_PICO: %s changed since STUD_PICO.uf2 was built; %s" % (
        ", ".join(changed), REBUILD)


def test_each_shipped_uf2_is_the_file_its_provenance_describes():
    prov = _provenance()
    assert prov["micropython"]["tag"] == firmware.MICROPY_TAG
    assert prov["micropython"]["commit"] == firmware.MICROPY_COMMIT
    assert {b["name"] for b in prov["builds"]} == set(firmware.SHIPPED)
    for b in prov["builds"]:
        path = os.path.join(RELEASE, b["name"] + ".uf2")
        assert os.path.getsize(path) == b["uf2_bytes"], b["name"]
        assert firmware.sha256(path) == b["uf2_sha256"], "%s.uf2 is not the file built; %s" % (b["name"], REBUILD)
    with open(os.path.join(RELEASE, "PROVENANCE.md")) as f:
        assert f.read() == firmware.provenance_text(prov)      # the readable copy says the same


@pytest.mark.parametrize("name", firmware.SHIPPED)
def test_each_shipped_uf2_is_micropython_v1_28_0_for_the_rp2040(name):
    image = rp2image.Image.from_uf2(_uf2(name))       # magic, family, contiguous blocks, inside flash
    assert image.start == rp2image.XIP_BASE
    assert (image.name, image.version) == ("MicroPython", firmware.MICROPY_TAG)
    assert image.start < image.binary_end <= image.end


def test_the_stud_pico_firmware_has_the_flash_map_of_its_board_header():
    image = rp2image.Image.from_uf2(_uf2("STUD_PICO"))
    fmap = _board_map()
    assert firmware.check_flash_map(image, fmap) == []
    romfs = image.block_device("ROMFS")
    assert romfs == ("ROMFS", rp2image.XIP_BASE + fmap["romfs_base"], fmap["romfs_bytes"])
    assert image.binary_end < romfs[1]
    build = [b for b in _provenance()["builds"] if b["name"] == "STUD_PICO"][0]
    assert build["firmware_bytes"] == image.binary_end - rp2image.XIP_BASE


def test_the_stock_stand_in_has_the_stock_rpi_pico_flash_map():
    image = rp2image.Image.from_uf2(_uf2("RPI_PICO"))
    stock = firmware.flash_map("#define MICROPY_HW_FLASH_STORAGE_BYTES (1408 * 1024)\n")
    assert firmware.check_flash_map(image, stock) == []
    assert image.block_device("ROMFS") is None
    assert image.block_devices == [("MicroPython", rp2image.XIP_BASE + 640 * 1024, 1408 * 1024)]


def test_the_licenses_of_the_code_in_the_uf2s_ship_beside_them():
    texts = {}
    for _src, dest in firmware.LICENSES:
        with open(os.path.join(RELEASE, dest)) as f:
            texts[dest] = f.read()
    assert "Damien P. George" in texts["LICENSE-MicroPython"]
    assert "Raspberry Pi" in texts["LICENSE-pico-sdk"]
    assert "Permission is hereby granted" in texts["LICENSE-TinyUSB"]
    assert "Apache License" in texts["LICENSE-MbedTLS"]


# --- the checks themselves fail on bad images --------------------------------

def _blocks(data):
    return [bytearray(data[i:i + 512]) for i in range(0, len(data), 512)]


def _set(block, index, value):
    struct.pack_into("<I", block, 4 * index, value)


def test_the_uf2_reader_refuses_a_wrong_family_a_gap_and_an_address_outside_flash():
    good = _uf2("STUD_PICO")
    rp2image.read_uf2(good)
    bad = _blocks(good)
    _set(bad[3], 7, 0xE48BFF59)                                  # RP2350's family
    with pytest.raises(rp2image.ImageError, match="family"):
        rp2image.read_uf2(b"".join(bad))
    bad = _blocks(good)
    for n, block in enumerate(bad[4:]):                          # block 4 missing, renumbered
        _set(block, 5, 4 + n)
    with pytest.raises(rp2image.ImageError, match="numbered"):
        rp2image.read_uf2(b"".join(bad[:4] + bad[5:]))
    bad = _blocks(good)
    for n, block in enumerate(bad):                              # the whole image moved up past 2 MB
        _set(block, 3, rp2image.XIP_BASE + 0x1F0000 + 256 * n)
    with pytest.raises(rp2image.ImageError, match="inside the 2 MB"):
        rp2image.read_uf2(b"".join(bad))


def test_the_flash_map_check_catches_a_firmware_reaching_into_the_romfs_partition():
    image = rp2image.Image.from_uf2(_uf2("STUD_PICO"))
    fmap = _board_map()
    room = (image.binary_end - rp2image.XIP_BASE - 1) // 4096 * 4096   # one sector short of the firmware
    big = firmware.flash_map("#define MICROPY_HW_ROMFS_BYTES (%d)\n#define MICROPY_HW_FLASH_STORAGE_BYTES (%d)\n"
                             % (fmap["fs_base"] - room, fmap["fs_bytes"]))
    assert big["firmware_room"] == room and room % 4096 == 0
    problems = firmware.check_flash_map(image, big)
    assert any("past the first partition" in p for p in problems), problems
    odd = firmware.flash_map("#define MICROPY_HW_ROMFS_BYTES (1000)\n")
    assert any("4 KB sectors" in p for p in firmware.check_flash_map(image, odd))


def test_a_changed_board_file_changes_the_recorded_inputs(tmp_path):
    for name in os.listdir(firmware.BOARD_DIR):
        src = os.path.join(firmware.BOARD_DIR, name)
        if os.path.isfile(src):
            with open(src, "rb") as f:
                (tmp_path / name).write_bytes(f.read())
    before = firmware.board_inputs(str(tmp_path))
    assert before == firmware.board_inputs()
    with open(tmp_path / "mpconfigboard.h", "a") as f:
        f.write("#define MICROPY_HW_ENABLE_UART_REPL (1)\n")
    (tmp_path / "README.md").write_text("docs only: not a build input\n")
    after = firmware.board_inputs(str(tmp_path))
    assert [n for n in before if before[n] != after[n]] == ["mpconfigboard.h"]
