"""MicroPython's ``framebuf`` for CPython, pixel for pixel.

The simulator and the host tests draw the firmware's screens with this module
where MicroPython has its built-in ``framebuf``; it follows
extmod/modframebuf.c operation by operation (the same Bresenham lines, the
same ellipse and polygon scan, the same clipping), so a screen drawn here
has exactly the bytes the device draws. host_tests/test_framebuf_compat.py
checks that against the MicroPython unix port over many random operations.

Formats: MONO_VLSB (the SSD1306/SH1106 layout; fast paths), MONO_HLSB,
MONO_HMSB, GS2_HMSB, GS4_HMSB, GS8 and RGB565 (little-endian, as on the
RP2040). ``blit`` takes another FrameBuffer or a tuple
``(buffer, width, height, format[, stride])``, as MicroPython 1.20+ does,
for the source and for the palette.

One difference CPython cannot hide: a FrameBuffer here does not expose the
buffer protocol (``bytes(fb)``); keep a reference to the buffer you gave it,
as the display drivers do.

The 8x8 font of ``text`` is MicroPython's font_petme128_8x8 (MIT licence,
Copyright (c) 2013-2016 Damien P. George), dumped from the unix port by
rendering characters 32..127 one at a time.
"""

MONO_VLSB = MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_FONT = (
    b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x4f\x4f\x00\x00\x00'
    b'\x00\x07\x07\x00\x00\x07\x07\x00\x14\x7f\x7f\x14\x14\x7f\x7f\x14'
    b'\x00\x24\x2e\x6b\x6b\x3a\x12\x00\x00\x63\x33\x18\x0c\x66\x63\x00'
    b'\x00\x32\x7f\x4d\x4d\x77\x72\x50\x00\x00\x00\x04\x06\x03\x01\x00'
    b'\x00\x00\x1c\x3e\x63\x41\x00\x00\x00\x00\x41\x63\x3e\x1c\x00\x00'
    b'\x08\x2a\x3e\x1c\x1c\x3e\x2a\x08\x00\x08\x08\x3e\x3e\x08\x08\x00'
    b'\x00\x00\x80\xe0\x60\x00\x00\x00\x00\x08\x08\x08\x08\x08\x08\x00'
    b'\x00\x00\x00\x60\x60\x00\x00\x00\x00\x40\x60\x30\x18\x0c\x06\x02'
    b'\x00\x3e\x7f\x49\x45\x7f\x3e\x00\x00\x40\x44\x7f\x7f\x40\x40\x00'
    b'\x00\x62\x73\x51\x49\x4f\x46\x00\x00\x22\x63\x49\x49\x7f\x36\x00'
    b'\x00\x18\x18\x14\x16\x7f\x7f\x10\x00\x27\x67\x45\x45\x7d\x39\x00'
    b'\x00\x3e\x7f\x49\x49\x7b\x32\x00\x00\x03\x03\x79\x7d\x07\x03\x00'
    b'\x00\x36\x7f\x49\x49\x7f\x36\x00\x00\x26\x6f\x49\x49\x7f\x3e\x00'
    b'\x00\x00\x00\x24\x24\x00\x00\x00\x00\x00\x80\xe4\x64\x00\x00\x00'
    b'\x00\x08\x1c\x36\x63\x41\x41\x00\x00\x14\x14\x14\x14\x14\x14\x00'
    b'\x00\x41\x41\x63\x36\x1c\x08\x00\x00\x02\x03\x51\x59\x0f\x06\x00'
    b'\x00\x3e\x7f\x41\x4d\x4f\x2e\x00\x00\x7c\x7e\x0b\x0b\x7e\x7c\x00'
    b'\x00\x7f\x7f\x49\x49\x7f\x36\x00\x00\x3e\x7f\x41\x41\x63\x22\x00'
    b'\x00\x7f\x7f\x41\x63\x3e\x1c\x00\x00\x7f\x7f\x49\x49\x41\x41\x00'
    b'\x00\x7f\x7f\x09\x09\x01\x01\x00\x00\x3e\x7f\x41\x49\x7b\x3a\x00'
    b'\x00\x7f\x7f\x08\x08\x7f\x7f\x00\x00\x00\x41\x7f\x7f\x41\x00\x00'
    b'\x00\x20\x60\x41\x7f\x3f\x01\x00\x00\x7f\x7f\x1c\x36\x63\x41\x00'
    b'\x00\x7f\x7f\x40\x40\x40\x40\x00\x00\x7f\x7f\x06\x0c\x06\x7f\x7f'
    b'\x00\x7f\x7f\x0e\x1c\x7f\x7f\x00\x00\x3e\x7f\x41\x41\x7f\x3e\x00'
    b'\x00\x7f\x7f\x09\x09\x0f\x06\x00\x00\x1e\x3f\x21\x61\x7f\x5e\x00'
    b'\x00\x7f\x7f\x19\x39\x6f\x46\x00\x00\x26\x6f\x49\x49\x7b\x32\x00'
    b'\x00\x01\x01\x7f\x7f\x01\x01\x00\x00\x3f\x7f\x40\x40\x7f\x3f\x00'
    b'\x00\x1f\x3f\x60\x60\x3f\x1f\x00\x00\x7f\x7f\x30\x18\x30\x7f\x7f'
    b'\x00\x63\x77\x1c\x1c\x77\x63\x00\x00\x07\x0f\x78\x78\x0f\x07\x00'
    b'\x00\x61\x71\x59\x4d\x47\x43\x00\x00\x00\x7f\x7f\x41\x41\x00\x00'
    b'\x00\x02\x06\x0c\x18\x30\x60\x40\x00\x00\x41\x41\x7f\x7f\x00\x00'
    b'\x00\x08\x0c\x06\x06\x0c\x08\x00\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0'
    b'\x00\x00\x01\x03\x06\x04\x00\x00\x00\x20\x74\x54\x54\x7c\x78\x00'
    b'\x00\x7f\x7f\x44\x44\x7c\x38\x00\x00\x38\x7c\x44\x44\x6c\x28\x00'
    b'\x00\x38\x7c\x44\x44\x7f\x7f\x00\x00\x38\x7c\x54\x54\x5c\x58\x00'
    b'\x00\x08\x7e\x7f\x09\x03\x02\x00\x00\x98\xbc\xa4\xa4\xfc\x7c\x00'
    b'\x00\x7f\x7f\x04\x04\x7c\x78\x00\x00\x00\x00\x7d\x7d\x00\x00\x00'
    b'\x00\x40\xc0\x80\x80\xfd\x7d\x00\x00\x7f\x7f\x30\x38\x6c\x44\x00'
    b'\x00\x00\x41\x7f\x7f\x40\x00\x00\x00\x7c\x7c\x18\x30\x18\x7c\x7c'
    b'\x00\x7c\x7c\x04\x04\x7c\x78\x00\x00\x38\x7c\x44\x44\x7c\x38\x00'
    b'\x00\xfc\xfc\x24\x24\x3c\x18\x00\x00\x18\x3c\x24\x24\xfc\xfc\x00'
    b'\x00\x7c\x7c\x04\x04\x0c\x08\x00\x00\x48\x5c\x54\x54\x74\x20\x00'
    b'\x04\x04\x3f\x7f\x44\x64\x20\x00\x00\x3c\x7c\x40\x40\x7c\x3c\x00'
    b'\x00\x1c\x3c\x60\x60\x3c\x1c\x00\x00\x1c\x7c\x30\x18\x30\x7c\x1c'
    b'\x00\x44\x6c\x38\x38\x6c\x44\x00\x00\x9c\xbc\xa0\xa0\xfc\x7c\x00'
    b'\x00\x44\x64\x74\x5c\x4c\x44\x00\x00\x08\x08\x3e\x77\x41\x41\x00'
    b'\x00\x00\x00\xff\xff\x00\x00\x00\x00\x41\x41\x77\x3e\x08\x08\x00'
    b'\x00\x02\x03\x01\x03\x02\x03\x01\xaa\x55\xaa\x55\xaa\x55\xaa\x55'
)

