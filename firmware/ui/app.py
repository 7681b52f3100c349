"""The console app: screens driven by key events and a clock.

    app = App(display, store, rng, clock=None, sound=None, battery=None)
    app.handle(key, event)   # ui.keys codes
    app.tick(now)            # pacing, flashing
    app.draw()               # redraws only if something changed, then show()

App keeps the contract with the platform (keys, ticks, frames, the work
done later a step per quiet poll); the way between the screens is its base,
ui.flow.Flow. Its arguments: docs/architecture.md, "The app and its platform".
"""
import sys

from micropython import const

from poker.jobs import Jobs
from ui import keys
from ui.flow import Flow

# While arrow keys come (the list view looked at while the players act, a
# choice moved) the flash work after the players' frames waits till none
# came for _LOOK_MS ms (the journal's records, a finished hand's books and
# saves: a LittleFS write now and then erases a 4 KB sector, 45 ms of the
# chip, and the next key waits on it), and so do the loading steps (an
# import from LittleFS, 10-30 ms). Any other key (your action) lets them go
# at once, after that key's frame.
_LOOK_MS = const(250)
# After a screen that came by itself (gate()), an A or a B that went down
# before its frame was sent whole or within GATE_MS after is dropped: a press meant for the screen
# before (hurrying the players, closing the showdown) never acts on the new
# one (your first action of a hand, a call you never saw).
GATE_MS = const(250)

# poker.jobs' kinds (its own copies: see there)
_JOURNAL = const(0)
_LOADING = const(2)
_AHEAD = const(3)
_THINKING = const(4)


# between two virtual players' actions (visible pacing), by the SPEED
# setting (poker.match.settings.SPEEDS: slow, normal, fast)
PACE_MS = (1000, 600, 300)


