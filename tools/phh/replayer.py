"""A PHH hand played through the engine (``poker.hand.Hand``): its rules,
its table, the deck that deals its cards, and the replay that checks every
action and deal against ours.
"""
from phh.reader import parse_action, parse_cards
from poker.phhout import RULE_FIELDS, cards_text, player_seats

def rules_from_fields(f, base=None):
    """A ``RuleSet`` for a PHH hand: stakes from the PHH fields, contested
    rules from our user fields, else from ``base`` (default: the PokerKit
    conventions: bet + 3 raises heads-up too, no open-pair option; the house
    odd-chip and short all-in rules)."""
    from poker.rules import RuleSet
    antes = f.get("antes", 0)
    ante = _uniform(antes, "antes")
    blinds = f.get("blinds_or_straddles") or [0, 0]
    if isinstance(blinds, int):
        blinds = [blinds, blinds]
    for b in blinds[2:]:
        if b:
            raise ValueError("straddles are not supported")
    sb = blinds[0] if len(blinds) > 0 else 0
    bb = blinds[1] if len(blinds) > 1 else 0
    for k in ("small_bet", "big_bet"):
        if not isinstance(f.get(k), int):
            raise ValueError("field %s must be a whole number of chips" % k)
    r = RuleSet(f.get("_profile", "phh"), f["small_bet"], f["big_bet"], ante,
                f.get("bring_in", 0), sb, bb)
    if base is not None:
        for k in RULE_FIELDS:
            setattr(r, k, getattr(base, k))
    for k in RULE_FIELDS:
        if "_" + k in f:
            x = f["_" + k]
            setattr(r, k, None if x == "none" else x)
    return r


def _uniform(values, what):
    if isinstance(values, int):
        return values
    x = values[0] if values else 0
    for y in values:
        if y != x:
            raise ValueError("%s must be the same for every player" % what)
    if not isinstance(x, int):
        raise ValueError("%s must be a whole number of chips" % what)
    return x


class ReplayError(ValueError):
    """A PHH hand our engine cannot play: names the action at fault."""


def table_from_fields(f):
    """``(stacks by seat, dealer, seats in PHH order)`` for a PHH hand."""
    start = f["starting_stacks"]
    n = len(start)
    for s in start:
        if not isinstance(s, int) or s <= 0:
            raise ValueError("starting stacks must be positive whole numbers")
    if "seats" in f:
        seats = [s - 1 for s in f["seats"]]
        count = f.get("seat_count", max(seats) + 1)
        stacks = [0] * count
        for i in range(n):
            stacks[seats[i]] = start[i]
        dealer = f.get("_dealer", seats[-1])
        if player_seats(stacks, dealer) != seats:
            raise ValueError("seats do not run from the dealer's left")
        return stacks, dealer, seats
    return list(start), n - 1, list(range(n))


def _streets(actions, variant):
    """PHH deal lines grouped by street. A street closes at a player action,
    or when a line cannot belong to it (a second hole line for a player, a
    second board line, cards the street does not deal): an all-in runout
    writes the streets' deal lines one after another."""
    groups = []
    group = None
    st = -1
    for text in actions:
        a = parse_action(text)
        if a[0] not in ("dh", "db"):
            group = None
            continue
        fits = False
        if group is not None and st < variant.streets:
            if a[0] == "dh":
                fits = len(variant.deals[st]) > 0 and a[1] not in [g[1] for g in group if g[0] == "dh"]
            else:
                fits = variant.board[st] > 0 and not [g for g in group if g[0] == "db"]
        if group is None or not fits:
            group = []
            groups.append(group)
            st += 1
        group.append(a)
    return groups


def deck_for(f, variant, seats):
    """The preset deck (dealing order, burns included) that deals the PHH
    hand's cards as ``poker.hand.Hand`` deals: ``_deck`` if the file has it,
    else built from the deal lines; an unknown hole card (``??``) of a player
    who shows his cards (``sm``) is the shown card in the same place; burns
    and the other unknown cards get the cards nobody was dealt."""
    if "_deck" in f:
        return parse_cards(f["_deck"])
    shown = {}  # cards a player shows: they fill his unknown hole cards
    for text in f["actions"]:
        a = parse_action(text)
        if a[0] == "sm" and a[2]:
            shown[a[1]] = a[2]
    held = {}
    order = []
    st = 0
    for group in _streets(f["actions"], variant):
        if st >= variant.streets:
            raise ValueError("more streets dealt than %s has" % variant.code)
        if st > 0:
            order.append(None)  # the burn
        holes = {}
        board = []
        for a in group:
            if a[0] == "dh":
                if a[1] in holes or a[1] >= len(seats):
                    raise ValueError("bad hole dealing to p%d" % (a[1] + 1))
                holes[a[1]] = a[2]
            else:
                board.extend(a[2])
        pattern = variant.deals[st]
        players = sorted(holes)
        for p in players:
            if len(holes[p]) != len(pattern):
                raise ValueError("p%d gets %d cards on street %d, not %d" % (
                    p + 1, len(holes[p]), st + 1, len(pattern)))
        for p in players:
            got = held.setdefault(p, [])
            cards = holes[p]
            for k in range(len(cards)):
                if cards[k] is None and p in shown and len(got) < len(shown[p]):
                    cards[k] = shown[p][len(got)]
                got.append(cards[k])
        for k in range(len(pattern)):
            for p in players:
                order.append(holes[p][k])
        order.extend(board)
        st += 1
    if len(order) > 52:
        raise ValueError("more cards dealt than a deck holds (needs _deck)")
    seen = bytearray(52)
    for c in order:
        if c is not None:
            if seen[c]:
                raise ValueError("card %s dealt twice" % cards_text([c]))
            seen[c] = 1
    spare = [c for c in range(52) if not seen[c]]
    out = []
    k = 0
    for c in order:
        if c is None:
            c = spare[k]
            k += 1
        out.append(c)
    return out + spare[k:]


