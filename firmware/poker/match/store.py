"""Power-safe storage of small named records on flash.

``Store(root='/data', fs=None)`` keeps each record as one file with a
header and a CRC-32, written atomically (docs/saves.md, "The files"):
``read``/``write`` (bytes; ``write`` returns False on a full flash or an
I/O error, never raises for one), ``load``, ``load_json``, ``save_json``,
``remove``, ``list``, ``exists``; raw files: ``read_raw``, ``write_raw``,
``append``; ``problems``/``pop_problems()`` for the screen. ``fs`` (the
fault tests inject one) defaults to ``OsFs``, over ``os``.
"""
import json
import os

from micropython import const

try:
    from binascii import crc32 as _crc32
except ImportError:  # a port built without binascii.crc32
    _crc32 = None

FORMAT = const(1)  # version of the file layout above
_HEADER = const(12)
MAX_SIZE = const(16384)  # no record is larger; bigger lengths are damage
_MAGIC = const(b"SD")


def crc32(data, crc=0):
    """CRC-32 (the zlib/PNG one) of bytes; binascii's when the port has it."""
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    return _crc32_py(data, crc)


def _crc32_py(data, crc=0):
    # Bitwise, in two 16-bit halves so that MicroPython never builds a big
    # integer; slow, but only records of a few hundred bytes go through it.
    crc ^= 0xFFFFFFFF
    hi = crc >> 16
    lo = crc & 0xFFFF
    for b in data:
        lo ^= b
        for _ in range(8):
            if lo & 1:
                lo = ((lo >> 1) | ((hi & 1) << 15)) ^ 0x8320
                hi = (hi >> 1) ^ 0xEDB8
            else:
                lo = (lo >> 1) | ((hi & 1) << 15)
                hi >>= 1
    return ((hi ^ 0xFFFF) << 16) | (lo ^ 0xFFFF)


def _u32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def _put32(buf, i, v):
    buf[i] = v & 0xFF
    buf[i + 1] = (v >> 8) & 0xFF
    buf[i + 2] = (v >> 16) & 0xFF
    buf[i + 3] = (v >> 24) & 0xFF


def header(parts):
    """The 12-byte header of a payload given as a list of bytes parts."""
    n = 0
    crc = 0
    for p in parts:
        n += len(p)
        crc = crc32(p, crc)
    head = bytearray(_HEADER)
    head[0] = _MAGIC[0]
    head[1] = _MAGIC[1]
    head[2] = FORMAT
    _put32(head, 4, n)
    _put32(head, 8, crc)
    return head


def pack(data):
    """The file bytes for a payload (header + payload)."""
    return bytes(header((data,))) + bytes(data)


def unpack(blob):
    """The payload of file bytes, or None when truncated, damaged or foreign."""
    if blob is None or len(blob) < _HEADER:
        return None
    data = blob[_HEADER:]
    return data if _fits(blob, data) else None


def _fits(head, data):
    """True when ``head`` (a file's first _HEADER bytes) is a record's
    header that describes ``payload`` exactly: its length and its CRC."""
    if head[0] != _MAGIC[0] or head[1] != _MAGIC[1] or head[2] != FORMAT or head[3] != 0:
        return False
    n = _u32(head, 4)
    return n <= MAX_SIZE and len(data) == n and crc32(data) == _u32(head, 8)


class OsFs:
    """The real file system through ``os`` (CPython, unix port, LittleFS)."""

    def open(self, path, mode):
        return open(path, mode)

    def rename(self, a, b):
        os.rename(a, b)

    def remove(self, path):
        os.remove(path)

    def listdir(self, path):
        return os.listdir(path)

    def mkdir(self, path):
        os.mkdir(path)


