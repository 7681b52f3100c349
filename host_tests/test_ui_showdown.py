"""The showdown explains itself: each pot main first
then the side pots, who won high and who won low with both hands named,
scoops and quartered pots, the ranks that decided, MUCK, and "HAND OVER"
clear of the board. Scenes from seeded games (fixed virtual players) and
assertions on the pixels of the screen."""
from ui import keys
from ui.showdown import lines_of
from ui_rig import Folder, Raiser, Rig, Station, call_down, find_text, showdown_where, text_at

_HILO = {"profile": "casino", "game": "F7S/8", "players": 5}


def _winners(view, half):
    return [[s for s, _ in a[3]] for a in view.awards if a[1] == half]


def _y(rig, s):
    at = find_text(rig.display, s)
    assert at is not None, s
    return at[1]


def test_a_quartered_hi_lo_pot_shows_the_high_winner_and_both_low_winners_named():
    rig = showdown_where(lambda v: any(a[1] == "low" and len(a[3]) > 1 for a in v.awards), 2, _HILO)
    v = rig.app.screen.view
    (hi,) = _winners(v, "high")
    (lo,) = _winners(v, "low")
    assert len(lo) == 2 and hi[0] not in lo
    assert rig.shows("SPLIT HI/LO") and rig.shows("MAIN POT %d" % v.pot)
    hi_name = [a[4] for a in v.awards if a[1] == "high"][0]
    lo_name = [a[4] for a in v.awards if a[1] == "low"][0]
    assert lo_name.endswith(" LOW") and rig.shows(lo_name) and rig.shows(hi_name)
    y = _y(rig, "P%d" % (hi[0] + 1))
    assert text_at(rig.display, "HI", 13, y)
    for s in lo:  # each low winner on its own LO line with its share
        chips = [c for a in v.awards if a[1] == "low" for w, c in a[3] if w == s][0]
        y = _y(rig, "P%d" % (s + 1))
        assert text_at(rig.display, "LO", 13, y) and _y(rig, "+%d" % chips) == y


def test_one_seat_winning_high_and_low_scoops_and_both_hands_are_named():
    rig = showdown_where(lambda v: any(a[1] == "low" for a in v.awards)
                         and len(set(s for a in v.awards for s, _ in a[3])) == 1, 1, _HILO)
    v = rig.app.screen.view
    (w,) = set(s for a in v.awards for s, _ in a[3])
    assert rig.shows("P%d SCOOPS" % (w + 1))
    for a in v.awards:
        assert rig.shows(a[4])
    hi_five, lo_five = v.plays[w]
    assert hi_five is not None and lo_five is not None


def test_side_pots_come_one_after_the_other_below_the_main_pot():
    def players(seat, settings, rng):
        return Raiser() if seat == 1 else Station()
    rig = showdown_where(lambda v: len(set(a[0] for a in v.awards)) > 1, 1,
                         {"profile": "casino", "game": "F7S", "players": 4, "chips": 1000, "stakes": 3},
                         players, stacks=[1400, 1400, 600, 600], hands=1)
    v = rig.app.screen.view
    main = sum(a[2] for a in v.awards if a[0] == 0)
    side = sum(a[2] for a in v.awards if a[0] == 1)
    assert main + side == v.pot
    assert _y(rig, "MAIN POT %d" % main) < _y(rig, "SIDE POT 1 %d" % side)


def test_a_tie_in_category_is_named_down_to_the_kicker_that_decided():
    rig = showdown_where(lambda v: any(", " in a[4] for a in v.awards), 1, {"game": "FT"})
    v = rig.app.screen.view
    name = [a[4] for a in v.awards if ", " in a[4]][0]
    assert "KICKER" in name and rig.shows(name)
    # the best losing hand has the same pair: its name stops at the pair
    pair = name.split(",")[0]
    names = [ln[3] for ln in lines_of(v) if ln[0] == "seat"] + [ln[1] for ln in lines_of(v) if ln[0] == "more"]
    assert (pair in names or "MUCK " + pair in names) and rig.shows(pair)


