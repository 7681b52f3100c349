"""The table says what happened on this street only: a seat's label is its action on the current street, blank until it
acts (the previous street's BET is history); the chips you put in on this
street read "IN 20", never "+20", and nothing of the kind once the hand is
over."""
from ui import keys
from ui.words import seat_label, street_action
from ui_rig import Bettor, Rig, Station, call_down, text_at


def _label_y(i):
    """The label row of the i-th other seat at a four-seat hold'em table
    (rows of 8 px above the large board)."""
    return 8 * i + 1


def _blank(rig, x0, y0, x1, y1):
    return not any(rig.lit(x, y) for x in range(x0, x1) for y in range(y0, y1))


def test_labels_show_this_streets_actions_and_nothing_before_a_seat_acts():
    def players(seat, settings, rng):
        return Bettor() if seat == 2 else Station()
    rig = Rig(seed=41, settings={"game": "FT"}, players=players)
    rig.new_game()
    checked = 0
    for street in (1, 2, 3):
        assert call_down(rig, lambda r: r.app.game.view(0).street == street)
        v = rig.app.screen.view
        acted = [a[1] for a in v.actions if a[0] == street]
        for i, s in enumerate((1, 2, 3)):
            label = seat_label(v, s)
            if v.folded[s] or v.all_in[s]:
                continue
            if s in acted:
                assert street_action(v, s)[1] == s
                assert label and text_at(rig.display, label, 76, _label_y(i))
                checked += 1
            else:  # not acted on this street: blank, whatever it did before
                assert label == "" and _blank(rig, 76, _label_y(i), 128, _label_y(i) + 5)
                older = [a for a in v.actions if a[1] == s and a[0] < street]
                assert older  # it did act on an earlier street
                checked += 1
    assert checked >= 6


def _in_text(rig):
    v = rig.app.screen.view
    return "IN %d" % v.bets[v.seat]


def _act_until(rig, cond, limit=3000):
    """Lets the virtual players act and does your default action (check,
    call, bring in) until cond() holds."""
    for _ in range(limit):
        if cond():
            return True
        if rig.my_turn():
            rig.press(keys.A)
            rig.answer_confirm()
        else:
            rig.run(50)
    return False


def test_chips_put_in_this_street_read_in_not_plus():
    rig = Rig(seed=42, settings={"game": "F7S"}, players=lambda s, st, r: Bettor())
    rig.new_game()
    g = rig.app.game
    # your turn facing a raise after you called a bet on this street
    assert _act_until(rig, lambda: rig.my_turn() and g.view(0).bets[0] > 0)
    v = g.view(0)
    assert rig.shows("IN %d" % v.bets[0]) and not rig.shows("+%d" % v.bets[0])


def test_no_chips_in_are_shown_once_the_hand_is_over():
    rig = Rig(seed=43, settings={"game": "F7S"}, players=lambda s, st, r: Bettor())
    rig.new_game()
    g = rig.app.game
    assert _act_until(rig, lambda: g.hand is None)
    v = rig.app.screen.view
    assert rig.screen() == "Table" and v.finished and v.bets[0] > 0  # the last street's bets
    assert not rig.shows("IN %d" % v.bets[0]) and not rig.shows("+%d" % v.bets[0])


def test_a_dead_card_keeps_a_dark_gap_round_its_rank_and_suit():
    import framebuf

    from ui import glyphs
    from ui.glyphs import ghost

    for c in range(52):
        fb = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
        ghost(fb, 10, 10, c)
        assert text_at(fb, glyphs.RANKS[c >> 2], 11, 11)  # the rank, exactly the font's
        ref = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
        glyphs.suit(ref, 15, 11, c & 3, 3, 1)
        for x in range(8, 22):
            for y in range(8, 20):
                if 15 <= x < 18 and 11 <= y < 16:
                    assert fb.pixel(x, y) == ref.pixel(x, y)  # the suit, exactly
                elif not (11 <= x < 14 and 11 <= y < 16):
                    assert not fb.pixel(x, y), (c, x, y)  # dark all round: no outline to merge with


def test_eight_seats_label_every_seat_with_its_number():
    rig = Rig(seed=25, settings={"profile": "casino", "game": "F7S", "players": 8})
    rig.new_game()
    assert call_down(rig, lambda r: True)
    v = rig.app.screen.view
    # seats 2..5 up the left column from the bottom, 6..8 down the right
    for s, (x, y) in ((1, (0, 24)), (2, (0, 16)), (3, (0, 8)), (4, (0, 0)),
                      (5, (64, 0)), (6, (64, 8)), (7, (64, 16))):
        assert text_at(rig.display, str(s + 1), x + 1, y + 1), s
        assert (v.dealer == s) == bool(rig.lit(x, y + 1))  # the dealer's number is boxed


