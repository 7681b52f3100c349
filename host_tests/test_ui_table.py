"""The table says what happened on this street only (issue 15, items 10,
11): a seat's label is its action on the current street, blank until it
acts (the previous street's BET is history); the chips you put in on this
street read "IN 20", never "+20", and nothing of the kind once the hand is
over."""
from ui import keys
from ui.table import seat_label, street_action
from ui_rig import Bettor, Rig, Station, call_down, text_at


def _label_y(i):
    """The label row of the i-th other seat at a four-seat table."""
    return 1 + 10 * i + 2


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
                kind, amount = street_action(v, s)
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
