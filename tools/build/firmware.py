"""Builds the device firmware from MicroPython v1.28.0's source: `make firmware`, or

    python tools/build/firmware.py [--micropy-dir DIR] [--picotool-dir DIR]
                             [--only NAME ...] [--no-release] [--jobs N]

Three firmwares, each with the rp2 port's own Makefile, in build/firmware/NAME/:
- STUD_PICO: boards/STUD_PICO, the shipped one (ROMFS partition for the app);
- STUD_PICO-FROZEN: the same board, BOARD_VARIANT=FROZEN (the app's code frozen in);
- RPI_PICO: the port's stock board from the same tree, which stands for the
  stock firmware in the tests of the stock route.

Steps:
1. The MicroPython tree: --micropy-dir (MICROPY_DIR=... for make), else
   build/micropython, cloned there when missing (`git clone --depth 1 --branch
   v1.28.0`, then `make -C ports/rp2 submodules`) if the network allows. The
   tree must be v1.28.0 (py/mpconfig.h) with the rp2 port's submodules in
   place; in a git checkout the commits are checked too.
2. The tools: arm-none-eabi-gcc, cmake, make; picotool through --picotool-dir
   (PICOTOOL_DIR=..., a folder with picotoolConfig.cmake; without it pico-sdk
   tries to download and build picotool). mpy-cross is built in the tree if
   missing.
3. Each firmware is built with SOURCE_DATE_EPOCH and the version strings set to
   those of the v1.28.0 release, so the same tree and toolchain give the same
   bytes on any day. The output goes to build/firmware/NAME.log; progress here.
4. The flash map of each firmware is checked, since the linker checks none of
   it: the partitions the firmware declares (its binary info, read back from
   the UF2) must be the ones its board header asks for, inside the 2 MB, in
   whole 4 KB sectors, and the firmware must end below the lowest partition.
   The ELF's __flash_binary_end must agree. Any failure stops the build.
5. build/firmware/provenance.json records what was built from what. Unless
   --no-release (or --only), the STUD_PICO and RPI_PICO UF2s go to
   boards/STUD_PICO/release/ with that provenance, also as PROVENANCE.md, and
   the licenses of the code in them.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

import rp2image
from paths import ROOT

BOARD_DIR = os.path.join(ROOT, "boards", "STUD_PICO")
RELEASE_DIR = os.path.join(BOARD_DIR, "release")
OUT_DIR = os.path.join(ROOT, "build", "firmware")
CLONE_DIR = os.path.join(ROOT, "build", "micropython")
KB = 1024
SECTOR = 4 * KB

# The one MicroPython release this board is written for, as its tag records it.
MICROPY_TAG = "v1.28.0"
MICROPY_VERSION = (1, 28, 0)
MICROPY_COMMIT = "e0e9fbb17ed6fd06bb76e266ae554784c9c80804"
MICROPY_DATE = 1775481169           # commit time of v1.28.0: the build date we stamp
MICROPY_URL = "https://github.com/micropython/micropython.git"
# the submodules the rp2 port builds from (RPI_PICO, no wireless), with a file
# each that shows it is populated
SUBMODULES = {
    "lib/pico-sdk": ("a1438dff1d38bd9c65dbd693f0e5db4b9ae91779", "pico_sdk_version.cmake"),
    "lib/tinyusb": ("aa0fc2e08f1c2dd6f026a431e8989357fbb4c5bf", "src/tusb.h"),
    "lib/micropython-lib": ("8380c7bb8f9e5e5260e9539156742925e00366b2", "micropython/drivers/bus/onewire/manifest.py"),
    "lib/mbedtls": ("107ea89daaefb9867ea9121002fbbdf926780e98", "library/version.c"),
}

# name -> (board folder, variant); None: the port's own board of that name
TARGETS = (
    ("STUD_PICO", BOARD_DIR, None),
    ("STUD_PICO-FROZEN", BOARD_DIR, "FROZEN"),
    ("RPI_PICO", None, None),
)
SHIPPED = ("STUD_PICO", "RPI_PICO")
# build inputs of the shipped board definition whose hashes the release
# records (README.md is read by people, not by the build)
BOARD_NOT_INPUTS = ("README.md", "release")
# licenses of the code inside the UF2s: MicroPython (its LICENSE also sums up
# the third-party code under lib/, e.g. littlefs), pico-sdk, TinyUSB, and
# Mbed TLS (the port links its AES, MD5, SHA code for cryptolib and hashlib)
LICENSES = (("LICENSE", "LICENSE-MicroPython"),
            ("lib/pico-sdk/LICENSE.TXT", "LICENSE-pico-sdk"),
            ("lib/tinyusb/LICENSE", "LICENSE-TinyUSB"),
            ("lib/mbedtls/LICENSE", "LICENSE-MbedTLS"))


NEEDS = """The firmware build needs:
- MicroPython %s's source with the rp2 port's submodules: MICROPY_DIR=/path/to/it
  (git clone --branch %s %s; make -C ports/rp2 submodules),
  or network access, to clone it into build/micropython;
