"""A table the thumb can trust: the action bar stops at its ends, FOLD asks
when a check is free or the hand is strong, a key meant for the screen
before never acts on the new one (a new hand, your turn, the hand's end,
the showdown: ui.app's gate), and hurrying the players has its own keys
(B, or A held), never the key that acts."""
from ui import keys
from ui.app import GATE_MS
from ui_rig import Rig, Station, call_down, stud_rig


def _turn_with(rig, kinds):
    """Plays on (check or call) to a turn of yours whose options include
    every kind of ``kinds``."""
    assert call_down(rig, lambda r: set(kinds) <= set(k for k, _ in r.app.screen.options))
    return rig.app.screen


def test_right_stops_at_the_last_action_and_never_wraps_to_fold():
    rig = Rig(seed=4)
    rig.new_game()
    t = _turn_with(rig, ("fold", "call"))
    n = len(t.options)
    for _ in range(n + 3):
        rig.press(keys.RIGHT)
    assert t.sel == n - 1 and t.options[-1][0] != "fold"
    for _ in range(n + 3):
        rig.press(keys.LEFT)
    assert t.sel == 0 and t.options[0][0] == "fold"


def test_one_right_too_many_then_a_does_the_last_action_not_fold():
    # at the cap (FOLD CALL n) RIGHT then A must not fold
    rig = Rig(seed=4)
    rig.new_game()
    t = _turn_with(rig, ("fold", "call"))
    want = t.options[-1]
    for _ in range(len(t.options)):
        rig.press(keys.RIGHT)
    n = len(rig.app.game.view(0).actions)
    rig.press(keys.A)
    v = rig.app.game.view(0)
    assert v.actions[n][1:] == (0, want[0], want[1]) and not v.folded[0]


class Completer(Station):
    def decide(self, view):
        for kind, amount in view.legal:
            if kind in ("complete", "bet", "raise"):
                return kind, amount
        return Station.decide(self, view)


def _trips_rig(mine="Kc Kd Ks 2h 3h 4h 5d"):
    """Seven card stud at four seats: you hold ``mine`` (rolled-up kings),
    seat 1 completes every third street and bets after."""
    rig = stud_rig((mine, "Qc 9d 2c 8h 7h 6c 5c", "Tc Th 3d 3c 4c 6d Jc", "8d 4d 9h Td Jh Qh 2d"),
                   lambda seat, st, rng: Completer() if seat == 1 else Station())
    assert rig.until(rig.my_turn)
    return rig


def test_folding_trips_asks_first_with_back_chosen():
    rig = _trips_rig()
    t = rig.app.screen
    assert "check" not in [k for k, _ in t.options]  # a real fold, facing a bet
    rig.press(keys.B)
    rig.press(keys.A)
    assert rig.screen() == "Confirm" and rig.app.screen.answers == ("BACK", "FOLD")
    assert rig.app.screen.chosen == 0 and rig.shows("YOU HOLD TRIPS KS")
    rig.press(keys.A)  # BACK: nothing done
    assert rig.screen() == "Table" and rig.my_turn() and not rig.app.game.view(0).folded[0]
    rig.press(keys.B)
    rig.press(keys.A)
    rig.press(keys.RIGHT)
    rig.press(keys.A)  # FOLD, deliberately
    assert rig.app.game.view(0).folded[0]


def test_on_fold_when_check_is_free_an_arrow_at_the_question_never_moves_it_to_fold():
    # a LEFT a moment after FOLD? CHECKING IS FREE appears (the thumb still
    # moving through the bar) then A: checks; the answers stop at their ends
    rig = Rig(seed=4)
    rig.new_game()
    t = _turn_with(rig, ("check",))
    app = rig.app
    n = len(app.game.view(0).actions)
    t.sel = 0  # FOLD chosen on the bar
    rig.press(keys.A, after=0)
    q = app.screen
    assert rig.screen() == "Confirm" and q.answers == ("CHECK", "FOLD") and q.chosen == 0
    for k in (keys.LEFT, keys.RIGHT):  # pressed within the gate's time: nothing moves
        app.handle(k, keys.PRESS)
        app.handle(k, keys.RELEASE)
        assert q.chosen == 0
    rig.run(GATE_MS)
    rig.press(keys.LEFT, react=False)  # at the left end: stays on CHECK
    assert q.chosen == 0
    rig.press(keys.RIGHT, react=False)
    rig.press(keys.RIGHT, react=False)  # at the right end: stays on FOLD
    assert q.chosen == 1
    rig.press(keys.LEFT, react=False)
    rig.press(keys.A)
    v = app.game.view(0)
    assert v.actions[n][1:3] == (0, "check") and not v.folded[0]


