"""The banner of a game event (poker.match.game's ``events``: a seat out,
GAME OVER, YOU WIN, a hand resumed or void after a power cut, a misdeal).

Imported when an event is shown and unloaded at once (ui.app): events
come a few times a game, so their words need not stay in the heap (GAME
OVER's answers keep its code only till that banner closes).
"""
from ui.messages import Banner
from ui.words import seat_name


def event_banner(app, event):
    """The banner of a game event ``(kind, seat)``; closing it goes on with
    ``app.after_hand`` (the next event, or the next hand). GAME OVER asks
    REBUY (chosen first) or NEW GAME; B leaves it for the menu."""
    kind, seat = event
    g = app.game
    if kind == "FINISH":
        app.play("finish")
        name = seat_name(seat)  # (pass and play: a human's name)
        return Banner(app, "FINISH", ["%s WENT ALL IN AND LOST" % name, "%s IS OUT" % name], app.after_hand)
    if kind == "GAME OVER":
        app.play("gameover")

        def done(i):
            if i == 0:
                app.rebuy()
            elif i == 1:
                app.new_game()
            else:
                app.after_hand()
        return Banner(app, "GAME OVER", ["YOU ARE UNDER $%d" % g.min_stack,
                                         "HANDS PLAYED %d" % g.hand_no], done, False, ("REBUY", "NEW GAME"))
    if kind == "WIN":
        app.play("victory")
        return Banner(app, "YOU WIN", ["EVERY VIRTUAL PLAYER IS OUT", "IN %d HANDS" % g.hand_no], app.after_hand)
    if kind == "RESUMED":
        # the cut hand goes on; if its last action was on flash, its end is shown
        return Banner(app, "HAND RESUMED", ["POWER WAS LOST MID-HAND:", "IT GOES ON AS IT WAS"],
                      app.table if g.hand is not None or g.last_hand is None else app.showdown, True)
    if kind == "VOID":
        return Banner(app, "HAND VOID", ["POWER WAS LOST MID-HAND AND", "ITS RECORD WAS UNUSABLE:",
                                         "EVERY CHIP WENT BACK"], app.after_hand, True)
    if kind == "MISDEAL":
        return Banner(app, "MISDEAL", ["THE DEAL WAS VOID, ANTES BACK;", "THE SAME DEALER DEALS AGAIN"],
                      app.after_hand, True)
    return Banner(app, kind, [], app.after_hand, True)
