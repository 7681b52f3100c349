"""tools/device/deploy.py against stand-ins for the board: the exact mpremote
commands, the file layout they leave on the board, and the error cases (no
board, firmware too old for the bytecode, image or files that do not fit).

FakeBoard stands for a Pico on USB: its filesystem is a folder, the code
deploy sends with `mpremote exec` really runs there under the MicroPython
unix port (with that folder mounted at /), and `romfs query/deploy` and
`fs cp` behave as mpremote's do.
"""
import json
import os
import shutil
import subprocess
import sys

import pytest
from hostenv import read_tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import build
import deploy

MICROPYTHON = shutil.which("micropython")
PICO_MPY = 6 | 3 << 8 | 4 << 10          # sys.implementation._mpy on an RP2040, 1.23+
PICO_LIST = ("/dev/ttyS0 None 0000:0000 None None\n"
             "/dev/ttyACM0 e6614c311b7e6f35 2e8a:0005 MicroPython Board in FS mode\n")


class FakeBoard:
    def __init__(self, root, partition=None, mpy=PICO_MPY, version=(1, 28, 0),
                 fs_bytes=1408 * 1024, ports=PICO_LIST):
        self.root = str(root)
        os.makedirs(self.root, exist_ok=True)
        self.partition = partition
        self.rom = b""
        self.mpy = mpy
        self.version = list(version)
        self.fs_bytes = fs_bytes
        self.ports = ports
        self.commands = []
        self.resets = 0

    def used(self):
        total = 0
        for top, _d, files in os.walk(self.root):
            for f in files:
                total += (os.path.getsize(os.path.join(top, f)) + 4095) // 4096 * 4096
        return total

    def _exec(self, code):
        pre = "import vfs\nvfs.umount('/')\nvfs.mount(vfs.VfsPosix(%r), '/')\n" % self.root
        proc = subprocess.run([MICROPYTHON, "-c", pre + code], capture_output=True, text=True)
        out = proc.stdout
        if out.startswith("STUD_PROBE "):      # the hardware's answers, the rest is real
            d = json.loads(out.split(" ", 1)[1])
            d.update(mpy=self.mpy, version=self.version, platform="rp2",
                     machine="Raspberry Pi Pico with RP2040", fs_total=self.fs_bytes,
                     fs_free=self.fs_bytes - self.used())
            out = "STUD_PROBE " + json.dumps(d) + "\n"
        return proc.returncode, out, proc.stderr

    def _dev(self, remote):
        assert remote.startswith(":")
        return os.path.join(self.root, remote[1:].lstrip("/"))

    def run(self, args):
        self.commands.append(list(args))
        if args == ["connect", "list"]:
            return 0, self.ports, ""
        assert args[0] == "connect" and args[1] == "/dev/ttyACM0", args
        cmd = args[2:]
        if cmd[0] == "exec":
            return self._exec(cmd[1])
        if cmd == ["romfs", "query"]:
            if self.partition is None:
                return 0, "ROMFS is not enabled on this device\n", ""
            text = "ROMFS0 partition has size %d bytes (%d blocks of 4096 bytes each)\n" % (
                self.partition, self.partition // 4096)
            head = (self.rom or b"\xff" * 12)[:12]     # as mpremote prints the partition's start
            text += "  Raw contents: %s ...\n" % head.hex(":")
            text += "  Not a valid ROMFS\n" if not self.rom else "  ROMFS image size: %d\n" % len(self.rom)
            return 0, text, ""
        if cmd[:2] == ["romfs", "deploy"]:
            with open(cmd[2], "rb") as f:
                image = f.read()
            if len(image) > self.partition:
                return 1, "ROMFS image is too big for the target partition\n", ""
            self.rom = image
            return 0, "ROMFS image deployed\n", ""
        if cmd[:2] == ["fs", "cp"]:
            rest = cmd[2:]
            recursive = rest[0] == "-r"
            if recursive:
                rest = rest[1:]
            *srcs, dest = rest
            for src in srcs:
                target = self._dev(dest)
                if dest == ":" or dest.endswith("/"):
                    target = os.path.join(target, os.path.basename(src))
                if os.path.isdir(src):
                    assert recursive, "cp of a folder needs -r"
                    shutil.copytree(src, target)
                else:
                    shutil.copyfile(src, target)
            return 0, "", ""
        if cmd == ["reset"]:
            self.resets += 1
            return 0, "", ""
        raise AssertionError("unexpected mpremote command %r" % (args,))


@pytest.fixture()
def small_build(tmp_path):
    """A small firmware tree built for real (so the commands are fixed)."""
    src = tmp_path / "fw"
    for rel, text in (("poker/__init__.py", ""), ("poker/cards.py", "A = 1\n"),
                      ("ui/__init__.py", ""), ("ui/app.py", "B = 2\n"), ("console.py", "C = 3\n"),
                      ("main.py", "import poker.cards\nprint('stud', poker.cards.A)\n")):
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text)
    (src / "tables").mkdir()
    (src / "tables" / "high.bin").write_bytes(bytes(range(256)) * 9)
    out = tmp_path / "build"
    build.build(str(out), str(src), tablegen=False)
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "pico_ssd1306_i2c.json").write_text(json.dumps({"display": "ssd1306"}))
    (boards / "pico_sh1106_i2c.json").write_text(json.dumps({"display": "sh1106"}))
    return out, boards


