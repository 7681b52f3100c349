"""The way between the screens: the menu and its actions, the help and the
last hand, the table, the showdown and the game's news after it. The part
of ``ui.app.App`` the screens call to move on (``app.menu()``,
``app.table()``, ``app.after_hand()``...); App keeps the contract with the
platform (keys, ticks, frames, the work done later).
"""
# pyright: reportAttributeAccessIssue=false
# (a mixin: the fields it reads are App's, set in App.__init__)
from poker import load, unload
from ui.messages import Banner


class Flow:
    """App's screens in their order (App is a Flow; the fields are App's)."""

    def notify(self, message):
        """A notice for the screen (a bad board file...), shown on the way
        to the menu, like a damaged save's."""
        self._notices.append(message)

    def menu(self):
        if self._notice():  # (a board's notice needs nothing loaded)
            return
        if not self.loaded:
            # a key before a saved game is read: the menu shows it (RESUME);
            # else a key at once after power-on waits on the settings only
            game = self.store is not None and self.store.exists("game")
            if game or self.settings is None:
                load("ui.quick_start").wait(self, self.menu, game)
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
            load("ui.quick_start").wait(self, lambda: self.menu_action(name))
            return
        m = self._menu
        if m is not None:  # (the menu's own key brought it here)
            m.act(name)

    def help(self, code=None):
        """HELP: the rules of game ``code`` (the menu's GAME line: the game
        selected), else of the game in play (or selected); back to the
        menu, on the same item."""
        if not self.loaded:  # a key quicker than the loading
            load("ui.quick_start").wait(self, lambda: self.help(code))
            return
        from ui.help import Help

        self.keep_menu()

        def back():
            unload("ui.help")  # its text and functions leave the heap
            self.menu()
        self.go(Help(self, back, code))

    def last_hand(self, back):
        """LAST HAND (ui.review, read when opened and unloaded when closed);
        ``back()`` when it closes. Not in pass and play: it is the hand as
        seat 0 saw it, down cards and all."""
        if self.game is not None and self.game.humans > 1:
            self.play("error")
            return
        from ui.review import open_last_hand

        open_last_hand(self, back)

    def keep_menu(self):
        m = self._menu
        if m is not None:
            m.keep = True  # back from the screen it opens: the same item

    def new_game(self):
        self.collect_due = True
        if self.game is None:
            # deferred from the start: its first records wait for its frame
            game = load("poker.match.game")  # (loaded by now: load's lookup, not an import's)
            self.game = game.Game(self.settings, self.rng, self.store, self.players, self.hand_factory, jobs=self.jobs)
        else:
            self.game.settings = self.settings
            self.game.new_game()
        self._table = None
        self.table()

    def rebuy(self):
        """REBUY after GAME OVER: the starting chips again, the same table
        goes on (poker.match.game's rebuy; counted in the statistics)."""
        g = self.game
        if g is None or not g.over or g.result != "lost" or g.tour is not None or g.humans > 1:
            self.menu()
            return
        g.rebuy()
        self.after_hand()

    def table(self):
        g = self.game
        if g is not None:
            g.drop_new_game_ahead()  # (the game goes on: its heap is the game's)
        if self._table is None:
            self._table = load("ui.table").Table(self)
        if self._show_events():
            return
        self.go(self._table)

    def start_hand(self):
        g = self.game
        if g is not None:
            g.start_hand()

    def take_showdown(self):
        """The showdown made ahead (see _ahead), once; None if none."""
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
        event = g.events.pop(0)
        b = None
        if g.tour is not None:  # (its code is in the heap: no import in the press)
            b = load("ui.tournament").event_banner(self, event)
        if b is None and g.humans > 1:  # (the same, pass and play's)
            b = load("ui.pass_play").event_banner(self, event)
        if b is None:
            from ui.events import event_banner

            b = event_banner(self, event)
            unload("ui.events")
        self.go(b)
        return True
