"""Installs the build on a board over USB: `make deploy [PORT=/dev/ttyACM0]`, or

    python tools/device/deploy.py [--port PORT] [--board NAME] [--route auto|romfs|lfs]

Run `make build` first (build/ holds the ROMFS image, the LittleFS tree and
build-info.json). Then, with a MicroPython board on USB:

1. finds the board (`mpremote connect list`, or --port);
2. asks it what it runs (`mpremote exec`: MicroPython version, the .mpy
   version it loads from sys.implementation._mpy, its filesystem space) and
   stops with a clear message if the firmware cannot load our bytecode;
3. asks whether the firmware has a ROMFS partition (`mpremote romfs query`);
4. ROMFS route (our boards/STUD_PICO firmware): `mpremote romfs deploy` of
   build/stud.romfs (refused before writing if it does not fit the
   partition), removes old copies of the app from the filesystem (they could
   be imported instead of /rom's), copies main.py;
   LittleFS route (stock MicroPython): removes the old app folders, copies
   the .mpy files, tables and main.py (refused if they do not fit);
5. writes the board choice: boards/NAME.json -> :board.json (default: the
   reference board, boards/pico_ssd1306_i2c.json), and resets the board.

Saved games and statistics (/data) are never touched.

Every mpremote call goes through one small transport object (`Mpremote`), so
tests replace it with a fake and check the exact commands.
"""
import argparse
import json
import os
import re
import subprocess
import sys

from paths import ROOT
BUILD = os.path.join(ROOT, "build")
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
DEFAULT_BOARD = "pico_ssd1306_i2c"
INFO_NAME = "build-info.json"
BOARD_FILE = "board.json"               # on the device: hw.hardware_setup reads it
TESTED_VERSION = (1, 28, 0)
ARCH_ARMV6M = 4                         # sys.implementation._mpy >> 10 on the RP2040
ARCH_NAMES = {0: "none", 1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m",
              6: "armv7em", 7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin",
              11: "rv32imc", 12: "rv64imc"}
BLOCK = 4096
FIRMWARE_URL = "https://micropython.org/download/RPI_PICO/"

# Runs on the board: what it is, what it loads, how much room its filesystem
# has, and how much of it the app's folders use now (they are replaced).
PROBE = """\
import sys, os, json
d = {'version': list(sys.implementation.version[:3]), 'mpy': getattr(sys.implementation, '_mpy', 0),
     'platform': sys.platform, 'machine': getattr(sys.implementation, '_machine', '')}
try:
    s = os.statvfs('/')
    d['fs_block'] = s[0]; d['fs_total'] = s[0] * s[2]; d['fs_free'] = s[0] * s[3]
except Exception:
    pass
def du(p):
    try:
        st = os.stat(p)
    except OSError:
        return 0
    if st[0] & 0x4000:
        return sum([du(p + '/' + n) for n in os.listdir(p)])
    return (st[6] + 4095) // 4096 * 4096
d['app_bytes'] = sum([du(p) for p in %r])
print('STUD_PROBE', json.dumps(d))
"""

# Runs on the board: removes the app's old folders from the filesystem.
CLEAN = """\
import os
def rm(p):
    try:
        st = os.stat(p)
    except OSError:
        return
    if st[0] & 0x4000:
        for n in os.listdir(p):
            rm(p + '/' + n)
        os.rmdir(p)
    else:
        os.remove(p)
for p in %r:
    rm(p)
print('STUD_CLEAN done')
"""


class DeployError(Exception):
    pass


def app_paths(info):
    """The app's folders and top-level modules on the board's filesystem
    (e.g. /poker, /console.mpy): an old copy there would be imported
    instead of /rom's. main.py is copied over, not removed."""
    return sorted(set("/" + e["path"].split("/")[0] for e in info["files"]
                      if "/" in e["path"] or e["kind"] == "code"))


