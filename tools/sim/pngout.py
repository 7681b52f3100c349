"""PNG files of 1-bit frames, on CPython and on the MicroPython unix port.

``save_png(path, buf, width=128, height=64, scale=1)`` writes a MONO_VLSB
frame (the display's buffer) as a 1-bit greyscale PNG, lit pixels white.
``load_png(path, scale=1)`` reads such a file back as the frame it was
made from, ``(width, height, vlsb_bytes)``, so a golden screenshot compares
byte for byte with a frame buffer. ``vlsb_to_rows(buf, w, h)`` gives rows of 0/1.

No pillow needed: zlib (CPython) or ``deflate`` (MicroPython) compress;
without either the data goes in stored deflate blocks.
"""
import struct

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover
    _crc32 = None

try:
    import zlib as _zlib
except ImportError:  # MicroPython
    _zlib = None


def _crc(data):
    return _crc_run(data, 0)


def _adler32(data):
    a, b = 1, 0
    for v in data:
        a = (a + v) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def _zlib_stored(data):
    out = bytearray(b"\x78\x01")
    n = len(data)
    i = 0
    while True:
        block = data[i:i + 65535]
        i += len(block)
        last = 1 if i >= n else 0
        out += struct.pack("<BHH", last, len(block), len(block) ^ 0xFFFF)
        out += block
        if last:
            break
    out += struct.pack(">I", _adler32(data))
    return bytes(out)


def _compress(data):
    if _zlib is not None:
        return _zlib.compress(bytes(data), 9)
    return _zlib_stored(bytes(data))


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", _crc(body))


def vlsb_to_rows(buf, width, height):
    return [[(buf[(y >> 3) * width + x] >> (y & 7)) & 1 for x in range(width)] for y in range(height)]


def png_bytes(buf, width=128, height=64, scale=1):
    rowbytes = (width * scale + 7) // 8
    raw = bytearray()
    line = bytearray(rowbytes)
    for y in range(height):
        _row(buf, width, y, scale, line)
        for _ in range(scale):
            raw.append(0)
            raw += line
    head = struct.pack(">IIBBBBB", width * scale, height * scale, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", head) + _chunk(b"IDAT", _compress(raw)) + _chunk(b"IEND", b"")


def save_png(path, buf, width=128, height=64, scale=1):
    if _zlib is None:  # MicroPython: row by row, never the whole image in RAM
        return _save_streamed(path, buf, width, height, scale)
    data = png_bytes(buf, width, height, scale)
    with open(path, "wb") as f:
        f.write(data)
    return path


def _row(buf, width, y, scale, line):
    """Pixel row y of the frame, scaled, into line (bytes of 8 pixels)."""
    for i in range(len(line)):
        line[i] = 0
    page = (y >> 3) * width
    bit = y & 7
    for x in range(width):
        if (buf[page + x] >> bit) & 1:
            for k in range(scale):
                xx = x * scale + k
                line[xx >> 3] |= 0x80 >> (xx & 7)


def _save_streamed(path, buf, width, height, scale):
    """The PNG written a row at a time: the image data as stored (not
    compressed) deflate blocks of one row each, so the IDAT length is known
    before the rows are made; the CRC and Adler-32 run along. RAM: one row
    (the app compiled from source and the evaluator tables in RAM leave
    tens of KB at -X heapsize=480k on a 64-bit port: a row, not a 4x image)."""
    rowbytes = (width * scale + 7) // 8
    n_rows = height * scale
    block = 1 + rowbytes  # the filter byte, then the row
    line = bytearray(rowbytes)
    head = bytearray(6)  # filter byte 0 and the stored block's header
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width * scale, n_rows, 1, 0, 0, 0, 0)))
        f.write(struct.pack(">I", 2 + n_rows * (5 + block) + 4))
        crc = _crc_run(b"IDAT", 0)
        f.write(b"IDAT")
        zhead = b"\x78\x01"
        crc = _crc_run(zhead, crc)
        f.write(zhead)
        a, b = 1, 0  # Adler-32 of the rows
        r = 0
        for y in range(height):
            _row(buf, width, y, scale, line)
            for _ in range(scale):
                r += 1
                struct.pack_into("<BHH", head, 0, 1 if r == n_rows else 0, block, block ^ 0xFFFF)
                head[5] = 0
                crc = _crc_run(head, crc)
                crc = _crc_run(line, crc)
                f.write(head)
                f.write(line)
                b = (b + a) % 65521  # the filter byte (0)
                for v in line:
                    a = (a + v) % 65521
                    b = (b + a) % 65521
        tail = struct.pack(">I", (b << 16) | a)
        crc = _crc_run(tail, crc)
        f.write(tail)
        f.write(struct.pack(">I", crc & 0xFFFFFFFF))
        f.write(_chunk(b"IEND", b""))
    return path


def _crc_run(data, crc):
    """A running CRC-32 (crc: the value so far, 0 to start)."""
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    c = crc ^ 0xFFFFFFFF
    for v in data:
        c ^= v
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 if c & 1 else 0)
    return c ^ 0xFFFFFFFF


def _decompress(data):
    if _zlib is not None:
        return _zlib.decompress(data)
    import io
    import deflate
    return deflate.DeflateIO(io.BytesIO(data), deflate.ZLIB).read()


def load_png(path, scale=1):
    """(width, height, MONO_VLSB bytes) of a 1-bit greyscale PNG written by
    save_png with ``scale``: the frame it was made from, width x height."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG: %s" % path)
    i = 8
    idat = bytearray()
    width = height = None
    while i < len(data):
        n = struct.unpack(">I", data[i:i + 4])[0]
        kind = data[i + 4:i + 8]
        body = data[i + 8:i + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype, _c, _f, inter = struct.unpack(">IIBBBBB", body)
            if depth != 1 or ctype != 0 or inter != 0:
                raise ValueError("only 1-bit greyscale PNGs: %s" % path)
        elif kind == b"IDAT":
            idat += body
        i += 12 + n
    raw = _decompress(bytes(idat))
    rowbytes = (width + 7) // 8
    w, h = width // scale, height // scale
    out = bytearray(w * ((h + 7) // 8))
    for y in range(h):
        base = y * scale * (rowbytes + 1)
        if raw[base] != 0:
            raise ValueError("unsupported PNG filter in %s" % path)
        for x in range(w):
            px = x * scale
            if raw[base + 1 + (px >> 3)] & (0x80 >> (px & 7)):
                out[(y >> 3) * w + x] |= 1 << (y & 7)
    return w, h, out
