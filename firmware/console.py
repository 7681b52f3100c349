"""The console: the device's main loop, the monotonic clock, and safe mode.

``main()`` (all that firmware/main.py calls) builds the devices (hw, with
ui.keys as the buttons' key map) and the app (ui.app.App) and runs the
loop: each poll feeds the buttons to ``app.handle``, then ``app.tick``,
``app.draw``, the buzzer and the screen's dim, off and sleep; between polls
the core sleeps (docs/power.md, "What the console does"). The board's
``safe_mode_key`` held at power-on shows SAFE MODE and returns, leaving the
REPL free; the deal's seed is printed at power-on (``stud: seed N``).
"""
import gc
import os
import time

from micropython import const

# The loop rests only after this many polls in a row with no frame: the
# work the app does after a frame (its journal on flash, the next deal made
# ahead) runs in the first of them.
_QUIET_POLLS = const(2)
# A rest shorter than this is not worth its two clock changes: the loop
# polls on instead.
_REST_MIN_MS = const(20)
# The heap is collected when the app waits for you (or asks:
# ``app.collect_due``) and less than _COLLECT_BELOW (code in ROMFS) or
# _COLLECT_LOW (code in the heap) is free; never while the virtual players
# act, where a press would wait on it, but on the stock route right after
# a key's frame when less than _KEY_COLLECT_BELOW is free. Why these
# thresholds: docs/device.md, "When the heap is collected".
_COLLECT_BELOW = const(98304)
_COLLECT_LOW = const(32768)
_KEY_COLLECT_BELOW = const(16384)
# ... and, waiting for you, not within this long of a button going down: a
# key often follows another (your action, then a look at the list), and
# one that came during a collection (27 ms on the stock route) waits on it
_COLLECT_QUIET_MS = const(100)
_ROOMY = globals().get("__file__", "").startswith("/rom")  # this module, and so the app, runs from ROMFS
_mem_free = getattr(gc, "mem_free", None)  # MicroPython's (None on CPython: no collection)

if hasattr(time, "ticks_ms"):
    _ticks_ms = time.ticks_ms
    _ticks_diff = time.ticks_diff
    _sleep_ms = time.sleep_ms
else:  # CPython (host tests): the same with time.monotonic (not on MicroPython)
    _monotonic = getattr(time, "monotonic")

    def _host_ticks_ms():
        return int(_monotonic() * 1000)

    def _host_ticks_diff(a, b):
        return a - b

    def _host_sleep_ms(ms):
        time.sleep(ms / 1000)

    _ticks_ms = _host_ticks_ms
    _ticks_diff = _host_ticks_diff
    _sleep_ms = _host_sleep_ms


def new_storage(path="/new_storage.txt"):
    """The new-storage notice if the firmware left its note at ``path``
    (boards/STUD_PICO/_boot.py writes it there), which goes: the notice
    comes once. Else None. (Its texts are literals, not module globals: on
    the stock route every name costs heap.)"""
    try:
        os.remove(path)
    except OSError:
        return None
    return "new storage: old saves not readable"


class Clock:
    """Milliseconds since start that never wrap (built from ticks_diff)."""

    def __init__(self, ticks_ms=None, ticks_diff=None):
        self._ticks = ticks_ms or _ticks_ms
        self._diff = ticks_diff or _ticks_diff
        self._last = self._ticks()
        self.now = 0

    def ticks_ms(self):
        t = self._ticks()
        self.now += self._diff(t, self._last)
        self._last = t
        return self.now


