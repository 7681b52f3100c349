"""The menu: resume (or, after GAME OVER, rebuy), new game, every setting of poker.match.settings.Settings, help
(the rules of the game: ui.help) and statistics.

Keys: UP/DOWN move, LEFT/RIGHT change the value, A changes it forward (or
opens the item; on GAME: the rules of the game shown there, ui.help, so a
game can be read before it is played; NAMES: the pass-and-play humans'
names, ui.name_entry), B goes back to the table when a
game is running. Two-button board: NEXT (RIGHT) changes the value, NEXT
held (DOWN) = next item, OK (A) = change forward / open (GAME: its rules),
OK held (B) = back.
"""
from micropython import const

from poker.match.settings import MAX_HUMANS
from ui import keys
from ui.messages import Confirm
from ui.screen import BATTERY_W, NORMAL, Screen, W, battery_icon, text, title, width

_ROW_H = const(9)
_TOP = const(10)
_ROWS = const(6)  # rows below the title bar

_LEVELS = const(("EASY", "NORMAL", "HARD"))
# the items that set the game itself (poker.match.game's names): they wait for a new game
_GAME_SETTING = {"GAME": "game", "BET": "stakes", "RULES": "profile", "PLAYERS": "players", "CHIPS": "chips",
                 "MODE": "tour", "LEVELS": "tour", "HUMANS": "humans"}
_CONTRAST_STEPS = const(8)  # contrast 1..8 shown; 0..255 stored


def contrast_level(v):
    """The 1..8 shown for a stored contrast 0..255."""
    return v * _CONTRAST_STEPS // 256 + 1