needs_mp = pytest.mark.skipif(not MICROPYTHON, reason="micropython unix port missing")


@needs_mp
def test_romfs_route_runs_exactly_these_mpremote_commands(small_build, tmp_path):
    out, boards = small_build
    board = FakeBoard(tmp_path / "dev", partition=768 * 1024)
    assert deploy.main(["--build", str(out)], transport=board, boards_dir=str(boards)) == 0
    c = ["connect", "/dev/ttyACM0"]
    probe = deploy.PROBE % (["/console.mpy", "/poker", "/tables", "/ui"],)
    clean = deploy.CLEAN % (["/console.mpy", "/poker", "/tables", "/ui"],)
    assert board.commands == [
        ["connect", "list"],
        c + ["exec", probe],
        c + ["romfs", "query"],
        c + ["romfs", "deploy", str(out / "stud.romfs")],
        c + ["romfs", "query"],
        c + ["exec", clean],
        c + ["fs", "cp", str(out / "lfs" / "main.py"), ":main.py"],
        c + ["fs", "cp", str(boards / "pico_ssd1306_i2c.json"), ":board.json"],
        c + ["reset"],
    ]


@needs_mp
def test_littlefs_route_runs_exactly_these_mpremote_commands(small_build, tmp_path):
    out, boards = small_build
    board = FakeBoard(tmp_path / "dev", partition=None)
    assert deploy.main(["--build", str(out), "--port", "/dev/ttyACM0", "--board", "pico_sh1106_i2c"],
                       transport=board, boards_dir=str(boards)) == 0
    c = ["connect", "/dev/ttyACM0"]
    lfs = out / "lfs"
    assert board.commands == [
        c + ["exec", deploy.PROBE % (["/console.mpy", "/poker", "/tables", "/ui"],)],
        c + ["romfs", "query"],
        c + ["exec", deploy.CLEAN % (["/console.mpy", "/poker", "/tables", "/ui"],)],
        c + ["fs", "cp", "-r", str(lfs / "console.mpy"), str(lfs / "main.py"), str(lfs / "poker"), str(lfs / "tables"),
             str(lfs / "ui"), ":"],
        c + ["fs", "cp", str(boards / "pico_sh1106_i2c.json"), ":board.json"],
        c + ["reset"],
    ]


