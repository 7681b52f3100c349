"""Hand histories in PHH: the writer, the half the device needs.

The console writes a history after every hand; the reader and the replayer
(the larger half) are host-side only, in tools/phh, which re-exports every
name here (``phh.dumps`` and the rest). See tools/phh for the fields written.
"""

import io

from micropython import const

from poker.cards import RANKS, SUITS

BARE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"

# The order in which dumps_fields writes the fields it knows.
FIELD_ORDER = (
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles",
    "bring_in", "small_bet", "big_bet", "min_bet", "starting_stacks",
    "actions", "author", "event", "url", "venue", "address", "city",
    "region", "postal_code", "country", "time", "time_zone", "day", "month",
    "year", "hand", "level", "seats", "seat_count", "table", "players",
    "finishing_stacks", "winnings", "currency", "currency_symbol",
    "time_limit", "time_banks",
)


def chars_in(text, allowed):
    for c in text:
        if c not in allowed:
            return False
    return True


# ---------------------------------------------------------------- writing
# The text is written piece by piece into one io.StringIO: the console
# writes a history after every hand, and building it from concatenated
# strings left several times its size in garbage (measured: ~15 KB a hand).

def _write_quoted(out, text):
    if "'" not in text and "\n" not in text:
        out.write("'")
        out.write(text)
        out.write("'")
        return
    out.write('"')
    for c in text:
        if c == '"' or c == "\\":
            out.write("\\")
            out.write(c)
        elif c == "\n":
            out.write("\\n")
        elif c == "\t":
            out.write("\\t")
        elif ord(c) < 32:
            out.write("\\u%04x" % ord(c))
        else:
            out.write(c)
    out.write('"')


def _write_key(out, k):
    if k and chars_in(k, BARE):
        out.write(k)
    else:
        _write_quoted(out, k)


def _write_value(out, v):
    if v is True:
        out.write("true")
    elif v is False:
        out.write("false")
    elif isinstance(v, int):
        out.write(str(v))
    elif isinstance(v, float):
        out.write("inf" if v == float("inf") else repr(v))
    elif isinstance(v, str):
        _write_quoted(out, v)
    elif isinstance(v, (list, tuple)):
        out.write("[")
        for i in range(len(v)):
            if i:
                out.write(", ")
            _write_value(out, v[i])
        out.write("]")
    elif isinstance(v, dict):
        out.write("{")
        first = True
        for k in v:
            if not first:
                out.write(", ")
            first = False
            _write_key(out, k)
            out.write(" = ")
            _write_value(out, v[k])
        out.write("}")
    else:
        raise ValueError("cannot write %r in PHH" % (v,))


def dumps_fields(fields):
    """PHH text of a dict of fields: known fields in PHH's order, then the
    others (user fields) sorted; ``None`` values are left out. ``actions``
    is written one action a line."""
    out = io.StringIO()
    for k in FIELD_ORDER:
        if k in fields:
            _write_field(out, k, fields[k])
    for k in sorted([k for k in fields if k not in FIELD_ORDER]):
        _write_field(out, k, fields[k])
    return out.getvalue()  # pyright: ignore[reportAttributeAccessIssue]  (MicroPython has it; the rp2 stub omits it)


def _write_field(out, k, v):
    if v is None:
        return
    if k == "actions" and v:
        out.write("actions = [\n")
        for a in v:
            out.write("  ")
            _write_quoted(out, a)
            out.write(",\n")
        out.write("]\n")
        return
    _write_key(out, k)
    out.write(" = ")
    _write_value(out, v)
    out.write("\n")


# ---------------------------------------------------------------- actions

def cards_text(cards):
    """PHH card text: cards run together, ``??`` for an unknown (None)."""
    # (written into one buffer: a str per card and their list would be 2 KB
    # of garbage for a deck, at every hand's history)
    out = io.StringIO()
    for c in cards:
        if c is None:
            out.write("??")  # pyright: ignore[reportAttributeAccessIssue]  (the rp2 stub's StringIO omits write)
        else:
            out.write(RANKS[c >> 2])  # pyright: ignore[reportAttributeAccessIssue]
            out.write(SUITS[c & 3])  # pyright: ignore[reportAttributeAccessIssue]
    return out.getvalue()  # pyright: ignore[reportAttributeAccessIssue]  (MicroPython has it; the rp2 stub omits it)


def player_seats(stacks, dealer):
    """Seats in PHH player order: seats with chips, from the dealer's left
    round to the dealer. ``stacks`` are the chips at the start of the hand."""
    n = len(stacks)
    return [(dealer + 1 + i) % n for i in range(n) if stacks[(dealer + 1 + i) % n] > 0]


# ---------------------------------------------------------------- hands

RULE_FIELDS = ("raise_cap", "heads_up_uncapped", "open_pair_big_bet", "odd_chip",
                "short_all_in_reopens", "impossible_call_guard", "raise_over_all_in",
                "odd_chips_together", "merge_pots", "low_half_if_any_low")


