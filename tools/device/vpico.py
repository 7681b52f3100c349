"""The virtual Pico: our MicroPython UF2s on an emulated RP2040 (rp2040js).

    board = dict(board_dict("pico_ssd1306_i2c"), seed=1234)
    vp = VirtualPico(board)
    vp.boot(uf2("STUD_PICO"), **app_install("romfs", "build", board))  # as make deploy
    vp.run_until_frame(lambda f: ..., 5000)   # or vp.run(500): emulated ms
    vp.press("A"); vp.run(300)                # pin low now, high 60 ms later
    vp.exec("import gc; print(gc.mem_free())")   # raw REPL (stops the game)
    vp.cut_power(vp.now + 5 * NS_PER_MS); vp.run(10); vp.power_on()
    vp.save_flash(path); VirtualPico(board).boot(uf2("STUD_PICO"), flash=path)

`tools/device/vpico.mjs` (Node.js, rp2040js pinned in package-lock.json) is
the chip; this class talks to it one JSON line at a time. Emulated time is
in ns since the first power-on (cycles at clk_sys: 125 MHz unless the
firmware changes it); the emulator runs as fast as the host lets it (about
0.3-1x real time here while the core works), time stands still between
calls. What the board reports is kept:

- ``frames``: ``Frame(t0, t1, data)``: 1024 bytes (MONO_VLSB, as
  framebuf), t0 the start of its first byte on the bus, t1 the end of its last;
- ``serial``: every byte the USB serial sent; ``problems()``: Traceback,
  MemoryError, resets and emulator errors seen so far, and a C stack that
  came within ``STACK_HEADROOM`` of its end (``stack_free()``);
- ``flash_log`` (``log_flash=True``): every erase and program, with times;
- ``pc_log`` (``trace_pcs=[address, ...]``): ``(address, t)`` each time
  the core reached one of those addresses (a debugging aid: the entry of
  ``gc_collect`` from the firmware's ELF shows every heap collection); with
  ``sample_ns=N`` also the core's address every N ns of emulated time, bit 0
  set (a profile in time: name them with the ELF's symbols).

The flash map comes from the UF2's own binary info (MicroPython tags its
filesystem and ROMFS partition there), so the same code installs on the
stock layout and on STUD_PICO's. The filesystem image is made on the host
with littlefs-python with the rp2 port's parameters (4096-byte blocks,
``vfs.VfsLfs2(bdev, progsize=256)``: read size 32, lookahead 32).
"""
import base64
import json
import os
import queue
import shutil
import struct
import subprocess
import threading

from paths import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
# Where the firmware UF2s are (STUD_PICO.uf2, RPI_PICO.uf2, and
# STUD_PICO-FROZEN.uf2 if built): the one place to change when they move.
UF2_DIR = os.environ.get("STUD_UF2_DIR") or os.path.join(ROOT, "boards", "STUD_PICO", "release")
FLASH_BYTES = 2 * 1024 * 1024
XIP = 0x10000000
BLOCK = 4096
NS_PER_MS = 1000000
# the voltage a board's battery sense sees (VSYS, before the board's divider)
# unless set_battery says otherwise: a LiPo cell three quarters full
BATTERY_VOLTS = 3.9
BI_BLOCK_DEVICE = 0x504D0007   # binary info: type 7 (block device), tag 'MP'
# MicroPython's rp2 port runs on one 8 KB C stack (SCRATCH_X and SCRATCH_Y,
# growing down from STACK_TOP); a hard interrupt's handler runs on it too,
# below whatever the interrupted code used. Past STACK_BOTTOM lies the top
# of the heap. The deepest the firmware goes must leave an interrupt's
# handler (a button's, about 0.6 KB) STACK_HEADROOM: problems() says so.
STACK_BOTTOM = 0x20040000
STACK_TOP = 0x20042000
STACK_HEADROOM = 1024


