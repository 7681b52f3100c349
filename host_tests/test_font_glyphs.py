"""ui.font and ui.glyphs: every character and card draws as its picture in
tools/gen/fontgen.py, clipped like framebuf, with no allocation on the device
once a glyph has been drawn."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
import fontgen  # noqa: E402
import framebuf  # noqa: E402
from ui import font, glyphs  # noqa: E402


def canvas(w=128, h=64, c=0):
    buf = bytearray(w * ((h + 7) // 8))
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
    fb.fill(c)
    return fb


def lit(fb, w, h):
    return {(x, y) for y in range(h) for x in range(w) if fb.pixel(x, y)}


def art_pixels(art, x0=0, y0=0):
    return {(x0 + x, y0 + y) for y, row in enumerate(fontgen.rows(art)) for x, v in enumerate(row) if v}


def test_generated_tables_are_up_to_date_with_the_art():
    assert fontgen.main(["--check"]) == 0


@pytest.mark.parametrize("fnt,art", [(font.NORMAL, fontgen.NORMAL), (font.SMALL, fontgen.SMALL)])
def test_every_character_draws_exactly_its_picture(fnt, art):
    for ch, picture in art.items():
        fb = canvas(20, 12)
        end = font.text(fb, ch, 3, 2, 1, fnt)
        assert lit(fb, 20, 12) == art_pixels(picture, 3, 2), repr(ch)
        assert end == 3 + font.ADVANCE[fnt]


def test_dark_text_on_a_lit_box_clears_exactly_the_ink():
    fb = canvas(40, 10, 1)
    font.text(fb, "Q7", 1, 1, 0)
    dark = {(x, y) for y in range(10) for x in range(40) if not fb.pixel(x, y)}
    assert dark == art_pixels(fontgen.NORMAL["Q"], 1, 1) | art_pixels(fontgen.NORMAL["7"], 7, 1)


def test_text_is_clipped_at_every_edge_like_a_crop_of_a_bigger_screen():
    for x, y in ((-7, 0), (-3, -4), (120, 60), (125, -2), (0, 61)):
        big = canvas(160, 96)
        font.text(big, "AKQJ", x + 16, y + 16)
        fb = canvas()
        font.text(fb, "AKQJ", x, y)
        want = {(px - 16, py - 16) for (px, py) in lit(big, 160, 96)
                if 0 <= px - 16 < 128 and 0 <= py - 16 < 64}
        assert lit(fb, 128, 64) == want, (x, y)


def test_width_is_the_advance_and_small_font_draws_lower_case_as_upper():
    assert font.width("POT 120") == 42 and font.width("POT 120", font.SMALL) == 28
    a, b = canvas(), canvas()
    font.text(a, "all in", 0, 0, 1, font.SMALL)
    font.text(b, "ALL IN", 0, 0, 1, font.SMALL)
    assert a.pixel(0, 1) is not None and lit(a, 30, 6) == lit(b, 30, 6)
    c, d = canvas(), canvas()
    font.text(c, "\u2660\x01", 0, 0)
    font.text(d, "??", 0, 0)
    assert lit(c, 20, 8) == lit(d, 20, 8)


@pytest.mark.parametrize("size", [glyphs.SMALL, glyphs.MEDIUM, glyphs.LARGE])
def test_every_card_stays_in_its_box_and_all_52_look_different(size):
    w, h = glyphs.W[size], glyphs.H[size]
    seen = set()
    for c in range(52):
        fb = canvas(40, 30)
        glyphs.card(fb, 5, 4, c, size)
        px = lit(fb, 40, 30)
        assert all(5 <= x < 5 + w and 4 <= y < 4 + h for x, y in px)
        corners = {(5, 4), (5 + w - 1, 4), (5, 4 + h - 1), (5 + w - 1, 4 + h - 1)}
        assert not px & corners
        seen.add(frozenset(px))
    assert len(seen) == 52


@pytest.mark.parametrize("size", [glyphs.SMALL, glyphs.MEDIUM, glyphs.LARGE])
def test_a_card_shows_its_rank_glyph_and_suit_picture_in_dark_pixels(size):
    fb = canvas(40, 30)
    c = 4 * 12 + 2  # Ah
    glyphs.card(fb, 0, 0, c, size)
    dark = {(x, y) for y in range(glyphs.H[size]) for x in range(glyphs.W[size]) if not fb.pixel(x, y)}
    if size == glyphs.LARGE:
        rank = art_pixels(fontgen.NORMAL["A"], 2, 1)
        suit = art_pixels(fontgen.SUIT7[2], 4, 8)
    else:
        rank = art_pixels(fontgen.SMALL["A"], 1, 1)
        suit = art_pixels((fontgen.SUIT5 if size == glyphs.MEDIUM else fontgen.SUIT3)[2], 5, 1)
    w, h = glyphs.W[size], glyphs.H[size]
    corners = {(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)}
    assert dark - corners == rank | suit


def test_a_back_is_an_outline_with_a_checker_inside_and_none_is_a_back():
    for size in range(3):
        w, h = glyphs.W[size], glyphs.H[size]
        fb = canvas(20, 20)
        glyphs.back(fb, 1, 1, size)
        for y in range(h):
            for x in range(w):
                corner = x in (0, w - 1) and y in (0, h - 1)
                edge = x in (0, w - 1) or y in (0, h - 1)
                inner = 2 <= x < w - 2 and 2 <= y < h - 2
                want = 0 if corner else 1 if edge else ((x + y) & 1 == 0) if inner else 0
                assert fb.pixel(1 + x, 1 + y) == want, (size, x, y)
        other = canvas(20, 20)
        glyphs.card(other, 1, 1, None, size)
        assert lit(other, 20, 20) == lit(fb, 20, 20)


def test_suits_draw_their_pictures_in_the_three_sizes():
    for size, table in ((3, fontgen.SUIT3), (5, fontgen.SUIT5), (7, fontgen.SUIT7)):
        for s in range(4):
            fb = canvas(12, 12)
            glyphs.suit(fb, 2, 3, s, size)
            assert lit(fb, 12, 12) == art_pixels(table[s], 2, 3)


@pytest.mark.parametrize("size", [3, 5, 7])
def test_every_two_suits_differ_by_at_least_three_pixels_at_every_size(size):
    # as drawn (the tables, not the art): the smallest size, in every
    # opponent's up cards, used to tell clubs from spades by one pixel
    drawn = []
    for s in range(4):
        fb = canvas(12, 12)
        glyphs.suit(fb, 2, 2, s, size)
        drawn.append(lit(fb, 12, 12))
    for a in range(4):
        for b in range(a + 1, 4):
            assert len(drawn[a] ^ drawn[b]) >= 3, (size, a, b)


def test_small_cards_of_the_same_rank_differ_by_at_least_three_pixels():
    # the 9x7 cards of the crowded tables and the showdown, as the table draws them
    for r in range(13):
        pics = []
        for s in range(4):
            fb = canvas(12, 10)
            glyphs.small_card(fb, 1, 1, 4 * r + s)
            pics.append(lit(fb, 12, 10))
        assert min(len(pics[a] ^ pics[b]) for a in range(4) for b in range(a + 1, 4)) >= 3, r


MP_NOALLOC = """
import sys, micropython, framebuf
sys.path.insert(0, %r)
from ui import font, glyphs
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
# A glyph's blit source is made at its first use: draw every one once.
for f in (font.SMALL, font.NORMAL):
    font.text(fb, "".join(chr(c) for c in range(32, 127)), 0, 0, 1, f)
