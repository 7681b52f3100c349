"""Push buttons: debounce, press, long press, accelerating auto-repeat.

The logic is pure: ``Buttons.poll(down_mask, now_ms, emit)`` takes which
buttons are down (bit i = button i) and the time, and calls
``emit(key, event)``. Tests drive it with made-up pin values and times;
``PinButtons`` feeds it from real pins (wired to ground with the internal
pull-ups, so a pressed pin reads 0).

The driver knows no key codes: ``Buttons(keymap, names)`` takes the board's
button names (in pin order) and a key map from its caller (the console gives
ui.keys): ``BOARD_KEYS`` (name -> key of a short press, key of a long press
or None), ``REPEAT_KEYS`` and the event codes ``PRESS``, ``LONG``,
``REPEAT``, ``RELEASE``. A name the map lacks raises ValueError. The
events each button sends, and the timings: docs/hardware.md, "Buttons".
"""
from micropython import const

try:  # (uio: MicroPython's built-in at once; "io" is first looked for on the
    # filesystem, 3.4 ms at power-on on the stock route)
    from uio import IOBase
except ImportError:  # CPython
    from io import IOBase

_MAX = const(8)  # buttons per board
_MP_STREAM_POLL = const(3)  # the ioctl request select.poll makes
_POLLIN = const(1)  # select.POLLIN


def keys_from_board(names, keymap):
    """(keys, long_keys) of a board's button names, in the order given."""
    keys = []
    long_keys = []
    for name in names:
        pair = keymap.BOARD_KEYS.get(name)
        if pair is None:
            raise ValueError("unknown button %r" % name)
        keys.append(pair[0])
        long_keys.append(pair[1])
    return keys, long_keys


class Buttons:
    # Tunables, in milliseconds (a board file may override them).
    debounce_ms = 10
    long_press_ms = 600
    repeat_delay_ms = 400
    repeat_ms = 160
    repeat_min_ms = 40
    repeat_accel_pct = 75

    def __init__(self, keymap, names):
        n = len(names)
        if not 0 < n <= _MAX:
            raise ValueError("1..8 buttons")
        keys, long_keys = keys_from_board(names, keymap)
        self.keys = bytes(keys)
        # 255 = no long key for that button.
        self.long_keys = bytes(255 if k is None else k for k in long_keys)
        self._ev_press = keymap.PRESS
        self._ev_long = keymap.LONG
        self._ev_repeat = keymap.REPEAT
        self._ev_release = keymap.RELEASE
        repeat_keys = keymap.REPEAT_KEYS
        self._repeat = 0  # bit i: button i's key repeats
        self._long_repeat = 0
        for i in range(n):
            if keys[i] in repeat_keys and self.long_keys[i] == 255:
                self._repeat |= 1 << i
            if self.long_keys[i] in repeat_keys:
                self._long_repeat |= 1 << i
        self.n = n
        self.state = 0          # debounced: bit i set while button i is down
        self._changed = [-1 << 20] * n  # when each button last changed (ms)
        self._down = [0] * n     # when each button went down
        self._next = [0] * n     # next repeat time
        self._gap = [0] * n      # current repeat interval
        self._long = 0           # bit i: long press already sent
        self.last_activity_ms = None

    def held(self, i):
        return (self.state >> i) & 1

    def poll(self, down_mask, now_ms, emit):
        """Feeds one sample of the buttons; calls emit(key, event) for each event.

        now_ms must not wrap (the device loop keeps a running count built
        from time.ticks_diff)."""
        state = self.state
        for i in range(self.n):
            bit = 1 << i
            was = state & bit
            now_down = down_mask & bit
            if (was != 0) != (now_down != 0):
                if now_ms - self._changed[i] >= self.debounce_ms:
                    self._changed[i] = now_ms
                    self.last_activity_ms = now_ms
                    if now_down:
                        state |= bit
                        self._pressed(i, now_ms, emit)
                    else:
                        state &= ~bit
                        # (the release here, not in a method: A's and B's
                        # keys, handled under it, take the deepest path of
                        # the C stack, and a frame less counts there)
                        if self._repeat & bit:
                            emit(self.keys[i], self._ev_release)
                        elif self._long & bit:
                            lk = self.long_keys[i]
                            emit(self.keys[i] if lk == 255 else lk, self._ev_release)
                        else:
                            emit(self.keys[i], self._ev_press)
                            emit(self.keys[i], self._ev_release)
                        self._long &= ~bit
                    continue
            if was:
                self._holding(i, now_ms, emit)
        self.state = state

    def _pressed(self, i, now, emit):
        bit = 1 << i
        self._down[i] = now
        self._long &= ~bit
        if self._repeat & bit:
            emit(self.keys[i], self._ev_press)
            self._next[i] = now + self.repeat_delay_ms
            self._gap[i] = self.repeat_ms

    def _holding(self, i, now, emit):
        bit = 1 << i
        if self._repeat & bit:
            key = self.keys[i]
        elif self._long & bit:
            if not self._long_repeat & bit:
                return
            key = self.long_keys[i]
        else:
            if now - self._down[i] >= self.long_press_ms:
                self._long |= bit
                self.last_activity_ms = now
                lk = self.long_keys[i]
                if lk == 255:
                    emit(self.keys[i], self._ev_long)
                else:
                    emit(lk, self._ev_press)
                    self._next[i] = now + self.repeat_delay_ms
                    self._gap[i] = self.repeat_ms
            return
        if now - self._next[i] >= 0:
            self.last_activity_ms = now
            emit(key, self._ev_repeat)
            gap = self._gap[i] * self.repeat_accel_pct // 100
            self._gap[i] = gap if gap > self.repeat_min_ms else self.repeat_min_ms
            self._next[i] = now + self._gap[i]


