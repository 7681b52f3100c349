"""The tournament on the screens (ui.tournament, ui.menu's MODE and LEVELS,
the table's level mark, the banners of its events, the end, the
statistics' page), driven through the real App by tools/sim/ui_rig.py."""
from poker.match import tournament
from poker.match.stats import Stats
from ui import keys
from ui.tournament import lines, place_name
from ui_rig import Raiser, Rig, stations


def _menu(rig, item):
    menu = rig.app.screen
    while menu.items[menu.sel] != item:
        rig.press(keys.DOWN)


def test_place_names_read_as_english_ordinals():
    assert [place_name(p) for p in (1, 2, 3, 4, 10, 11, 12, 13, 21, 22)] == [
        "1ST", "2ND", "3RD", "4TH", "10TH", "11TH", "12TH", "13TH", "21ST", "22ND"]


def test_mode_in_the_menu_makes_the_new_game_a_tournament_with_its_levels_setting():
    rig = Rig()
    rig.press(keys.A)
    menu = rig.app.screen
    assert "MODE" in menu.items and "LEVELS" not in menu.items and menu.value("MODE") == "CASH"
    _menu(rig, "MODE")
    rig.press(keys.A)
    assert rig.app.settings.tour == 10 and menu.value("MODE") == "TOURNAMENT"
    assert "LEVELS" in menu.items and menu.value("LEVELS") == "10 HANDS EACH"
    _menu(rig, "LEVELS")
    rig.press(keys.RIGHT)
    assert rig.app.settings.tour == 15
    menu.sel = menu.items.index("NEW GAME")
    rig.press(keys.A)
    g = rig.app.game
    assert g.tour is not None and g.tour.every == 15


def test_the_table_shows_the_level_and_the_hands_to_the_next_while_the_others_act():
    rig = Rig(seed=27, settings={"tour": 5})
    rig.new_game()
    rig.until(rig.my_turn)
    rig.call_or_check()
    assert rig.shows("LV1 NEXT 5")
    # the next hands count down; the level's change is announced between hands
    seen = []
    for _ in range(4000):
        g = rig.app.game
        if rig.screen() == "Banner" and rig.shows("LEVEL 2", small=False):
            seen.append("banner")
            assert rig.shows("BETS NOW 20/40") and g.hand is None and g.hand_no == 5
        if rig.screen() == "Table" and not rig.my_turn() and g.hand is not None:
            want = "LV1 NEXT %d" % (5 - g.hand_no) if g.hand_no < 5 else "LV2 NEXT %d" % (10 - g.hand_no)
            if rig.shows(want):
                seen.append(want)
        if g.hand_no >= 6 and g.hand is not None:
            break
        if rig.my_turn():
            rig.call_or_check()
        elif not rig.past_result():
            rig.run(rig.app.pace_ms)
    for want in ("LV1 NEXT 4", "LV1 NEXT 1", "banner", "LV2 NEXT 5", "LV2 NEXT 4"):
        assert want in seen, (want, seen)


def test_a_whole_tournament_through_the_screens_out_banners_the_end_and_the_statistics():
    # you call everything; P2 raises everything: 1000 chips each from 50/100
    # (on this seed P3 and P4 go out, then you, second)
    def players(seat, settings, rng):
        return Raiser() if seat == 1 else stations(seat, settings, rng)
    rig = Rig(seed=8, settings={"tour": 5, "profile": "casino", "players": 4, "chips": 1000, "stakes": 2}, players=players)
    rig.new_game()
    outs = []
    end = None
    for _ in range(20000):
        g = rig.app.game
        assert rig.chips_ok()
        if rig.screen() == "Banner" and rig.shows("HAS NO CHIPS LEFT:"):
            outs.append([s for s in range(4) if g.tour.places[s]])
        if rig.screen() == "Banner" and (rig.shows("TOURNAMENT OVER", small=False)
                                         or rig.shows("YOU WIN THE TOURNAMENT", small=False)):
            end = g
            break
        if rig.my_turn():
            rig.call_or_check()
        elif not rig.past_result():
            rig.run(rig.app.pace_ms)
    assert end is not None and end.over
    t = end.tour
    place = t.places[0]
    assert rig.shows("YOUR PLACE: %s OF 4" % place_name(place))
    assert rig.shows("%d HANDS, BIGGEST POT %d" % (end.hand_no, t.biggest)) and t.biggest > 0
    order = " ".join("%d %s" % (i + 1, "YOU" if s == 0 else "P%d" % (s + 1)) for i, s in enumerate(t.order()))
    assert rig.shows(order)
    assert place == 2 and len(outs) == 2
    for s in range(1, 4):
        if t.places[s] > place:  # went out before you: its banner said where
            assert any(s in o for o in outs)
    # MENU: no REBUY in a tournament; the statistics keep it apart
    rig.run(500)  # (a banner takes keys after a moment)
    rig.press(keys.RIGHT)
    rig.press(keys.A)
    menu = rig.app.screen
    assert rig.screen() == "Menu" and "REBUY" not in menu.items
    _menu(rig, "STATS")
    rig.press(keys.A)
    pages = rig.app.screen.pages()
    assert pages[-1] == "TOURNAMENTS"
    while rig.app.screen.pages()[rig.app.screen.page] != "TOURNAMENTS":
        rig.press(keys.RIGHT)
    assert rig.shows("PLAYED 1  LEFT 0") and rig.shows("BEST FINISH %s" % place_name(place))


def test_the_statistics_page_lists_the_finishes_by_place():
    s = Stats()
    for p in (2, 1, 2, 0, 5):
        tournament.record(s, "F7S", p)
    assert lines(s) == ["PLAYED 5  LEFT 1", "BEST FINISH 1ST", "1ST 1  2ND 2  5TH 1"]


def test_a_tournaments_code_is_imported_while_the_menu_waits_never_for_a_cash_game():
    import sys

    for mode in (False, True):
        for name in ("ui.tournament", "poker.match.tournament"):
            sys.modules.pop(name, None)
        rig = Rig(settings={"tour": 10 if mode else 0})
        rig.press(keys.A)  # the menu
        assert ("ui.tournament" in sys.modules) == mode  # (imported in a quiet poll: NEW GAME waits on none)
        assert ("poker.match.tournament" in sys.modules) == mode
        menu = rig.app.screen
        menu.sel = menu.items.index("NEW GAME")
        rig.press(keys.A)
        assert (rig.app.game.tour is not None) == mode


def test_a_tournaments_event_left_for_a_new_cash_game_shows_plainly():
    # (found by test_ui_fuzz: a LEVEL still to show when MODE CASH's NEW GAME came)
    rig = Rig(settings={"tour": 0})
    rig.new_game()
    g = rig.app.game
    g.events.extend([("LEVEL", 1), ("FINISH", 2)])
    rig.app.after_hand()
    rig.run(100)
    assert rig.screen() == "Banner" and rig.shows("LEVEL", small=False)
    rig.run(500)
    rig.press(keys.A)
    assert rig.screen() == "Banner" and rig.shows("P3 IS OUT")  # the cash game's FINISH
