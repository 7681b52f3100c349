"""Drawing the table: every seat, the pot, the board, your cards, your
actions, and the table as a list. ``ui.table`` (the screen) calls these
with a seat's view; nothing here keeps state. Amounts follow ui.words'
convention; text goes through ui.font's native drawing (no string made a
frame). The layouts, stud and flop games, as a player reads them:
docs/playing.md, "The table".
"""
from micropython import const

from ui import glyphs
from ui.font import draw_boxed, draw_text
from ui.glyphs import ghost, mini
from ui.screen import SMALL, W, right, width
from ui.words import LETTER, WORD, action_text, says_total, short_text, status_text, street_action, street_total

_MID_Y = const(32)
_YOU_Y = const(40)
_FLOP_SEATS_H = const(25)  # flop games: the other seats' band
_BOARD_Y = const(25)       # flop games: the board, large
_FLOP_YOU_Y = const(41)
BAR_Y = const(57)
_CW = const(9)     # a SMALL card: 9x7
_PITCH = const(10)
_BIG_PITCH = const(13)  # a LARGE card: 12x16
_MED_PITCH = const(12)  # a MEDIUM card: 11x7
_LETTER_X = const(23)   # a stud cell's action letter (from the cell's left)
_CARDS_X = const(27)    # a stud cell's up cards
_IN_W = const(12)       # "IN " before your bet: three SMALL letters, 4 px each (ui.font.ADVANCE)


def _label_of(view, s, compact):
    """ui.words.seat_label(view, s) in parts, no string made: (its word,
    its chips or 0, True for a raise's "TO" between them), or None.
    ``compact``: a raise's word as one letter ("R TO 40", a two-column
    cell). (The caller draws them: a function of fewer words keeps its
    frame on the C stack, where one that draws would take a heap block a
    seat a frame.)"""
    if view.folded[s]:
        return "FOLD", 0, False
    if view.all_in[s]:
        return "ALL IN", 0, False
    la = street_action(view, s)
    if la is None:
        return None
    kind = la[2]
    if says_total(kind):
        word = WORD.get(kind, "?")
        return (word[0] if compact else word), street_total(view, s), True
    return WORD.get(kind, "?"), (la[3] if kind != "fold" and kind != "check" else 0), False


def draw_table(fb, view, sel=-1, eq=None, last=None, hand=None, low="", stop=None, hint=""):
    """Draws the whole table for ``view`` (a SeatView). ``sel``: the chosen
    action index on your turn; ``eq``: your equity in percent or None;
    ``last``: the latest action as text for the middle line; ``hand``: the
    name of your hand and ``low`` your eight-or-better low in hi/lo games
    (computed by the caller, which caches them). ``stop``: a callable asked
    after each seat and part (a frame no key asked for, 13 ms on the chip):
    True leaves the drawing half done and returns False. ``hint``: what
    the bar adds while the others act (ui.words.status_text)."""
    nopp = view.n - 1  # the other seats: i < view.seat is seat i, else i + 1
    stud = view.variant.stud
    large = large_board(view)
    band = _FLOP_SEATS_H if large else 32
    if not (_rows_single if nopp <= 4 else _rows_double)(fb, view, nopp, stud, band, stop):
        return False
    if stop is not None and stop():
        return False
    if large:
        board(fb, view, last)
    else:
        roomy = nopp <= 4
        draw_text(fb, "POT ", 0, _MID_Y + 1, SMALL, 1)
        draw_text(fb, view.pot, 16, _MID_Y + 1, SMALL, 1)
        x = 42
        for c in view.board or ():
            glyphs.card(fb, x, _MID_Y, c, glyphs.MEDIUM)
            x += _MED_PITCH
        street = view.street_name  # (the small font has capitals only)
        if x > 42 or roomy or not last:
            right(fb, street, W, _MID_Y + 1, SMALL)
        else:
            right(fb, last, W, _MID_Y + 1, SMALL)
    draw_you(fb, view, eq, hand, low)
    draw_bar(fb, view, sel, hint)
    return True