@needs_mp
def test_littlefs_route_leaves_the_build_tree_and_board_choice_on_the_board_and_keeps_saves(
        small_build, tmp_path):
    out, boards = small_build
    dev = tmp_path / "dev"
    (dev / "poker").mkdir(parents=True)
    (dev / "poker" / "old_module.mpy").write_bytes(b"stale")     # from an older build
    (dev / "data").mkdir()
    (dev / "data" / "game").write_bytes(b"saved game")
    board = FakeBoard(dev, partition=None)
    assert deploy.main(["--build", str(out), "--board", "pico_sh1106_i2c"],
                       transport=board, boards_dir=str(boards)) == 0
    on_board = read_tree(str(dev))
    expected = read_tree(str(out / "lfs"))
    expected["board.json"] = (boards / "pico_sh1106_i2c.json").read_bytes()
    expected["data/game"] = b"saved game"
    assert on_board == expected
    assert board.resets == 1
    # and the app runs from there: main.py imports the .mpy files
    proc = subprocess.run([MICROPYTHON, "-c",
                           "import vfs, os, sys\nvfs.umount('/')\nvfs.mount(vfs.VfsPosix(%r), '/')\n"
                           "os.chdir('/')\nsys.path[:] = ['']\nexec(open('main.py').read())\n" % str(dev)],
                          capture_output=True, text=True)
    assert proc.stdout.strip() == "stud 1", proc.stderr


@needs_mp
def test_romfs_route_puts_the_image_in_the_partition_and_only_main_and_board_on_the_filesystem(
        small_build, tmp_path):
    out, boards = small_build
    dev = tmp_path / "dev"
    (dev / "tables").mkdir(parents=True)
    (dev / "tables" / "high.bin").write_bytes(b"old copy that would shadow /rom")
    (dev / "data").mkdir()
    (dev / "data" / "stats").write_bytes(b"kept")
    board = FakeBoard(dev, partition=768 * 1024)
    assert deploy.main(["--build", str(out)], transport=board, boards_dir=str(boards)) == 0
    assert board.rom == (out / "stud.romfs").read_bytes()
    assert read_tree(str(dev)) == {
        "main.py": (out / "lfs" / "main.py").read_bytes(),
        "board.json": (boards / "pico_ssd1306_i2c.json").read_bytes(),
        "data/stats": b"kept",
    }
    # the board boots: /rom mounted from the partition, main.py from the filesystem
    rom = tmp_path / "rom.img"
    rom.write_bytes(board.rom)
    proc = subprocess.run([MICROPYTHON, "-c",
                           "import vfs, os, sys\nimg = open(%r, 'rb').read()\nvfs.umount('/')\n"
                           "vfs.mount(vfs.VfsPosix(%r), '/')\nvfs.mount(vfs.VfsRom(img), '/rom')\n"
                           "os.chdir('/')\nsys.path[:] = ['/rom', '']\nexec(open('main.py').read())\n"
                           "import poker.cards\nprint(poker.cards.__file__)\n" % (str(rom), str(dev))],
                          capture_output=True, text=True)
    assert proc.stdout.split() == ["stud", "1", "/rom/poker/cards.mpy"], proc.stderr


def test_no_board_on_usb_is_a_clear_error_and_nothing_else_runs(small_build, tmp_path, capsys):
    out, boards = small_build
    board = FakeBoard(tmp_path / "dev", ports="/dev/ttyS0 None 0000:0000 None None\n")
    assert deploy.main(["--build", str(out)], transport=board, boards_dir=str(boards)) == 1
    err = capsys.readouterr().err
    assert "no board found on USB" in err and "PORT=" in err
    assert board.commands == [["connect", "list"]]


def test_a_port_that_does_not_answer_is_a_clear_error(small_build, capsys):
    out, boards = small_build

    class Silent:
        def __init__(self):
            self.commands = []

        def run(self, args):
            self.commands.append(args)
            return 1, "", "mpremote: failed to access /dev/null (it may be in use by another program)"

    t = Silent()
    t.port_exists = deploy.Mpremote.port_exists.__get__(t)
    assert deploy.main(["--build", str(out), "--port", "/dev/null"], transport=t,  # a port that exists
                       boards_dir=str(boards)) == 1
    err = capsys.readouterr().err
    assert "talking to MicroPython on /dev/null failed" in err and "in use" in err
    assert len(t.commands) == 1