def uf2(name):
    """Path of firmware NAME (STUD_PICO, RPI_PICO, STUD_PICO-FROZEN) in UF2_DIR."""
    return os.path.join(UF2_DIR, name + ".uf2")


class Frame:
    __slots__ = ("t0", "t1", "data", "on")

    def __init__(self, t0, t1, data, on=True):
        self.t0 = t0
        self.t1 = t1
        self.data = data
        self.on = on

    def __repr__(self):
        return "Frame(%.3f-%.3f ms)" % (self.t0 / NS_PER_MS, self.t1 / NS_PER_MS)


class VpicoError(Exception):
    pass


# -------------------------------------------------------------- flash images

def uf2_image(path):
    """The flash bytes a UF2 writes: (bytearray of FLASH_BYTES, end of the
    firmware: of the run of blocks from the start of flash; a release UF2
    also writes its ROMFS image further up)."""
    img = bytearray(b"\xff" * FLASH_BYTES)
    written = set()
    with open(path, "rb") as f:
        data = f.read()
    for i in range(0, len(data) - 511, 512):
        m0, m1, _flags, addr, size = struct.unpack_from("<5I", data, i)
        if m0 != 0x0A324655 or m1 != 0x9E5D5157:
            continue
        off = addr - XIP
        img[off:off + size] = data[i + 32:i + 32 + size]
        written.add(off)
    end = 0
    while end in written:
        end += 256
    return img, end


def flash_map(path):
    """{'fs': (offset, size), 'romfs': (offset, size) or None, 'end': firmware end}
    from the block devices MicroPython declares in the UF2's binary info."""
    img, end = uf2_image(path)
    found = {}
    tag = struct.pack("<I", BI_BLOCK_DEVICE)
    k = img.find(tag)
    while 0 <= k < end:
        name_ptr, addr, size = struct.unpack_from("<3I", img, k + 4)
        if XIP <= name_ptr < XIP + end and XIP <= addr < XIP + FLASH_BYTES:
            name = bytes(img[name_ptr - XIP:name_ptr - XIP + 16]).split(b"\0")[0].decode()
            found[name] = (addr - XIP, size)
        k = img.find(tag, k + 1)
    fs = found.get("MicroPython")
    if fs is None:
        raise VpicoError("no filesystem block device in the binary info of %s" % path)
    return {"fs": fs, "romfs": found.get("ROMFS"), "end": end}


def lfs_image(files, size):
    """A LittleFS image of `size` bytes holding files {path: bytes}, as the rp2
    port's vfs.VfsLfs2(rp2.Flash(), progsize=256) mounts it."""
    from littlefs import LittleFS
    fs = LittleFS(block_size=BLOCK, block_count=size // BLOCK, read_size=32, prog_size=256,
                  lookahead_size=32, block_cycles=100, cache_size=1024)
    for path in sorted(files):
        parts = path.strip("/").split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except FileExistsError:
                pass
        with fs.open("/".join(parts), "wb") as f:
            f.write(files[path])
    return bytes(fs.context.buffer)


def lfs_files(image, folder):
    """{path: bytes} of the files under ``folder`` of a LittleFS image (as
    lfs_image makes it and the rp2 port writes it): what a flash kept, read
    back on the host."""
    from littlefs import LittleFS, UserContext
    ctx = UserContext(buffer=bytearray(image))
    fs = LittleFS(context=ctx, block_size=BLOCK, block_count=len(image) // BLOCK, read_size=32, prog_size=256,
                  lookahead_size=32, block_cycles=100, cache_size=1024)
    out = {}
    try:
        names = fs.listdir(folder)
    except (FileNotFoundError, OSError):
        return out
    for n in names:
        path = folder + "/" + n
        if fs.stat(path).type == 1:  # a file (LittleFS: 1 file, 2 directory)
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out


