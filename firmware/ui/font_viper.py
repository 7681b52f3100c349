"""ui.font's text drawing as ``@micropython.viper`` code (MicroPython with a
native emitter only; ui.font falls back to its blits elsewhere).

``bind(small, normal, blit)`` takes the two font tables (bytes of glyph
columns) and ui.font's text_blit;
``text(buf, w, h, s, x, y, c, font)`` ORs (c=1) or clears (c=0) the glyph
columns of ``s`` straight into a MONO_VLSB buffer of w x h pixels and
returns the x after the text, like ui.font.text_blit; it returns _BAIL,
before drawing anything, when the buffer is not w x h/8 bytes, h is not a
multiple of 8 or the text is not ASCII (ui.font then blits).
``draw(fb, s, x, y, font, c)`` is ui.font.draw_text: the whole of it (the
frame buffer's own buffer, or the blits; chips given as an int written as
ui.font.money writes them, into a buffer of this module, no string made),
a native frame: no heap block a call, where a bytecode wrapper with six
arguments takes one; ``boxed`` is ui.font.draw_boxed alike.
"""
import micropython
from micropython import const

_BAIL = const(-100000)     # the same "not for me" as ui.font's
_SMALL = _NORMAL = b""     # the fonts' column tables, 3 and 5 a glyph
_blit = None               # ui.font.text_blit
_NUM = bytearray(7)        # chips drawn from here: right-aligned, spaces before
_INT = int                 # (in viper code "int" is the cast)


def bind(small, normal, blit):
    global _SMALL, _NORMAL, _blit
    _SMALL, _NORMAL, _blit = small, normal, blit


@micropython.viper
def _chips(n: int) -> int:
    """ui.font.money(n) into the end of _NUM, spaces before it; its length."""
    b = ptr8(_NUM)  # noqa: F821
    mark = 0
    if n >= 100000:
        if n < 10000000:
            n = n // 1000
            mark = 75  # K
        else:
            n = n // 1000000
            mark = 77  # M
    i = 7
    if mark:
        i = 6
        b[6] = mark
    while True:
        i -= 1
        q = n // 10
        b[i] = 48 + n - q * 10
        n = q
        if n == 0 or i == 0:
            break
    j = 0
    while j < i:
        b[j] = 32
        j += 1
    return 7 - i


@micropython.viper
def draw(fb, s, x: int, y: int, font: int, c: int) -> int:
    if isinstance(s, _INT):  # chips: the fonts skip the spaces before them
        x = x - (7 - int(_chips(s))) * (4 if font == 0 else 6)
        s = _NUM
    # (a frame buffer with no buffer of its own: text() bails on these)
    r = int(text(getattr(fb, "buffer", b""), getattr(fb, "width", 0), getattr(fb, "height", 1), s, x, y, c, font))
    if r != _BAIL:
        return r
    return int(_blit(fb, s, x, y, c, font))


@micropython.viper
def boxed(fb, s, x: int, y: int, font: int, inverse: int) -> int:
    n = int(_chips(s)) if isinstance(s, _INT) else int(len(s))
    w = n * (4 if font == 0 else 6)  # ui.font.ADVANCE
    if inverse:
        fb.fill_rect(x, y, w + 1, 7 if font == 0 else 9, 1)  # HEIGHT + 2
        draw(fb, s, x + 1, y + 1, font, 0)
    else:
        draw(fb, s, x + 1, y + 1, font, 1)
    return w + 1


@micropython.viper
def text(buf, w: int, h: int, s, x: int, y: int, c: int, font: int) -> int:
    if (h & 7) or int(len(buf)) != w * (h >> 3):
        return _BAIL
    p = ptr8(s)  # noqa: F821 (viper builtin)
    n = int(len(s))
    i = 0
    while i < n:
        if p[i] > 126:
            return _BAIL
        i += 1
    if font == 0:
        t = ptr8(_SMALL)  # noqa: F821
        gw = 3
        last = 95
    else:
        t = ptr8(_NORMAL)  # noqa: F821
        gw = 5
        last = 126
    b = ptr8(buf)  # noqa: F821
    pages = h >> 3
    if y >= 0:
        pg = y >> 3
        sh = y & 7
    else:
        pg = 0
        sh = 0
    k = 0
    while k < n:
        code = p[k]
        if font == 0 and code >= 97 and code <= 122:
            code -= 32
        if code < 32 or code > last:
            code = 63
        if code != 32:
            base = (code - 32) * gw
            j = 0
            while j < gw:
                xx = x + j
                if xx >= 0 and xx < w:
                    col = t[base + j]
                    if y >= 0:
                        col = col << sh
                    else:
                        col = col >> (0 - y)
                    lo = col & 0xFF
                    hi = (col >> 8) & 0xFF
                    if lo and pg < pages:
                        q = pg * w + xx
                        if c:
                            b[q] = b[q] | lo
                        else:
                            b[q] = b[q] & (0xFF ^ lo)
                    if hi and pg + 1 < pages:
                        q = (pg + 1) * w + xx
                        if c:
                            b[q] = b[q] | hi
                        else:
                            b[q] = b[q] & (0xFF ^ hi)
                j += 1
        x += gw + 1
        k += 1
    return x

