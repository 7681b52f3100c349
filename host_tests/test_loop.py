# portable
"""console: the loop's buttons reach the app, the app ticks and draws every poll, a press
that wakes the screen is swallowed, and the clock never wraps."""
from console import Clock, Loop
from hw.buttons import Buttons
from hw.power import Power
from ui import keys
from ui.keys import A, PRESS, RELEASE


class FakeApp:
    def __init__(self):
        self.events = []
        self.ticks = []
        self.draws = 0
        self.awake = False

    def handle(self, key, event):
        self.events.append((key, event))

    def tick(self, now):
        self.ticks.append(now)

    def draw(self):
        self.draws += 1


class FakeButtons(Buttons):
    def __init__(self):
        super().__init__(keys, keys.NAMES)
        self.mask = 0

    def down_mask(self):
        return self.mask


class FakeDisplay:
    def __init__(self):
        self.on = True

    def poweroff(self):
        self.on = False

    def poweron(self):
        self.on = True


def test_each_poll_sends_button_events_then_ticks_and_draws():
    app = FakeApp()
    b = FakeButtons()
    loop = Loop(app, b)
    b.mask = 1 << 4
    loop.step(0)
    b.mask = 0
    loop.step(10)
    assert app.events == [(A, PRESS), (A, RELEASE)]
    assert app.ticks == [0, 10] and app.draws == 2


def test_the_press_that_wakes_the_screen_is_swallowed_with_its_release():
    app = FakeApp()
    b = FakeButtons()
    d = FakeDisplay()
    p = Power(d, screen_off_ms=1000, sleep_ms=0)
    loop = Loop(app, b, p)
    t = 0
    while t <= 1000:
        loop.step(t)
        t += 10
    assert not d.on and not p.awake
    ticks = len(app.ticks)
    loop.step(t)  # asleep: nothing happens
    assert len(app.ticks) == ticks
    b.mask = 1 << 4
    loop.step(t + 10)
    b.mask = 0
    loop.step(t + 20)
    assert d.on and app.events == []
    b.mask = 1 << 4
    loop.step(t + 30)
    b.mask = 0
    loop.step(t + 40)
    assert app.events == [(A, PRESS), (A, RELEASE)]


def test_an_app_that_says_it_is_awake_keeps_the_screen_on():
    app = FakeApp()
    app.awake = True
    d = FakeDisplay()
    loop = Loop(app, FakeButtons(), Power(d, 100, 0))
    for t in range(0, 1000, 10):
        loop.step(t)
    assert d.on