def tree_files(folder, prefix=""):
    """{device path: bytes} of every file under folder."""
    out = {}
    for dirpath, _dirs, names in os.walk(folder):
        for n in names:
            full = os.path.join(dirpath, n)
            rel = os.path.relpath(full, folder).replace(os.sep, "/")
            with open(full, "rb") as f:
                out[prefix + rel] = f.read()
    return out


def app_install(route, build_dir, board):
    """boot() arguments that install the app as `make deploy` does. route
    "romfs": build_dir/stud.romfs into the partition, main.py and board.json
    on the filesystem; "lfs": the build_dir/lfs tree and board.json."""
    lfs = os.path.join(build_dir, "lfs")
    if route == "romfs":
        with open(os.path.join(build_dir, "stud.romfs"), "rb") as f:
            romfs = f.read()
        with open(os.path.join(lfs, "main.py"), "rb") as f:
            files = {"main.py": f.read()}
    elif route == "lfs":
        romfs = None
        files = tree_files(lfs)
    else:
        raise VpicoError("unknown route %r (romfs or lfs)" % route)
    files["board.json"] = json.dumps(board).encode()
    return {"romfs": romfs, "files": files}


def adc_u16(volts):
    """What machine.ADC.read_u16() returns on the rp2 port for ``volts`` at
    the pin (3.3 V reference): the 12-bit reading the chip makes, scaled as
    the port scales it."""
    raw = max(0, min(4095, int(round(volts / 3.3 * 4095))))
    return raw << 4 | raw >> 8


def board_dict(name):
    path = name if name.endswith(".json") else os.path.join(ROOT, "boards", name + ".json")
    with open(path) as f:
        return json.load(f)


# -------------------------------------------------------------- the driver

def quit_driver(proc, wait_s):
    """Asks a node driver on JSON lines (vpico.mjs, the web page's) to quit;
    kills it if it does not within ``wait_s``."""
    if proc.poll() is None:
        try:
            proc.stdin.write(b'{"op":"quit"}\n')
            proc.wait(wait_s)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()


