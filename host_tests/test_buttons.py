# portable
"""hw.buttons: debounce, press, long press and accelerating auto-repeat, driven
by made-up pin samples and times (no hardware)."""
from checks import raises
from hw.buttons import Buttons, PinButtons, keys_from_board
from ui import keys as keymap
from ui.keys import A, B, DOWN, LEFT, LONG, PRESS, RELEASE, REPEAT, RIGHT, UP

SIX = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B")


class Rec:
    def __init__(self):
        self.events = []
        self.now = 0

    def __call__(self, key, event):
        self.events.append((self.now, key, event))


def drive(buttons, samples, period=10):
    """samples: list of (until_ms, down_mask); polls every `period` ms from 0."""
    rec = Rec()
    t = 0
    for until, mask in samples:
        while t < until:
            rec.now = t
            buttons.poll(mask, t, rec)
            t += period
    return rec.events


def six():
    return Buttons(keymap, SIX)


def test_a_short_press_of_a_sends_press_and_release_when_let_go():
    ev = drive(six(), [(100, 0), (300, 1 << 4), (400, 0)])
    assert ev == [(300, A, PRESS), (300, A, RELEASE)]


def test_holding_b_past_the_long_press_time_sends_long_once_and_no_press():
    b = six()
    ev = drive(b, [(50, 1 << 5), (50 + 2000, 1 << 5), (2100, 0)])
    longs = [e for e in ev if e[2] == LONG]
    assert longs == [(b.long_press_ms, B, LONG)]
    assert ev[-1] == (2050, B, RELEASE) and len(ev) == 2


def test_a_press_just_under_the_long_press_time_is_a_short_press():
    b = six()
    ev = drive(b, [(b.long_press_ms - 10, 1 << 4), (1000, 0)])
    assert [e[2] for e in ev] == [PRESS, RELEASE]


def test_an_arrow_presses_at_once_then_repeats_faster_and_faster_down_to_the_floor():
    b = six()
    ev = drive(b, [(3000, 1 << 1), (3100, 0)], period=1)
    assert ev[0] == (0, RIGHT, PRESS)
    reps = [t for t, k, e in ev if e == REPEAT]
    assert reps[0] == b.repeat_delay_ms
    gaps = [reps[i + 1] - reps[i] for i in range(len(reps) - 1)]
    assert gaps[0] < b.repeat_ms and gaps[0] >= b.repeat_ms * b.repeat_accel_pct // 100
    assert all(gaps[i + 1] <= gaps[i] for i in range(len(gaps) - 1))
    assert min(gaps) == b.repeat_min_ms and gaps[-1] == b.repeat_min_ms
    assert ev[-1] == (3000, RIGHT, RELEASE)
    assert all(k == RIGHT for _t, k, _e in ev)


def test_contact_bounce_within_the_debounce_time_gives_one_press_and_one_release():
    b = six()
    bouncy = [(1, 1 << 2), (2, 0), (3, 1 << 2), (4, 0), (5, 1 << 2), (200, 1 << 2),
              (201, 0), (202, 1 << 2), (203, 0), (204, 1 << 2), (205, 0), (400, 0)]
    ev = drive(b, bouncy, period=1)
    assert [(k, e) for _t, k, e in ev] == [(UP, PRESS), (UP, RELEASE)]


def test_buttons_are_independent_when_held_together():
    ev = drive(six(), [(100, (1 << 0) | (1 << 4)), (150, 1 << 4), (200, 0)])
    assert (0, LEFT, PRESS) in ev and (100, LEFT, RELEASE) in ev
    assert (150, A, PRESS) in ev and (150, A, RELEASE) in ev
    assert len(ev) == 4


def test_two_button_board_ok_is_a_when_short_and_b_when_long():
    b = Buttons(keymap, ("OK", "NEXT"))
    ev = drive(b, [(100, 1), (200, 0)])
    assert [(k, e) for _t, k, e in ev] == [(A, PRESS), (A, RELEASE)]
    b = Buttons(keymap, ("OK", "NEXT"))
    ev = drive(b, [(1000, 1), (1100, 0)])
    assert [(k, e) for _t, k, e in ev] == [(B, PRESS), (B, RELEASE)]


def test_two_button_board_next_is_right_when_short_and_repeating_down_when_held():
    b = Buttons(keymap, ("OK", "NEXT"))
    ev = drive(b, [(100, 2), (200, 0)])
    assert [(k, e) for _t, k, e in ev] == [(RIGHT, PRESS), (RIGHT, RELEASE)]
    b = Buttons(keymap, ("OK", "NEXT"))
    ev = drive(b, [(2000, 2), (2100, 0)])
    assert ev[0] == (b.long_press_ms, DOWN, PRESS)
    assert len([e for e in ev if e[2] == REPEAT]) >= 3
    assert all(k == DOWN for _t, k, _e in ev) and ev[-1][2] == RELEASE


def test_pin_buttons_read_pulled_up_pins_as_pressed_when_low():
    class P:
        def __init__(self, v):
            self.v = v

        def value(self):
            return self.v

    pins = [P(1), P(0), P(1)]
    b = PinButtons(pins, keymap, ("LEFT", "DOWN", "A"))
    assert b.down_mask() == 2
    rec = Rec()
    b.update(0, rec)
    assert rec.events == [(0, DOWN, PRESS)]