- arm-none-eabi-gcc with newlib, cmake, make (Debian/Ubuntu: apt install cmake
  gcc-arm-none-eabi libnewlib-arm-none-eabi build-essential);
- picotool 2.x: PICOTOOL_DIR=/folder/with/picotoolConfig.cmake, or an installed
  one, or network access for pico-sdk to fetch and build it.""" % (MICROPY_TAG, MICROPY_TAG, MICROPY_URL)


class BuildError(Exception):
    pass


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def board_inputs(board_dir=BOARD_DIR):
    """{file name: sha256} of the board definition's build inputs."""
    return {n: sha256(os.path.join(board_dir, n)) for n in sorted(os.listdir(board_dir))
            if n not in BOARD_NOT_INPUTS and os.path.isfile(os.path.join(board_dir, n))}


def header_bytes(text, name, default):
    """The value of `#define NAME (640 * 1024)` (or a plain number) in a C header."""
    m = re.search(r"^#define\s+%s\s+\(?\s*(\d+)\s*(?:\*\s*(\d+)\s*)?\)?\s*$" % name, text, re.M)
    if not m:
        if re.search(r"^\s*#define\s+%s\b" % name, text, re.M):
            raise BuildError("cannot read %s from the board header: write it as (N * 1024)" % name)
        return default
    return int(m.group(1)) * int(m.group(2) or 1)


def flash_map(header_text, flash_bytes=rp2image.FLASH_BYTES):
    """The flash map v1.28.0's rp2_flash.c makes of a board header: the
    filesystem at the top of the flash, the ROMFS partition right below it,
    the firmware below that (offsets from the start of flash)."""
    fs_bytes = header_bytes(header_text, "MICROPY_HW_FLASH_STORAGE_BYTES", 1408 * KB)
    romfs_bytes = header_bytes(header_text, "MICROPY_HW_ROMFS_BYTES", 0)
    fs_base = flash_bytes - fs_bytes
    return {"flash": flash_bytes, "fs_base": fs_base, "fs_bytes": fs_bytes,
            "romfs_base": fs_base - romfs_bytes, "romfs_bytes": romfs_bytes,
            "firmware_room": fs_base - romfs_bytes}