class Loop:
    rest_max_ms = 1000  # the longest sleep while the app rests (a button ends it at once)
    battery_every_ms = 60000  # the battery looked at while the app rests

    def __init__(self, app, buttons, power=None, sound=None, clock=None, clocks=None, battery=None,
                 low_battery=None):
        self.app = app
        self.buttons = buttons
        self.power = power
        self.sound = sound
        self.clock = clock or Clock()
        self.clocks = clocks
        self.battery = battery
        self.low_battery = low_battery  # called with the percent, once, when the battery runs low
        self._battery_at = None  # when the battery was last read (None: not yet)
        self._till_key = False  # the last rest_ms: the app waits for a key
        self.period_ms = buttons.debounce_ms
        self._swallow = False
        self._keys = []  # this poll's (key, event), handled after the buttons' poll
        self._framed = False  # a frame was shown since the last idle poll
        self._quiet = 0  # polls in a row that drew no frame
        self._roomy = _ROOMY  # the code is not in the heap (see _COLLECT_BELOW)
        self._due = getattr(buttons, "due", None)
        if self._due is not None:
            app.stop_frame = self._key_due
        moving = getattr(buttons, "moving", None)
        if moving is not None:
            app.key_moving = moving
        self.polls = 0
        self.running = True

    def _key_due(self):
        due = self._due
        return due is not None and due(self.clock.ticks_ms())

    def _emit(self, key, event):
        if not self._swallow:
            self._keys.append((key, event))

    def step(self, now):
        """One poll at time now (ms)."""
        self.polls += 1
        b = self.buttons
        p = self.power
        mask = b.down_mask()
        if p is not None and not p.awake:
            self._framed = False  # (no collection owed in the dark: no key waits on one)
            self._quiet += 1
            if mask:
                p.wake()
                self._swallow = True
                b.last_activity_ms = now
            else:
                if self.sound is not None:
                    self.sound.update(now)  # a sound still finishes in the dark
                p.update(now, b.last_activity_ms)  # may nap until a button
                if p.woke:
                    p.woke = False
                    # Swallow the waking press if it is still held (a tap
                    # may already be over).
                    self._swallow = b.down_mask() != 0
                    b.last_activity_ms = now
                return
        app = self.app
        b.poll(mask, now, self._emit)
        q = self._keys
        if q:
            # the keys handled here, not from inside the buttons' poll: a
            # key's handler (RESUME, down to the deal and the view) takes
            # the C stack's deepest path, and the poll's frames count there
            for i in range(len(q)):
                app.handle(q[i][0], q[i][1])
            del q[:]
        keyed = getattr(app, "_keyed", False)  # a key came: this poll draws its frame
        if self._swallow and b.state == 0:
            self._swallow = False
        app.held = mask != 0  # no loading step while a press waits for its answer
        app.tick(now)
        due = self._due
        if due is not None and due(now):
            # a button changed during this poll's work (a slice of a
            # player's thought, its action): poll again at once, before the
            # action's frame (13 ms of drawing and up to 24 ms on the bus);
            # the key's answer draws it with its own
            return
        if app.draw():
            self._framed = True
            self._quiet = 0
            if (keyed and not self._roomy and _mem_free is not None and getattr(app, "awake", False)
                    and not getattr(app, "dirty", False) and _mem_free() < _KEY_COLLECT_BELOW):
                # the stock route while the players act, the heap low: right
                # after a key's whole frame, not in the next key's when an
                # allocation finds no room (docs/device.md)
                gc.collect()
        else:
            self._quiet += 1
            if (self._framed and mask == 0 and (not getattr(app, "awake", False) or getattr(app, "collect_due", False))
                    and now - getattr(app, "look_until", now) >= 0
                    and now - getattr(app, "down_at", now - _COLLECT_QUIET_MS) >= _COLLECT_QUIET_MS):
                self._framed = False  # (frames while players act: none till they wait for you)
                app.collect_due = False
                # not if a button began to move since this poll read them (the
                # draw before took a while): its key would wait on the
                # collection; the key's frame brings the next chance
                moving = getattr(app, "key_moving", None)
                if (_mem_free is not None and not (moving is not None and moving())
                        and _mem_free() < (_COLLECT_BELOW if self._roomy else _COLLECT_LOW)
                        and not (moving is not None and moving())):
                    gc.collect()
        if self.sound is not None:
            self.sound.update(now)
        if p is not None:
            last = b.last_activity_ms
            if getattr(app, "awake", False):
                last = now
                b.last_activity_ms = now
            p.update(now, last)

    def rest_ms(self, now):
        """Ms the loop may sleep before its next poll (0: poll again within
        the period): the app may be left alone that long (``app.rest_ms``),
        no heap collection is owed after a frame, no button is down or
        moving, no sound plays; till the power's next step,
        ``rest_max_ms`` at most, ``_REST_MIN_MS`` at least."""
        app = self.app
        rest = getattr(app, "rest_ms", None)
        b = self.buttons
        if rest is None or self._quiet < _QUIET_POLLS or b.state:
            return 0
        if self._framed and (not getattr(app, "awake", False) or getattr(app, "collect_due", False)):
            return 0  # (the next idle poll collects the heap)
        moving = getattr(b, "moving", None)
        if (moving is not None and moving()) or getattr(self.sound, "playing", False):
            return 0
        ms = rest(now)
        if ms == 0:
            return 0
        cap = self.rest_max_ms
        if ms is not None and ms < cap:
            cap = ms
        p = self.power
        if p is not None:
            nxt = p.next_ms(now, b.last_activity_ms)
            if nxt is not None and nxt < cap:
                cap = nxt if nxt > 0 else 1
        self._till_key = ms is None
        return cap if cap >= _REST_MIN_MS else 0

    def _look_at_battery(self, now):
        """Reads the battery if it is time; True if its warning went up."""
        bat = self.battery
        if bat is None or (self._battery_at is not None and now - self._battery_at < self.battery_every_ms):
            return False
        self._battery_at = now
        percent = bat.percent()
        if self.low_battery is not None and bat.low(percent):
            warn = self.low_battery
            self.low_battery = None  # (once)
            warn(percent)
            return True
        return False

    def run(self, wait_ms=None):
        """Polls until self.running is False (never, on the device).
        ``wait_ms(ms)``: sleeps up to ms, less when a button changes
        (default the buttons' ``wait``)."""
        wait = wait_ms or getattr(self.buttons, "wait", None) or _sleep_ms
        clock = self.clock
        period = self.period_ms
        due = self._due
        clocks = self.clocks
        try:
            while self.running:
                start = clock.ticks_ms()
                self.step(start)
                now = clock.ticks_ms()
                rest = self.rest_ms(now)
                if rest:
                    if self._till_key and (self.power is None or self.power.awake) and self._look_at_battery(now):
                        continue  # (its warning is on its way to the screen)
                    if clocks is not None:
                        clocks.idle()
                    wait(rest)
                    if clocks is not None:
                        clocks.full()
                    continue
                # the rest of the period, cut short by a button that changed:
                # its press is answered at once, not a poll later
                while now - start < period and not (due is not None and due(now)):
                    wait(period - (now - start))
                    now = clock.ticks_ms()
        finally:
            if clocks is not None:
                clocks.full()  # (the REPL after a Ctrl-C: at full speed)