_U32 = 0xFFFFFFFF
_OR = {}   # mask -> 256-byte table b | mask
_AND = {}  # mask -> 256-byte table b & ~mask


def _or_table(mask):
    t = _OR.get(mask)
    if t is None:
        t = _OR[mask] = bytes(b | mask for b in range(256))
    return t


def _and_table(mask):
    t = _AND.get(mask)
    if t is None:
        t = _AND[mask] = bytes(b & ~mask & 0xFF for b in range(256))
    return t


def _cdiv(a, b):
    """C integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


class _Raw:
    """The state of a frame buffer: buffer, size, stride, format."""

    def _init(self, buf, width, height, fmt, stride=None):
        width = int(width)
        height = int(height)
        fmt = int(fmt)
        stride = width if stride is None else int(stride)
        if width < 1 or height < 1:
            raise ValueError("invalid framebuffer dimensions")
        if fmt in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        elif fmt == GS2_HMSB:
            stride = (stride + 3) & ~3
        elif fmt == GS4_HMSB:
            stride = (stride + 1) & ~1
        elif fmt not in (MONO_VLSB, RGB565, GS8):
            raise ValueError("invalid format")
        mv = memoryview(buf)
        if mv.ndim != 1 or mv.format != "B":
            mv = mv.cast("B")
        if mv.readonly:
            self._ro = True
        self._buf = buf
        self._mv = mv
        self.width = width
        self.height = height
        self.stride = stride
        self.format = fmt
        if len(mv) < self._bytes_needed():
            raise ValueError("buffer too small")

    def _bytes_needed(self):
        w, h, s, f = self.width, self.height, self.stride, self.format
        if f == MONO_VLSB:
            return ((h + 7) >> 3) * s - s + w
        if f in (MONO_HLSB, MONO_HMSB):
            return ((h - 1) * s + w + 7) >> 3
        if f == GS2_HMSB:
            return ((h - 1) * s + w + 3) >> 2
        if f == GS4_HMSB:
            return ((h - 1) * s + w + 1) >> 1
        if f == RGB565:
            return ((h - 1) * s + w) * 2
        return (h - 1) * s + w

    # -- one pixel, no clipping (the C setpixel/getpixel) -------------------
    def _set(self, x, y, col):
        m = self._mv
        f = self.format
        if f == MONO_VLSB:
            i = (y >> 3) * self.stride + x
            o = y & 7
            m[i] = (m[i] & ~(1 << o) & 0xFF) | ((col != 0) << o)
        elif f == MONO_HLSB or f == MONO_HMSB:
            i = (x + y * self.stride) >> 3
            o = (x & 7) if f == MONO_HMSB else 7 - (x & 7)
            m[i] = (m[i] & ~(1 << o) & 0xFF) | ((col != 0) << o)
        elif f == GS8:
            m[x + y * self.stride] = col & 0xFF
        elif f == RGB565:
            i = (x + y * self.stride) * 2
            m[i] = col & 0xFF
            m[i + 1] = (col >> 8) & 0xFF
        elif f == GS4_HMSB:
            i = (x + y * self.stride) >> 1
            if x % 2:
                m[i] = (col & 0x0F) | (m[i] & 0xF0)
            else:
                m[i] = ((col << 4) & 0xF0) | (m[i] & 0x0F)
        else:  # GS2_HMSB
            i = (x + y * self.stride) >> 2
            sh = (x & 3) << 1
            m[i] = ((col & 3) << sh) | (m[i] & ~(3 << sh) & 0xFF)

    def _get(self, x, y):
        m = self._mv
        f = self.format
        if f == MONO_VLSB:
            return (m[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        if f == MONO_HLSB or f == MONO_HMSB:
            i = (x + y * self.stride) >> 3
            o = (x & 7) if f == MONO_HMSB else 7 - (x & 7)
            return (m[i] >> o) & 1
        if f == GS8:
            return m[x + y * self.stride]
        if f == RGB565:
            i = (x + y * self.stride) * 2
            return m[i] | (m[i + 1] << 8)
        if f == GS4_HMSB:
            b = m[(x + y * self.stride) >> 1]
            return b & 0x0F if x % 2 else b >> 4
        return (m[(x + y * self.stride) >> 2] >> ((x & 3) << 1)) & 3

    # -- a clipped rectangle (the C fill_rect) ------------------------------
    def _fill_rect(self, x, y, w, h, col):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        w = xend - x
        if self.format == MONO_VLSB:
            m = self._mv
            s = self.stride
            for page in range(y >> 3, ((yend - 1) >> 3) + 1):
                lo = max(y, page << 3)
                hi = min(yend, (page << 3) + 8)
                mask = ((1 << (hi - lo)) - 1) << (lo - (page << 3))
                a = page * s + x
                t = _or_table(mask) if col & _U32 else _and_table(mask)
                m[a:a + w] = bytes(m[a:a + w]).translate(t)
            return
        for yy in range(y, yend):
            for xx in range(x, xend):
                self._set(xx, yy, col)

    def _line(self, x1, y1, x2, y2, col):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        w = self.width
        h = self.height
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    self._set(y1, x1, col)
            elif 0 <= x1 < w and 0 <= y1 < h:
                self._set(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, col)

    def _set_checked(self, x, y, col, mask):
        if mask and 0 <= x < self.width and 0 <= y < self.height:
            self._set(x, y, col)


_TUPLES = {}  # id(tuple) -> (tuple, its _Raw): firmware makes its blit tuples once


def _source(obj):
    """A blit source or palette: a FrameBuffer or (buf, w, h, format[, stride])."""
    if isinstance(obj, _Raw):
        return obj
    if isinstance(obj, tuple):
        hit = _TUPLES.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
    if not isinstance(obj, (tuple, list)) or not 4 <= len(obj) <= 5:
        raise TypeError(f"can't convert {type(obj).__name__} to FrameBuffer")
    r = _Raw()
    r._init(*obj)
    if isinstance(obj, tuple):
        if len(_TUPLES) > 256:
            _TUPLES.clear()
        _TUPLES[id(obj)] = (obj, r)  # the tuple is kept, so its id is not reused
    return r


_E_FILL = 0x10
_E_ALL = 0x0F


class FrameBuffer(_Raw):
    """framebuf.FrameBuffer(buffer, width, height, format[, stride])."""

    def __init__(self, buffer, width, height, format, stride=None):
        self._init(buffer, width, height, format, stride)

    def fill(self, c):
        self._fill_rect(0, 0, self.width, self.height, int(c))

    def fill_rect(self, x, y, w, h, c):
        self._fill_rect(int(x), int(y), int(w), int(h), int(c))

    def pixel(self, x, y, c=None):
        x = int(x)
        y = int(y)
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, int(c))
        return None

    def hline(self, x, y, w, c):
        self._fill_rect(int(x), int(y), int(w), 1, int(c))

    def vline(self, x, y, h, c):
        self._fill_rect(int(x), int(y), 1, int(h), int(c))

    def rect(self, x, y, w, h, c, f=False):
        x, y, w, h, c = int(x), int(y), int(w), int(h), int(c)
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        self._line(int(x1), int(y1), int(x2), int(y2), int(c))

    def _ellipse_points(self, cx, cy, x, y, col, mask):
        if mask & _E_FILL:
            if mask & 1:
                self._fill_rect(cx, cy - y, x + 1, 1, col)
            if mask & 2:
                self._fill_rect(cx - x, cy - y, x + 1, 1, col)
            if mask & 4:
                self._fill_rect(cx - x, cy + y, x + 1, 1, col)
            if mask & 8:
                self._fill_rect(cx, cy + y, x + 1, 1, col)
        else:
            self._set_checked(cx + x, cy - y, col, mask & 1)
            self._set_checked(cx - x, cy - y, col, mask & 2)
            self._set_checked(cx - x, cy + y, col, mask & 4)
            self._set_checked(cx + x, cy + y, col, mask & 8)

    def ellipse(self, x, y, xr, yr, c, f=False, m=None):
        cx, cy, a, b, col = int(x), int(y), int(xr), int(yr), int(c)
        mask = _E_FILL if f else 0
        mask |= _E_ALL if m is None else (int(m) & _E_ALL)
        if a == 0 and b == 0:
            self._set_checked(cx, cy, col, mask & _E_ALL)
            return
        two_asquare = 2 * a * a
        two_bsquare = 2 * b * b
        x = a
        y = 0
        xchange = b * b * (1 - 2 * a)
        ychange = a * a
        err = 0
        stoppingx = two_bsquare * a
        stoppingy = 0
        while stoppingx >= stoppingy:
            self._ellipse_points(cx, cy, x, y, col, mask)
            y += 1
            stoppingy += two_asquare
            err += ychange
            ychange += two_asquare
            if 2 * err + xchange > 0:
                x -= 1
                stoppingx -= two_bsquare
                err += xchange
                xchange += two_bsquare
        x = 0
        y = b
        xchange = b * b
        ychange = a * a * (1 - 2 * b)
        err = 0
        stoppingx = 0
        stoppingy = two_asquare * b
        while stoppingx <= stoppingy:
            self._ellipse_points(cx, cy, x, y, col, mask)
            x += 1
            stoppingx += two_bsquare
            err += xchange
            xchange += two_bsquare
            if 2 * err + ychange > 0:
                y -= 1
                stoppingy -= two_asquare
                err += ychange
                ychange += two_asquare

    def poly(self, x, y, coords, c, f=False):
        x, y, col = int(x), int(y), int(c)
        pts = [int(v) for v in coords]
        n = len(pts) // 2
        if n == 0:
            return
        if not f:
            px1, py1 = pts[0], pts[1]
            i = n * 2 - 1
            while True:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                self._line(x + px1, y + py1, x + px2, y + py2, col)
                px1, py1 = px2, py2
                if i < 0:
                    break
            return
        ys = pts[1:2 * n:2]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            px1, py1 = pts[0], pts[1]
            i = n * 2 - 1
            while True:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    node = _cdiv(32 * px1 + _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1) + 16, 32)
                    nodes.append(node)
                elif row == max(py1, py2):
                    if py1 < py2:
                        self._set_checked(x + px2, y + py2, col, 1)
                    elif py2 < py1:
                        self._set_checked(x + px1, y + py1, col, 1)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, col)
                px1, py1 = px2, py2
                if i < 0:
                    break
            if not nodes:
                continue
            # The C code's bubble sort gives the same order as sorting ints.
            nodes.sort()
            for k in range(0, len(nodes) - 1, 2):
                self._fill_rect(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, col)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        src = _source(fbuf)
        pal = None if palette is None else _source(palette)
        if type(x) is not int or type(y) is not int:
            x, y = int(x), int(y)
        key = (key if type(key) is int else int(key)) & _U32
        if x >= self.width or y >= self.height or -x >= src.width or -y >= src.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + src.width)
        y0end = min(self.height, y + src.height)
        if (src.format == MONO_VLSB and self.format == MONO_VLSB and src._mv.obj is not self._mv.obj
                and (pal is None or (pal.format in (MONO_VLSB, MONO_HLSB, MONO_HMSB) and pal.width >= 2))):
            # The common case (glyphs onto the screen): a column at a time.
            # Source and destination differ, so the order of the writes
            # cannot change the result.
            p0 = 0 if pal is None else pal._get(0, 0)
            p1 = 1 if pal is None else pal._get(1, 0)
            self._blit_columns(src, x0, y0, x1, y1, x0end, y0end, p0, p1, key)
            return
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = src._get(cx1, y1)
                if pal is not None:
                    col = pal._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1

    def _blit_columns(self, src, x0, y0, x1, y1, x0end, y0end, p0, p1, key):
        hh = y0end - y0
        if hh <= 0:
            return
        draw1 = p1 != key
        draw0 = p0 != key
        if not (draw1 or draw0):
            return
        set1 = draw1 and p1 != 0
        clr1 = draw1 and p1 == 0
        set0 = draw0 and p0 != 0
        clr0 = draw0 and p0 == 0
        mask = (1 << hh) - 1
        sm, ss, dm, ds = src._mv, src.stride, self._mv, self.stride
        sp0, sp1 = y1 >> 3, (y1 + hh - 1) >> 3
        dp0, dp1 = y0 >> 3, (y0end - 1) >> 3
        sshift = y1 - (sp0 << 3)
        dshift = y0 - (dp0 << 3)
        one_src_page = sp0 == sp1
        sbase = sp0 * ss
        if one_src_page and not draw0 and hh <= 8:
            # Glyphs: only the source's lit pixels are drawn, lit (set1) or
            # dark (clr1), onto at most two destination pages.
            dbase = dp0 * ds + x0 - x1
            cx1 = x1
            xend1 = x1 + (x0end - x0)
            while cx1 < xend1:
                col = ((sm[sbase + cx1] >> sshift) & mask) << dshift
                if col:
                    i = dbase + cx1
                    lo = col & 0xFF
                    hi = col >> 8
                    if set1:
                        if lo:
                            dm[i] |= lo
                        if hi:
                            dm[i + ds] |= hi
                    else:
                        if lo:
                            dm[i] &= ~lo & 0xFF
                        if hi:
                            dm[i + ds] &= ~hi & 0xFF
                cx1 += 1
            return
        cx1 = x1
        for cx0 in range(x0, x0end):
            if one_src_page:
                col = (sm[sbase + cx1] >> sshift) & mask
            else:
                col = 0
                for p in range(sp0, sp1 + 1):
                    col |= sm[p * ss + cx1] << ((p - sp0) << 3)
                col = (col >> sshift) & mask
            cx1 += 1
            setm = clrm = 0
            if set1:
                setm = col
            elif clr1:
                clrm = col
            if draw0:
                zeros = ~col & mask
                if set0:
                    setm |= zeros
                elif clr0:
                    clrm |= zeros
            setm <<= dshift
            clrm <<= dshift
            i = dp0 * ds + cx0
            for _p in range(dp0, dp1 + 1):
                sb = setm & 0xFF
                cb = clrm & 0xFF
                if sb or cb:
                    dm[i] = (dm[i] & ~cb & 0xFF) | sb
                setm >>= 8
                clrm >>= 8
                i += ds

    def scroll(self, xstep, ystep):
        xstep, ystep = int(xstep), int(ystep)
        w, h = self.width, self.height
        if xstep < 0:
            if -xstep >= w:
                return
            sx, xend, dx = 0, w + xstep, 1
        else:
            if xstep >= w:
                return
            sx, xend, dx = w - 1, xstep - 1, -1
        if ystep < 0:
            if -ystep >= h:
                return
            y, yend, dy = 0, h + ystep, 1
        else:
            if ystep >= h:
                return
            y, yend, dy = h - 1, ystep - 1, -1
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, s, x, y, c=1):
        x0, y0, col = int(x), int(y), int(c)
        w, h = self.width, self.height
        data = str(s).encode("utf-8")
        # The C loop walks a NUL-terminated string: it stops at a NUL.
        end = data.find(b"\0")
        if end >= 0:
            data = data[:end]
        vlsb = self.format == MONO_VLSB
        if vlsb:
            # Rows y0..y0+7 clipped to the frame, as a column mask.
            top = max(y0, 0)
            keep = ((1 << max(0, min(h, y0 + 8) - top)) - 1) << (top - y0) if top < h else 0
            m = self._mv
            s_ = self.stride
        for ch in data:
            if ch < 32 or ch > 127:
                ch = 127
            base = (ch - 32) * 8
            for j in range(8):
                if 0 <= x0 < w:
                    bits = _FONT[base + j]
                    if vlsb:
                        bits &= keep
                        if bits:
                            # The column in absolute rows, then from its first page.
                            bits = bits << y0 if y0 >= 0 else bits >> -y0
                            page = max(y0, 0) >> 3
                            rel = bits >> (page << 3)
                            k = 0
                            while rel:
                                b = rel & 0xFF
                                if b:
                                    i = (page + k) * s_ + x0
                                    m[i] = (m[i] | b) if col & _U32 else (m[i] & ~b & 0xFF)
                                rel >>= 8
                                k += 1
                    else:
                        yy = y0
                        while bits:
                            if bits & 1 and 0 <= yy < h:
                                self._set(x0, yy, col)
                            bits >>= 1
                            yy += 1
                x0 += 1


def FrameBuffer1(buffer, width, height, stride=None):
    """The old MONO_VLSB-only constructor."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, stride)
