"""HELP: a page per game with how the cards come, the
hand rankings, the low rule of hi/lo and razz, the betting structure with
this table's amounts, and the buttons; it scrolls and goes back."""
from poker import rules
from poker.variants import VARIANTS
from ui import font, keys
from ui.help import help_lines
from ui_rig import Rig


def _open_help(settings):
    rig = Rig(seed=3, settings=settings)
    rig.press(keys.A)
    menu = rig.app.screen
    menu.sel = menu.items.index("HELP")
    rig.press(keys.A)
    assert rig.screen() == "Help"
    return rig


def test_every_game_has_its_page_with_rankings_low_rule_betting_and_buttons():
    for code in ("FT", "FO", "F7S", "F5S", "F7S/8", "FR", "FO/8"):
        v = VARIANTS[code]
        for r in (rules.lexibook(20), rules.casino(50)):
            page = " ".join(help_lines(v, r))
            assert ("STRAIGHT FLUSH, FOUR OF A KIND" in page) == v.high, code
            assert ("8 OR LOWER" in page) == (v.low == "8"), code
            assert ("THE LOWEST HAND WINS" in page) == (v.low == "a5"), code
            assert "FIXED LIMIT %d/%d" % (r.small_bet, r.big_bet) in page
            if v.stud:
                assert "ANTE %d" % r.ante in page and "BRINGS IN %d" % r.bring_in in page
            else:
                assert "BLINDS %d AND %d" % (r.small_blind, r.big_blind) in page
            assert ("NO LIMIT HEADS-UP" in page) == r.heads_up_uncapped
            assert "TWO BUTTONS" in page
            for line in help_lines(v, r):
                assert font.width(line, font.SMALL) <= 124, line


def test_help_opens_for_the_game_selected_scrolls_and_goes_back_to_the_menu():
    rig = _open_help({"profile": "casino", "game": "FR"})
    assert rig.shows("HELP RAZZ", False)
    scr = rig.app.screen
    first = rig.frame()
    rig.press(keys.DOWN)
    assert scr.top == 1 and rig.frame() != first
    assert rig.shows(scr.lines[1])
    rig.press(keys.UP)
    assert scr.top == 0 and rig.frame() == first
    rig.press(keys.B)
    menu = rig.app.screen
    assert rig.screen() == "Menu" and menu.items[menu.sel] == "HELP"


def test_help_during_a_game_is_for_the_game_in_play():
    rig = Rig(seed=3, settings={"game": "F7S"})
    rig.new_game()
    rig.press(keys.B, keys.LONG)
    menu = rig.app.screen
    menu.sel = menu.items.index("GAME")
    rig.press(keys.RIGHT)  # the next game: not the one in play
    menu.sel = menu.items.index("HELP")
    rig.press(keys.A)
    assert rig.shows("HELP 7 CARD STUD", False)


def test_a_on_the_game_line_shows_the_rules_of_the_game_selected_while_another_runs():
    # 7 Card Stud in play, Razz selected on GAME: A there reads Razz's rules
    # before starting it (HELP itself stays with the game in play)
    rig = Rig(seed=3, settings={"profile": "casino", "game": "F7S"})
    rig.new_game()
    rig.press(keys.B, keys.LONG)
    menu = rig.app.screen
    menu.sel = menu.items.index("GAME")
    while rig.app.settings.game != "FR":
        rig.press(keys.RIGHT)
    rig.press(keys.A)
    assert rig.screen() == "Help" and rig.shows("HELP RAZZ", False)
    assert rig.app.settings.game == "FR"  # A read the rules, changed nothing
    assert any("THE LOWEST HAND WINS" in line for line in rig.app.screen.lines)
    rig.press(keys.A)
    menu = rig.app.screen
    assert rig.screen() == "Menu" and menu.items[menu.sel] == "GAME"