def test_two_pair_shows_both_ranks_and_the_five_cards_that_play():
    rig = showdown_where(lambda v: any(a[4].startswith("TWO PAIR ") for a in v.awards), 1, {"game": "F7S"})
    v = rig.app.screen.view
    a = [a for a in v.awards if a[4].startswith("TWO PAIR ")][0]
    w = a[3][0][0]
    five = v.plays[w][0]
    assert len(five) == 5 and all(c in v.shown[w] + v.board for c in five)
    ranks = a[4][len("TWO PAIR "):].split("-")
    held = ["23456789TJQKA"[c >> 2] for c in five]
    assert held.count(ranks[0]) == 2 and held.count(ranks[1]) == 2 and rig.shows(a[4])


def test_a_seat_that_called_and_mucked_is_listed_as_muck():
    rig = showdown_where(lambda v: sum(v.mucked) >= 1, 1, {"game": "FT"})
    v = rig.app.screen.view
    n = sum(1 for ln in lines_of(v) if ln[-1] == "MUCK")
    assert n == sum(v.mucked) and rig.shows("MUCK")
    for s in range(len(v.mucked)):
        if v.mucked[s] and not v.folded[s]:
            assert s != v.seat or rig.shows("P%d" % (s + 1))


def test_hand_over_stands_clear_of_the_board_when_everyone_folds_in_holdem():
    rig = Rig(seed=3, settings={"game": "FT"}, players=lambda s, st, r: Folder())
    rig.new_game()
    assert call_down(rig, lambda r: len(r.app.screen.view.board) >= 3)
    t = rig.app.screen
    t.sel = [k for k, _ in t.options].index("bet")
    rig.press(keys.A)
    assert rig.until(lambda: rig.screen() == "Showdown", 20000)
    x, y = find_text(rig.display, "HAND OVER")
    assert y == 0
    end = x + 36  # the word's advance
    for xx in range(end - 1, end + 3):  # a gap of dark columns before the board
        for yy in range(0, 6):
            assert not rig.lit(xx, yy)
    assert len(rig.app.screen.view.board) == 3  # then the board, drawn:
    assert any(rig.lit(xx, yy) for xx in range(end + 3, end + 8) for yy in range(6))


def test_your_mucked_hand_is_named_and_a_high_card_win_names_the_kicker_that_beat_it():
    # hold'em: you call down and muck a losing high card; the winner's name
    # goes down to the rank that beat yours ("A-J HIGH", not "A HIGH"), and
    # your line names your own hand after MUCK
    def high_card(name):
        return name.endswith(" HIGH") and not name.startswith("FLUSH")

    def cond(v):
        return v.mucked[v.seat] and any(high_card(a[4]) for a in v.awards)
    rig = showdown_where(cond, 1, {"game": "FT"}, hands=300)
    assert rig is not None
    v = rig.app.screen.view
    name = [a[4] for a in v.awards if high_card(a[4])][0]
    mine = v.names[v.seat][0]
    assert mine and mine.endswith(" HIGH")
    win = [r for r in name[:-len(" HIGH")].split("-")]
    lose = [c for c in "23456789TJQKA"]
    mine_ranks = [c >> 2 for c in v.plays[v.seat][0]]
    # the winner's name lists its ranks down to the first one above yours
    assert len(win) >= 2 and lose.index(win[-1]) > mine_ranks[len(win) - 1]
    assert win[:-1] == [lose[r] for r in mine_ranks[:len(win) - 1]]
    names = [ln[3] for ln in lines_of(v) if ln[0] == "seat"] + [ln[1] for ln in lines_of(v) if ln[0] == "more"]
    assert "MUCK " + mine in names and rig.shows(mine) and rig.shows(name)