def variant_of(f):
    """The ``poker.variants.Variant`` of a PHH hand (``_variant``, else
    ``variant``); ValueError for a game we do not play."""
    from poker.variants import VARIANTS
    code = f.get("_variant", f.get("variant"))
    if code not in VARIANTS:
        raise ValueError("unknown variant %r" % (code,))
    return VARIANTS[code]


def replay(f, rules=None, on_decision=None):
    """Plays a PHH hand (fields from ``loads``) through ``poker.hand.Hand``.

    Returns ``(hand, seats)``, seats in PHH player order. ``rules``
    overrides ``rules_from_fields(f)``. ``on_decision(hand, seat)`` is
    called before each player action. Raises ``ReplayError`` naming the
    first action our engine refuses (or the hand left unfinished).
    """
    from poker.hand import Hand
    v = variant_of(f)
    r = rules if rules is not None else rules_from_fields(f)
    stacks, dealer, seats = table_from_fields(f)
    deck = deck_for(f, v, seats)
    h = Hand(v, r, stacks, dealer, None, deck=deck)
    if h.voided:
        raise ReplayError("the deal was voided: %s" % h.history[-1][1])
    for text in f["actions"]:
        a = parse_action(text)
        verb = a[0]
        if verb in ("dh", "db", "sm"):
            continue
        if h.finished:
            raise ReplayError("action %r after the hand ended" % text)
        p = a[1]
        if p is None or p >= len(seats):
            raise ReplayError("action %r: no such player" % text)
        seat = seats[p]
        actor = h.actor
        if actor != seat:
            raise ReplayError("action %r out of turn: p%d is to act" % (
                text, seats.index(actor) + 1 if actor is not None else 0))
        legal = h.legal_actions()
        if on_decision is not None:
            on_decision(h, seat)
        pick = None
        if verb == "f":
            want = ("fold",)
        elif verb == "cc":
            want = ("check", "call")
        elif verb == "pb":
            want = ("bring_in",)
        elif verb == "cbr":
            want = ("complete", "bet", "raise")
        else:
            raise ReplayError("action %r is not one of our games'" % text)
        for kind, amount in legal:
            if kind in want and (verb != "cbr" or h.bets[seat] + amount == a[2]):
                pick = (kind, amount)
                break
        if pick is None:
            raise ReplayError("illegal action %r; legal: %r" % (text, legal))
        try:
            h.act(pick[0], pick[1])
        except ValueError as e:
            raise ReplayError("illegal action %r: %s" % (text, e))
        if h.voided:
            raise ReplayError("the deal was voided after %r" % text)
    if not h.finished:
        raise ReplayError("the hand is not over after the last action (p%d to act)" % (
            seats.index(h.actor) + 1 if h.actor is not None else 0))
    _check_deals(f, h, seats)
    if "_reshuffle" in f and cards_text(h.reshuffled or b"") != f["_reshuffle"]:
        raise ReplayError("the reshuffle %r differs from ours (%s)" % (
            f["_reshuffle"], cards_text(h.reshuffled or b"")))
    return h, seats


def _check_deals(f, h, seats):
    mine = []
    for e in h.history:
        if e[0] == "deal_hole":
            mine.append(("dh", seats.index(e[1]), list(e[2])))
        elif e[0] == "deal_board":
            mine.append(("db", None, list(e[1])))
    theirs = [a for a in [parse_action(t) for t in f["actions"]] if a[0] in ("dh", "db")]
    if len(mine) != len(theirs):
        raise ReplayError("the file deals %d times, our engine %d" % (len(theirs), len(mine)))
    for i in range(len(mine)):
        a, b = theirs[i], mine[i]
        cards = a[2] if isinstance(a[2], list) else []
        same = a[0] == b[0] and a[1] == b[1] and len(cards) == len(b[2])
        if same:
            for x, y in zip(cards, b[2]):
                if x is not None and x != y:
                    same = False
        if not same:
            raise ReplayError("deal %r differs from ours (%s)" % (
                f_action_text(a), cards_text(b[2])))


def f_action_text(a):
    if a[0] == "db":
        return "d db " + cards_text(a[2])
    return "d dh p%d %s" % (a[1] + 1, cards_text(a[2]))
