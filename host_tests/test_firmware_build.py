"""tools/build/firmware.py (`make firmware`) before it builds anything: it takes
only a MicroPython v1.28.0 tree with the rp2 submodules, and without a tree,
tools or network it stops saying what it needs. (The build itself needs the
ARM toolchain and MicroPython's source, which the test machines need not
have; what it produced is checked in test_firmware_release.py.)"""
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
import firmware  # noqa: E402


def _touch(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("")


def _tree(root, version=(1, 28, 0), populated=firmware.SUBMODULES):
    (root / "py").mkdir(parents=True)
    (root / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR %d\n#define MICROPY_VERSION_MINOR %d\n#define MICROPY_VERSION_MICRO %d\n"
        % version)
    for sub in populated:
        _touch(root / sub / firmware.SUBMODULES[sub][1])
    for src, _dest in firmware.LICENSES:
        if (root / src).parent.is_dir():          # the licenses of the parts that are there
            _touch(root / src)
    return str(root)


def test_a_populated_v1_28_0_tree_without_git_is_taken_and_said_to_be_unverified(tmp_path):
    checked = firmware.check_tree(_tree(tmp_path))
    assert "no git metadata" in checked and "not verified" in checked


def test_another_micropython_version_is_refused(tmp_path):
    with pytest.raises(firmware.BuildError, match="MicroPython 1.27.0; this board is written for v1.28.0"):
        firmware.check_tree(_tree(tmp_path, version=(1, 27, 0)))


def test_an_empty_submodule_is_named_with_the_command_that_fills_it(tmp_path):
    tree = _tree(tmp_path, populated=[s for s in firmware.SUBMODULES if s != "lib/tinyusb"])
    with pytest.raises(firmware.BuildError, match="lib/tinyusb is empty: run `make -C .*/ports/rp2 submodules`"):
        firmware.check_tree(tree)


def test_a_tree_without_a_license_the_release_must_carry_is_refused(tmp_path):
    tree = _tree(tmp_path)
    os.remove(os.path.join(tree, "lib", "mbedtls", "LICENSE"))
    with pytest.raises(firmware.BuildError, match="lib/mbedtls/LICENSE is missing"):
        firmware.check_tree(tree)


def test_a_folder_that_is_no_micropython_tree_is_refused(tmp_path):
    with pytest.raises(firmware.BuildError, match="not a MicroPython source tree"):
        firmware.check_tree(str(tmp_path))


def test_without_a_tree_and_without_network_it_stops_saying_what_it_needs(tmp_path, monkeypatch, capsys):
    real_run = subprocess.run

    def offline(cmd, *a, **kw):
        if cmd[:2] == ["git", "ls-remote"]:
            return subprocess.CompletedProcess(cmd, 128, "", "fatal: unable to access")
        return real_run(cmd, *a, **kw)

    monkeypatch.setattr(firmware.subprocess, "run", offline)
    monkeypatch.setattr(firmware, "CLONE_DIR", str(tmp_path / "micropython"))
    monkeypatch.setattr(firmware, "check_tools", lambda _picotool: None)   # as if the toolchain were there
    monkeypatch.delenv("MICROPY_DIR", raising=False)
    assert firmware.main(["--only", "STUD_PICO"]) == 1
    err = capsys.readouterr().err
    for need in ("MICROPY_DIR", "v1.28.0", "arm-none-eabi-gcc", "cmake", "PICOTOOL_DIR", "network"):
        assert need in err, need
    assert not os.path.exists(tmp_path / "micropython")       # nothing half-cloned left behind


def test_missing_tools_are_named(monkeypatch):
    monkeypatch.setattr(firmware.shutil, "which", lambda tool: None if tool == "cmake" else "/usr/bin/" + tool)
    with pytest.raises(firmware.BuildError, match="Here: cmake not found"):
        firmware.check_tools(None)


def test_the_board_name_reaches_the_port_even_with_cmake_args():
    # on make's command line CMAKE_ARGS would replace the port's own (which
    # name the board), and it would build RPI_PICO: it goes in the environment
    cmd, cmake_args = firmware.make_command("/mp", "STUD_PICO", firmware.BOARD_DIR, None, "/pt", 2)
    assert not any(c.startswith("CMAKE_ARGS") for c in cmd)
    assert "BOARD_DIR=" + firmware.BOARD_DIR in cmd
    assert cmake_args == "-Dpicotool_DIR=/pt"
    cmd, _ = firmware.make_command("/mp", "STUD_PICO-FROZEN", firmware.BOARD_DIR, "FROZEN", None, 2)
    assert "BOARD_VARIANT=FROZEN" in cmd


def test_the_flash_map_is_read_from_the_board_header_as_the_port_does():
    fmap = firmware.flash_map("#define MICROPY_HW_ROMFS_BYTES                  (768 * 1024)\n"
                              "#define MICROPY_HW_FLASH_STORAGE_BYTES          (640 * 1024)\n")
    assert (fmap["romfs_base"], fmap["fs_base"], fmap["firmware_room"]) == (640 * 1024, 1408 * 1024, 640 * 1024)
    stock = firmware.flash_map("")            # mpconfigport.h's defaults: no ROMFS, 1408 KB filesystem
    assert (stock["romfs_bytes"], stock["fs_bytes"], stock["firmware_room"]) == (0, 1408 * 1024, 640 * 1024)


@pytest.mark.skipif(subprocess.run(["git", "--version"], capture_output=True).returncode != 0, reason="no git")
def test_a_git_checkout_at_another_commit_is_refused(tmp_path):
    tree = _tree(tmp_path)
    for cmd in (["init", "-q"], ["add", "-A"],
                ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "not v1.28.0"]):
        subprocess.run(["git", "-C", tree] + cmd, check=True, capture_output=True)
    with pytest.raises(firmware.BuildError, match="is at commit [0-9a-f]{40}, not %s" % firmware.MICROPY_COMMIT):
        firmware.check_tree(tree)


def test_a_flash_size_it_cannot_read_is_an_error_not_a_default():
    with pytest.raises(firmware.BuildError, match="cannot read MICROPY_HW_FLASH_STORAGE_BYTES"):
        firmware.flash_map("#define MICROPY_HW_FLASH_STORAGE_BYTES (PICO_FLASH_SIZE_BYTES - 1024 * 1024)\n")
