"""The console app: screens driven by key events and a clock.

    app = App(display, store, rng, clock=None, sound=None, battery=None)
    app.handle(key, event)   # ui.keys codes
    app.tick(now)            # pacing, flashing
    app.draw()               # redraws only if something changed, then show()

``display``: a framebuf.FrameBuffer (MONO_VLSB 128x64) with ``show()`` and
optionally ``contrast(v)``. ``store``: a ``poker.match.store.Store`` or None.
``rng``: anything with ``getrandbits`` (deals the cards). ``clock``: a
callable returning milliseconds, or an object with ``ticks_ms()`` (caps the
coach's equity time), or None. ``sound``: an object with ``play(name)``
(names: click, turn, win, lose, finish, gameover, victory) or None.
``battery``: a ``hw.power.Battery`` or None, kept as ``app.battery`` for a
screen that shows it.

Keys, six buttons: UP/DOWN/LEFT/RIGHT move or choose, A confirms or acts, B
goes back (on the table: selects FOLD on your turn, hurries the virtual
players while they act; ui.table); a long B opens the menu from the table
or the showdown.

Two buttons (ui.keys.BOARD_KEYS): OK short = A, OK long = B, NEXT short =
RIGHT, NEXT long = DOWN. Every screen works with these four: DOWN and the
menu's values wrap around, A confirms, B goes back. On the table: NEXT
picks the action (up to the last one), OK does it; hold OK to go to FOLD
(hold again for the menu), or to hurry the players while they act; hold
NEXT to see the table as a list.

A press of A or B needs the finger lifted first after a screen that came
by itself (a new hand, your turn, the hand's end, the showdown: ``gate()``):
one held through it, or pressed within GATE_MS of it, does nothing.
"""
import sys

from micropython import const

from ui import keys
from ui.messages import Banner, Wait

# What a game needs, imported for good one per idle poll once the first
# frame (NEW GAME) is on the display, in this order: on the stock route each
# module's code is read into the heap, and code loaded on a fresh heap sits
# together below the game's objects instead of in the holes between them
# (loaded on first use, it fragmented the heap until a showdown's import
# failed). The settings (and their modules) come first, then the menu: the
# first key's answer (the menu) needs no more. Not here: poker.phhout
# (imported for a hand's history and forgotten after: poker.match.game), and the
# screens only the menu opens (help, stats), per use. (poker.players.hard out of
# here, imported only for a HARD player, saved 5.8 KB ROMFS / 9.1 KB stock
# in a game without one, but made the stock route's new-game press 85 ms
# instead of 59 on the virtual Pico.)
# (poker.odds.sampler is here too: imported at its first use instead, in the
# first decision of Normal or Hard at seven card stud or hold'em, its two
# modules were read while the players thought, and a press then waited on
# the import: 52 ms where others took 38 on the stock route.)
PRELOAD = ("poker.variants", "poker.rules", "poker.match.settings", "ui.menu", "poker.eval.lows", "poker.eval.load",
           "poker.eval.evaluator", "poker.cards",
           "poker.deal", "poker.settle", "poker.hand", "poker.view", "poker.odds.ranges",
           "poker.odds.omaha_fast", "poker.odds.montecarlo", "poker.odds.sampler", "poker.players.base",
           "poker.players.notes", "poker.players.hard", "poker.match.record", "poker.eval.handname", "poker.match.game",
           "ui.coach", "ui.table", "ui.showdown")
_ANSWER = const(4)  # PRELOAD's first modules: what the first key's answer (the menu) needs
# While arrow keys come (the list view looked at while the players act, a
# choice moved) the flash work after the players' frames waits till none
# came for _LOOK_MS ms (the journal's records, a finished hand's books and
# saves: a LittleFS write now and then erases a 4 KB sector, 45 ms of the
# chip, and the next key waited on it), and so do the loading steps (an
# import from LittleFS, 10-30 ms). Any other key (your action) lets them go
# at once, after that key's frame, as before.
_LOOK_MS = const(250)
# After a screen that came by itself (gate()), an A or a B that went down
# before it or within GATE_MS after it is dropped: a press meant for the screen
# before (hurrying the players, closing the showdown) never acts on the new
# one (your first action of a hand, a call you never saw).
GATE_MS = const(250)
# A module of PRELOAD with a ``load_step()`` (poker.eval.load: the
# evaluator's tables, 165 ms of the chip read at once from LittleFS) is
# then called once per idle poll until it returns True, before the next
# import: a press waits on one step, not on the whole loading.