class Menu(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.sel = 0
        self.top = 0
        self.items = ()
        self.keep = False  # back from a screen the menu opened: same item

    def enter(self):
        self.items = self._items()
        if self.keep:
            self.keep = False
        elif self.app.can_resume():
            self.sel = 0  # a game runs: open on RESUME, never on NEW GAME
            self.top = 0
        if self.sel >= len(self.items):
            self.sel = 0
        self._scroll()

    def _items(self):
        s = self.app.settings
        out = []
        if self.app.can_resume():
            out.append("RESUME")
        g = self.app.game
        if g is not None and g.over and g.result == "lost" and g.tour is None and g.humans == 1:
            out.append("REBUY")  # the same table, the starting chips again
        out.append("NEW GAME")
        st = self.app.store
        if g is not None and st is not None and g.seq > 0 and g.humans == 1:  # (one human's eyes: not pass and play's)
            # when poker.match.review kept the last hand
            from poker.match.record import review_slot  # (resident: not poker.match.review)

            if st.exists(review_slot(g.seq)):
                out.append("LAST HAND")  # the last hand again (ui.review)
        out.append("MODE")  # a cash game or a tournament
        out.append("GAME")
        out.append("BET")
        out.append("RULES")
        out.append("HELP")
        if s.min_players() < s.max_players():  # the profile lets you choose
            out.append("PLAYERS")
        if len(s.chip_choices()) > 1:
            out.append("CHIPS")
        if s.tour:
            out.append("LEVELS")  # hands a level lasts
        out.append("HUMANS")  # pass and play: the seats played from the buttons
        if s.humans > 1:
            out.append("NAMES")  # theirs (ui.name_entry)
        out.append("LEVEL")
        out.append("SPEED")
        out.append("SOUND")
        out.append("CONTRAST")
        out.append("COACH")
        out.append("STATS")
        return tuple(out)

    def value(self, name):
        """The text shown right of an item, '' for actions; a setting
        changed for the next new game (not the one in play) is starred, and
        NEW GAME then says it applies them."""
        app = self.app
        key = _GAME_SETTING.get(name)
        if (key or name == "NEW GAME") and app.can_resume():
            pending = app.game.pending(app.settings)
            if name == "NEW GAME":
                return "APPLIES *" if pending else ""
            if key in pending:
                return "*" + self._value(name)
        return self._value(name)

    def _value(self, name):
        s = self.app.settings
        if name == "MODE":
            # (strings of a constant tuple, and one over ten letters, are
            # objects: no names interned in every route's heap)
            return ("CASH", "TOURNAMENT")[1 if s.tour else 0]
        if name == "LEVELS":
            return "%d HANDS EACH" % s.tour
        if name == "GAME":
            from poker.variants import name_of

            return name_of(s.game)
        if name == "BET":
            b = s.small_bet()
            return "%d/%d" % (b, 2 * b)
        if name == "RULES":
            return s.profile.upper()
        if name == "PLAYERS":
            return str(s.players)
        if name == "CHIPS":
            return str(s.chips)
        if name == "HUMANS":
            return str(s.humans)
        if name == "LEVEL":
            return _LEVELS[s.difficulty]
        if name == "SPEED":
            return s.SPEEDS[s.speed]
        if name == "SOUND":
            return "ON" if s.sound else "OFF"
        if name == "CONTRAST":
            return str(contrast_level(s.contrast))
        if name == "COACH":
            return "ON" if s.coach else "OFF"
        return ""

    def change(self, name, step):
        """Moves a setting one choice forward (step 1) or back (-1), wrapping."""
        s = self.app.settings
        if name == "MODE":
            # (no import in the press: the app imports a tournament's code
            # while the menu waits; 10 hands a level, LEVELS' default)
            s.tour = 0 if s.tour else 10
        elif name == "LEVELS":
            from poker import load

            load("ui.tournament").change(s, step)  # (its choices)
        elif name == "GAME":
            g = s.games()
            i = g.index(s.game) if s.game in g else 0
            s.game = g[(i + step) % len(g)]
        elif name == "BET":
            s.stakes = (s.stakes + step) % len(s.STAKES)
        elif name == "RULES":
            p = s.PROFILES
            s.profile = p[(p.index(s.profile) + step) % len(p)]
        elif name == "PLAYERS":
            lo = s.min_players()
            n = s.max_players() - lo + 1
            s.players = lo + (s.players - lo + step) % n
        elif name == "CHIPS":
            c = s.chip_choices()
            i = c.index(s.chips) if s.chips in c else 0
            s.chips = c[(i + step) % len(c)]
        elif name == "HUMANS":
            s.humans = 1 + (s.humans - 1 + step) % min(s.players, MAX_HUMANS)
        elif name == "LEVEL":
            s.difficulty = (s.difficulty + step) % 3
        elif name == "SPEED":
            s.speed = (s.speed + step) % len(s.SPEEDS)
        elif name == "SOUND":
            s.sound = not s.sound
        elif name == "CONTRAST":
            lvl = (contrast_level(s.contrast) - 1 + step) % _CONTRAST_STEPS + 1
            s.contrast = lvl * 256 // _CONTRAST_STEPS - 1
        elif name == "COACH":
            s.coach = not s.coach
        else:
            return False
        s.normalize()
        self.app.settings_changed()
        sel = self.items[self.sel]
        self.items = self._items()  # RULES adds or removes PLAYERS/CHIPS, MODE LEVELS
        self.sel = self.items.index(sel)
        self._scroll()
        return True

    def act(self, name):
        """An item that opens something (A on it; the app has loaded what
        it needs): RESUME, REBUY, NEW GAME (asked first over a game in
        play), LAST HAND, STATS, HELP."""
        app = self.app
        if name == "RESUME":
            self.resume()
        elif name == "REBUY":
            app.rebuy()
        elif name == "NEW GAME":
            if app.can_resume():
                self.ask_new_game()
            else:
                app.new_game()
        elif name == "LAST HAND":
            app.keep_menu()
            app.last_hand(app.menu)
        elif name == "STATS":
            from ui.stats_screen import StatsScreen

            app.keep_menu()
            app.go(StatsScreen(app))
        elif name == "HELP":
            app.help()
        elif name == "NAMES":
            from poker import load

            app.keep_menu()
            load("ui.name_entry").open(app)

    def resume(self):
        """Back to the game in play; if the menu changed its game, stakes,
        rules, seats or chips, asks: they need a new game."""
        app = self.app
        g = app.game
        st = app.settings
        if g is None or st is None:
            return
        if g.level != st.difficulty:
            g.remake_players()  # LEVEL applies at once
        if g.plays(st):
            app.table()
            return

        def done(i):
            if i == 1:
                app.new_game()
            else:
                app.table()
        app.go(Confirm(app, "SETTINGS CHANGED", ["MODE, GAME, BET, RULES, PLAYERS AND CHIPS APPLY TO A "
                                                 "NEW GAME: START ONE NOW?"], ("RESUME", "NEW GAME"), done, 0, 0))

    def ask_new_game(self):
        """NEW GAME over a game in play asks first: one key must not wipe it."""
        app = self.app

        def done(i):
            if i == 1:
                app.new_game()
            else:
                app.go(self)
        app.go(Confirm(app, "NEW GAME?", ["THE GAME IN PLAY ENDS: EVERY STACK STARTS OVER"],
                       ("BACK", "NEW GAME"), done, 0, 0))

    def _scroll(self):
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + _ROWS:
            self.top = self.sel - _ROWS + 1

    def key(self, k, event):
        n = len(self.items)
        name = self.items[self.sel]
        old_sel = self.sel
        old_top = self.top
        if k == keys.UP:
            self.sel = (self.sel - 1) % n
        elif k == keys.DOWN:
            self.sel = (self.sel + 1) % n
        elif k == keys.LEFT:
            self.change(name, -1)
        elif k == keys.RIGHT:
            self.change(name, 1)
        elif k == keys.A:
            if name == "GAME":
                self.app.help(self.app.settings.game)
                return
            if not self.change(name, 1):
                self.app.menu_action(name)
                return
        elif k == keys.B:
            if self.app.can_resume():
                self.app.menu_action("RESUME")
            return
        else:
            return
        self._scroll()
        if self.top != old_top or k == keys.LEFT or k == keys.RIGHT or k == keys.A:
            self.app.changed()  # scrolled, or a value (and maybe the items) changed
        else:  # the highlight moved: the two rows only
            for i in (old_sel, self.sel):
                y = _TOP + (i - self.top) * _ROW_H
                self.app.changed(y, y + _ROW_H)

    def draw(self, fb):
        app = self.app
        if app.visible(0, _TOP):
            title(fb, "STUD POKER")
            # the stakes in play (a changed BET waits for the next new game)
            g = app.game
            b = g.rules.small_bet if app.can_resume() else app.settings.small_bet()  # (a tournament's level)
            right_text = "%d/%d" % (b, 2 * b)
            x = W - 2 - width(right_text, NORMAL)
            text(fb, right_text, x, 1, NORMAL, 0)
            level = app.battery_level()  # (None: the board has no battery sense)
            if level is not None:
                battery_icon(fb, level, x - BATTERY_W - 3, 1)
        y = _TOP - _ROW_H
        for i in range(self.top, min(len(self.items), self.top + _ROWS)):
            y += _ROW_H
            if not app.visible(y, y + _ROW_H):
                continue
            name = self.items[i]
            v = self.value(name)
            c = 1
            if i == self.sel:
                fb.fill_rect(0, y, W, _ROW_H, 1)
                c = 0
            text(fb, name, 2, y + 1, NORMAL, c)
            if v:
                text(fb, v, W - 2 - width(v, NORMAL), y + 1, NORMAL, c)
        # scroll marks: a dot column at the right edge when more is hidden
        if self.top > 0:
            fb.fill_rect(W - 1, _TOP, 1, 2, 1)
        if self.top + _ROWS < len(self.items):
            fb.fill_rect(W - 1, 62, 1, 2, 1)