def test_the_clock_counts_on_across_the_wrap_of_ticks_ms():
    period = 1 << 30
    raw = [period - 20]

    def ticks():
        return raw[0]

    def diff(a, b):
        return ((a - b + period // 2) % period) - period // 2

    c = Clock(ticks, diff)
    raw[0] = period - 5
    assert c.ticks_ms() == 15
    raw[0] = 10  # wrapped
    assert c.ticks_ms() == 30


def test_run_sleeps_the_rest_of_each_poll_period():
    app = FakeApp()
    b = FakeButtons()
    now = [0]
    slept = []

    def ticks():
        return now[0]

    def sleep(ms):
        slept.append(ms)
        now[0] += ms
        if len(slept) == 3:
            loop.running = False

    loop = Loop(app, b, clock=Clock(ticks, lambda a, b: a - b))
    loop.run(sleep)
    assert slept == [10, 10, 10] and app.ticks == [0, 10, 20]


def test_a_sound_started_before_the_screen_goes_dark_still_finishes():
    class Sound:
        def __init__(self):
            self.updates = []

        def update(self, now):
            self.updates.append(now)

    snd = Sound()
    d = FakeDisplay()
    loop = Loop(FakeApp(), FakeButtons(), Power(d, 100, 0), snd)
    for t in range(0, 300, 10):
        loop.step(t)
    assert not d.on and snd.updates[-1] == 290


def test_a_tap_that_ends_a_nap_wakes_the_screen_even_if_let_go_at_once():
    app = FakeApp()
    b = FakeButtons()
    d = FakeDisplay()
    naps = []

    def nap():
        naps.append(1)

    def tapped():
        return len(naps) >= 2  # the button was down at the second check

    p = Power(d, screen_off_ms=100, sleep_ms=300, sleeper=nap, wake_check=tapped)
    loop = Loop(app, b, p)
    t = 0
    while t <= 300:
        loop.step(t)
        t += 10
    assert naps == [1, 1] and d.on and p.awake  # awake though the button is already up
    assert app.events == []
    b.mask = 1 << 4
    loop.step(t)
    b.mask = 0
    loop.step(t + 10)
    assert app.events == [(A, PRESS), (A, RELEASE)]


def test_a_button_that_changed_cuts_the_loops_wait_short():
    class PinLike(FakeButtons):
        """Buttons with due(): True once the mask differs from the state."""
        def due(self, now):
            return self.mask != self.state

    app = FakeApp()
    b = PinLike()
    now = [0]
    waits = []

    def ticks():
        return now[0]

    def wait(ms):  # as PinButtons.wait: a pin's interrupt ends it
        waits.append(ms)
        if now[0] == 0:
            now[0] = 3
            b.mask = 1 << 4  # A goes down 3 ms into the first period
        else:
            now[0] += ms
        if len(app.ticks) == 3:
            loop.running = False

    loop = Loop(app, b, clock=Clock(ticks, lambda a, c: a - c))
    loop.run(wait)
    # one wait for the period, ended by the button: the poll comes at 3 ms,
    # not at the end of the 10 ms period
    assert app.ticks[:2] == [0, 3] and waits[0] == 10
    assert b.state == 1 << 4  # A is down from that poll (A acts on its release)


def test_the_app_hears_whether_a_button_is_held():
    app = FakeApp()
    b = FakeButtons()
    loop = Loop(app, b)
    b.mask = 1 << 4
    loop.step(0)
    assert app.held  # (ui.app starts no loading step then)
    b.mask = 0
    loop.step(10)
    assert not app.held


class PinLike(FakeButtons):
    """Buttons with due(): True once the mask differs from the state."""
    def due(self, now):
        return self.mask != self.state


def test_a_button_changed_during_the_polls_work_is_heard_before_a_frame_is_drawn():
    class Busy(FakeApp):
        def tick(self, now):
            FakeApp.tick(self, now)
            if now == 0:
                b.mask = 1 << 2  # UP goes down while a player's slice runs

    app = Busy()
    b = PinLike()
    loop = Loop(app, b)
    loop.step(0)
    assert app.draws == 0 and app.events == []  # no frame: the key first
    loop.step(1)
    assert app.events == [(keys.UP, PRESS)] and app.draws == 1
    assert app.stop_frame() is False  # (what ui.app asks while it draws a frame no key asked for)
    b.mask = 0
    assert app.stop_frame() is True


class _GcAt:
    """console's gc and _mem_free for a test (``with _GcAt(now) as fake``):
    1 KB free, so a collection is due at every chance; ``fake.at`` records
    the times (``now[0]``) it collected."""

    def __init__(self, now):
        self.now = now
        self.at = []

    def collect(self):
        self.at.append(self.now[0])

    def __enter__(self):
        import console

        self._saved = console.gc, console._mem_free
        console.gc = self
        console._mem_free = lambda: 1024
        return self

    def __exit__(self, *exc):
        import console

        console.gc, console._mem_free = self._saved


class _Framing(FakeApp):
    """A FakeApp whose draw() says whether it drew a frame (set ``frame``)."""
    frame = False

    def draw(self):
        FakeApp.draw(self)
        f = self.frame
        self.frame = False
        return f


def test_the_heap_is_collected_after_a_frame_only_when_the_app_waits_for_you_or_asks():
    import console

    class Framing(_Framing):
        collect_due = False

    class FakeGc:
        collects = 0

        def collect(self):
            self.collects += 1

    free = []
    heap = [1024]  # free bytes (a nearly full heap)
    fake = FakeGc()
    saved = console.gc, console._mem_free
    console.gc = fake
    console._mem_free = lambda: free.append(1) or heap[0]
    try:
        app = Framing()
        loop = Loop(app, FakeButtons())
        loop._roomy = True  # the code in ROMFS
        app.awake = True  # the players act: frames, and no look at the heap
        for t in range(0, 100, 10):
            app.frame = t % 30 == 0
            loop.step(t)
        assert free == [] and fake.collects == 0
        app.collect_due = True  # a new game's first frame
        app.frame = True
        loop.step(100)
        loop.step(110)
        assert fake.collects == 1 and not app.collect_due
        app.frame = True
        loop.step(120)
        app.awake = False  # your turn: collected at the first idle poll after the frame
        loop.step(130)
        loop.step(140)
        assert fake.collects == 2 and len(free) == 2
        heap[0] = 90 * 1024  # under 96 KB: collected
        app.frame = True
        loop.step(150)
        loop.step(155)
        assert fake.collects == 3
        # the code in the heap (the stock route): under 32 KB only, never
        # while the players act
        loop._roomy = False
        app.frame = True
        loop.step(160)
        loop.step(165)
        assert fake.collects == 3  # 90 KB free: enough
        heap[0] = 20 * 1024
        app.awake = True
        asked = len(free)
        for t in range(170, 260, 10):
            app.frame = t % 30 == 0
            loop.step(t)
        assert fake.collects == 3 and len(free) == asked  # (MicroPython collects by itself there)
        app.awake = False  # your turn: after a frame, at the first idle poll
        app.frame = True
        loop.step(260)
        assert fake.collects == 3
        loop.step(270)
        assert fake.collects == 4
    finally:
        console.gc, console._mem_free = saved


def test_the_collection_when_the_app_waits_for_you_waits_till_arrow_keys_stop_coming():
    # keys that keep coming (the list view looked at, on into your turn)
    # are each answered first: the collection comes once the app's
    # look_until (its last arrow key's time and 250 ms) is past, at an idle
    # poll after the frame
    class Framing(_Framing):
        keyed = []
        look_until = 0

        def handle(self, key, event):
            FakeApp.handle(self, key, event)
            if event == PRESS:
                self.keyed.append(now[0])
                self.look_until = now[0] + 250

    now = [0]
    with _GcAt(now) as fake:
        app = Framing()
        buttons = FakeButtons()
        loop = Loop(app, buttons)
        loop._roomy = False
        for t in range(0, 700, 10):
            now[0] = t
            if t in (0, 90, 180):  # a key every 90 ms (its frame at once), then none
                buttons.mask = 1 << keys.UP
                app.frame = True
            elif t in (40, 130, 220):
                buttons.mask = 0
            loop.step(t)
        assert len(app.keyed) == 3, app.keyed
        assert len(fake.at) == 1 and app.look_until <= fake.at[0] < app.look_until + 50, (fake.at, app.keyed)


def test_the_collection_at_your_turn_gives_way_to_a_button_that_began_to_move():
    # the poll read the buttons before the app drew; a press begun since
    # (still in its debounce time: the app's key_moving sees it) would wait
    # on the collection, so none comes: the key's frame brings the next one
    now = [0]
    with _GcAt(now) as fake:
        for pins, expect in ((1, 0), (0, 1)):
            del fake.at[:]
            app = _Framing()
            app.key_moving = lambda: pins
            loop = Loop(app, FakeButtons())
            loop._roomy = False
            for t in range(0, 60, 10):
                now[0] = t
                app.frame = t == 0
                loop.step(t)
            assert len(fake.at) == expect, (pins, fake.at)


def test_on_the_stock_route_a_key_s_frame_while_the_players_act_is_followed_by_a_collection_if_the_heap_is_low():
    # the code in the heap: collected right after a key's frame (the
    # finger still on the button), not at the next allocation that finds no
    # room, maybe in the next key's frame; never after the players' own
    # frames, nor with room left, nor with the code in ROMFS
    import console

    class Keyed(_Framing):
        _keyed = False

        def handle(self, key, event):
            FakeApp.handle(self, key, event)
            if event == PRESS:
                self._keyed = True

        def draw(self):
            shown = _Framing.draw(self)
            if shown:
                self._keyed = False
            return shown

    now = [0]
    with _GcAt(now) as fake:
        for roomy, free, expect in ((False, 1024, [0, 90]), (False, 20 * 1024, []), (True, 1024, [])):
            del fake.at[:]
            console._mem_free = lambda: free
            app = Keyed()
            app.awake = True  # the players act
            buttons = FakeButtons()
            loop = Loop(app, buttons)
            loop._roomy = roomy
            for t in range(0, 300, 10):
                now[0] = t
                buttons.mask = 1 << keys.UP if t in (0, 10, 20, 90, 100) else 0
                # a frame at each key (a press at 0 and 90) and the players'
                # own at 50, 150 and 250
                app.frame = t in (0, 90) or t % 100 == 50
                loop.step(t)
            assert fake.at == expect, (roomy, free, fake.at)


class Resting(FakeApp):
    """An app that waits for a key (``rest_ms``: None) unless ``busy`` (0),
    or for ``pace`` ms (its next move by itself)."""
    busy = False
    pace = None

    def rest_ms(self, now):
        return 0 if self.busy else self.pace


class Clocks:
    def __init__(self):
        self.hz = "full"
        self.log = []

    def full(self):
        self.hz = "full"

    def idle(self):
        self.hz = "idle"


def _run(loop, until_ms, now, on_wait=None):
    """Runs loop.run with a fake clock and wait: [(ms waited, clock speed)]."""
    waits = []

    def wait(ms):
        waits.append((ms, loop.clocks.hz if loop.clocks else None))
        now[0] += ms
        if on_wait is not None:
            on_wait(now[0])
        if now[0] >= until_ms:
            loop.running = False

    loop.clock = Clock(lambda: now[0], lambda a, c: a - c)
    loop.run(wait)
    return waits


def test_while_the_app_rests_the_loop_sleeps_till_the_powers_next_step_at_the_idle_clock():
    app = Resting()
    clocks = Clocks()
    d = FakeDisplay()
    d.dim = lambda on: None
    p = Power(d, screen_off_ms=60000, sleep_ms=0, dim_ms=20000)
    loop = Loop(app, FakeButtons(), p, clocks=clocks)
    loop.rest_max_ms = 50000
    now = [0]
    waits = _run(loop, 61000, now)
    # two polls to see no frame come, then one sleep to the dim, one to the screen off
    assert waits[:3] == [(10, "full"), (20000 - 10, "idle"), (40000, "idle")]
    assert len(app.ticks) < 10 and not d.on
    assert clocks.hz == "full"  # back at full speed: after each sleep, and when the loop ends


def test_no_rest_while_the_app_is_busy_a_button_is_down_or_a_sound_plays():
    class Sound:
        playing = True

        def update(self, now):
            pass

    for case in ("busy", "button", "sound"):
        app = Resting()
        app.busy = case == "busy"
        b = FakeButtons()
        b.mask = (1 << 2) if case == "button" else 0
        loop = Loop(app, b, sound=Sound() if case == "sound" else None, clocks=Clocks())
        waits = _run(loop, 200, [0])
        assert waits and all(w == (10, "full") for w in waits), case


def test_a_press_that_undims_the_screen_is_swallowed_not_taken_as_an_action():
    app = FakeApp()
    b = FakeButtons()
    d = FakeDisplay()
    contrast = []
    d.dim = contrast.append
    p = Power(d, screen_off_ms=60000, sleep_ms=0, dim_ms=20000)
    loop = Loop(app, b, p)
    t = 0
    while t <= 20000:
        loop.step(t)
        t += 10
    assert contrast == [True] and d.on
    b.mask = 1 << 4
    loop.step(t)
    b.mask = 0
    loop.step(t + 10)
    assert contrast == [True, False] and app.events == []  # bright again, and no A
    b.mask = 1 << 4
    loop.step(t + 20)
    b.mask = 0
    loop.step(t + 30)
    assert app.events == [(A, PRESS), (A, RELEASE)]


def test_the_battery_warning_comes_once_when_it_runs_low_while_the_app_rests():
    class Battery:
        reads = 0
        level = 50

        def percent(self):
            self.reads += 1
            return self.level

        def low(self, percent):
            return percent <= 10

    app = Resting()
    bat = Battery()
    warned = []
    loop = Loop(app, FakeButtons(), battery=bat, clocks=Clocks(), low_battery=warned.append)
    loop.rest_max_ms = 1000
    loop.battery_every_ms = 5000

    def drain(t):
        if t >= 8000:
            bat.level = 8

    _run(loop, 30000, [0], drain)
    assert warned == [8]  # once, though it stays low
    assert 5 <= bat.reads <= 8  # every 5 s, not every poll


def test_the_loop_rests_till_the_apps_next_move_by_itself_but_not_for_less_than_20_ms():
    app = Resting()
    app.pace = 450  # the players' pace left, their action decided
    loop = Loop(app, FakeButtons(), clocks=Clocks())
    waits = _run(loop, 30, [0])
    assert waits[:2] == [(10, "full"), (450, "idle")]
    app = Resting()
    app.pace = 15
    loop = Loop(app, FakeButtons(), clocks=Clocks())
    waits = _run(loop, 100, [0])
    assert all(w == (10, "full") for w in waits)  # two clock changes for 15 ms: not worth it


def test_the_battery_is_not_looked_at_while_the_app_only_waits_for_its_own_next_move():
    class Battery:
        reads = 0

        def percent(self):
            self.reads += 1
            return 5

        def low(self, percent):
            return True

    app = Resting()
    app.pace = 500
    bat = Battery()
    loop = Loop(app, FakeButtons(), battery=bat, clocks=Clocks(), low_battery=lambda p: None)
    _run(loop, 5000, [0])
    assert bat.reads == 0  # (its warning would stop the players mid-hand)


def test_no_key_collection_while_the_key_s_frame_is_still_owed():
    # a frame shown only in part (its show cut short by a button: the app
    # still dirty) is not the key's frame: the collection after it, and the
    # 8 ms that asking the heap takes, would come before the key's answer
    class Keyed(_Framing):
        _keyed = False
        dirty = False

        def handle(self, key, event):
            FakeApp.handle(self, key, event)
            if event == PRESS:
                self._keyed = True

        def draw(self):
            shown = _Framing.draw(self)
            if shown and not self.dirty:
                self._keyed = False
            return shown

    now = [0]
    with _GcAt(now) as fake:
        for owed, expect in ((True, []), (False, [0])):
            del fake.at[:]
            app = Keyed()
            app.awake = True  # the players act
            app.dirty = owed
            buttons = FakeButtons()
            loop = Loop(app, buttons)
            loop._roomy = False
            for t in range(0, 60, 10):
                now[0] = t
                buttons.mask = 1 << keys.UP if t in (0, 10, 20) else 0
                app.frame = t == 0
                loop.step(t)
            assert fake.at == expect, (owed, fake.at)


def test_the_collection_when_the_app_waits_for_you_keeps_clear_of_a_button_just_pressed():
    # your action's frame, your turn again: a second key often follows at
    # once (a look at the list), so the collection waits till the button
    # went down 100 ms ago (console's _COLLECT_QUIET_MS), then comes at an idle poll
    now = [0]
    with _GcAt(now) as fake:
        for down_at, expect in ((0, [100]), (-500, [40])):
            del fake.at[:]
            app = _Framing()
            app.down_at = down_at
            loop = Loop(app, FakeButtons())
            loop._roomy = False
            for t in range(30, 200, 10):
                now[0] = t
                app.frame = t == 30
                loop.step(t)
            assert fake.at == expect, (down_at, fake.at)