class VirtualPico:
    def __init__(self, board="pico_ssd1306_i2c", log_flash=False, node="node", trace_pcs=(), sample_ns=0):
        self.board = board_dict(board) if isinstance(board, str) else dict(board)
        self.keys = {b["key"]: b["pin"] for b in self.board["buttons"]}
        self.log_flash = log_flash
        self.frames = []
        self.serial = bytearray()
        self.flash_log = []
        self.pc_log = []
        self.stack_low = None   # the lowest the stack pointer went (in the firmware's run)
        self.events = []        # resets, alerts, errors, power cuts
        self.now = 0            # emulated ns at the end of the last call
        self.dead = True
        self.on_frame = None    # called with each Frame as it arrives
        self.on_serial = None   # called with each chunk of serial bytes
        self._raw = False       # in the raw REPL
        self._meter = None
        self._events = queue.Queue()
        if not os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js")):
            raise VpicoError("rp2040js is not installed: npm ci --prefix tools/device (make test does it)")
        env = dict(os.environ)
        env.pop("VPICO_TRACE_PCS", None)
        env.pop("VPICO_SAMPLE_NS", None)
        if trace_pcs:
            env["VPICO_TRACE_PCS"] = ",".join("%x" % (a & ~1) for a in trace_pcs)  # (a Thumb address's bit 0 off)
        if sample_ns:
            env["VPICO_SAMPLE_NS"] = str(int(sample_ns))
        self._proc = subprocess.Popen([node, os.path.join(HERE, "vpico.mjs")], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, bufsize=0, env=env)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # -- the pipe --------------------------------------------------------
    def _read(self):
        for line in self._proc.stdout:
            self._events.put(json.loads(line))
        self._events.put({"ev": "exit"})

    def _call(self, op, **args):
        args["op"] = op
        self._proc.stdin.write((json.dumps(args) + "\n").encode())
        while True:
            e = self._events.get()
            kind = e["ev"]
            if kind == "done":
                self.now = e["now"]
                self.dead = e["dead"]
                low = e.get("lowSp")
                if low is not None and 0x20000000 <= low < STACK_TOP:
                    self.stack_low = low
                if "error" in e:
                    raise VpicoError("the emulator failed on %s: %s" % (op, e["error"]))
                return e
            if kind == "frame":
                f = Frame(e["t0"], e["t1"], bytes.fromhex(e["data"]), e["on"])
                self.frames.append(f)
                if self.on_frame:
                    self.on_frame(f)
            elif kind == "serial":
                b = base64.b64decode(e["data"])
                self.serial += b
                if self.on_serial:
                    self.on_serial(b)
            elif kind in ("erase", "program"):
                self.flash_log.append(e)
            elif kind == "pc":
                self.pc_log.append((int(e["pc"], 16), e["t"]))
            elif kind == "meter":
                self._meter = e
            elif kind == "usb":
                pass
            elif kind == "exit":
                raise VpicoError("the emulator stopped: %s" % self.events[-3:])
            else:
                if kind in ("reset", "power_cut"):
                    self._raw = False  # a new chip starts at its friendly REPL
                self.events.append(e)

    def close(self):
        quit_driver(self._proc, 5)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- power and flash ---------------------------------------------------
    def boot(self, uf2_path, flash=None, romfs=None, files=None, fs_image=None):
        """Powers on with: the UF2 over `flash` (a saved flash file, or erased),
        the ROMFS image `romfs` (bytes) in its partition, and a filesystem made
        of `files` {path: bytes} (or the raw `fs_image`) in the filesystem's place."""
        self.layout = flash_map(uf2_path)
        if flash is not None:
            self.load_flash(flash)
        self.drop(uf2_path)
        tmp = os.path.join(ROOT, "build", "vpico")
        os.makedirs(tmp, exist_ok=True)
        if romfs is not None:
            off, size = self.layout["romfs"] or (0, 0)
            if len(romfs) > size:
                raise VpicoError("ROMFS image of %d bytes, partition of %d" % (len(romfs), size))
            self._write(tmp, "romfs.img", off, romfs)
        if files is not None:
            fs_image = lfs_image(files, self.layout["fs"][1])
        if fs_image is not None:
            self._write(tmp, "fs.img", self.layout["fs"][0], fs_image)
        self.set_battery(BATTERY_VOLTS)
        pulled = [b["pin"] for b in self.board["buttons"]]
        self._call("power_on", board={"display": self.board["display"], "pulled_up": pulled},
                   log_flash=self.log_flash)

    def load_flash(self, path):
        """The flash as a saved flash file holds it (save_flash), no power-on."""
        self._call("load_flash", path=path)

    def drop(self, uf2_path):
        """Writes a UF2 to the flash as the bootrom writes a file dropped on
        its drive (chip.js writeUf2: sector erases by block number), no power-on."""
        self._call("load_uf2", path=uf2_path)

    def _write(self, tmp, name, offset, data):
        path = os.path.join(tmp, "%d-%s" % (os.getpid(), name))
        with open(path, "wb") as f:
            f.write(data)
        try:
            self._call("write_flash", path=path, offset=offset)
        finally:
            os.remove(path)

    def power_on(self):
        """Powers on again from the flash as it is (after a cut or reset)."""
        pulled = [b["pin"] for b in self.board["buttons"]]
        self._call("power_on", board={"display": self.board["display"], "pulled_up": pulled},
                   log_flash=self.log_flash)

    def cut_power(self, at_ns):
        """The power goes at emulated time at_ns (also inside a flash erase or
        program: then that sector is partly erased, that page partly programmed)."""
        self._call("cut", t=at_ns)

    def save_flash(self, path):
        """The 2 MB of flash as they are now, for boot(flash=path) later."""
        self._call("save_flash", path=path)

    def read_flash(self):
        path = os.path.join(ROOT, "build", "vpico", "%d-read.img" % os.getpid())
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.save_flash(path)
        with open(path, "rb") as f:
            data = f.read()
        os.remove(path)
        return data

    # -- time ------------------------------------------------------------
    def run(self, ms):
        return self._call("run", ms=ms)

    def run_until(self, t_ns, stop_on=None):
        return self._call("run", until=t_ns, **({"stop_on": stop_on} if stop_on else {}))

    def run_until_frame(self, test, timeout_ms, step_ms=50):
        """Runs until a frame arrives for which test(frame) is true; that Frame."""
        seen = len(self.frames)
        end = self.now + timeout_ms * NS_PER_MS
        while self.now < end:
            self.run(step_ms)
            for f in self.frames[seen:]:
                if test(f):
                    return f
            seen = len(self.frames)
            if self.dead:
                break
        raise VpicoError("no such frame within %d ms (%d frames, problems %s)" % (
            timeout_ms, len(self.frames), self.problems()))

    def run_until_serial(self, text, timeout_ms):
        start = len(self.serial)
        t = text.encode() if isinstance(text, str) else text
        end = self.now + timeout_ms * NS_PER_MS
        while t not in self.serial[start:] and self.now < end and not self.dead:
            self.run_until(min(end, self.now + 200 * NS_PER_MS), stop_on=t.decode("latin1"))
        if t not in self.serial[start:]:
            raise VpicoError("no %r on the serial within %d ms; got %r" % (
                text, timeout_ms, bytes(self.serial[start:][-300:])))
        return bytes(self.serial[start:])

    # -- buttons -----------------------------------------------------------
    def button(self, key, down, at_ns=None):
        """Button `key` (LEFT, A, OK...) down (pin low) or up at at_ns (default: now)."""
        self._call("pin", pin=self.keys[key], value=0 if down else 1,
                   t=self.now if at_ns is None else at_ns)

    def press(self, key, hold_ms=60, at_ns=None):
        """A press from at_ns (default now) held hold_ms; returns the release time.
        Does not run the emulator: the change happens when time gets there."""
        t = self.now if at_ns is None else at_ns
        self.button(key, True, t)
        self.button(key, False, t + hold_ms * NS_PER_MS)
        return t + hold_ms * NS_PER_MS

    # -- what the chip did with its time -----------------------------------
    def meter(self):
        """The meter's totals since the last power-on (chip.js's Meter):
        ``{"t": ns, "cpu": [{"hz", "exec", "wait", "xosc"}, ...], "panel":
        {"on", "lit", "lit_contrast", "pixels", "now": {"lit", "contrast",
        "on"}}, "clk_sys", "clk_peri"}``,
        times in emulated ns (``exec``: the core executing, ``wait``: asleep
        in WFE/WFI, at clk_sys ``hz``; ``xosc``: clk_sys from the crystal,
        as in machine.lightsleep); the panel's lit pixels x ns and lit
        pixels x (contrast + 1) / 256 x ns, while it is on."""
        self._call("meter")
        return self._meter

    def set_adc(self, channel, volts):
        """The voltage on ADC input ``channel`` (3: GP29, the Pico's VSYS / 3),
        from now on and across resets."""
        self._call("adc", channel=channel, value=adc_u16(volts) >> 4)

    def set_battery(self, volts):
        """The battery's voltage as the board's battery sense sees it
        (before its divider: the Pico's VSYS)."""
        bat = self.board.get("battery")
        if bat:
            self.set_adc(bat["adc_pin"] - 26, volts / bat.get("divider", 3))

    # -- serial and the raw REPL -------------------------------------------
    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        self._call("serial", data=base64.b64encode(data).decode())

    def enter_raw_repl(self, timeout_ms=3000):
        self.write(b"\r\x03\x03")
        self.run(50)
        self.write(b"\x01")
        self.run_until_serial("raw REPL; CTRL-B to exit\r\n>", timeout_ms)

    def exec(self, code, timeout_ms=10000):
        """Runs code on the raw REPL (entered if needed: this interrupts the
        game); returns its output; raises VpicoError with the device's traceback."""
        if not self._raw:
            self.enter_raw_repl()
            self._raw = True
        self.write(code.encode() + b"\x04")
        got = self.run_until_serial("\x04>", timeout_ms)
        i = got.find(b"OK")
        body = got[i + 2:]
        out, _, rest = body.partition(b"\x04")
        err = rest.partition(b"\x04")[0]
        if err.strip():
            raise VpicoError("device error:\n" + err.decode(errors="replace"))
        return out.decode(errors="replace")

    def leave_raw_repl(self):
        self.write(b"\x02")
        self._raw = False

    # -- what went wrong -------------------------------------------------
    def mark(self):
        """A point in the board's history, for problems(since=...)."""
        return len(self.serial), len(self.events)

    def problems(self, since=(0, 0)):
        """Tracebacks, MemoryErrors, resets and emulator errors seen so far
        (or since a mark())."""
        found = []
        text = bytes(self.serial[since[0]:]).decode("latin1")
        for block in text.split("Traceback (most recent call last):")[1:]:
            block = block.split(">>>")[0].split("MicroPython v")[0]
            if "KeyboardInterrupt" not in block:  # the raw REPL's own Ctrl-C is no problem
                found.append("Traceback" + block)
        if "MemoryError" in text and not any("MemoryError" in f for f in found):
            i = text.find("MemoryError")
            found.append(text[max(0, i - 200):i + 200])
        for e in self.events[since[1]:]:
            if e["ev"] in ("reset", "alert", "error"):
                found.append(e)
        free = self.stack_free()
        if free is not None and free < STACK_HEADROOM:
            found.append("the C stack came within %d bytes of its end (an interrupt's handler needs %d)" % (
                free, STACK_HEADROOM))
        return found

    def stack_free(self):
        """Bytes of the C stack never used so far (None before the firmware ran)."""
        return None if self.stack_low is None else self.stack_low - STACK_BOTTOM


