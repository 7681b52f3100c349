"""Statistics (poker.match.stats): overall, per game type and, once one was
played, the tournaments (kept apart: ui.tournament draws their page),
then a page for each human of pass and play (ui.pass_play's);
LEFT/RIGHT (or B short on a two-button board) switch between them, A or a
long B go back.

Imported when the menu opens STATS and unloaded when it closes: its code
is in the heap only while it shows."""
from ui import keys
from ui.screen import NORMAL, SMALL, Screen, W, right, text, title


class StatsScreen(Screen):
    next_key = keys.RIGHT

    def __init__(self, app):
        Screen.__init__(self, app)
        self.page = 0

    def pages(self):
        st = self.app.stats()
        if st is None:
            return [None]
        names = list(st.names)  # pass and play's humans: a page each, after the rest
        names.sort()
        return [None] + list(st.codes()) + (["TOURNAMENTS"] if st.tour else []) + [(n,) for n in names]

    def key(self, k, event):
        n = len(self.pages())
        if k == keys.RIGHT or k == keys.DOWN:
            self.page = (self.page + 1) % n
            self.app.changed()
        elif k == keys.LEFT or k == keys.UP:
            self.page = (self.page - 1) % n
            self.app.changed()
        elif k == keys.A or k == keys.B:
            from poker import unload

            unload("ui.stats_screen")
            self.app.menu()

    def draw(self, fb):
        st = self.app.stats()
        pages = self.pages()
        if self.page >= len(pages):
            self.page = 0
        code = pages[self.page]
        if isinstance(code, tuple):  # a human's of pass and play (ui.pass_play)
            from poker import load

            title(fb, "PLAYER " + code[0])
            right(fb, "%d/%d" % (self.page + 1, len(pages)), W - 2, 1, SMALL, 0)
            y = 11
            for line in load("ui.pass_play").lines(st, code[0]):
                text(fb, line, 0, y, SMALL)
                y += 7
            return
        if code == "TOURNAMENTS":
            from poker import load

            title(fb, "TOURNAMENTS")
            right(fb, "%d/%d" % (self.page + 1, len(pages)), W - 2, 1, SMALL, 0)
            y = 11
            for line in load("ui.tournament").lines(st):
                text(fb, line, 0, y, SMALL)
                y += 7
            return
        if code is None:
            title(fb, "STATS: ALL")
            d = st.total() if st is not None else None
        else:
            from poker.variants import name_of

            title(fb, name_of(code).upper())
            d = st.get(code)
        right(fb, "%d/%d" % (self.page + 1, len(pages)), W - 2, 1, SMALL, 0)
        if not d:
            text(fb, "NO HANDS YET", 2, 14, NORMAL)
            return
        hands = d.get("hands", 0)
        won = d.get("won", 0)
        net = d.get("net", 0)
        y = 11
        text(fb, "HANDS %d  WON %d (%d%%)" % (hands, won, (100 * won + hands // 2) // hands if hands else 0), 0, y, SMALL)
        y += 7
        t = "NET %s%d" % ("+" if net > 0 else "", net)
        if d.get("rebuys", 0):
            t += "  REBUYS %d" % d["rebuys"]
        text(fb, t, 0, y, SMALL)
        y += 7
        text(fb, "BIGGEST POT %d" % d.get("pot", 0), 0, y, SMALL)
        y += 7
        text(fb, "GAMES %d WON %d LOST %d LEFT %d" % (
            d.get("games", 0), d.get("games_won", 0), d.get("games_lost", 0), d.get("games_left", 0)), 0, y, SMALL)
        y += 7
        best = d.get("best_text", "")
        text(fb, "BEST HAND:", 0, y, SMALL)
        y += 7
        if best:
            text(fb, best.upper()[:32], 0, y, SMALL)
