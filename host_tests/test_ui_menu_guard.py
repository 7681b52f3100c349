"""A game is never lost by accident: the menu
opens on RESUME while a game runs, NEW GAME over it asks first, settings
changed mid-game say that they wait for a new game (and the title bar
shows the stakes in play), and RESUME selects check/call again."""
from ui import keys
from ui_rig import Rig


def _my_turn_rig(settings=None, seed=11):
    rig = Rig(seed=seed, settings=settings)
    rig.new_game()
    assert rig.until(rig.my_turn)
    return rig


def _b_twice_to_menu(rig):
    rig.press(keys.B)  # on your turn: FOLD chosen
    t = rig.app.screen
    assert t.options[t.sel][0] == "fold"
    rig.press(keys.B)  # again: the menu
    assert rig.screen() == "Menu"


def _menu_to(rig, item):
    menu = rig.app.screen
    for _ in range(len(menu.items)):
        if menu.items[menu.sel] == item:
            return
        rig.press(keys.DOWN)
    raise AssertionError(item)


def test_menu_opens_on_resume_after_the_cursor_was_left_on_new_game():
    rig = _my_turn_rig()
    _b_twice_to_menu(rig)
    _menu_to(rig, "NEW GAME")
    rig.press(keys.A)  # asks; B goes back
    rig.press(keys.B)
    _menu_to(rig, "NEW GAME")
    rig.press(keys.B)  # back to the table, the cursor left on NEW GAME
    assert rig.screen() == "Table"
    rig.press(keys.B, keys.LONG)
    menu = rig.app.screen
    assert menu.items[menu.sel] == "RESUME"
    assert rig.lit(1, 11) and rig.shows("RESUME", False)  # highlighted, first row


def test_casino_menu_shows_resume_in_sight():
    rig = _my_turn_rig({"profile": "casino", "players": 6})
    _b_twice_to_menu(rig)
    menu = rig.app.screen
    assert menu.top == 0 and menu.items[menu.sel] == "RESUME" and rig.shows("RESUME", False)
    rig.press(keys.A)
    assert rig.screen() == "Table"


def test_new_game_over_a_running_game_asks_first_and_back_keeps_the_game():
    rig = _my_turn_rig()
    g = rig.app.game
    hand = g.hand
    _b_twice_to_menu(rig)
    _menu_to(rig, "NEW GAME")
    rig.press(keys.A)
    assert rig.screen() == "Confirm" and rig.shows("NEW GAME?", False)
    assert rig.shows("STACK STARTS OVER")
    rig.press(keys.A)  # BACK is chosen at first: one more A does not wipe the game
    assert rig.screen() == "Menu" and g.hand is hand
    _menu_to(rig, "NEW GAME")
    rig.press(keys.A)
    rig.press(keys.RIGHT)
    rig.press(keys.A)  # NEW GAME
    assert rig.screen() == "Table" and g.hand is not hand and g.hand_no == 0


def test_new_game_without_a_game_in_play_asks_nothing():
    rig = Rig(seed=12)
    rig.new_game()
    assert rig.screen() == "Table"


def test_resume_selects_the_default_action_not_the_fold_that_opened_the_menu():
    rig = _my_turn_rig()
    _b_twice_to_menu(rig)
    rig.press(keys.A)  # RESUME
    t = rig.app.screen
    assert rig.screen() == "Table"
    assert t.options[t.sel][0] in ("check", "call", "bring_in")
    assert not _inverted(rig, "FOLD") and _inverted(rig, t.options[t.sel][0].upper()[:5])


def _inverted(rig, s):
    from ui_rig import find_text

    at = find_text(rig.display, s)
    return at is not None and rig.lit(at[0] - 1, at[1])


def test_a_changed_bet_waits_for_a_new_game_and_the_title_keeps_the_stakes_in_play():
    rig = _my_turn_rig()
    g = rig.app.game
    _b_twice_to_menu(rig)
    assert rig.shows("10/20", False)
    _menu_to(rig, "BET")
    rig.press(keys.RIGHT)
    assert rig.app.settings.small_bet() == 20
    # the BET row: the next game's, starred; NEW GAME says it applies it
    assert rig.shows("*20/40", False) and rig.shows("APPLIES *", False)
    title = [rig.lit(x, y) for x in range(128) for y in range(9)]
    fresh = Rig(seed=11)
    fresh.new_game()
    assert fresh.until(fresh.my_turn)
    _b_twice_to_menu(fresh)
    assert title == [fresh.lit(x, y) for x in range(128) for y in range(9)]  # still 10/20
    rig.press(keys.B)  # back to the game: it asks
    assert rig.screen() == "Confirm" and rig.shows("SETTINGS CHANGED", False)
    rig.press(keys.A)  # RESUME (chosen at first)
    assert rig.screen() == "Table" and g.small_bet == 10 and g.hand is not None
    rig.press(keys.B, keys.LONG)
    rig.press(keys.A)  # RESUME again: it asks again, the change still waits
    assert rig.screen() == "Confirm"
    rig.press(keys.RIGHT)
    rig.press(keys.A)  # NEW GAME
    assert rig.screen() == "Table" and g.small_bet == 20 and g.hand_no == 0


def test_a_changed_level_applies_at_once_without_asking():
    rig = _my_turn_rig()
    g = rig.app.game
    made = []

    def players(seat, settings, rng):
        made.append(settings.difficulty)
        from ui_rig import Station

        return Station()
    g.players = players
    _b_twice_to_menu(rig)
    _menu_to(rig, "LEVEL")
    rig.press(keys.RIGHT)
    del made[:]  # (the menu made a new game's players ahead meanwhile)
    rig.press(keys.B)
    assert rig.screen() == "Table"
    assert g.level == rig.app.settings.difficulty and made == [g.level] * (g.seats - 1)