class Mpremote:
    """The transport: runs `mpremote ARGS` (the venv's mpremote) and returns
    its output. Tests replace it with an object with the same run()."""

    def __init__(self, echo=True):
        self.echo = echo

    def argv(self, args):
        return [sys.executable, "-m", "mpremote"] + list(args)

    def port_exists(self, port):
        """False for a device path that is not there (mpremote's other
        names, like a0 or COM3, are left to mpremote)."""
        return "/" not in port or os.path.exists(port)

    def run(self, args):
        """Runs mpremote with args; returns (returncode, stdout, stderr)."""
        proc = subprocess.run(self.argv(args), capture_output=True, text=True)
        if self.echo and proc.stdout.strip() and args[-1:] != ["list"]:
            for line in proc.stdout.strip().splitlines()[-3:]:
                print("    " + line)
        return proc.returncode, proc.stdout, proc.stderr


# ---------------------------------------------------------------- parsing

def parse_ports(text):
    """The `mpremote connect list` lines that look like boards, best first:
    [(port, vid_pid, description)]. Serial ports with no USB ids are not."""
    out = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        port, vidpid = parts[0], parts[2]
        if vidpid in ("0000:0000", "None") or ":" not in vidpid:
            continue
        out.append((port, vidpid, " ".join(parts[3:])))
    # Raspberry Pi's vendor id, then anything that says MicroPython, then the rest
    out.sort(key=lambda p: (not p[1].lower().startswith("2e8a:"), "micropython" not in p[2].lower()))
    return out


def parse_probe(text):
    for line in text.splitlines():
        if line.startswith("STUD_PROBE "):
            return json.loads(line[len("STUD_PROBE "):])
    raise DeployError("the board did not answer the probe; mpremote said:\n" + text.strip())


def parse_romfs_query(text):
    """Size in bytes of ROMFS partition 0, or None when there is none."""
    m = re.search(r"ROMFS0 partition has size (\d+) bytes", text)
    return int(m.group(1)) if m else None


def parse_romfs_head(text):
    """The first bytes of ROMFS partition 0 as `mpremote romfs query` shows
    them ('Raw contents: d2:cd:31:...'), or b''."""
    m = re.search(r"Raw contents: ([0-9a-f:]+)", text)
    return bytes.fromhex(m.group(1).replace(":", "")) if m else b""


def version_text(v):
    return ".".join(str(x) for x in v)


def check_bytecode(info, probe):
    """Raises DeployError when the board's MicroPython cannot load the build."""
    mpy = probe.get("mpy") or 0
    ver = tuple(probe.get("version", (0, 0, 0)))
    dev_major, dev_sub, dev_arch = mpy & 0xFF, (mpy >> 8) & 3, mpy >> 10
    if dev_major != info["mpy_version"]:
        raise DeployError(
            "the board runs MicroPython %s, which loads .mpy version %d; this build is .mpy "
            "version %d (MicroPython 1.19 or newer; tested with %s). The firmware is too %s: "
            "flash a current MicroPython UF2 (%s) or our boards/STUD_PICO firmware, then "
            "run make deploy again." % (
                version_text(ver), dev_major, info["mpy_version"], version_text(TESTED_VERSION),
                "old" if dev_major < info["mpy_version"] else "new", FIRMWARE_URL))
    if info.get("native"):
        if dev_arch != ARCH_ARMV6M or dev_sub != info["mpy_sub_version"]:
            raise DeployError(
                "the build has native code (%s) for armv6m, .mpy v%d.%d; the board runs "
                "MicroPython %s on %s with .mpy v%d.%d. Flash MicroPython 1.23 or newer for the "
                "RP2040 (%s)." % (
                    ", ".join(info["native"]), info["mpy_version"], info["mpy_sub_version"],
                    version_text(ver), ARCH_NAMES.get(dev_arch, str(dev_arch)), dev_major, dev_sub,
                    FIRMWARE_URL))


# ---------------------------------------------------------------- deploy

def load_build(build_dir):
    path = os.path.join(build_dir, INFO_NAME)
    if not os.path.exists(path):
        raise DeployError("no build in %s: run `make build` first" % build_dir)
    with open(path) as f:
        return json.load(f)


def newer_sources(build_dir, firmware):
    """Firmware files changed since the build (deploy warns: run make build)."""
    built = os.path.getmtime(os.path.join(build_dir, INFO_NAME))
    out = []
    for top, dirs, files in os.walk(firmware):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if not f.endswith((".pyc", ".md")) and os.path.getmtime(os.path.join(top, f)) > built:
                out.append(os.path.relpath(os.path.join(top, f), firmware))
    return sorted(out)


