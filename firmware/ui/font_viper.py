"""ui.font's text drawing as ``@micropython.viper`` code (MicroPython with a
native emitter only; ui.font falls back to its blits elsewhere).

``bind(small, normal)`` takes the two font tables (bytes of glyph columns);
``text(buf, w, h, s, x, y, c, font)`` ORs (c=1) or clears (c=0) the glyph
columns of ``s`` straight into a MONO_VLSB buffer of w x h pixels and
returns the x after the text, like ui.font.text_blit; it returns _BAIL,
before drawing anything, when the buffer is not w x h/8 bytes, h is not a
multiple of 8 or the text is not ASCII (ui.font then blits).
"""
import micropython
from micropython import const

_BAIL = const(-100000)     # the same "not for me" as ui.font's
_SMALL = _NORMAL = b""     # the fonts' column tables, 3 and 5 a glyph


def bind(small, normal):
    global _SMALL, _NORMAL
    _SMALL, _NORMAL = small, normal


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

