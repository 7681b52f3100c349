"""tools/sim/framebuf.py draws exactly what MicroPython's built-in framebuf draws.

The oracle is the real framebuf of the MicroPython unix port: each test
writes one drawing script of random operations (seeded), runs it under
MicroPython and under CPython with the simulator's module, and compares the
frame buffer bytes after every operation.
"""
import os
import random
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
import framebuf  # noqa: E402  (the simulator's, on CPython)

MICROPYTHON = shutil.which("micropython")
FORMATS = {"MONO_VLSB": 0, "MONO_HLSB": 3, "MONO_HMSB": 4, "GS8": 6, "GS4_HMSB": 2, "GS2_HMSB": 5,
           "RGB565": 1}
BYTES = {  # buffer bytes for width x height
    "MONO_VLSB": lambda w, h: w * ((h + 7) // 8),
    "MONO_HLSB": lambda w, h: (w + 7) // 8 * h,
    "MONO_HMSB": lambda w, h: (w + 7) // 8 * h,
    "GS8": lambda w, h: w * h,
    "GS4_HMSB": lambda w, h: (w + 1) // 2 * h,
    "GS2_HMSB": lambda w, h: (w + 3) // 4 * h,
    "RGB565": lambda w, h: w * h * 2,
}

HEADER = """\
import framebuf
from array import array
def dump(b):
    print(''.join('%02x' % v for v in b))
buf = bytearray({n})
fb = framebuf.FrameBuffer(buf, {w}, {h}, framebuf.{fmt})
sbuf = bytearray({sbytes})
for i in range(len(sbuf)):
    sbuf[i] = (i * 73 + 29) & 0xFF
src = framebuf.FrameBuffer(sbuf, 11, 9, framebuf.MONO_VLSB)
hbuf = bytearray(b'\\x5a\\xc3\\x0f\\xf0\\x99\\x66\\x81\\x7e\\x18\\x24\\x3c\\xa5\\x42\\xdb\\x01\\x80')
srch = framebuf.FrameBuffer(hbuf, 10, 8, framebuf.MONO_HLSB)
pbuf = bytearray(b'\\x01\\x00')
pal = framebuf.FrameBuffer(pbuf, 2, 1, framebuf.MONO_VLSB)
"""


def _coord(r, n):
    return r.randint(-n // 2, n + n // 2)


def _ops(seed, w, h, fmt, count):
    """Random drawing operations as lines of Python that run on both ports."""
    r = random.Random(seed)
    cmax = {"GS8": 255, "GS4_HMSB": 15, "GS2_HMSB": 3, "RGB565": 0xFFFF}.get(fmt, 1)
    out = []
    for _ in range(count):
        c = r.choice([0, 1, cmax, r.randint(0, cmax)])
        k = r.randrange(16)
        x, y = _coord(r, w), _coord(r, h)
        if k == 0:
            out.append("fb.fill(%d)" % c)
        elif k == 1:
            out.append("fb.pixel(%d, %d, %d)" % (x, y, c))
        elif k == 2:
            out.append("fb.hline(%d, %d, %d, %d)" % (x, y, r.randint(-3, w), c))
        elif k == 3:
            out.append("fb.vline(%d, %d, %d, %d)" % (x, y, r.randint(-3, h), c))
        elif k == 4:
            out.append("fb.line(%d, %d, %d, %d, %d)" % (x, y, _coord(r, w), _coord(r, h), c))
        elif k == 5:
            out.append("fb.rect(%d, %d, %d, %d, %d, %s)" % (
                x, y, r.randint(-2, w), r.randint(-2, h), c, r.choice(["True", "False"])))
        elif k == 6:
            out.append("fb.fill_rect(%d, %d, %d, %d, %d)" % (x, y, r.randint(-2, w), r.randint(-2, h), c))
        elif k == 7:
            out.append("fb.ellipse(%d, %d, %d, %d, %d, %s, %d)" % (
                x, y, r.randint(0, w), r.randint(0, h), c, r.choice(["True", "False"]), r.randrange(16)))
        elif k == 8:
            out.append("fb.ellipse(%d, %d, %d, %d, %d)" % (x, y, r.randint(0, 6), r.randint(0, 6), c))
        elif k == 9:
            n = r.randint(1, 7)
            pts = [v for _ in range(n) for v in (r.randint(-5, w + 5), r.randint(-5, h + 5))]
            out.append("fb.poly(%d, %d, array('h', %r), %d, %s)" % (
                r.randint(-4, 4), r.randint(-4, 4), pts, c, r.choice(["True", "False"])))
        elif k == 10:
            s = "".join(chr(r.choice([r.randint(32, 127), r.randint(0, 31), 233])) for _ in range(r.randint(0, 6)))
            out.append("fb.text(%r, %d, %d, %d)" % (s, x, y, c))
        elif k == 11:
            out.append("fb.scroll(%d, %d)" % (r.randint(-w - 2, w + 2), r.randint(-h - 2, h + 2)))
        elif k == 12:
            out.append("fb.scroll(%d, %d)" % (r.randint(-3, 3), r.randint(-3, 3)))
        elif k == 13:
            key = r.choice([-1, 0, 1])
            if fmt.startswith("MONO"):
                out.append("fb.blit(src, %d, %d, %d)" % (x, y, key))
            else:
                out.append("fb.blit(src, %d, %d, %d, pal)" % (x, y, key))
        elif k == 14:
            key = r.choice([-1, 0, 1])
            if fmt.startswith("MONO"):
                out.append("fb.blit(srch, %d, %d, %d, pal)" % (x, y, key))
            else:
                out.append("fb.blit((sbuf, 5, 7, framebuf.MONO_VLSB, 11), %d, %d, %d)" % (x, y, key))
        else:
            out.append("fb.blit((hbuf, 10, 8, framebuf.MONO_HLSB), %d, %d, 0, (pbuf, 2, 1, 0))" % (x, y))
        # MicroPython's poly rejects nothing we give it; keep every op valid.
        out.append("dump(buf)")
    return out


def _script(seed, w, h, fmt, count):
    head = HEADER.format(n=BYTES[fmt](w, h), w=w, h=h, fmt=fmt, sbytes=11 * 2)
    return head + "\n".join(_ops(seed, w, h, fmt, count)) + "\n"


def _run_cpython(script):
    lines = []
    env = {"__name__": "fbscript", "print": lambda s: lines.append(s)}
    exec(compile(script, "fbscript", "exec"), env)
    return lines


def _run_micropython(script, tmp_path):
    path = tmp_path / "fbscript.py"
    path.write_text(script)
    proc = subprocess.run([MICROPYTHON, str(path)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr + proc.stdout[-2000:]
    return proc.stdout.split()


def _compare(script, tmp_path):
    mp = _run_micropython(script, tmp_path)
    cp = _run_cpython(script)
    lines = script.splitlines()
    ops = [lines[i - 1] for i, line in enumerate(lines) if line == "dump(buf)"]
    assert len(mp) == len(cp) == len(ops)
    for i, (a, b) in enumerate(zip(mp, cp)):
        assert a == b, "differs after op %d: %s\nmicropython %s\ncpython     %s" % (i, ops[i], a, b)


needs_micropython = pytest.mark.skipif(MICROPYTHON is None, reason="no micropython unix port")


@needs_micropython
@pytest.mark.parametrize("w,h", [(128, 64), (37, 21), (8, 8), (1, 13)])
def test_mono_vlsb_random_drawing_matches_micropython_byte_for_byte(w, h, tmp_path):
    _compare(_script(1000 + w * h, w, h, "MONO_VLSB", 2000), tmp_path)


@needs_micropython
@pytest.mark.parametrize("fmt", ["MONO_HLSB", "MONO_HMSB", "GS8", "GS4_HMSB", "GS2_HMSB", "RGB565"])
def test_other_formats_random_drawing_matches_micropython(fmt, tmp_path):
    _compare(_script(7 + len(fmt), 29, 19, fmt, 600), tmp_path)


@needs_micropython
def test_builtin_8x8_font_matches_micropython_for_every_character(tmp_path):
    script = HEADER.format(n=8 * 16, w=8 * 16, h=8, fmt="MONO_VLSB", sbytes=22)
    for c in list(range(0, 256, 1)):
        if c >= 0xD800:
            continue
        script += "fb.fill(0)\nfb.text(%r, 0, 0, 1)\ndump(buf)\n" % (chr(c) + "Ab")
    _compare(script, tmp_path)


def test_pixel_reads_back_what_was_written_and_ignores_outside():
    buf = bytearray(16)
    fb = framebuf.FrameBuffer(buf, 16, 8, framebuf.MONO_VLSB)
    fb.pixel(3, 5, 1)
    assert buf[3] == 1 << 5 and fb.pixel(3, 5) == 1 and fb.pixel(3, 4) == 0
    fb.pixel(-1, 0, 1)
    fb.pixel(16, 0, 1)
    assert fb.pixel(16, 0) is None and sum(buf) == 1 << 5


def test_blit_accepts_a_tuple_source_and_palette():
    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    fb.fill(1)
    fb.blit((bytearray(b"\x01\x02"), 2, 8, framebuf.MONO_VLSB), 0, 0, 1, (bytearray(b"\x01\x00"), 2, 1, 0))
    assert buf[0] == 0xFF & ~1 and buf[1] == 0xFF & ~2 and buf[2] == 0xFF


def test_too_small_buffer_and_bad_format_are_value_errors():
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(10), 128, 64, framebuf.MONO_VLSB)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(1024), 128, 64, 99)