glyphs.card(fb, 0, 0, 5, 0)
glyphs.back(fb, 0, 0, 0)
def draw():
    font.text(fb, "POT 1,250 ALL IN", 0, 0)
    font.text(fb, "8 seats", 0, 10, 0, font.SMALL)
    for s in range(3):
        glyphs.card(fb, 10, 20, 51, s)
        glyphs.back(fb, 30, 20, s)
        glyphs.suit(fb, 50, 20, 2, 2 * s + 3, 0)
    glyphs.small_card(fb, 70, 20, 51)
    glyphs.small_card(fb, 80, 20, None)
class Screen(framebuf.FrameBuffer):  # a display with a public buffer: the viper path
    def __init__(self):
        self.width = 128
        self.height = 64
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)
screen = Screen()
def draw2():
    font.text(screen, "POT 1,250 ALL IN", 0, 0)
    font.text(screen, "8 seats", 0, 10, 0, font.SMALL)
    glyphs.small_card(screen, 70, 20, 51)
    glyphs.small_card(screen, 80, 20, None)
    glyphs.card(screen, 90, 20, 51, glyphs.MEDIUM)
    glyphs.card(screen, 104, 20, 12, glyphs.LARGE)
    glyphs.back(screen, 116, 20, glyphs.LARGE)