class App(Flow):
    pace_ms = PACE_MS[1]  # (apply_settings sets it from the SPEED setting)
    _settings_dirty = False  # settings changed since they were last saved
    # what the Game is built with (None: poker.match.game's defaults); tests and
    # demos put fixed virtual players or preset decks here
    players = None
    hand_factory = None
    held = False  # a button is down (the device's loop says so)
    _new_due = False  # the menu's new game is to be made ahead (again)
    _showdown_ahead = None  # (hand, head, lines, won): the showdown made ahead (see _ahead)
    # the device's loop sets it: a callable, True when a button changed; a
    # frame no key asked for (a player's action) is then left half drawn or
    # half sent, and the key's frame comes at once with the rest (stale)
    stop_frame = None
    key_moving = None  # the loop's: a pin changing, before its key is told (see draw)
    _keyed = False  # a key came since the last draw: its frame is sent whole
    # app time (ms) till which the last arrow key holds the flash work, the
    # loading steps and the loop's collection at your turn (see _LOOK_MS)
    look_until = 0
    # the heap is to be collected after the next frame even though the app
    # is awake (a new game: its making and the loading before it leave
    # garbage that the players' first decisions would otherwise collect)
    collect_due = False
    gate_at = -GATE_MS  # app time the last screen that gates keys was shown (None: not yet)
    down_at = 0  # app time a button last went down (the loop's held rising; the loop reads it)
    _was_held = False
    # fields stored to at every poll, as class defaults: App has a property
    # (awake), so MicroPython looks a stored name up in the classes first,
    # and a name App's own dict holds ends the search before Flow's
    now = 0  # the last tick's time
    dirty = True  # a frame is due
    y0 = 0  # the band of rows to redraw
    y1 = 64
    draws = 0  # frames drawn (tests, benchmarks)
    screen = None
    _save_due = False  # the settings are saved after the next frame

    def __init__(self, display, store, rng, clock=None, sound=None, battery=None, quick=False):
        self.display = display
        self.store = store
        self.rng = rng
        self.clock = getattr(clock, "ticks_ms", clock)  # a callable or None
        self.sound = sound
        self.battery = battery
        self.settings = None
        self._crng = None
        self._menu = None
        self._notices = []  # messages for the screen, shown one by one
        self._table = None
        self.game = None
        # the work done later, one step per quiet poll (see draw): the
        # game's journal, books and next deal, the loading, the work ahead
        self.jobs = Jobs()
        # quick (the device): the settings, the modules a game needs and the
        # saved game are read after the first frame, as the LOADING job
        # (ui.quick_start); else (tests, simulator) at once
        self.loaded = False  # the saved game was read (self.game, maybe None)
        if quick:
            def steps():  # its code too is read after the first frame, as the job's first part
                from poker import load

                # (named as text: a name the routes that load at once never intern)
                self.jobs[_LOADING] = load("ui.quick_start").steps(self)
            self.jobs[_LOADING] = steps
        else:
            self._load_settings()
            self._load_game()
        from ui.power_on import PowerOn

        self.go(PowerOn(self))

    def _load_settings(self):
        from poker.match.settings import Settings

        self.settings = Settings.load(self.store)
        self.apply_settings()

    def _load_game(self):
        from poker.match.game import Game

        self.loaded = True
        if self.store is not None:
            try:
                self.game = Game.load(self.store, self.rng, self.settings, self.players, self.hand_factory,
                                      self.jobs)
            except Exception:  # a bad save is never a crash: start afresh
                self.game = None

    # -- the contract with the platform ------------------------------------
    def gate(self):
        """A screen came by itself (a new hand, your turn, the hand's end,
        the showdown): keys pressed before its frame is sent whole or
        within GATE_MS after are dropped (see carried). With a frame due,
        its time is that frame's (_draw stamps it), not this call's: a
        flash write or a frame cut by a button may come between the two.
        Called after the screen's change (``changed``, ``go``)."""
        self.gate_at = None if self.dirty else self._time()  # (None: till the frame is sent)

    def _time(self):
        """The app's time now: the clock's, else the last tick's."""
        c = self.clock
        return c() if c is not None else self.now

    def carried(self, key, event):
        """True for an A or a B that went down before the last gated
        screen was shown or within GATE_MS after: it was meant for the
        screen before. They
        come at their release or held long, and the loop's ``held`` (seen by
        tick) says when they went down. The arrows never act (they choose,
        scroll, show the list) and go through, but on a question (its
        arrows pick what A does); so does a long B (the menu)."""
        if (key < keys.A and not getattr(self.screen, "asks", False)) or (key == keys.B and event == keys.LONG):
            return False
        g = self.gate_at
        if g is None:  # the new screen is not on the glass yet
            return True
        t = self.down_at if self.held else self._time()
        return t - g < GATE_MS

    def handle(self, key, event):
        if event == keys.RELEASE or self.carried(key, event):
            return
        self._keyed = True
        # an arrow: the flash work waits (see _LOOK_MS); another key (your
        # action, the menu) lets it go at once
        if key > keys.DOWN:
            self.look_until = 0
        else:  # (self.now is the last tick's: a poll ago, or more)
            clock = self.clock
            self.look_until = (clock() if clock is not None else self.now) + _LOOK_MS
        scr = self.screen
        if event == keys.REPEAT:
            if key == keys.A or key == keys.B:
                return  # holding A or B never repeats an action
            event = keys.PRESS
        elif event == keys.LONG and key != keys.B and not (key == keys.A and getattr(scr, "long_a", False)):
            event = keys.PRESS
        if scr is not None:
            scr.key(key, event)

    def tick(self, now):
        self.now = now
        h = self.held
        if h != self._was_held:  # (the loop set it: a button went down or up)
            self._was_held = h
            if h:
                self.down_at = now
        scr = self.screen
        if scr is not None:
            scr.tick(now)

    def draw(self):
        shown = self._draw()
        if self.stale():  # (never after a key's frame)
            return shown  # the key first; the work after a frame at the next poll
        self._keyed = False
        if shown and self._save_due:  # the menu's settings, once its answer is shown
            self._save_due = False
            self.save_settings()
        if self.quiet():
            jobs = self.jobs
            if shown:  # what the frame shows on flash at once: a cut after it loses none of it
                jobs.step(_JOURNAL)
            elif not jobs.step(None, _THINKING):  # (the table runs the thinking, between looks at the buttons)
                self._ahead()
        return shown

    def quiet(self):
        """True when this poll may do a step of the work done later
        (poker.jobs: the game's journal and books, the loading, the next
        deal, the work ahead): no frame is due, no arrow key came in the
        last _LOOK_MS (the list view looked at, a choice moved: a LittleFS
        write now and then erases a 4 KB sector, 45 ms of the chip, and the
        next key waited on it), no button is changing (its key, still
        unknown in its debounce time, would wait on the step) or held (its
        answer, at the release, would wait on a step that cannot be cut: a
        key before the menu is loaded is answered by LOADING). A poll that drew a frame writes only
        the journal; the others run one step of the first job but the
        thinking, which the table runs itself."""
        if self.dirty or self.now - self.look_until < 0:
            return False
        moving = self.key_moving
        if moving is not None and moving():
            return False
        return not self.held

    def _ahead(self, run=True):
        """The work ahead of this screen, if any (with ``run``, no job
        waiting: it becomes the AHEAD job, and its step runs): while the
        showdown waits, the next deal (the key that starts it waits on no
        shuffle); while the menu waits, a new game's players and first deal
        (made again after a setting changed); while the final table waits,
        the showdown's names and lines (the key that shows it only draws);
        while the menu waits with MODE TOURNAMENT, the tournament's code,
        with HUMANS over one, pass and play's."""
        g = self.game
        job = None
        s = self.settings
        lazy = None  # a tournament's or pass and play's code while the menu waits: its NEW GAME waits on no import
        if self.screen is self._menu and s is not None:
            if s.tour and "ui.tournament" not in sys.modules:
                lazy = "ui.tournament"  # (and poker.match.tournament)
            elif s.humans > 1 and "ui.pass_play" not in sys.modules:
                lazy = "ui.pass_play"
        if lazy is not None:
            from poker import load

            job = lambda: load(lazy)  # noqa: E731
        elif g is None:
            return None
        elif getattr(self.screen, "deals_ahead", False):
            if g.ahead():
                job = g.deal_ahead
        elif self._new_due and self.screen is self._menu:
            job = g.new_game_ahead
            if run:
                self._new_due = False
        elif (g.hand is None and g.last_hand is not None and self.screen is self._table
                and self._showdown_ahead is None and g.unbooked is None):
            job = self._showdown
        if run and job is not None:
            self.jobs[_AHEAD] = job
            self.jobs.step()
        return job

    def _showdown(self):
        """The showdown made ahead (the AHEAD job of the final table; see
        take_showdown)."""
        from ui.showdown import prepare

        self._showdown_ahead = prepare(self.game)

    def _draw(self):
        scr = self.screen
        if not self.dirty or scr is None:
            return False
        fb = self.display
        # (few locals: a frame within the 11 words kept on the C stack, not
        # a heap block a frame: host_tests/test_frames_on_the_c_stack.py)
        if self.y0 <= 0 and self.y1 >= 64:
            fb.fill(0)
        else:  # only a band changed: clear it; screens skip what lies outside
            fb.fill_rect(0, self.y0, 128, self.y1 - self.y0, 0)
        if scr.draw(fb) is False:  # stale: a key came, its frame goes first
            return False
        self.dirty = False
        self.y0 = 64
        self.y1 = 0
        self.draws += 1
        stop = None if self._keyed else self.stop_frame
        if stop is None:
            fb.show()
        elif fb.show(False, stop) is False:
            self.changed()  # a key came: the rest goes with its frame
            return True
        if self.gate_at is None:  # the gated screen is shown: its keys count from now
            self.gate_at = self._time()
        return True

    def stale(self):
        """True when a button changed while a frame no key asked for is
        drawn or sent (a virtual player's action): it gives way to the
        key's (see stop_frame). Always False off the device."""
        s = self.stop_frame
        return s is not None and not self._keyed and s()

    def visible(self, y0, y1):
        """True if rows y0..y1-1 are being redrawn (screens skip the rest)."""
        return y1 > self.y0 and y0 < self.y1

    def rest_ms(self, now):
        """How long the app may be left alone (the device's loop then sleeps
        till then or a button, at a low clock): None, nothing is due till a
        key; 0, a poll is due (a frame to draw, a job or work ahead that
        the quiet polls run, work held back by arrow keys, a screen that
        moves); else the ms till the screen moves by itself (its
        ``rest_ms``: the players' pace, their action decided; a title that
        flashes)."""
        if (self.dirty or not self.loaded or self._save_due or now - self.look_until < 0
                or self.jobs.waiting(_THINKING) or self._ahead(False) is not None):
            return 0  # (the thinking is the table's: its own rest_ms)
        r = getattr(self.screen, "rest_ms", None)
        if r is not None:
            return r(now)
        return 0 if self.awake else None

    def battery_level(self):
        """The battery's charge in percent (the menu's title bar); None
        when the board has no battery sense."""
        b = self.battery
        return b.percent() if b is not None else None

    @property
    def awake(self):
        """True while the app animates by itself (virtual players acting,
        a flashing screen): the loop keeps the screen on."""
        scr = type(self.screen).__name__
        if scr == "PowerOn":
            return True
        g = self.game
        if g is not None and g.unbooked is not None:
            return True  # its books are still being written
        return scr == "Table" and g is not None and g.hand is not None and not g.human_to_act()

    # -- used by the screens --------------------------------------------------
    def changed(self, y0=0, y1=64):
        """Something on screen changed: rows y0..y1-1 (default: all)."""
        self.dirty = True
        self.y0 = min(self.y0, y0)
        self.y1 = max(self.y1, y1)

    def go(self, screen):
        self.screen = screen
        self.changed()  # (first: a gate() in enter waits for this frame)
        screen.enter()

    def play(self, name):
        if self.sound is not None and self.settings is not None and self.settings.sound:
            try:
                self.sound.play(name)
            except Exception:
                pass

    def coach_rng(self):
        # the coach's own random source, so hints never change the deals
        if self._crng is None:
            from poker.rng import Rng

            self._crng = Rng(2718)
        return self._crng

    def apply_settings(self):
        st = self.settings
        if st is not None:
            self.pace_ms = PACE_MS[st.speed]
        c = getattr(self.display, "contrast", None)
        if c is not None and self.settings is not None:
            try:
                c(self.settings.contrast)
            except Exception:
                pass

    def settings_changed(self):
        self._new_due = True
        self.apply_settings()
        self._settings_dirty = True

    def save_settings(self):
        st = self.settings
        if st is not None and self._settings_dirty:
            self._settings_dirty = False
            st.save(self.store)

    def stats(self):
        if self.game is not None:
            self.game.settle()  # the last hand counted
            return self.game.stats
        return None

    def can_resume(self):
        g = self.game
        return g is not None and not g.over and (g.hand is not None or g.hand_no > 0)