class Store:
    def __init__(self, root="/data", fs=None):
        self.fs = fs if fs is not None else OsFs()
        self.root = root.rstrip("/") if root not in ("", "/") else ""
        self.problems = []
        self._reported = []
        # root is made at the first write, not here: on a new filesystem its
        # making erases a flash sector (45 ms), which power-on to NEW GAME
        # need not wait for (reads before then find no file, as they would)
        self.made = not self.root

    def mkdir(self):
        """Makes the store's folder, once, before its first write. (Names
        the app has already: on stock firmware each new name costs heap.)"""
        if not self.made:
            self.made = True
            try:
                self.fs.mkdir(self.root)
            except OSError:
                pass  # it exists (or cannot be made: the write reports it)

    # -- paths and raw file access ------------------------------------
    def path(self, name):
        return self.root + "/" + name

    def _read_record(self, path):
        """The payload of a file: None if there is no file, False if it is
        truncated, damaged or foreign.  Reads the header first so that a
        damaged length never makes it allocate more than MAX_SIZE."""
        try:
            f = self.fs.open(path, "rb")
        except OSError:
            return None
        try:
            head = f.read(_HEADER)
            if len(head) < _HEADER:
                return False
            n = _u32(head, 4)
            if n > MAX_SIZE:
                return False
            # (one more byte than the header says: a longer file is foreign;
            # the body is checked as read, never copied behind the header)
            body = f.read(n + 1) if n else f.read(1)
            return body if _fits(head, body) else False
        except OSError:
            return False  # unreadable counts as damaged
        finally:
            f.close()

    def _exists(self, path):
        try:
            self.fs.open(path, "rb").close()
            return True
        except OSError:
            return False

    def report(self, name, message):
        """Adds a message for the screen, once per record per power-on."""
        if name in self._reported:
            return
        self._reported.append(name)
        self.problems.append(message)

    def pop_problems(self):
        out = self.problems
        self.problems = []
        return out

    # -- the interface -------------------------------------------------
    def load(self, name, parse=None):
        """The newest good copy of a record, through ``parse`` if given."""
        path = self.path(name)
        damaged = False
        for i, suffix in enumerate(("", ".tmp", ".bak")):
            data = self._read_record(path + suffix)
            if data is None:
                continue
            value = None
            if data is not False:
                if parse is None:
                    value = data
                else:
                    try:
                        value = parse(data)
                    except Exception:  # any bad content is damage, not a crash
                        value = None
            if value is not None:
                if damaged:
                    self.report(name, "%s damaged: last good copy used" % name)
                if i:
                    # the copy just loaded becomes the one the next write starts from,
                    # so that a cut in that write can never fall back past it to an older one
                    fs = self.fs
                    try:
                        try:
                            fs.remove(path)  # missing or damaged
                        except OSError:
                            pass
                        if i == 1:
                            fs.rename(path + ".tmp", path)
                        else:
                            try:
                                fs.remove(path + ".tmp")
                            except OSError:
                                pass
                    except OSError:
                        pass  # read-only or failing flash: the next load tries again
                return value
            if i != 1:  # a cut-off .tmp is expected after a power cut
                damaged = True
        if damaged:
            self.report(name, "%s damaged: defaults used" % name)
            # no good copy: the damaged ones go, so the next power-on finds
            # no file (defaults, no notice) and the notice comes once
            self.remove(name)
        return None

    def read(self, name):
        return self.load(name)

    def write(self, name, data, keep=True):
        """Writes a record atomically; ``keep=False`` keeps no last good
        copy (``name.bak``): still atomic, half the flash (hand histories).
        ``data`` may also be a list or tuple of bytes parts (the payload is
        their concatenation, never built in RAM)."""
        parts = data if isinstance(data, (list, tuple)) else (data,)
        head = header(parts)
        if _u32(head, 4) > MAX_SIZE:
            self.report("w:" + name, "%s not saved (too big)" % name)
            return False
        return self._replace(name, head, parts, keep)

    def write_raw(self, name, data):
        """Writes a raw file (no record header) atomically, no .bak."""
        return self._replace(name, None, (data,), False)

    def _replace(self, name, head, parts, keep):
        path = self.path(name)
        tmp = path + ".tmp"
        bak = path + ".bak"
        fs = self.fs
        self.mkdir()
        try:
            f = fs.open(tmp, "wb")
            try:
                if head is not None:
                    f.write(head)
                for p in parts:
                    f.write(p)
            finally:
                f.close()
            try:
                fs.remove(bak)
            except OSError:
                pass
            if self._exists(path):
                if keep:
                    fs.rename(path, bak)
                else:
                    fs.remove(path)
            fs.rename(tmp, path)
            return True
        except OSError as e:
            self.report("w:" + name, "%s not saved (%s)" % (name, e.args[0] if e.args else "I/O"))
            return False

    def append(self, name, data):
        """Adds bytes at the end of a raw file (made if missing); False
        after reporting a problem."""
        self.mkdir()
        try:
            f = self.fs.open(self.path(name), "ab")
            try:
                f.write(data)
            finally:
                f.close()
            return True
        except OSError as e:
            self.report("w:" + name, "%s not saved (%s)" % (name, e.args[0] if e.args else "I/O"))
            return False

    def read_raw(self, name):
        """The bytes of a raw file: ``name``, else ``name.tmp`` (a cut
        between the two renames of write_raw); None if neither is there."""
        path = self.path(name)
        for p in (path, path + ".tmp"):
            try:
                f = self.fs.open(p, "rb")
            except OSError:
                continue
            try:
                return f.read()
            except OSError:
                return None
            finally:
                f.close()
        return None

    def remove(self, name):
        path = self.path(name)
        for suffix in ("", ".tmp", ".bak"):
            try:
                self.fs.remove(path + suffix)
            except OSError:
                pass

    def exists(self, name):
        path = self.path(name)
        return self._exists(path) or self._exists(path + ".tmp") or self._exists(path + ".bak")

    def list(self):
        try:
            files = self.fs.listdir(self.root or "/")
        except OSError:
            return []
        out = []
        for f in files:
            if f.endswith(".tmp") or f.endswith(".bak"):
                f = f[:-4]
            if f not in out:
                out.append(f)
        out.sort()
        return out

    # -- JSON records ----------------------------------------------------
    def save_json(self, name, obj):
        return self.write(name, json.dumps(obj).encode())

    def load_json(self, name, check=None):
        """The newest good copy decoded from JSON; ``check(obj)`` returns
        the value to use or raises (ValueError, TypeError...) when the content
        is wrong."""

        def parse(data):
            # (the payload's bytes parsed as they are: no copy of them, nor
            # a str of them, beside the record in RAM)
            obj = json.loads(data)
            return check(obj) if check is not None else obj

        return self.load(name, parse)