class _Edges(IOBase):
    """Readable (for ``select.poll``) once a pin changed since the loop last
    read the pins: a wait on it ends at a button's interrupt."""

    def __init__(self):
        self.seen = 0  # (set in the interrupt: an attribute that exists, no allocation)

    def ioctl(self, req, arg):
        return arg & _POLLIN if req == _MP_STREAM_POLL and self.seen else 0


class PinButtons(Buttons):
    """Buttons read from pins (machine.Pin objects, pulled up, 0 = pressed).

    Each pin's interrupt (both edges) ends the loop's ``wait(ms)``: the
    core sleeps (WFE) between polls and still hears a button at once. A
    falling edge is also latched: a tap that came and went while the loop
    was busy for over ``LATE_MS`` (loading a module, a virtual player
    thinking) still reads as down at the next poll, so it is not lost.
    Between prompt polls only the pins count (a contact's bounce never
    adds a press). ``ticks_ms``/``ticks_diff``: the clock (default time's;
    None on CPython: the latch is not used)."""

    LATE_MS = 40

    def __init__(self, pins, keymap, names, ticks_ms=None, ticks_diff=None):
        super().__init__(keymap, names)
        self.pins = pins
        import time

        self._ticks = ticks_ms or getattr(time, "ticks_ms", None)
        self._diff = ticks_diff or getattr(time, "ticks_diff", None)
        self._sleep_ms = getattr(time, "sleep_ms", None)
        self._latched = 0  # bit i: pin i fell since the last poll
        self._polled = self._ticks() if self._ticks else 0
        self._edges = _Edges()
        self._poller = None
        try:
            try:
                import uselect as select  # (the built-in at once, as uio above)
            except ImportError:
                import select
            poller = select.poll()
            poller.register(self._edges, _POLLIN)
            self._poller = poller
        except (ImportError, AttributeError, TypeError, ValueError, OSError):
            pass  # (CPython: no poll of such objects; wait() then sleeps)
        changed = self._changed_pin  # (one handler for every pin)
        for p in pins:
            try:
                p.irq(changed, p.IRQ_FALLING | p.IRQ_RISING, hard=True)
            except (AttributeError, TypeError, ValueError, OSError):
                pass  # no interrupt on that pin: polling alone

    def _changed_pin(self, pin):
        """A pin's interrupt (a hard one: nothing allocated here). Nothing
        escapes it: MicroPython's report of an exception raised in a hard
        interrupt allocates, which fails there and stops the chip; the next
        poll reads the pins anyway."""
        try:
            self._edges.seen = 1
            if not pin.value():
                self._latched |= 1 << self.pins.index(pin)
        except Exception:  # noqa: BLE001
            pass

    def wait(self, ms):
        """Sleeps up to ``ms``, less when a pin changes (read since by
        ``down_mask`` or ``moving``): the core asleep in WFE meanwhile."""
        poller = self._poller
        if poller is not None:
            poller.ipoll(ms)
        elif self._sleep_ms is not None:
            self._sleep_ms(ms)
        else:  # CPython
            import time

            time.sleep(ms / 1000)

    def down_mask(self):
        self._edges.seen = 0  # (before the pins: a change after them ends the next wait)
        m = 0
        i = 0
        for p in self.pins:
            if not p.value():
                m |= 1 << i
            i += 1
        late = self._latched
        self._latched = 0
        ticks = self._ticks
        diff = self._diff
        if ticks is not None and diff is not None:
            now = ticks()
            if late and diff(now, self._polled) > self.LATE_MS:
                m |= late
            self._polled = now
        return m

    def moving(self):
        """The pins that differ from the debounced state (bits; 0: none): a
        press or a release under way, before ``due`` tells it (work that
        cannot be cut, a flash write, waits for it); and a tap latched while
        the loop was busy, which the next poll reads as down: its key is
        owed, so the loop must not rest before that poll."""
        self._edges.seen = 0  # (before the pins: a change after them ends the next wait)
        ch = self.state
        i = 0
        for p in self.pins:
            if not p.value():
                ch ^= 1 << i
            i += 1
        if (self._latched and self._ticks is not None and self._diff is not None
                and self._diff(self._ticks(), self._polled) > self.LATE_MS):
            ch |= self._latched
        return ch

    def due(self, now_ms):
        """True when a pin differs from the debounced state past its
        debounce interval: the next poll would act on it, so the loop polls
        at once instead of sleeping out its period (a press answered up to
        a poll period sooner)."""
        ch = self.moving()
        i = 0
        while ch:
            if ch & 1 and now_ms - self._changed[i] >= self.debounce_ms:
                return True
            ch >>= 1
            i += 1
        return False

    def update(self, now_ms, emit):
        self.poll(self.down_mask(), now_ms, emit)
