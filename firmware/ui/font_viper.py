"""ui.font's text drawing as ``@micropython.viper`` code (MicroPython with a
native emitter only; ui.font falls back to its blits elsewhere).

``bind(small, normal, blit, chips, buf)`` takes ui.font's tables, blits
and chips buffer; ``text(fb, s, x, y, font, c)`` and ``boxed`` are
ui.font.draw_text and draw_boxed, writing straight into ``fb.buffer``
(MONO_VLSB) and returning the x after the text; what they cannot draw goes
to the blits (docs/device.md, "Drawing text and cards").
"""
import micropython

_SMALL = _NORMAL = b""     # the fonts' column tables, 3 and 5 a glyph
text_blit = None           # ui.font's blits (strings and chips)
_chips = None              # ui.font._chips: chips into _NUM, right-aligned; their length
_NUM = b""                 # that buffer
# (chips are told from text as "not a str": in viper code "int" is the cast)


def bind(small, normal, blit, chips, buf):
    global _SMALL, _NORMAL, text_blit, _chips, _NUM
    _SMALL, _NORMAL, text_blit, _chips, _NUM = small, normal, blit, chips, buf


@micropython.viper
def boxed(fb, s, x: int, y: int, font: int, lit: int) -> int:
    n = int(_chips(s)) if not isinstance(s, str) else int(len(s))  # pyright: ignore[reportOptionalCall] (bind() sets it)
    w = n * (4 if font == 0 else 6)  # ui.font.ADVANCE
    if lit:
        fb.fill_rect(x, y, w + 1, 7 if font == 0 else 9, 1)  # HEIGHT + 2
    text(fb, s, x + 1, y + 1, font, 0 if lit else 1)
    return w + 1


@micropython.viper
def text(fb, s, x: int, y: int, font: int, c: int) -> int:
    s0 = s
    x0 = x
    if not isinstance(s, str):  # chips: the fonts skip the spaces before them
        x = x - (7 - int(_chips(s))) * (4 if font == 0 else 6)  # pyright: ignore[reportOptionalCall] (bind())
        s = _NUM
    buf = getattr(fb, "buffer", b"")
    w = int(getattr(fb, "width", 0))
    h = int(getattr(fb, "height", 1))
    if (h & 7) or int(len(buf)) != w * (h >> 3):
        return int(text_blit(fb, s0, x0, y, c, font))  # pyright: ignore[reportOptionalCall] (bind())
    p = ptr8(s)  # noqa: F821 (viper builtin)  # pyright: ignore[reportArgumentType] (a str's bytes)
    n = int(len(s))
    i = 0
    while i < n:
        if p[i] > 126:
            return int(text_blit(fb, s0, x0, y, c, font))  # pyright: ignore[reportOptionalCall] (bind())
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