draw2()
micropython.heap_lock()
draw()
draw2()
micropython.heap_unlock()
print("no allocation")
"""


def _run_mp(tmp_path, template):
    """Runs ``template`` (its %s: the firmware folder) under the unix port;
    its output, stderr after stdout."""
    script = tmp_path / "check.py"
    script.write_text(template % os.path.join(ROOT, "firmware"))
    proc = subprocess.run(["micropython", str(script)], capture_output=True, text=True, timeout=120)
    return proc.stdout + proc.stderr


@pytest.mark.skipif(shutil.which("micropython") is None, reason="no micropython unix port")
def test_drawing_text_and_cards_allocates_nothing_under_micropython(tmp_path):
    out = _run_mp(tmp_path, MP_NOALLOC)
    assert out.strip() == "no allocation", out


def test_suit_size_may_be_given_as_a_card_size():
    for card_size, width in ((glyphs.SMALL, 3), (glyphs.MEDIUM, 5), (glyphs.LARGE, 7)):
        a, b = canvas(12, 12), canvas(12, 12)
        glyphs.suit(a, 1, 1, 3, card_size)
        glyphs.suit(b, 1, 1, 3, width)
        assert lit(a, 12, 12) == lit(b, 12, 12) != set()


# The start of the scripts run under the unix port (its %r: the firmware
# folder): a display-like frame buffer, whose buffer is public (the viper
# text path draws into it).
MP_HEAD = """
import sys, framebuf
sys.path.insert(0, %r)
from ui import font, glyphs
from poker.rng import Rng

class Screen(framebuf.FrameBuffer):
    def __init__(self):
        self.width = 128
        self.height = 64
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)
"""

MP_TWIN = MP_HEAD + """
assert font._fast is not None, "no viper path on this port"
r = Rng(11)
chars = "AKQJT98765432 abcxyz!?,.:%%$()[]{}~_@#\\x01\\x7f\\xe9"
a, b = Screen(), Screen()
checked = 0
for i in range(4000):
    if i %% 50 == 0:
        v = r.below(2)
        a.fill(v)
        b.fill(v)
    s = "".join(chars[r.below(len(chars))] for _ in range(r.below(12)))
    x = r.below(160) - 20
    y = r.below(90) - 15
    c = r.below(2)
    f = r.below(2)
    ra = font.text(a, s, x, y, c, f)
    rb = font.text_blit(b, s, x, y, c, f)
    assert ra == rb, (s, x, y, c, f)
    assert a.buffer == b.buffer, (i, s, x, y, c, f)
    checked += 1