def test_folding_a_weak_hand_facing_a_bet_asks_nothing():
    rig = _trips_rig("2s 7d Js 3h 9s 4s 5d")
    rig.press(keys.B)
    rig.press(keys.A)
    assert rig.screen() == "Table" and rig.app.game.view(0).folded[0]


def _tap_a(app):
    """A pressed and let go (A acts at its release)."""
    app.handle(keys.A, keys.PRESS)
    app.handle(keys.A, keys.RELEASE)


def _a_after_the_gate_acts(rig, n):
    """Once the gate's time has passed, an A acts: your action, the n+1st."""
    rig.run(GATE_MS)
    _tap_a(rig.app)
    rig.run(0)
    assert len(rig.app.game.view(0).actions) == n + 1


def test_a_press_within_the_gate_of_your_turn_does_nothing_and_a_later_one_acts():
    rig = Rig(seed=4)
    rig.new_game()
    assert rig.until(rig.my_turn)
    app = rig.app
    g = app.game
    n = len(g.view(0).actions)
    assert app.now - app.gate_at < GATE_MS  # the turn came within the last poll
    _tap_a(app)  # pressed as the turn appeared
    rig.run(50)
    assert len(g.view(0).actions) == n and rig.my_turn()
    _a_after_the_gate_acts(rig, n)


def _loop_poll(rig, down, key=None):
    """One poll as the device's loop makes it: the key's events (A and B
    come at their release), then ``held``, then tick and draw."""
    app = rig.app
    if key is not None:
        app.handle(key, keys.PRESS)
        app.handle(key, keys.RELEASE)
    app.held = down
    rig.now += 10
    rig.clock.now = rig.now
    app.tick(rig.now)
    app.draw()


def test_a_key_held_through_your_turns_arrival_does_nothing_when_let_go():
    rig = Rig(seed=4)
    rig.new_game()
    g = rig.app.game
    # after your call, while the others act: A goes down (to hurry, say)
    # and stays down through the arrival of your next turn
    assert rig.until(rig.my_turn)
    rig.call_or_check()
    assert g.hand is not None and not g.human_to_act()
    while not g.human_to_act():
        _loop_poll(rig, True)
    n = len(g.view(0).actions)
    for _ in range(60):  # held 600 ms more, well past the gate's time
        _loop_poll(rig, True)
    _loop_poll(rig, False, keys.A)  # let go: its press comes now
    assert len(g.view(0).actions) == n and rig.my_turn()
    _loop_poll(rig, False)
    _loop_poll(rig, True)  # a fresh press
    _loop_poll(rig, False, keys.A)
    assert len(g.view(0).actions) == n + 1


