"""What the screens say about actions, in one bet convention everywhere
(the limit player's, docs/playing.md "One bet convention"): a bet says
its chips, a raise or a completion the street total it makes, a call or a
bring-in the chips it puts in.

>>> action_text("raise", 600, 800)
'RAISE TO 800'
>>> short_text("raise", 20, 40)
'R TO 40'

``action_text`` for the bar and a row, ``short_text`` for a 36 px cell,
``LETTER`` for a stud cell at five seats and more.
"""
from ui.font import money

WORD = {
    "fold": "FOLD", "check": "CHECK", "call": "CALL", "bet": "BET",
    "raise": "RAISE", "bring_in": "BRING", "complete": "COMPL",
}
# a stud cell's letter: X check, C call, B bet or completion (the bet of
# third street), R raise, I bring-in
LETTER = {"check": "X", "call": "C", "bet": "B", "complete": "B", "raise": "R", "bring_in": "I"}


def says_total(kind):
    """True for the actions whose amount is the street total they make."""
    return kind == "raise" or kind == "complete"


def _amount(n):
    # an int below 100000 formats as it is, no string of its own (money's
    # K and M above)
    return n if n < 100000 else money(n)


def action_text(kind, amount, total=0, who=None):
    """An action in the convention: ``amount`` the chips it put in,
    ``total`` the seat's chips in on this street after it (for a raise or a
    completion); ``who``: the name before it ("P3 CALL 20"). One string is
    made, by one format: on the stock route each new string is first looked
    up among every name the heap holds (0.1-0.2 ms on the chip)."""
    t = WORD.get(kind) or kind.upper()
    if says_total(kind):
        n = _amount(total or amount)
        return "%s TO %s" % (t, n) if who is None else "%s %s TO %s" % (who, t, n)
    if amount and kind != "fold" and kind != "check":
        n = _amount(amount)
        return "%s %s" % (t, n) if who is None else "%s %s %s" % (who, t, n)
    return t if who is None else "%s %s" % (who, t)


def short_text(kind, amount, total=0):
    """action_text in at most nine characters (a two-column cell)."""
    if says_total(kind):
        return "%.1s TO %s" % (WORD[kind], _amount(total or amount))
    return action_text(kind, amount, total)


# pass and play: the humans' names by seat, which the screens show for
# "P1".. (ui.pass_play fills it; the table empties it for one human)
names = []
def seat_name(seat):
    return names[seat] if seat < len(names) else "P%d" % (seat + 1)


def street_action(view, s):
    """Seat s's last action of this street, the hand's record of it
    (street, seat, kind, amount), or None when it has not acted on this
    street (older streets' actions are history)."""
    acts = view.actions
    st = view.street
    for i in range(len(acts) - 1, -1, -1):
        a = acts[i]
        if a[0] != st:
            return None
        if a[1] == s:
            return a
    return None


def street_total(view, s):
    """Seat s's chips in on this street after its last action: its bet,
    or, once the hand is over (a last bet nobody called went back), the
    sum of what it put in since the street began."""
    if not view.finished:
        return view.bets[s]
    t = 0
    if not (view.variant.stud or view.street):
        # the blind seat s posted (flop games, first round), from the
        # positions: the two live seats left of the dealer (heads-up: the
        # dealer posts the small one)
        n = view.n
        order = []
        for i in range(1, n + 1):
            d = (view.dealer + i) % n
            if not view.sitting_out[d]:
                order.append(d)
        if len(order) == 2:
            order = [order[1], order[0]]
        if s == order[0]:
            t = view.rules.small_blind
        elif s == order[1]:
            t = view.rules.big_blind
    for a in view.actions:
        if a[0] == view.street and a[1] == s:
            t += a[3]
    return t


def seat_label(view, s):
    """What a seat did: FOLD, ALL IN, or its action on this street; '' for
    a seat that has not acted on this street yet."""
    if view.folded[s]:
        return "FOLD"
    if view.all_in[s]:
        return "ALL IN"
    la = street_action(view, s)
    return action_text(la[2], la[3], street_total(view, s)) if la is not None else ""


def status_text(view, hint=""):
    """The bar's text when it is not your turn; ``hint``: what the table
    adds while you hurry the players ('>>') or after an A ('B: HURRY')."""
    if view.finished:
        return "HAND OVER %s" % hint if hint else "HAND OVER"
    if view.actor is None:
        return "DEALING"
    t = "%s TO ACT" % seat_name(view.actor)
    if view.folded[view.seat]:
        t = "FOLDED - %s" % t
    return t + " " + hint if hint else t
