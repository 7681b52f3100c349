"""The tournament's words on the screens (poker.match.tournament): the
banners of its events, the table's level mark, the end with the finishing
order, the statistics' page, the menu's LEVELS choices. Imported
only when a tournament is played or chosen (or its statistics shown), so a
cash game's heap never holds it; the resident screens name it as text
(poker.load) and call it by names they already have (hint, event_banner,
change, lines)."""
from poker.match.tournament import LEVEL_HANDS, LEVELS, figures
from ui.messages import Banner
from ui.words import seat_name


def place_name(p):
    """1 -> '1ST', 2 -> '2ND', 3 -> '3RD', 4 -> '4TH' (the small font has
    capitals only)."""
    if p % 100 // 10 != 1 and p % 10 in (1, 2, 3):
        return "%d%s" % (p, ("ST", "ND", "RD")[p % 10 - 1])
    return "%dTH" % p


def hint(g):
    """The table's bar while the others act: the level of the hand dealt
    now (1 = the first) and the hands it has left, this one included
    ('LV2 NEXT 3'); at the table's last level, the level alone."""
    t = g.tour
    n = g.hand_no  # hands completed: this hand is the next one
    level = t.level(n)
    mark = "LV%d" % (level - t.first + 1)
    if level < len(LEVELS) - 1:
        mark += " NEXT %d" % t.to_next(n)
    return mark


def _stakes(r, stud):
    if stud:
        return "ANTE %d, BRING-IN %d" % (r.ante, r.bring_in)
    return "BLINDS %d/%d" % (r.small_blind, r.big_blind)


def _order(g):
    """The finishing order in lines of five: '1 P4 2 YOU 3 P2 ...' (pass
    and play: each human by name, '1 P4 2 ANN 3 BOB ...')."""
    order = g.tour.order()
    one = g.humans == 1
    lines = []
    line = ""
    for i in range(len(order)):
        s = order[i]
        line += "%s%d %s" % (" " if line else "", i + 1, "YOU" if s == 0 and one else seat_name(s))
        if i % 5 == 4:
            lines.append(line)
            line = ""
    if line:
        lines.append(line)
    return lines


def event_banner(app, event):
    """The banner of a tournament event (ui.app asks it first, then ui.events):
    a seat out and its place, a new level's stakes, the end; None for
    another event (or one of a tournament left for a new game): the plain
    banner."""
    kind, arg = event
    g = app.game
    t = g.tour
    if t is None or not (kind == "LEVEL" or kind == "TOUR OVER" or (kind == "FINISH" and t.places[arg])):
        return None
    if kind == "FINISH":
        app.play("finish")
        return Banner(app, "OUT", ["%s HAS NO CHIPS LEFT:" % seat_name(arg),
                                   "OUT IN %s PLACE" % place_name(t.places[arg])], app.after_hand)
    if kind == "LEVEL":
        r = g.rules
        return Banner(app, "LEVEL %d" % (arg - t.first + 1), [
            "BETS NOW %d/%d" % (r.small_bet, r.big_bet), _stakes(r, g.variant.stud),
            "NEXT LEVEL IN %d HANDS" % t.every], app.after_hand, True)
    # the end: your place (pass and play: each human's, two a line), the
    # hands, the biggest pot, the finishing order
    places = t.places
    won = arg == 1
    word = "YOU WIN THE TOURNAMENT"
    lines = ["YOUR PLACE: %s OF %d" % (place_name(arg), g.seats)]
    if g.humans > 1:
        won = False
        lines = []
        for s in range(g.humans):
            part = "%s %s" % (seat_name(s), place_name(places[s]))
            if places[s] == 1:
                won = True
                word = "%s WINS THE TOURNAMENT" % seat_name(s)
            if s % 2:
                lines[-1] += "  " + part
            else:
                lines.append(part)
    if not won:
        word = "TOURNAMENT OVER"
    app.play("victory" if won else "gameover")

    def done(i):
        if i == 0:
            app.new_game()
        else:
            app.after_hand()
    lines += ["%d HANDS, BIGGEST POT %d" % (g.hand_no, t.biggest)] + _order(g)
    return Banner(app, word, lines, done, True, ("NEW GAME", "MENU"))


def change(s, step):
    """The menu's LEVELS (the hands a level lasts) moved one choice forward
    (step 1) or back (-1) in the Settings ``s`` (its ``tour``)."""
    c = LEVEL_HANDS
    s.tour = c[(c.index(s.tour) + step) % len(c)] if s.tour in c else c[1]


def lines(st):
    """The statistics' tournament page (ui.stats_screen) of the Stats
    ``st`` (``poker.match.tournament.figures``)."""
    d = figures(st)
    out = ["PLAYED %d  LEFT %d" % (d["played"], d["left"]),
           "BEST FINISH %s" % (place_name(d["best"]) if d["best"] else "-")]
    line = ""
    places = d["places"]
    for i in range(len(places)):
        if places[i]:
            part = "%s %d" % (place_name(i + 1), places[i])
            if len(line) + len(part) > 28:
                out.append(line)
                line = ""
            line += ("  " if line else "") + part
    if line:
        out.append(line)
    return out