def test_the_holdem_board_is_drawn_in_large_cards():
    import framebuf

    from ui import glyphs

    rig = Rig(seed=23, settings={"game": "FT"})
    rig.new_game()
    assert call_down(rig, lambda r: len(r.app.game.view(0).board) == 3)
    v = rig.app.screen.view
    for i, c in enumerate(v.board):
        x = 128 - 5 * 13 + 1 + 13 * i
        ref = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
        glyphs.card(ref, x, 25, c, glyphs.LARGE)
        for xx in range(x, x + glyphs.W[glyphs.LARGE]):
            for yy in range(25, 25 + glyphs.H[glyphs.LARGE]):
                assert rig.lit(xx, yy) == ref.pixel(xx, yy), (c, xx, yy)


def test_the_coach_line_stays_clear_of_the_highlighted_action():
    from ui_rig import find_text

    for game, seed in (("FT", 23), ("F5S", 22), ("FO", 24), ("F7S", 21)):
        rig = Rig(seed=seed, settings={"game": game, "coach": True})
        rig.new_game()
        assert call_down(rig, lambda r: True)
        rig.run(1500)
        t = rig.app.screen
        assert t.eq is not None, game
        x, y = find_text(rig.display, "EQ %d%%" % t.eq)
        assert y + 5 < 57  # a dark row between the hint and the bar's highlight
        assert not any(rig.lit(xx, 56) for xx in range(x, x + 24)), game


def test_a_raise_reads_as_the_street_total_it_makes_everywhere():
    # hold'em 10/20 (blinds 5 and 10): the small blind raising puts in 15
    # and makes it 20: "RAISE TO 20" on its line and in the middle, and
    # your bar offers "RAISE TO 30" (never "RAISE 15" or "RAISE 20")
    from ui_rig import Raiser

    rig = Rig(seed=3, settings={"game": "FT"}, players=lambda s, st, r: Raiser())
    rig.new_game()
    assert rig.until(rig.my_turn)
    v = rig.app.screen.view
    raises = [a for a in v.actions if a[2] == "raise"]
    assert raises
    seat = raises[-1][1]
    assert rig.shows("RAISE TO %d" % v.bets[seat])
    assert not rig.shows("RAISE %d" % raises[-1][3])
    bar = [(k, a) for k, a in rig.app.screen.options if k == "raise"]
    if bar:
        assert rig.shows("RAISE TO %d" % (v.bets[0] + bar[0][1]))


def test_the_limit_words_in_ui_words():
    from ui.words import action_text, short_text

    assert action_text("raise", 600, 800) == "RAISE TO 800"
    assert action_text("complete", 18, 20) == "COMPL TO 20"
    assert action_text("bet", 200, 200) == "BET 200"
    assert action_text("call", 400, 800) == "CALL 400"
    assert action_text("bring_in", 5, 5) == "BRING 5"
    assert action_text("check", 0) == "CHECK" and action_text("fold", 0) == "FOLD"
    assert short_text("raise", 400, 800) == "R TO 800" and short_text("call", 10, 20) == "CALL 10"


def test_a_finished_hands_last_raise_keeps_its_total_though_it_went_back_uncalled():
    # everyone folds to a raise: the raise's chips not called go back to
    # its stack, and its line still reads the total it made
    from ui.words import seat_label

    class Folder2(Station):
        def decide(self, view):
            if view.to_call:
                return "fold", 0
            return Station.decide(self, view)

    def players(seat, settings, rng):
        return Folder2()
    rig = Rig(seed=8, settings={"game": "FT"}, players=players)
    rig.new_game()
    g = rig.app.game
    assert call_down(rig, lambda r: "raise" in [k for k, _ in r.app.screen.options])
    t = rig.app.screen
    ks = [k for k, _ in t.options]
    t.sel = ks.index("raise")
    have = t.view.bets[0]
    amount = t.options[t.sel][1]
    rig.press(keys.A)
    assert rig.until(lambda: g.hand is None, 5000)
    v = g.view(0)
    assert v.finished and v.bets[0] < have + amount  # the uncalled part went back
    assert seat_label(v, 0) == "RAISE TO %d" % (have + amount)


def test_five_to_eight_seats_of_stud_show_each_seats_action_on_this_street():
    from ui.words import LETTER

    rig = Rig(seed=25, settings={"profile": "casino", "game": "F7S", "players": 8},
              players=lambda s, st, r: Bettor() if s == 3 else Station())
    rig.new_game()
    assert call_down(rig, lambda r: r.app.game.view(0).street >= 1)
    v = rig.app.screen.view
    cells = ((1, (0, 24)), (2, (0, 16)), (3, (0, 8)), (4, (0, 0)), (5, (64, 0)), (6, (64, 8)), (7, (64, 16)))
    seen = 0
    for s, (x, y) in cells:
        la = street_action(v, s)
        if la is None or v.folded[s] or v.actor == s:
            continue
        assert text_at(rig.display, LETTER[la[2]], x + 23, y + 1), (s, la)
        seen += 1
    assert seen >= 3