def test_a_port_that_does_not_exist_says_so_and_lists_the_ports_there_are(small_build, tmp_path, capsys):
    out, boards = small_build
    board = FakeBoard(tmp_path / "dev", ports="/dev/ttyACM1 1234 2e8a:0005 MicroPython Board\n"
                                              "/dev/ttyS0 None 0000:0000 None None\n")
    board.port_exists = deploy.Mpremote.port_exists.__get__(board)  # the real check, on this host
    assert deploy.main(["--build", str(out), "--port", "/dev/ttyACM0-not-here"], transport=board,
                       boards_dir=str(boards)) == 1
    err = capsys.readouterr().err
    assert "there is no port /dev/ttyACM0-not-here" in err and "/dev/ttyACM1, /dev/ttyS0" in err
    assert "in use" not in err and board.commands == [["connect", "list"]]


@needs_mp
def test_firmware_too_old_for_the_bytecode_is_refused_before_writing(small_build, tmp_path, capsys):
    out, boards = small_build
    board = FakeBoard(tmp_path / "dev", partition=None, mpy=5 | 4 << 10, version=(1, 18, 0))
    assert deploy.main(["--build", str(out)], transport=board, boards_dir=str(boards)) == 1
    err = capsys.readouterr().err
    assert "MicroPython 1.18.0" in err and ".mpy version 5" in err and "too old" in err
    assert [c[2] for c in board.commands[1:]] == ["exec"]          # the probe only
    assert os.listdir(str(tmp_path / "dev")) == []


@needs_mp
def test_native_code_needs_the_board_to_match_its_architecture_and_mpy_sub_version(tmp_path, capsys):
    src = tmp_path / "fw"
    (src / "poker").mkdir(parents=True)
    (src / "poker" / "fast.py").write_text(
        "import micropython\n@micropython.viper\ndef f(x: int) -> int:\n    return x + 1\n")
    out = tmp_path / "build"
    build.build(str(out), str(src), tablegen=False)
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "pico_ssd1306_i2c.json").write_text("{}")
    # MicroPython 1.22 on the RP2040 loads .mpy 6.2: bytecode yes, our v6.3 native code no
    board = FakeBoard(tmp_path / "dev", mpy=6 | 2 << 8 | 4 << 10, version=(1, 22, 2))
    assert deploy.main(["--build", str(out)], transport=board, boards_dir=str(boards)) == 1
    err = capsys.readouterr().err
    assert "poker/fast.mpy" in err and "v6.2" in err and "1.22.2" in err
    # the same build on an RP2040 with 1.28 goes through
    board = FakeBoard(tmp_path / "dev2")
    assert deploy.main(["--build", str(out)], transport=board, boards_dir=str(boards)) == 0


@needs_mp
def test_image_larger_than_the_partition_is_refused_before_writing(small_build, tmp_path, capsys):
    out, boards = small_build
    size = os.path.getsize(str(out / "stud.romfs"))
    board = FakeBoard(tmp_path / "dev", partition=size - 2)
    assert deploy.main(["--build", str(out)], transport=board, boards_dir=str(boards)) == 1
    err = capsys.readouterr().err
    assert "does not fit the board's ROMFS partition" in err and "%d bytes" % size in err
    assert not any(c[2:4] == ["romfs", "deploy"] for c in board.commands if len(c) > 3)
    assert board.rom == b""


@needs_mp
def test_files_larger_than_the_free_filesystem_are_refused_before_writing(small_build, tmp_path, capsys):
    out, boards = small_build
    board = FakeBoard(tmp_path / "dev", partition=None, fs_bytes=4 * 4096)
    assert deploy.main(["--build", str(out)], transport=board, boards_dir=str(boards)) == 1
    err = capsys.readouterr().err
    assert "does not fit the board's filesystem" in err
    assert all(c[2] in ("exec", "romfs") for c in board.commands[1:])
    assert os.listdir(str(tmp_path / "dev")) == []


@needs_mp
def test_asking_for_the_romfs_route_on_stock_firmware_points_to_our_board_firmware(
        small_build, tmp_path, capsys):
    out, boards = small_build
    board = FakeBoard(tmp_path / "dev", partition=None)
    assert deploy.main(["--build", str(out), "--route", "romfs"], transport=board,
                       boards_dir=str(boards)) == 1
    assert "boards/STUD_PICO" in capsys.readouterr().err