def _rows_single(fb, view, rows, stud, band, stop):
    rh = min(band // rows, 10)
    y = (band - rows * rh) // 2
    me = view.seat
    for i in range(rows):
        s = i if i < me else i + 1
        yc = y + (rh - 7) // 2
        if view.dealer == s:
            draw_text(fb, "D", 0, yc + 1, SMALL, 1)
        draw_text(fb, s + 1, 5, yc + 1, SMALL, 1)
        if not view.sitting_out[s]:
            draw_boxed(fb, view.stacks[s], 10, yc, SMALL, view.actor == s and not view.finished)
        else:
            draw_text(fb, "OUT", 11, yc + 1, SMALL, 1)
        x = 34
        up = view.up[s]
        folded = view.folded[s]
        if stud:
            for c in up:
                if folded:
                    ghost(fb, x, yc, c)
                else:
                    glyphs.small_card(fb, x, yc, c)
                x += _PITCH
        elif not folded and not view.sitting_out[s] and rh >= 7:
            for i in range(len(view.down[s])):
                glyphs.small_card(fb, x + _PITCH * i, yc, None)
        lab = _label_of(view, s, False)
        if lab is not None:
            x = draw_text(fb, lab[0], 76, yc + 1, SMALL, 1)
            if lab[2]:
                x = draw_text(fb, "TO", x + 4, yc + 1, SMALL, 1)
            if lab[1]:
                draw_text(fb, lab[1], x + 4, yc + 1, SMALL, 1)
        y += rh
        if stop is not None and stop():
            return False
    return True


def _rows_double(fb, view, n, stud, band, stop):
    rows = (n + 1) // 2
    rh = min(band // rows, 10)
    left = (n + 1) // 2  # seats going up the left column, the rest down the right
    me = view.seat
    for i in range(n):
        s = i if i < me else i + 1
        if i < left:
            cx = 0
            y = (left - 1 - i) * rh
        else:
            cx = 64
            y = (i - left) * rh
        yc = y + (rh - 7) // 2 if rh >= 8 else y
        # the seat number (the ticker's "P5"), boxed for the dealer
        xs = cx + draw_boxed(fb, s + 1, cx, yc, SMALL, view.dealer == s) + 1
        acting = view.actor == s and not view.finished
        if view.sitting_out[s]:
            xs += draw_boxed(fb, "OUT", xs, yc, SMALL, False)
        elif stud:
            # the stack in at most four characters, boxed as draw_boxed
            # boxes it: 10,000 and more in thousands ("12K")
            chips = view.stacks[s]
            if chips < 10000:
                xs += draw_boxed(fb, chips, xs, yc, SMALL, acting)
            else:
                chips //= 1000
                w = 16 if chips >= 100 else 12  # digits and the K, 4 px each (under 1000 at these tables)
                if acting:
                    fb.fill_rect(xs, yc, w + 1, 7, 1)
                color = 0 if acting else 1
                draw_text(fb, "K", draw_text(fb, chips, xs + 1, yc + 1, SMALL, color), yc + 1, SMALL, color)
                xs += w + 1
        else:
            xs += draw_boxed(fb, view.stacks[s], xs, yc, SMALL, acting)
        if stud:
            # A stud cell's action letter (this street's, not the seat to act's:
            # its stack's box is lit beside it) and up cards (the last four).
            folded = view.folded[s]
            if not folded and not acting:
                la = street_action(view, s)
                if la is not None:
                    draw_text(fb, LETTER.get(la[2], ""), cx + _LETTER_X, yc + 1, SMALL, 1)
            x = cx + _CARDS_X
            up = view.up[s]
            k = len(up)
            for j in range(k - 4 if k > 4 else 0, k):  # five card stud shows at most 4 up
                c = up[j]
                if folded:
                    ghost(fb, x, yc, c)
                else:
                    glyphs.small_card(fb, x, yc, c)
                x += _CW
        else:
            lab = _label_of(view, s, True)
            if lab is not None:
                x = draw_text(fb, lab[0], max(cx + 28, xs + 2), yc + 1, SMALL, 1)
                if lab[2]:
                    x = draw_text(fb, "TO", x + 4, yc + 1, SMALL, 1)
                if lab[1]:
                    draw_text(fb, lab[1], x + 4, yc + 1, SMALL, 1)
        if stop is not None and stop():
            return False
    return True


def large_board(view):
    """Flop games up to nine seats show the board in large cards."""
    return not view.variant.stud and len(view.stacks) <= 9


def board(fb, view, last):
    """Flop games: the board in large cards at the right; left of it the
    pot and the street, the last action under them."""
    x = W - 5 * _BIG_PITCH + 1
    for c in view.board or ():
        glyphs.card(fb, x, _BOARD_Y, c, glyphs.LARGE)
        x += _BIG_PITCH
    draw_text(fb, "POT ", 0, _BOARD_Y + 2, SMALL, 1)
    draw_text(fb, view.pot, 16, _BOARD_Y + 2, SMALL, 1)
    right(fb, view.street_name, W - 5 * _BIG_PITCH - 2, _BOARD_Y + 2, SMALL)
    if last:
        draw_text(fb, last, 0, _BOARD_Y + 9, SMALL, 1)


def you_y(view):
    """The top of your cards: lower under a large board."""
    return _FLOP_YOU_Y if large_board(view) else _YOU_Y


def eq_band(view):
    """The rows of your equity hint (the coach redraws only them)."""
    y = you_y(view)
    return (y + 7, y + 12) if large_board(view) else (y + 11, y + 16)


def draw_you(fb, view, eq, hand, low):
    """Your cards, stack, chips in, hand's name and equity."""
    x = 0
    me = view.seat
    stud = view.variant.stud
    large = large_board(view)
    yc = you_y(view)
    up = view.up[me]
    for c in view.own:
        if view.folded[me]:
            glyphs.back(fb, x, yc, glyphs.LARGE)
        else:
            glyphs.card(fb, x, yc, c, glyphs.LARGE)
            if stud and c not in up:  # a down card
                fb.hline(x + 2, yc + 16, 8, 1)
        x += _BIG_PITCH
    x = max(x, _BIG_PITCH * 2) + 2
    # three lines beside the cards in stud, two in flop games; the last
    # ends clear of the action bar's highlight
    y = yc + 1 if large else yc - 1
    if view.dealer == me:
        draw_boxed(fb, "D", x, y - 1, SMALL, True)
        xs = x + 6
    else:
        xs = x
    t = view.stacks[me]  # (chips drawn as an int: no string a frame)
    draw_text(fb, t, xs + 1, y, SMALL, 1)
    b = view.bets[me]
    if b and not view.finished:
        # the chips you put in on this street (not a win): "IN 20", where
        # it fits beside the stack
        wb = width(b)
        if xs + 1 + width(t) + 4 <= W - wb - _IN_W:
            draw_text(fb, "IN", W - wb - _IN_W, y, SMALL, 1)
            draw_text(fb, b, W - wb, y, SMALL, 1)
    if view.folded[me]:
        low = ""
    ey = yc + 7 if large else yc + 11  # eq_band's first row
    if hand:
        draw_text(fb, hand, x + 1, y + 6, SMALL, 1)
    if eq is not None:
        # "EQ 62%", or with a low in hi/lo "7LO 62%" (8 characters at most)
        t = (low[0] + "LO %d%%" % eq) if low else "EQ %d%%" % eq
    else:
        t = low
    if t:
        if large:  # beside the name, at the right end
            right(fb, t, W, ey, SMALL)
        else:
            draw_text(fb, t, x + 1, ey, SMALL, 1)


def options(view):
    """Your choices on your turn: the engine's legal actions as they are
    (it lists FOLD first whenever folding is legal, a check free or not: the
    table asks before such a fold)."""
    legal = view.legal
    if not legal or view.actor != view.seat or view.finished:
        return []
    return legal


def draw_bar(fb, view, sel, hint=""):
    legal = options(view)
    if legal:
        x = 0
        # The bar's words for ``legal``: in full, or short when they would not
        # fit on one line (an open pair's two raises).
        have = view.bets[view.seat]
        out = [action_text(k, a, have + a) for k, a in legal]
        n = 0
        for t in out:
            n += width(t, SMALL) + 4
        if n > W:
            out = [short_text(k, a, have + a) for k, a in legal]
        texts = out
        for i in range(len(texts)):
            s = texts[i]
            w = width(s, SMALL)
            if i == sel:
                fb.fill_rect(x, BAR_Y, w + 3, 7, 1)
                draw_text(fb, s, x + 2, BAR_Y + 1, SMALL, 0)
            else:
                draw_text(fb, s, x + 2, BAR_Y + 1, SMALL, 1)
            x += w + 4
    else:
        draw_text(fb, status_text(view, hint), 1, BAR_Y + 1, SMALL, 1)


def draw_list(fb, view):
    """The table as a list: one line per seat (seat, dealer, stack, this
    street's bet, last action, up cards), for crowded tables."""
    n = len(view.stacks)
    y = 0
    if n <= 9:
        draw_text(fb, "POT ", 0, 0, SMALL, 1)
        draw_text(fb, view.pot, 16, 0, SMALL, 1)
        x = 40
        for c in view.board or ():
            mini(fb, x, 0, c)
            x += 9
        y = 7
        fb.hline(0, 6, W, 1)
    for s in range(n):
        c = 1
        if s == view.actor and not view.finished:
            fb.fill_rect(0, y, 9, 6, 1)
            c = 0
        if s < 9:  # seat_name, drawn in parts: no string a frame
            draw_text(fb, "P", 0, y, SMALL, c)
            draw_text(fb, s + 1, 4, y, SMALL, c)
        else:
            draw_text(fb, s + 1, 0, y, SMALL, c)
        if view.dealer == s:
            draw_text(fb, "D", 10, y, SMALL, 1)
        draw_text(fb, view.stacks[s], 15, y, SMALL, 1)
        if view.bets[s]:
            draw_text(fb, view.bets[s], 37, y, SMALL, 1)
        la = street_action(view, s)
        if view.folded[s]:
            draw_text(fb, "FOLD", 55, y, SMALL, 1)
        elif view.all_in[s]:
            draw_text(fb, "ALLIN", 55, y, SMALL, 1)
        elif la is not None:
            draw_text(fb, WORD.get(la[2], "?"), 55, y, SMALL, 1)
        x = 77
        for c in (view.up[s] if s != view.seat else view.own):
            if x > W - 8:
                break
            if c is not None:  # (pass and play's public view: a human's down card hidden)
                mini(fb, x, y, c)
            x += 8
        y += 6