def hand_fields(h):
    """The PHH fields of a ``poker.hand.Hand`` (finished or running)."""
    v = h.variant
    r = h.rules
    seats = player_seats(h.initial_stacks, h.dealer)
    index = {}
    for i in range(len(seats)):
        index[seats[i]] = i
    n = len(seats)
    f = {"variant": v.code}
    if v.stud:
        f["antes"] = [r.ante] * n
        f["bring_in"] = r.bring_in
    else:
        f["antes"] = [0] * n
        f["blinds_or_straddles"] = [r.small_blind, r.big_blind] + [0] * (n - 2)
    f["small_bet"] = r.small_bet
    f["big_bet"] = r.big_bet
    f["starting_stacks"] = [h.initial_stacks[s] for s in seats]
    f["actions"] = _actions(h, index)
    f["seats"] = [s + 1 for s in seats]
    f["seat_count"] = h.n
    if h.finished and not h.voided:
        f["finishing_stacks"] = [h.stacks[s] for s in seats]
        f["winnings"] = [h.winnings[s] for s in seats]
    f["_variant"] = v.code
    f["_profile"] = r.profile
    for k in RULE_FIELDS:
        x = getattr(r, k)
        f["_" + k] = "none" if x is None else x
    f["_dealer"] = h.dealer
    order = h.deck_order
    if order is not None:
        f["_deck"] = cards_text(order)
    if v.stud and h.board:
        f["_community"] = cards_text(h.board)
    pool = h.reshuffled
    if pool:
        f["_reshuffle"] = cards_text(pool)
    if h.voided:
        for e in h.history:
            if e[0] == "void":
                f["_voided"] = e[1]
    return f


def dumps(h):
    """PHH text of a ``poker.hand.Hand`` (finished or running)."""
    return dumps_fields(hand_fields(h))


# PHH's action lines, in a constant tuple: its strings are objects made
# when the module loads, where each short string literal would be one more
# name interned in the heap for good (the stock firmware keeps every name in RAM)
_ACTS = ("p%d sm %s", "p%d sm", "p%d f", "p%d cc", "p%d pb", "p%d cbr %d", "d db %s")
_SHOW = const(0)
_MUCK = const(1)
_FOLD = const(2)
_CHECK_CALL = const(3)
_BRING_IN = const(4)
_BET_RAISE = const(5)
_BOARD = const(6)


def _actions(h, index):
    hist = h.history
    last = -1            # history index of the last player action
    first_end = -1       # history index of the first burn (end of street 0)
    for i in range(len(hist)):
        tag = hist[i][0]
        if isinstance(tag, int):
            last = i
        elif tag == "burn" and first_end < 0:
            first_end = i
    at = last + 1 if last >= 0 else (first_end if first_end >= 0 else len(hist))
    runout = False
    for e in hist[at:]:
        if e[0] == "deal_hole" or e[0] == "deal_board":
            runout = True
    out = []
    n = len(h.initial_stacks)
    bets = [0] * n
    held = [[] for _ in range(n)]
    dealt = False        # a deal seen
    acted = False        # a player action since the last deal
    shows = [e for e in hist if e[0] == "show" or e[0] == "muck"]
    for i in range(len(hist) + 1):
        if i == at:
            # PHH shows hands when the betting is over: an all-in runs out
            # the cards after every live hand is turned up (the showdown
            # order and the mucks of the engine apply when nothing is left
            # to deal).
            for e in shows:
                p = index[e[1]] + 1
                if runout:
                    out.append(_ACTS[_SHOW] % (p, cards_text(held[e[1]])))
                elif e[0] == "show":
                    out.append(_ACTS[_SHOW] % (p, cards_text(e[2])))
                else:
                    out.append(_ACTS[_MUCK] % p)
        if i == len(hist):
            if runout and h.variant.stud:
                # stud deals hole cards after that showdown: every live hand
                # is shown again, in full, after the last card (as PokerKit
                # writes it; its HandHistory leaves the pot unawarded
                # without this second showdown)
                for e in shows:
                    out.append(_ACTS[_SHOW] % (index[e[1]] + 1, cards_text(held[e[1]])))
            break
        e = hist[i]
        tag = e[0]
        if isinstance(tag, int):
            s, kind, a = e
            bets[s] += a
            p = index[s] + 1
            if kind == "fold":
                out.append(_ACTS[_FOLD] % p)
            elif kind == "check" or kind == "call":
                out.append(_ACTS[_CHECK_CALL] % p)
            elif kind == "bring_in":
                out.append(_ACTS[_BRING_IN] % p)
            else:
                out.append(_ACTS[_BET_RAISE] % (p, bets[s]))
            acted = True
        elif tag == "post":
            if e[2] != "ante":
                bets[e[1]] += e[3]
        elif tag == "burn":
            for j in range(n):
                bets[j] = 0
        elif tag == "deal_hole" or tag == "deal_board":
            if dealt and acted:  # a street dealt without a burn
                for j in range(n):
                    bets[j] = 0
            dealt = True
            acted = False
            if tag == "deal_hole":
                held[e[1]].extend(e[2])
                out.append("d dh p%d %s" % (index[e[1]] + 1, cards_text(e[2])))
            else:
                out.append(_ACTS[_BOARD] % cards_text(e[1]))
    return out