def test_unknown_button_names_are_errors_and_activity_time_is_kept():
    raises(ValueError, keys_from_board, ("LEFT", "FIRE"), keymap)
    raises(ValueError, Buttons, keymap, ("LEFT", "FIRE"))
    b = six()
    assert b.last_activity_ms is None
    drive(b, [(30, 0), (60, 1 << 3)])
    assert b.last_activity_ms == 30  # the press at the first poll of the second sample


class IrqPin:
    """A pulled-up pin with an interrupt on both edges (machine.Pin's API)."""
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        self.v = 1
        self.handler = None

    def value(self):
        return self.v

    def irq(self, handler, trigger, hard=False):
        assert trigger == self.IRQ_FALLING | self.IRQ_RISING and hard  # (hard: it ends a wait at once)
        self.handler = handler

    def set(self, v):
        self.v = v
        self.handler(self)

    def tap(self):  # pressed and let go between two polls
        self.set(0)
        self.set(1)


def test_a_tap_while_the_loop_was_busy_is_latched_by_the_pins_interrupt():
    clock = [0]
    pins = [IrqPin(), IrqPin()]
    b = PinButtons(pins, keymap, ("LEFT", "A"), ticks_ms=lambda: clock[0], ticks_diff=lambda x, y: x - y)
    clock[0] = 10
    assert b.down_mask() == 0
    pins[1].tap()
    clock[0] = 150  # an import kept the loop away for 140 ms
    assert b.down_mask() == 2  # the tap reads as down once
    rec = Rec()
    b.poll(2, 150, rec)
    clock[0] = 160
    b.poll(b.down_mask(), 160, rec)
    assert rec.events == [(0, A, PRESS), (0, A, RELEASE)]


def test_between_prompt_polls_only_the_pins_count():
    clock = [0]
    pins = [IrqPin()]
    b = PinButtons(pins, keymap, ("A",), ticks_ms=lambda: clock[0], ticks_diff=lambda x, y: x - y)
    clock[0] = 10
    b.down_mask()
    pins[0].tap()  # a contact's bounce just after a release: no new press
    clock[0] = 20
    assert b.down_mask() == 0
    clock[0] = 200
    assert b.down_mask() == 0  # the latch was cleared by the prompt poll


def test_due_says_when_a_pin_changed_past_its_debounce_interval():
    pins = [IrqPin(), IrqPin()]
    b = PinButtons(pins, keymap, ("LEFT", "A"), ticks_ms=lambda: 0, ticks_diff=lambda x, y: x - y)
    assert not b.due(0)
    pins[1].v = 0                # A goes down
    assert b.due(0)
    b.update(0, lambda k, e: None)
    assert b.state == 2 and not b.due(1)
    pins[1].v = 1                # let go 5 ms later: inside the debounce interval
    assert not b.due(5) and b.due(10)


class Edges:
    """What PinButtons.wait waits on, as select.poll asks it (ioctl)."""
    POLL = 3
    POLLIN = 1


def test_a_pins_change_after_the_loop_read_the_pins_makes_the_next_wait_end_at_once():
    pins = [IrqPin(), IrqPin()]
    b = PinButtons(pins, keymap, ("LEFT", "A"), ticks_ms=lambda: 0, ticks_diff=lambda x, y: x - y)
    edges = b._edges
    assert edges.ioctl(Edges.POLL, Edges.POLLIN) == 0  # nothing changed: a wait sleeps its time out
    pins[1].set(0)  # A goes down: its interrupt
    assert edges.ioctl(Edges.POLL, Edges.POLLIN) == Edges.POLLIN  # the wait ends
    b.moving()  # the loop reads the pins (due, before it waits again)
    assert edges.ioctl(Edges.POLL, Edges.POLLIN) == 0
    pins[1].set(1)  # let go: the rising edge ends a wait too
    assert edges.ioctl(Edges.POLL, Edges.POLLIN) == Edges.POLLIN
    b.down_mask()
    assert edges.ioctl(Edges.POLL, Edges.POLLIN) == 0


def test_a_tap_latched_while_the_loop_was_busy_keeps_it_from_resting():
    # a tap that came and went during a long step: the loop must poll (and
    # read it as down) before it rests, else its key waits out the rest
    clock = [0]
    pins = [IrqPin(), IrqPin()]
    b = PinButtons(pins, keymap, ("LEFT", "A"), ticks_ms=lambda: clock[0], ticks_diff=lambda x, y: x - y)
    clock[0] = 10
    b.down_mask()
    pins[1].tap()
    clock[0] = 150  # the step kept the loop away for 140 ms
    assert b.moving() == 2 and b.due(150)
    assert b.down_mask() == 2  # read at the next poll, as before
    clock[0] = 151
    assert b.moving() == 0  # (the pin is up: the release comes with the debounce)


def test_a_bounce_between_prompt_polls_is_not_a_tap_owed():
    clock = [0]
    pins = [IrqPin()]
    b = PinButtons(pins, keymap, ("A",), ticks_ms=lambda: clock[0], ticks_diff=lambda x, y: x - y)
    clock[0] = 10
    b.down_mask()
    pins[0].tap()
    clock[0] = 20
    assert b.moving() == 0