def test_unknown_board_name_lists_the_boards(small_build, tmp_path, capsys):
    out, boards = small_build
    board = FakeBoard(tmp_path / "dev")
    assert deploy.main(["--build", str(out), "--board", "nokia"], transport=board,
                       boards_dir=str(boards)) == 1
    err = capsys.readouterr().err
    assert "nokia" in err and "pico_sh1106_i2c, pico_ssd1306_i2c" in err
    assert board.commands == []


def test_without_a_build_deploy_says_to_run_make_build(tmp_path, capsys):
    board = FakeBoard(tmp_path / "dev")
    assert deploy.main(["--build", str(tmp_path / "nothing")], transport=board,
                       boards_dir=str(tmp_path)) == 1
    assert "make build" in capsys.readouterr().err
    assert board.commands == []


def test_the_real_transport_runs_the_venvs_mpremote():
    t = deploy.Mpremote()
    assert t.argv(["connect", "/dev/ttyACM0", "romfs", "query"]) == [
        sys.executable, "-m", "mpremote", "connect", "/dev/ttyACM0", "romfs", "query"]
    rc, out, err = t.run(["--help"])
    assert rc == 0 and "romfs" in out + err


def test_port_listing_prefers_raspberry_pi_boards_and_skips_plain_serial_ports():
    text = ("/dev/ttyS0 None 0000:0000 None None\n"
            "/dev/ttyUSB0 A10KX 0403:6001 FTDI FT232R\n"
            "/dev/ttyACM1 e661 2e8a:0005 MicroPython Board in FS mode\n")
    assert [p[0] for p in deploy.parse_ports(text)] == ["/dev/ttyACM1", "/dev/ttyUSB0"]
    assert deploy.parse_ports("") == []


@needs_mp
def test_an_image_that_did_not_land_in_the_partition_is_reported(small_build, tmp_path, capsys):
    out, boards = small_build

    class Forgetful(FakeBoard):          # says "deployed" but keeps the old contents
        def run(self, args):
            if args[2:4] == ["romfs", "deploy"]:
                self.commands.append(list(args))
                return 0, "ROMFS image deployed\n", ""
            return FakeBoard.run(self, args)

    board = Forgetful(tmp_path / "dev", partition=768 * 1024)
    assert deploy.main(["--build", str(out)], transport=board, boards_dir=str(boards)) == 1
    assert "does not hold the new image" in capsys.readouterr().err
    assert not any(c[2:4] == ["fs", "cp"] for c in board.commands)


def test_romfs_query_output_gives_the_partition_size():
    assert deploy.parse_romfs_query(
        "ROMFS0 partition has size 786432 bytes (192 blocks of 4096 bytes each)\n"
        "  Raw contents: d2:cd:31 ...\n  ROMFS image size: 1234\n") == 786432
    assert deploy.parse_romfs_query("ROMFS is not enabled on this device\n") is None
    assert deploy.parse_romfs_query("No ROMFS partitions available\n") is None
    assert deploy.parse_romfs_head("  Raw contents: d2:cd:31:80:81:01 ...\n") == b"\xd2\xcd\x31\x80\x81\x01"
    assert deploy.parse_romfs_head("ROMFS is not enabled on this device\n") == b""


def test_a_build_older_than_the_firmware_is_reported(small_build, tmp_path):
    out, boards = small_build
    fw = tmp_path / "fw"
    info_time = os.path.getmtime(str(out / "build-info.json"))
    os.utime(str(fw / "poker" / "cards.py"), (info_time + 10, info_time + 10))
    lines = []
    d = deploy.Deployer(FakeBoard(tmp_path / "dev", ports=""), str(out), str(boards),
                        log=lines.append, firmware=str(fw))
    with pytest.raises(deploy.DeployError):
        d.deploy()                                   # stops at "no board": the warning came first
    assert any("poker/cards.py" in ln and "make build" in ln for ln in lines)