def test_a_press_while_your_turns_frame_is_held_back_does_nothing():
    # your turn is known (the table called gate()) but its frame is not on
    # the glass yet: a button changing cuts it (stop_frame), as a flash
    # write or a slow load can hold it. The gate counts from the frame
    # sent whole, so an A pressed in between acts on nothing, however long
    # after the turn was known, and one GATE_MS after the frame acts
    rig = Rig(seed=4)
    rig.new_game()
    app = rig.app
    g = app.game
    assert rig.until(rig.my_turn)
    rig.call_or_check()
    cut = [False]
    sent = []

    def show(full=False, stop=None):  # the device driver's contract (hw.oled.show)
        if stop is not None and stop():
            return False
        sent.append(rig.now)
    rig.display.show = show
    app.stop_frame = lambda: cut[0]

    def poll(turn_cuts=False):
        rig.now += 10
        app.tick(rig.now)
        if turn_cuts and g.human_to_act():
            cut[0] = True  # from the poll that finds your turn on: the frames are cut
        app.draw()

    while not g.human_to_act():
        poll(True)
    n = len(g.view(0).actions)
    for _ in range(60):  # 600 ms, well past GATE_MS after the turn was known
        poll()
    assert app.dirty and len(g.view(0).actions) == n  # its frame still owed
    _tap_a(app)
    poll()
    assert len(g.view(0).actions) == n
    cut[0] = False
    poll()  # the turn's frame goes out whole
    assert sent and not app.dirty
    _tap_a(app)  # at once: still the gate's
    poll()
    assert len(g.view(0).actions) == n and rig.my_turn()
    _a_after_the_gate_acts(rig, n)


def test_pressing_a_every_100_ms_never_acts_within_the_gate_of_your_turn():
    # a restless thumb: A every ~100 ms through hand ends, showdowns and
    # new hands; each action it takes comes GATE_MS or more after your
    # turn appeared (told apart here by polling every 10 ms)
    rig = Rig(seed=5, settings={"game": "F7S"})
    rig.step_ms = 10
    rig.new_game()
    app = rig.app
    g = app.game
    hands = g.hand_no
    delays = []
    act = g.act
    turn = [None]

    def spy_act(kind, amount=None):
        delays.append(rig.now - turn[0])
        return act(kind, amount)
    g.act = spy_act
    for _ in range(2000):
        if g.hand_no >= hands + 3:
            break
        app.handle(keys.A, keys.PRESS)
        app.handle(keys.A, keys.RELEASE)
        if rig.screen() == "Confirm":  # a question: its default answer
            rig.press(keys.A)
        for _ in range(10):
            rig.run(10)
            mine = rig.my_turn()
            if mine and turn[0] is None:
                turn[0] = rig.now
            elif not mine:
                turn[0] = None
    assert g.hand_no >= hands + 3
    assert len(delays) >= 3 and min(delays) >= GATE_MS - 10, delays


def test_b_while_the_others_act_hurries_them_and_the_bar_says_so():
    rig = Rig(seed=4, settings={"profile": "casino", "players": 6}, pace_ms=600)
    rig.new_game()
    g = rig.app.game
    assert not g.human_to_act()
    rig.run(GATE_MS)
    rig.press(keys.B, after=0)
    t = rig.app.screen
    assert rig.screen() == "Table" and t.hurry and rig.shows(">>")
    assert rig.until(rig.my_turn, 6 * 50)  # six seats' turns in a few polls, not 600 ms each
    assert not t.hurry


def test_a_alone_while_the_others_act_never_acts_and_shows_how_to_hurry():
    rig = Rig(seed=4, settings={"profile": "casino", "players": 6})
    rig.new_game()
    rig.run(GATE_MS)
    t = rig.app.screen
    rig.press(keys.A, after=0)
    assert not t.hurry and rig.shows("HOLD A: HURRY")
    rig.press(keys.A, after=0)
    assert rig.shows("B: HURRY")
    rig.press(keys.A, keys.LONG, after=0)  # A held: hurries
    assert t.hurry and rig.shows(">>")
    rig.press(keys.B, after=0)  # every press shows: the mark changes
    assert rig.shows(">>>")


def test_b_on_the_final_table_goes_on_to_the_showdown():
    rig = Rig(seed=3)
    rig.new_game()
    g = rig.app.game
    for _ in range(3000):
        if g.hand is None:
            break
        if rig.my_turn():
            rig.call_or_check()
        else:
            rig.run(50)
    assert g.hand is None and rig.screen() == "Table"
    end = rig.now
    rig.press(keys.B, after=0)
    assert rig.shows("HAND OVER >>")  # the press shows at once, the showdown once the hand is booked
    # (once the hand is booked) sooner than the final table's two paces
    assert rig.until(lambda: rig.screen() == "Showdown", 700) and rig.now - end < 2 * rig.app.pace_ms