def main(board=None):
    """The console: hardware, safe mode, the app, the loop."""
    from hw import hardware_setup
    from ui import keys
    dev = hardware_setup.setup(keys, board)
    if dev.safe_mode_held():
        d = dev.display
        d.fill(0)
        d.text("SAFE MODE", 28, 20)
        d.text("REPL is free", 16, 36)
        d.show()
        print("stud: safe mode, the game did not start")
        return dev
    from poker import unload
    display, buttons, power, sound, battery, clocks, problem = (dev.display, dev.buttons, dev.power, dev.sound,
                                                                dev.battery, dev.clocks, dev.problem)
    seed = dev.seed()
    print("stud: seed %d" % seed)
    # setup-only: the board file and hw.hardware_setup's code leave the heap,
    # and so do the display chip and bus this board does not have, before
    # the app's modules take their room
    del dev, hardware_setup
    unload("hw.hardware_setup")
    if _mem_free is not None:  # MicroPython (host tests make several boards in one process)
        from hw import oled

        oled.keep(display)
        del oled
    from poker.rng import Rng
    from poker.match.store import Store
    from ui.app import App
    gc.collect()
    clock = Clock()
    app = App(display, Store(), Rng(seed), clock, sound, battery, quick=True)
    notice = new_storage()
    if notice:
        app.notify(notice)  # on the screen after power-on
    if problem:
        app.notify(problem)
    loop = Loop(app, buttons, power, sound, clock, clocks, battery,
                _battery_warning(app) if battery is not None else None)
    gc.collect()
    loop.run()


def _battery_warning(app):
    def warn(percent):
        from poker import unload
        from ui import low_battery

        low_battery.show(app, percent)
        unload("ui.low_battery")  # (its code leaves the heap with the screen)
    return warn