def board_file(boards_dir, name):
    path = os.path.join(boards_dir, name + ".json")
    if not os.path.exists(path):
        names = sorted(f[:-5] for f in os.listdir(boards_dir) if f.endswith(".json")) \
            if os.path.isdir(boards_dir) else []
        raise DeployError("no board named %r in %s; the boards are: %s" % (
            name, boards_dir, ", ".join(names) or "(none)"))
    with open(path) as f:
        try:
            json.load(f)
        except ValueError as e:
            raise DeployError("%s is not valid JSON: %s" % (path, e))
    return path


class Deployer:
    def __init__(self, transport, build_dir=BUILD, boards_dir=BOARDS, log=print, firmware=None):
        self.t = transport
        self.build_dir = build_dir
        self.boards_dir = boards_dir
        self.log = log
        self.firmware = firmware

    def mp(self, args, what):
        rc, out, err = self.t.run(args)
        if rc != 0:
            raise DeployError("%s failed (mpremote %s):\n%s\nIf the game is running and does not "
                              "let mpremote in, power the board on holding B (OK on a two-button "
                              "board): safe mode leaves the REPL free." % (
                                  what, " ".join(a if "\n" not in a else "<script>" for a in args),
                                  (err or out).strip()))
        return out

    def find_port(self):
        rc, out, _err = self.t.run(["connect", "list"])
        ports = parse_ports(out) if rc == 0 else []
        if not ports:
            raise DeployError(
                "no board found on USB. Plug the Pico in with a data cable (holding no "
                "button), check that it runs MicroPython (a fresh Pico shows up as a drive "
                "named RPI-RP2: copy the MicroPython UF2 onto it first), or give the port: "
                "make deploy PORT=/dev/ttyACM0")
        if len(ports) > 1:
            self.log("several boards found (%s); using %s (choose with PORT=)" % (
                ", ".join(p[0] for p in ports), ports[0][0]))
        return ports[0][0]

    def check_port(self, port):
        """A port given as a device path must exist (mpremote would only say
        it "may be in use"); else the error lists the serial ports there are."""
        exists = getattr(self.t, "port_exists", None)
        if exists is None or exists(port):
            return
        rc, out, _err = self.t.run(["connect", "list"])
        there = [ln.split()[0] for ln in out.splitlines() if ln.split()] if rc == 0 else []
        raise DeployError("there is no port %s. %s" % (
            port, "Serial ports here: %s (boards first: make deploy without PORT= picks one)"
            % ", ".join(there) if there else "No serial port is here at all: plug the Pico in "
            "with a data cable"))

    def deploy(self, port=None, board=DEFAULT_BOARD, route="auto"):
        info = load_build(self.build_dir)
        board_path = board_file(self.boards_dir, board)
        if self.firmware and os.path.isdir(self.firmware):
            changed = newer_sources(self.build_dir, self.firmware)
            if changed:
                self.log("warning: changed since the build: %s%s; run make build to include them" % (
                    ", ".join(changed[:5]), " ..." if len(changed) > 5 else ""))
        if port is None:
            port = self.find_port()
        else:
            self.check_port(port)
        c = ["connect", port]
        self.log("board on %s:" % port)
        probe = parse_probe(self.mp(c + ["exec", PROBE % (app_paths(info),)],
                                    "talking to MicroPython on %s" % port))
        self.log("  MicroPython %s (%s), .mpy v%d" % (
            version_text(probe["version"]), probe.get("machine") or probe.get("platform"),
            probe["mpy"] & 0xFF))
        check_bytecode(info, probe)
        if tuple(probe["version"]) < TESTED_VERSION:
            self.log("  note: tested with MicroPython %s; this board runs %s" % (
                version_text(TESTED_VERSION), version_text(probe["version"])))
        rc, out, _err = self.t.run(c + ["romfs", "query"])
        partition = parse_romfs_query(out) if rc == 0 else None
        self.log("  ROMFS partition: %s" % ("%d bytes" % partition if partition else "none"))

        if route == "auto":
            route = "romfs" if partition else "lfs"
        if route == "romfs":
            if not partition:
                raise DeployError(
                    "the firmware on %s has no ROMFS partition (stock MicroPython gives it 0 "
                    "bytes). Flash our boards/STUD_PICO firmware (see its README), or deploy "
                    "to the filesystem: make deploy (route auto) / --route lfs" % port)
            self.deploy_romfs(c, info, partition)
        elif route == "lfs":
            if partition:
                self.log("  note: the ROMFS partition is left as it is; the code of an old "
                         "image there may be imported instead (it is on sys.path too)")
            self.deploy_lfs(c, info, probe)
        else:
            raise DeployError("unknown route %r (auto, romfs or lfs)" % route)

        self.log("board choice: %s -> :%s" % (os.path.basename(board_path), BOARD_FILE))
        self.mp(c + ["fs", "cp", board_path, ":" + BOARD_FILE], "writing the board choice")
        self.mp(c + ["reset"], "resetting the board")
        self.log("deployed (%s route) to %s; the board restarts into the game" % (route, port))
        return route

    def deploy_romfs(self, c, info, partition):
        image = os.path.join(self.build_dir, info["image"])
        size = os.path.getsize(image)
        if size > partition:
            raise DeployError(
                "the ROMFS image (%d bytes, %s) does not fit the board's ROMFS partition "
                "(%d bytes): nothing was written. Make the app smaller or give the partition "
                "more flash (MICROPY_HW_ROMFS_BYTES in boards/STUD_PICO)." % (size, image, partition))
        self.log("ROMFS route: %d-byte image into the %d-byte partition" % (size, partition))
        self.mp(c + ["romfs", "deploy", image], "writing the ROMFS image")
        out = self.mp(c + ["romfs", "query"], "checking the ROMFS image")
        with open(image, "rb") as f:
            head = f.read(12)
        if parse_romfs_head(out) != head:
            raise DeployError("the ROMFS partition does not hold the new image after writing it "
                              "(the board reports %s, the image starts %s); run make deploy again"
                              % (parse_romfs_head(out).hex(":") or "nothing", head.hex(":")))
        self.log("  ROMFS image written and checked")
        self._clean(c, info)
        main = os.path.join(self.build_dir, info["lfs_dir"], "main.py")
        if os.path.exists(main):
            self.mp(c + ["fs", "cp", main, ":main.py"], "copying main.py")
        else:
            self.log("  warning: the build has no main.py; the board will not start the game")

    def deploy_lfs(self, c, info, probe):
        need = info["lfs_bytes_on_blocks"] + BLOCK           # + board.json
        room = probe.get("fs_free", 0) + probe.get("app_bytes", 0)
        if "fs_free" in probe and need > room:
            raise DeployError(
                "the app (%d KB on 4 KB blocks) does not fit the board's filesystem (%d KB free "
                "counting the old app): nothing was written. Free space on the board "
                "(mpremote fs ls / rm) or use the ROMFS route." % (need // 1024, room // 1024))
        lfs = os.path.join(self.build_dir, info["lfs_dir"])
        tops = sorted(os.listdir(lfs))
        self.log("LittleFS route: %d bytes of files (%d KB on blocks): %s" % (
            info["lfs_bytes"], need // 1024, ", ".join(tops)))
        self._clean(c, info)
        self.mp(c + ["fs", "cp", "-r"] + [os.path.join(lfs, n) for n in tops] + [":"],
                "copying the app to the filesystem")

    def _clean(self, c, info):
        self.mp(c + ["exec", CLEAN % (app_paths(info),)], "removing the old app folders")


def main(argv=None, transport=None, build_dir=BUILD, boards_dir=BOARDS):
    ap = argparse.ArgumentParser(description="Install the Stud build on a board with mpremote.")
    ap.add_argument("--port", default=None, help="serial port (default: the first board found)")
    ap.add_argument("--board", default=DEFAULT_BOARD,
                    help="board definition boards/NAME.json (default %s)" % DEFAULT_BOARD)
    ap.add_argument("--route", default="auto", choices=("auto", "romfs", "lfs"),
                    help="auto: ROMFS when the firmware has a partition, else LittleFS")
    ap.add_argument("--build", default=build_dir, help="build folder (default build/)")
    args = ap.parse_args(argv)
    d = Deployer(transport or Mpremote(), args.build, boards_dir,
                 firmware=FIRMWARE if args.build == BUILD else None)
    try:
        d.deploy(args.port or None, args.board, args.route)
    except DeployError as e:
        print("deploy failed: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