def check_flash_map(image, fmap, elf_symbols=None):
    """The problems (a list of sentences; empty: none) of a built firmware
    against the map its board header asks for."""
    problems = []
    base = rp2image.XIP_BASE
    for what in ("fs", "romfs"):
        if fmap[what + "_bytes"] % SECTOR or fmap[what + "_base"] % SECTOR:
            problems.append("%s partition not in whole 4 KB sectors" % what)
    if fmap["fs_base"] + fmap["fs_bytes"] > fmap["flash"] or fmap["romfs_base"] < 0:
        problems.append("partitions do not fit in %d KB of flash" % (fmap["flash"] // KB))
    want = [("MicroPython", base + fmap["fs_base"], fmap["fs_bytes"])]
    if fmap["romfs_bytes"]:
        want.append(("ROMFS", base + fmap["romfs_base"], fmap["romfs_bytes"]))
    if sorted(image.block_devices, key=lambda d: d[1]) != sorted(want, key=lambda d: d[1]):
        problems.append("the firmware declares partitions %s, its board header asks for %s"
                        % (_parts(image.block_devices), _parts(want)))
    if image.binary_end is None:
        problems.append("the firmware does not declare where it ends (binary info)")
    else:
        room_end = base + fmap["firmware_room"]
        if image.binary_end > room_end or image.end > room_end:
            problems.append("the firmware ends at 0x%08x, past the first partition at 0x%08x"
                            % (max(image.binary_end, image.end), room_end))
    if elf_symbols is not None:
        if elf_symbols.get("__flash_binary_end") != image.binary_end:
            problems.append("the ELF's __flash_binary_end %s is not the UF2's end 0x%08x"
                            % (hex(elf_symbols.get("__flash_binary_end", 0)), image.binary_end or 0))
        if elf_symbols.get("__micropy_flash_size__") != fmap["flash"]:
            problems.append("linked for %s bytes of flash, the map is for %d"
                            % (elf_symbols.get("__micropy_flash_size__"), fmap["flash"]))
    return problems


def _parts(devs):
    return ", ".join("%s 0x%08x+%d KB" % (n, a, s // KB) for n, a, s in devs) or "none"


def elf_symbols(elf, names=("__flash_binary_end", "__flash_binary_start", "__micropy_flash_size__")):
    out = subprocess.run(["arm-none-eabi-nm", elf], check=True, capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] in names:
            found[parts[2]] = int(parts[0], 16)
    return found


# --- the MicroPython tree -------------------------------------------------

def tree_version(tree):
    with open(os.path.join(tree, "py", "mpconfig.h")) as f:
        text = f.read()
    return tuple(int(re.search(r"#define MICROPY_VERSION_%s (\d+)" % part, text).group(1))
                 for part in ("MAJOR", "MINOR", "MICRO"))


def _git(tree, *args):
    return subprocess.run(["git", "-C", tree] + list(args), capture_output=True, text=True)


def check_tree(tree):
    """Checks a MicroPython tree is v1.28.0 with the rp2 submodules; returns
    how far that could be checked (recorded in the provenance)."""
    if not os.path.isfile(os.path.join(tree, "py", "mpconfig.h")):
        raise BuildError("%s is not a MicroPython source tree (no py/mpconfig.h)" % tree)
    version = tree_version(tree)
    if version != MICROPY_VERSION:
        raise BuildError("%s is MicroPython %s; this board is written for %s (git checkout %s)"
                         % (tree, ".".join(map(str, version)), MICROPY_TAG, MICROPY_TAG))
    for sub, (_commit, marker) in SUBMODULES.items():
        if not os.path.isfile(os.path.join(tree, sub, marker)):
            raise BuildError("%s/%s is empty: run `make -C %s/ports/rp2 submodules`" % (tree, sub, tree))
    for src, _dest in LICENSES:
        if not os.path.isfile(os.path.join(tree, src)):
            raise BuildError("%s/%s is missing: the shipped firmware must carry it (a full checkout has it)"
                             % (tree, src))
    if os.path.exists(os.path.join(tree, ".git")):
        head = _git(tree, "rev-parse", "HEAD").stdout.strip()
        if head != MICROPY_COMMIT:
            raise BuildError("%s is at commit %s, not %s (%s)" % (tree, head, MICROPY_COMMIT, MICROPY_TAG))
        for sub, (commit, _marker) in SUBMODULES.items():
            got = _git(os.path.join(tree, sub), "rev-parse", "HEAD").stdout.strip()
            if got != commit:
                raise BuildError("%s/%s is at %s, %s pins %s" % (tree, sub, got, MICROPY_TAG, commit))
        return "git: the tree's HEAD and each submodule's HEAD are the commits above"
    return ("no git metadata in the tree: version %s read from py/mpconfig.h, submodules checked "
            "populated; their commits are those %s pins, not verified" % (MICROPY_TAG, MICROPY_TAG))


def clone_tree(dest):
    """Clones v1.28.0 and the rp2 port's submodules into dest, if the network allows."""
    if shutil.which("git") is None:
        raise BuildError("no MicroPython tree: give MICROPY_DIR=/path/to/micropython-%s, "
                         "or install git so that it can be cloned" % MICROPY_TAG)
    probe = subprocess.run(["git", "ls-remote", "--tags", MICROPY_URL, MICROPY_TAG],
                           capture_output=True, text=True, timeout=60)
    if probe.returncode != 0 or MICROPY_TAG not in probe.stdout:
        raise BuildError(NEEDS + "\nHere: no MicroPython tree in %s and no network to clone %s."
                         % (os.path.relpath(dest, ROOT), MICROPY_URL))
    tmp = dest + ".part"
    shutil.rmtree(tmp, ignore_errors=True)
    _step("cloning MicroPython %s into %s" % (MICROPY_TAG, os.path.relpath(dest, ROOT)))
    subprocess.run(["git", "clone", "--depth", "1", "--branch", MICROPY_TAG, MICROPY_URL, tmp], check=True)
    _step("fetching the rp2 port's submodules")
    subprocess.run(["make", "-C", os.path.join(tmp, "ports", "rp2"), "submodules"], check=True)
    os.rename(tmp, dest)


def check_tools(picotool_dir):
    missing = [t for t in ("arm-none-eabi-gcc", "arm-none-eabi-nm", "cmake", "make") if shutil.which(t) is None]
    if missing:
        raise BuildError(NEEDS + "\nHere: %s not found." % ", ".join(missing))
    if picotool_dir and not os.path.isfile(os.path.join(picotool_dir, "picotoolConfig.cmake")):
        raise BuildError("PICOTOOL_DIR=%s has no picotoolConfig.cmake (give the folder of an "
                         "installed picotool 2.x, lib/cmake/picotool)" % picotool_dir)


def tool_versions(picotool_dir):
    def first_line(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0].strip()
        except (OSError, IndexError):
            return None
    picotool = None
    if picotool_dir:
        picotool = first_line([os.path.join(picotool_dir, "picotool"), "version"])
    return {"arm-none-eabi-gcc": first_line(["arm-none-eabi-gcc", "--version"]),
            "cmake": first_line(["cmake", "--version"]),
            "picotool": picotool or "picotool fetched by pico-sdk (no PICOTOOL_DIR)"}


def submodule_versions(tree):
    def grab(path, pattern, fmt):
        try:
            with open(os.path.join(tree, path)) as f:
                m = re.findall(pattern, f.read())
            return fmt % tuple(m) if m else None
        except OSError:
            return None
    return {
        "lib/pico-sdk": grab("lib/pico-sdk/pico_sdk_version.cmake",
                             r"set\(PICO_SDK_VERSION_(?:MAJOR|MINOR|REVISION) (\d+)\)", "pico-sdk %s.%s.%s"),
        "lib/tinyusb": grab("lib/tinyusb/src/tusb_option.h",
                            r"#define TUSB_VERSION_(?:MAJOR|MINOR|REVISION)\s+(\d+)", "TinyUSB %s.%s.%s"),
        "lib/mbedtls": grab("lib/mbedtls/include/mbedtls/build_info.h",
                            r'#define MBEDTLS_VERSION_STRING\s+"([^"]+)"', "Mbed TLS %s"),
        "lib/micropython-lib": None,
    }


# --- building ---------------------------------------------------------------

def _step(text):
    print("== " + text, flush=True)


def build_env():
    env = dict(os.environ)
    # the port's Makefile reads these (MAKEFLAGS carries `make firmware`'s own
    # command-line variables): only the ones we pass count
    for var in ("BOARD", "BOARD_DIR", "BOARD_VARIANT", "BUILD", "CMAKE_ARGS", "FROZEN_MANIFEST",
                "MAKEFLAGS", "MFLAGS", "MAKELEVEL"):
        env.pop(var, None)
    env["SOURCE_DATE_EPOCH"] = str(MICROPY_DATE)     # gcc's __DATE__ and MicroPython's build date
    env["MICROPY_GIT_TAG"] = MICROPY_TAG             # the banner, as a git checkout of the tag gives
    env["MICROPY_GIT_HASH"] = MICROPY_COMMIT[:10]
    env["LC_ALL"] = "C"
    return env


def make_command(tree, name, board_dir, variant, picotool_dir, jobs):
    """The rp2 port's make command line, and the CMAKE_ARGS it needs in its
    environment: on the command line CMAKE_ARGS would replace the port
    Makefile's own (`CMAKE_ARGS += -DMICROPY_BOARD=... -DMICROPY_BOARD_DIR=...`)
    and the port would silently build RPI_PICO."""
    cmd = ["make", "-C", os.path.join(tree, "ports", "rp2"), "-j%d" % jobs,
           "BUILD=" + os.path.join(OUT_DIR, name)]
    cmd.append("BOARD_DIR=" + board_dir if board_dir else "BOARD=" + name)
    if variant:
        cmd.append("BOARD_VARIANT=" + variant)
    cmake_args = "-Dpicotool_DIR=" + os.path.abspath(picotool_dir) if picotool_dir else ""
    return cmd, cmake_args


def run_logged(cmd, env, log_path):
    """Runs cmd with its output in log_path, printing the percentage steps."""
    shown = -10
    with open(log_path, "w") as log:
        log.write("$ %s\n" % " ".join(cmd))
        log.flush()
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for line in proc.stdout:
            log.write(line)
            m = re.match(r"\[\s*(\d+)%\]", line)
            if m and int(m.group(1)) >= shown + 10:
                shown = int(m.group(1))
                print("   %3d%%" % shown, flush=True)
        proc.wait()
    if proc.returncode:
        with open(log_path) as f:
            tail = f.read().splitlines()[-25:]
        raise BuildError("the build failed (exit %d); end of %s:\n%s"
                         % (proc.returncode, os.path.relpath(log_path, ROOT), "\n".join(tail)))


def build_one(tree, name, board_dir, variant, picotool_dir, jobs):
    _step("building %s%s" % (name, " (slow the first time: pico-sdk and the whole port)"
                             if not os.path.isdir(os.path.join(OUT_DIR, name)) else ""))
    cmd, cmake_args = make_command(tree, name, board_dir, variant, picotool_dir, jobs)
    env = build_env()
    env["CMAKE_ARGS"] = cmake_args
    started = time.time()
    run_logged(cmd, env, os.path.join(OUT_DIR, name + ".log"))
    out = os.path.join(OUT_DIR, name)
    uf2 = os.path.join(out, "firmware.uf2")
    with open(uf2, "rb") as f:
        image = rp2image.Image.from_uf2(f.read())
    header = os.path.join(board_dir or os.path.join(tree, "ports", "rp2", "boards", name), "mpconfigboard.h")
    with open(header) as f:
        fmap = flash_map(f.read())
    problems = check_flash_map(image, fmap, elf_symbols(os.path.join(out, "firmware.elf")))
    if problems:
        raise BuildError("%s: the flash map is wrong:\n  %s" % (name, "\n  ".join(problems)))
    used = image.binary_end - rp2image.XIP_BASE
    print("   %s in %.0f s: firmware %d KB of %d KB (%d%%), ends 0x%08x; %s"
          % (name, time.time() - started, (used + KB - 1) // KB, fmap["firmware_room"] // KB,
             100 * used // fmap["firmware_room"], image.binary_end, _parts(image.block_devices)), flush=True)
    return {"name": name, "board": os.path.relpath(board_dir, ROOT) if board_dir else "ports/rp2/boards/" + name,
            "variant": variant,
            "command": _display((["CMAKE_ARGS=" + cmake_args] if cmake_args else []) + cmd, tree, picotool_dir),
            "uf2_bytes": os.path.getsize(uf2), "uf2_sha256": sha256(uf2),
            "firmware_bytes": used, "firmware_room_bytes": fmap["firmware_room"],
            "partitions": [{"name": n, "address": "0x%08x" % a, "bytes": s} for n, a, s in image.block_devices]}


def _display(cmd, tree, picotool_dir):
    """The command as a reader would type it (paths relative to their roots)."""
    text = " ".join(cmd).replace(tree, "$MICROPY_DIR").replace(ROOT, "$STUD")
    if picotool_dir:
        text = text.replace(os.path.abspath(picotool_dir), "$PICOTOOL_DIR")
    return text


def provenance(tree, checked_by, picotool_dir, builds):
    env = build_env()
    return {
        "micropython": {"tag": MICROPY_TAG, "commit": MICROPY_COMMIT, "tree_checked_by": checked_by},
        "submodules": {sub: {"commit": commit, "version": submodule_versions(tree)[sub]}
                       for sub, (commit, _m) in SUBMODULES.items()},
        "toolchain": tool_versions(picotool_dir),
        "environment": {k: env[k] for k in ("SOURCE_DATE_EPOCH", "MICROPY_GIT_TAG", "MICROPY_GIT_HASH")},
        "command": "make firmware MICROPY_DIR=$MICROPY_DIR%s" % (" PICOTOOL_DIR=$PICOTOOL_DIR" if picotool_dir else ""),
        "builds": builds,
        "board_definition": {"folder": "boards/STUD_PICO", "sha256": board_inputs()},
    }


def provenance_text(prov):
    lines = ["# Provenance of the shipped firmware", "",
             "Written by `tools/build/firmware.py` with `provenance.json` (the same facts); "
             "host_tests/test_firmware_release.py checks both against the files.", "",
             "- MicroPython %s, commit %s (%s)" % (prov["micropython"]["tag"], prov["micropython"]["commit"],
                                                  prov["micropython"]["tree_checked_by"])]
    for sub, info in sorted(prov["submodules"].items()):
        lines.append("- %s: %s%s" % (sub, info["commit"], " (%s)" % info["version"] if info["version"] else ""))
    for tool, version in sorted(prov["toolchain"].items()):
        lines.append("- %s: %s" % (tool, version))
    lines += ["", "Built by `%s` (tools/build/firmware.py), which ran:" % prov["command"], ""]
    for b in prov["builds"]:
        lines.append("    %s" % b["command"])
    lines += ["", "with %s." % ", ".join("%s=%s" % kv for kv in sorted(prov["environment"].items())), "",
              "| file | bytes | sha256 | firmware | partitions |", "| --- | --- | --- | --- | --- |"]
    for b in prov["builds"]:
        lines.append("| %s.uf2 | %d | `%s` | %d KB of %d KB | %s |" % (
            b["name"], b["uf2_bytes"], b["uf2_sha256"], (b["firmware_bytes"] + KB - 1) // KB,
            b["firmware_room_bytes"] // KB,
            ", ".join("%s at %s, %d KB" % (p["name"], p["address"], p["bytes"] // KB) for p in b["partitions"])))
    lines += ["", "The board definition (`%s`, every file but README.md):" % prov["board_definition"]["folder"], ""]
    for name, digest in sorted(prov["board_definition"]["sha256"].items()):
        lines.append("- `%s` %s" % (name, digest))
    return "\n".join(lines) + "\n"


def release(tree, prov):
    os.makedirs(RELEASE_DIR, exist_ok=True)
    for name in SHIPPED:
        shutil.copyfile(os.path.join(OUT_DIR, name, "firmware.uf2"), os.path.join(RELEASE_DIR, name + ".uf2"))
    for src, dest in LICENSES:
        shutil.copyfile(os.path.join(tree, src), os.path.join(RELEASE_DIR, dest))
    shipped = dict(prov, builds=[b for b in prov["builds"] if b["name"] in SHIPPED])
    with open(os.path.join(RELEASE_DIR, "provenance.json"), "w") as f:
        json.dump(shipped, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(RELEASE_DIR, "PROVENANCE.md"), "w") as f:
        f.write(provenance_text(shipped))
    _step("shipped %s to %s" % (", ".join(n + ".uf2" for n in SHIPPED), os.path.relpath(RELEASE_DIR, ROOT)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("--micropy-dir", default=os.environ.get("MICROPY_DIR") or None,
                    help="a MicroPython %s tree with the rp2 submodules (default: build/micropython, "
                         "cloned if missing)" % MICROPY_TAG)
    ap.add_argument("--picotool-dir", default=os.environ.get("PICOTOOL_DIR") or None,
                    help="folder with picotoolConfig.cmake (passed to cmake as picotool_DIR)")
    ap.add_argument("--only", nargs="+", choices=[t[0] for t in TARGETS],
                    help="build only these (implies --no-release)")
    ap.add_argument("--no-release", action="store_true", help="leave boards/STUD_PICO/release alone")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    try:
        check_tools(args.picotool_dir)
        if not args.picotool_dir:
            _step("no PICOTOOL_DIR: pico-sdk will look for an installed picotool, else download one")
        tree = os.path.abspath(args.micropy_dir or CLONE_DIR)
        if not args.micropy_dir and not os.path.isdir(tree):
            clone_tree(tree)
        if not os.path.isdir(tree):
            raise BuildError("MICROPY_DIR=%s does not exist" % tree)
        checked_by = check_tree(tree)
        _step("MicroPython %s in %s (%s)" % (MICROPY_TAG, tree, checked_by))
        os.makedirs(OUT_DIR, exist_ok=True)  # (the mpy-cross log goes there too)
        if not os.access(os.path.join(tree, "mpy-cross", "build", "mpy-cross"), os.X_OK):
            _step("building mpy-cross in the tree")
            run_logged(["make", "-C", os.path.join(tree, "mpy-cross"), "-j%d" % args.jobs], build_env(),
                       os.path.join(OUT_DIR, "mpy-cross.log"))
        builds = [build_one(tree, name, board, variant, args.picotool_dir, args.jobs)
                  for name, board, variant in TARGETS if not args.only or name in args.only]
        prov = provenance(tree, checked_by, args.picotool_dir, builds)
        with open(os.path.join(OUT_DIR, "provenance.json"), "w") as f:
            json.dump(prov, f, indent=1, sort_keys=True)
            f.write("\n")
        if not (args.no_release or args.only):
            release(tree, prov)
    except (BuildError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        print("firmware: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