def node_available():
    return shutil.which("node") is not None and os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js"))


class PtyBridge:
    """The board's USB serial as a pseudo-terminal: ``path`` (/dev/pts/N) is
    what mpremote, tools/device/deploy.py or a terminal open. A thread runs the
    emulator in slices of ``slice_ms`` emulated ms, passing bytes both ways;
    ``realtime``: no faster than the wall clock (for playing)."""

    def __init__(self, vp, slice_ms=10, realtime=False):
        import pty
        import termios
        import tty

        self.vp = vp
        self.slice_ms = slice_ms
        self.realtime = realtime
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave, termios.TCSANOW)
        self.path = os.ttyname(self.slave)
        self.running = False
        self.error = None
        vp.on_serial = self._to_host

    def _to_host(self, data):
        view = memoryview(bytes(data))
        while view:
            n = os.write(self.master, view)
            view = view[n:]

    def _loop(self):
        import select
        import time

        start_wall = time.monotonic()
        start_emu = self.vp.now
        try:
            while self.running:
                r, _, _ = select.select([self.master], [], [], 0)
                if r:
                    try:
                        data = os.read(self.master, 4096)
                    except OSError:
                        data = b""
                    if data:
                        self.vp.write(data)
                self.vp.run(self.slice_ms)
                if self.realtime:
                    ahead = (self.vp.now - start_emu) / 1e9 - (time.monotonic() - start_wall)
                    if ahead > 0:
                        time.sleep(ahead)
        except Exception as e:  # reported by stop()
            self.error = e

    def start(self):
        self.running = True
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self.path

    def stop(self):
        self.running = False
        self._thread.join()
        os.close(self.master)
        os.close(self.slave)
        self.vp.on_serial = None
        if self.error is not None:
            raise VpicoError("the bridge stopped: %r" % self.error)