print("twins agree", checked)
"""


@pytest.mark.skipif(shutil.which("micropython") is None, reason="no micropython unix port")
def test_the_viper_text_path_draws_exactly_what_the_blit_path_draws(tmp_path):
    out = _run_mp(tmp_path, MP_TWIN)
    assert out.strip() == "twins agree 4000", out


def test_text_on_cpython_takes_the_blit_path():
    assert font._fast is None
    a, b = canvas(), canvas()
    assert font.text(a, "Kd 7c", -3, 60) == font.text_blit(b, "Kd 7c", -3, 60)
    assert lit(a, 128, 64) == lit(b, 128, 64) != set()


MP_CHIPS = MP_HEAD + """
assert font._fast is not None, "no viper path on this port"
r = Rng(12)
a, b = Screen(), Screen()
for i in range(3000):
    n = (0, 7, 20, 99999, 100000, 123456, 9999999, 10000000, 123456789)[i] if i < 9 else r.below(1 << r.below(28))
    x = r.below(160) - 20
    y = r.below(90) - 15
    c = r.below(2)
    f = r.below(2)
    s = font.money(n)
    if i %% 2:
        ra = font.draw_text(a, n, x, y, f, c)
        rb = font.text_blit(b, s, x, y, c, f)
    else:
        ra = font.draw_boxed(a, n, x, y, f, c)
        w = len(s) * font.ADVANCE[f]
        if c:
            b.fill_rect(x, y, w + 1, font.HEIGHT[f] + 2, 1)
        font.text_blit(b, s, x + 1, y + 1, 0 if c else 1, f)
        rb = w + 1
    assert ra == rb, (n, x, y, c, f, ra, rb)
    assert a.buffer == b.buffer, (i, n, x, y, c, f)
print("chips agree")
"""


@pytest.mark.skipif(shutil.which("micropython") is None, reason="no micropython unix port")
def test_chips_drawn_by_the_native_path_are_money_drawn_by_the_blits(tmp_path):
    # the table draws chips as ints (no string a frame): font_viper writes
    # the digits itself, as money() would; the boxes as draw_boxed's twin
    out = _run_mp(tmp_path, MP_CHIPS)
    assert out.strip() == "chips agree", out


def test_chips_and_boxes_on_cpython_draw_money():
    a, b = canvas(), canvas()
    assert font.draw_text(a, 123456, 3, 4, font.SMALL, 1) == font.text(b, "123K", 3, 4, 1, font.SMALL)
    assert lit(a, 128, 64) == lit(b, 128, 64) != set()
    a, b = canvas(), canvas()
    assert font.draw_boxed(a, 42, 5, 5, font.SMALL, True) == 9
    b.fill_rect(5, 5, 9, 7, 1)
    font.text(b, "42", 6, 6, 0, font.SMALL)
    assert lit(a, 128, 64) == lit(b, 128, 64)


MP_SMALL_CARD = MP_HEAD + """
%s
print("small cards agree", check(Screen))
"""

SMALL_CARD_CHECK = """
def check(make):
    n = 0
    for bg in (0, 1, 2):
        for x, y in ((0, 0), (3, 5), (-4, -3), (121, 59), (60, -6)):
            for c in [None] + list(range(52)):
                a, b = make(), make()
                for fb in (a, b):
                    fb.fill(bg & 1)
                    if bg == 2:  # a pattern under the corners and the edges
                        for i in range(0, 128, 3):
                            fb.vline(i, 0, 64, 1)
                glyphs.small_card(a, x, y, c)
                if c is None:
                    glyphs.back(b, x, y, glyphs.SMALL)
                else:
                    glyphs.card(b, x, y, c, glyphs.SMALL)
                assert bytes(a.buffer) == bytes(b.buffer), (bg, x, y, c)
                n += 1
    return n
"""


def test_a_small_card_is_card_and_back_of_that_size_pixel_for_pixel():
    # the tables' SMALL cards come from small_card (a frame on the C stack
    # on the device); card and back are its oracle, on every background
    class Canvas(framebuf.FrameBuffer):
        def __init__(self):
            self.buffer = bytearray(1024)
            super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)

    scope = {"glyphs": glyphs}
    exec(SMALL_CARD_CHECK, scope)
    assert scope["check"](Canvas) == 3 * 5 * 53


@pytest.mark.skipif(shutil.which("micropython") is None, reason="no micropython unix port")
def test_a_small_card_drawn_by_the_native_text_path_is_card_and_back(tmp_path):
    out = _run_mp(tmp_path, MP_SMALL_CARD.replace("%s", SMALL_CARD_CHECK.replace("%", "%%"), 1))
    assert out.strip() == "small cards agree %d" % (3 * 5 * 53), out