# between two virtual players' actions (visible pacing), by the SPEED
# setting (poker.match.settings.SPEEDS: slow, normal, fast)
PACE_MS = (1000, 600, 300)


class App:
    pace_ms = PACE_MS[1]  # (apply_settings sets it from the SPEED setting)
    _settings_dirty = False  # settings changed since they were last saved
    # what the Game is built with (None: poker.match.game's defaults); tests and
    # demos put fixed virtual players or preset decks here
    players = None
    hand_factory = None
    held = False  # a button is down (the device's loop says so)
    _new_due = False  # the menu's new game is to be made ahead (again)
    _showdown_ahead = None  # (hand, head, lines, won): the showdown made ahead (see draw)
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
    gate_at = -GATE_MS  # app time of the last screen change that gates keys
    _down_at = 0  # app time a button last went down (the loop's held rising)
    _was_held = False

    def __init__(self, display, store, rng, clock=None, sound=None, battery=None, quick=False):
        self.display = display
        self.store = store
        self.rng = rng
        self.clock = getattr(clock, "ticks_ms", clock)  # a callable or None
        self.sound = sound
        self.battery = battery
        self.now = 0
        self.dirty = True
        self.y0 = 0  # the band of rows to redraw
        self.y1 = 64
        self.draws = 0  # frames drawn (tests, benchmarks)
        self.settings = None
        self._crng = None
        self._menu = None
        self._notices = []  # messages for the screen, shown one by one
        self._table = None
        self._save_due = False  # the settings are saved after the next frame
        self.screen = None
        self.game = None
        # quick (the device): the settings, PRELOAD and the saved game are
        # read after the first frame, a step per idle poll; else (tests,
        # simulator) at once
        self._preload = 0  # PRELOAD's modules imported so far
        self.loaded = False  # the saved game was read (self.game, maybe None)
        if not quick:
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
                self.game = Game.load(self.store, self.rng, self.settings, self.players, self.hand_factory)
                # the journal's records and a finished hand's books wait for draw()
                self.game.defer_journal = True
                self.game.defer_booking = True
            except Exception:  # a bad save is never a crash: start afresh
                self.game = None

    def _load_next(self):
        """One step of the loading after the first frame: a module of
        PRELOAD (after the menu's, the settings) or a step of its
        load_step() until that returns True, and after the last one the
        saved game."""
        i = self._preload
        if i >= _ANSWER and self.settings is None:
            self._load_settings()
        elif i < len(PRELOAD):
            # (no attribute more on the app for this: with one more, every
            # answer of the menu came 7 ms later on the virtual Pico; its
            # attribute dict, most likely)
            name = PRELOAD[i]
            mod = sys.modules.get(name)
            if mod is None:  # its import: this poll's step
                __import__(name)
                if not hasattr(sys.modules[name], "load_step"):
                    self._preload = i + 1
            elif not hasattr(mod, "load_step") or mod.load_step():  # (without one: in once imported)
                self._preload = i + 1
        elif not self.loaded:
            self._load_game()

    def _menu_ready(self):
        return self.settings is not None

    def _game_ready(self):
        return self.loaded

    def _after_loading(self, then, done):
        """then() at once if ready() (what it needs is in), else LOADING
        (Wait) at once, the loading a step per poll until ready(), then
        then(): the key is answered at once either way."""
        if done():
            then()
            return

        def step():
            if not done():
                self._load_next()
            return done()
        wait = getattr(self.screen, "wait", None)  # PowerOn says LOADING itself
        if wait is not None:
            wait(step, then)
        else:
            self.go(Wait(self, step, then))

    # -- the contract with the platform ------------------------------------
    def gate(self):
        """A screen came by itself (a new hand, your turn, the hand's end,
        the showdown): keys pressed before it or within GATE_MS of it are
        dropped (see carried)."""
        self.gate_at = self._time()

    def _time(self):
        """The app's time now: the clock's, else the last tick's."""
        c = self.clock
        return c() if c is not None else self.now

    def carried(self, key, event):
        """True for an A or a B that went down before the last gate() or
        within GATE_MS after it: it was meant for the screen before. They
        come at their release or held long, and the loop's ``held`` (seen by
        tick) says when they went down. The arrows never act (they choose,
        scroll, show the list) and go through, but on a question (its
        arrows pick what A does); so does a long B (the menu)."""
        if (key < keys.A and not getattr(self.screen, "asks", False)) or (key == keys.B and event == keys.LONG):
            return False
        t = self._down_at if self.held else self._time()
        return t - self.gate_at < GATE_MS

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
                self._down_at = now
        # a loading step only in an idle poll: none before a frame to draw,
        # none while a button is held (its answer, at the release, would
        # wait on an import that cannot be cut) but what the menu needs
        if (self.draws and not self.loaded and not self.dirty and (not self.held or not self._menu_ready())
                and now - self.look_until >= 0):
            self._load_next()
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
        g = self.game
        if g is not None:
            # the hand's journal, once the frame is shown (not while arrows
            # come: _LOOK_MS; nor as a button changes: its key, still
            # unknown in its debounce time, would wait on a flash erase)
            moving = self.key_moving
            quiet = self.now - self.look_until >= 0 and (moving is None or not moving())
            if quiet:
                g.flush_journal()
            # a finished hand's books (they write too), a part per idle
            # poll; then, while the showdown waits, the next deal (the key
            # that starts it waits on no shuffle), and while the menu waits,
            # a new game's players and first deal (made again after a
            # setting changed)
            if not shown and not (g.book() if quiet else g.unbooked is not None):
                if getattr(self.screen, "deals_ahead", False):
                    g.deal_ahead()
                elif self._new_due and self.screen is self._menu:
                    self._new_due = False
                    g.new_game_ahead()
                elif (g.hand is None and g.last_hand is not None and self.screen is self._table
                      and self._showdown_ahead is None):
                    # while the final table waits: the showdown's names and
                    # lines, so that the key that shows it only draws
                    from ui.showdown import prepare

                    self._showdown_ahead = prepare(g)
        s = self.settings
        if not shown and self.screen is self._menu and s is not None and s.tour and "ui.tournament" not in sys.modules:
            # a tournament's code while the menu waits: its NEW GAME waits on no import
            from poker import load

            load("ui.tournament")  # (and poker.match.tournament)
        return shown

    def _draw(self):
        scr = self.screen
        if not self.dirty or scr is None:
            return False
        fb = self.display
        y0 = self.y0
        y1 = self.y1
        if y0 <= 0 and y1 >= 64:
            fb.fill(0)
        else:  # only a band changed: clear it; screens skip what lies outside
            fb.fill_rect(0, y0, 128, y1 - y0, 0)
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
        key; 0, a poll is due (a frame to draw, the loading, work held back
        by arrow keys, a screen that moves); else the ms till the screen
        moves by itself (its ``rest_ms``: the players' pace, their action
        decided; a title that flashes)."""
        if self.dirty or not self.loaded or self._save_due or now - self.look_until < 0:
            return 0
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
        screen.enter()
        self.changed()

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

    def notify(self, message):
        """A notice for the screen (a bad board file...), shown on the way
        to the menu, like a damaged save's."""
        self._notices.append(message)

    def menu(self):
        if self._notice():  # (a board's notice needs nothing loaded)
            return
        if not self.loaded:
            if self.store is not None and self.store.exists("game"):
                # a key before a saved game is read: the menu shows it (RESUME)
                self._after_loading(self.menu, self._game_ready)
                return
            if not self._menu_ready():  # a key at once after power-on
                self._after_loading(self.menu, self._menu_ready)
                return
        if self._menu is None:
            from ui.menu import Menu

            self._menu = Menu(self)
        if self.store is not None:
            self._notices.extend(self.store.pop_problems())
        if self._notice():
            return
        self._new_due = True
        self.go(self._menu)

    def _notice(self):
        """The first notice on the screen, on the way to the menu; True if
        one is up (one at a time, each whole)."""
        if not self._notices:
            return False
        self.go(Banner(self, "NOTICE", [self._notices.pop(0).upper()], self.menu, True))
        return True

    def menu_action(self, name):
        self._save_due = True
        if not self.loaded:  # a key quicker than the loading
            self._after_loading(lambda: self.menu_action(name), self._game_ready)
            return
        m = self._menu
        if m is not None:  # (the menu's own key brought it here)
            m.act(name)

    def help(self, code=None):
        """HELP: the rules of game ``code`` (the menu's GAME line: the game
        selected), else of the game in play (or selected); back to the
        menu, on the same item."""
        if not self.loaded:  # a key quicker than the loading
            self._after_loading(lambda: self.help(code), self._game_ready)
            return
        from ui.help import Help

        self.keep_menu()

        def back():
            from poker import unload

            unload("ui.help")  # its text and functions leave the heap
            self.menu()
        self.go(Help(self, back, code))

    def last_hand(self, back):
        """LAST HAND (ui.review, read when opened and unloaded when closed);
        ``back()`` when it closes."""
        from ui.review import open_last_hand

        open_last_hand(self, back)

    def keep_menu(self):
        m = self._menu
        if m is not None:
            m.keep = True  # back from the screen it opens: the same item

    def new_game(self):
        from poker.match.game import Game

        self.collect_due = True
        if self.game is None:
            # deferred from the start: its first records wait for its frame
            self.game = Game(self.settings, self.rng, self.store, self.players, self.hand_factory,
                             defer_journal=True)
        else:
            self.game.settings = self.settings
            self.game.new_game()
        self._table = None
        self.table()

    def rebuy(self):
        """REBUY after GAME OVER: the starting chips again, the same table
        goes on (poker.match.game's rebuy; counted in the statistics)."""
        g = self.game
        if g is None or not g.over or g.result != "lost" or g.tour is not None:
            self.menu()
            return
        g.rebuy()
        self.after_hand()

    def table(self):
        g = self.game
        if g is not None:
            g.drop_new_game_ahead()  # (the game goes on: its heap is the game's)
        if self._table is None:
            from ui.table import Table

            self._table = Table(self)
        if self._show_events():
            return
        self.go(self._table)

    def start_hand(self):
        g = self.game
        if g is not None:
            g.start_hand()

    def take_showdown(self):
        """The showdown made ahead (see draw), once; None if none."""
        p = self._showdown_ahead
        self._showdown_ahead = None
        return p

    def showdown(self):
        from ui.showdown import Showdown

        t = self._table
        if t is not None:
            t.view = None  # the showdown reads its own view of the hand (1.3 KB less beside it)
        self.go(Showdown(self))

    def after_hand(self):
        """After the showdown: the game's news, then the next hand."""
        if self._show_events():
            return
        g = self.game
        if g is None or g.over:
            self.menu()
        else:
            self.table()

    def _show_events(self):
        """Shows the first pending game event as a banner; True if one is up.
        Closing it comes back here until none is left (ui.events)."""
        g = self.game
        if g is None or not g.events:
            return False
        from poker import load, unload

        event = g.events.pop(0)
        b = None
        if g.tour is not None:  # (its code is in the heap: no import in the press)
            b = load("ui.tournament").event_banner(self, event)
        if b is None:
            from ui.events import event_banner

            b = event_banner(self, event)
            unload("ui.events")
        self.go(b)
        return True
