"""Hand histories in PHH, out and in.

PHH (the Poker Hand History format of PokerKit and the public PHH dataset) is
TOML text: ``key = value`` lines. MicroPython has no TOML module, so this
module writes and reads the subset PHH uses by hand: integers, decimals,
booleans, strings ('...', "...", and the triple-quoted forms), arrays (over
several lines, with comments and a trailing comma), inline tables, bare
dates and times (kept as text) and ``[section]`` headers (``loads_all``).

>>> d = loads("variant = 'F7S'\\nantes = [1, 1]\\nactions = ['p1 cc'] # x")
>>> d['variant'], d['antes'], d['actions']
('F7S', [1, 1], ['p1 cc'])

Players
-------
PHH numbers the players p1..pN in dealing order: p1 sits left of the dealer
(the small blind in flop games with three or more players, the big blind
heads-up) and pN is the dealer (the button). Our seats are dealer-relative,
so ``player_seats(stacks, dealer)`` lists the seats in PHH order: seats with
chips only, starting left of the dealer. Stud ties by position (bring-in
suit ties aside, best exposed hand) go to the player closest to the dealer's
left, which is PokerKit's "lowest index", so the orders agree.

Fields we write
---------------
Standard PHH fields: ``variant``, ``antes``, ``blinds_or_straddles`` (flop
games: [small, big, 0...]; PokerKit swaps them heads-up by itself),
``bring_in`` (stud), ``small_bet``, ``big_bet``, ``starting_stacks``,
``actions``, ``seats`` (our seat number + 1 of each player), ``seat_count``,
``finishing_stacks`` and ``winnings`` (finished hands).

Actions: ``d dh pN CARDS`` (hole cards of one street; stud deals up and down
cards in the order the street defines, PokerKit's convention; ``??`` is an
unknown card), ``d db CARDS`` (board), ``pN pb`` (bring-in), ``pN f``,
``pN cc`` (check or call), ``pN cbr TO`` (complete, bet or raise TO a total
for the street, PHH's convention), ``pN sm CARDS`` (shows) and ``pN sm``
(mucks).

User-defined fields (PHH allows any name starting with an underscore):
- ``_variant``: our variant code (``poker.variants``). PHH has no code for
  five card stud (``F5S``) nor for limit Omaha high (``FO``); for those two
  ``variant`` carries our code too, so PokerKit can read the text
  (``HandHistory.loads``) but cannot replay it.
- ``_profile``: the rule profile name (``'lexibook'``, ``'casino'``...).
- ``_raise_cap``, ``_heads_up_uncapped``, ``_open_pair_big_bet``,
  ``_odd_chip`` (``'card'`` or ``'seat'``), ``_short_all_in_reopens``,
  ``_impossible_call_guard``, ``_raise_over_all_in``, ``_odd_chips_together``,
  ``_merge_pots``, ``_low_half_if_any_low``: the contested rules of
  ``poker.rules.RuleSet`` the hand was played under (``_raise_cap = 'none'``:
  uncapped). Reading a file without them (PokerKit's, the PHH dataset's): bet
  + 3 raises, heads-up too, no open-pair option, odd chip by card, the
  half-bet short all-in rule, pots split by the house rules.
- ``_voided``: the reason, when the deal was voided (seed 002).
- ``_dealer``: our dealer seat (also the seat of pN).
- ``_deck``: the 52 cards in dealing order (burns included) as one card
  string, when known, so a replay deals exactly the same cards.
- ``_community``: the stud community card (deck exhaustion), if one was dealt.
- ``_reshuffle``: deck exhaustion, the stub and the burns after they were
  shuffled together (``Hand.reshuffled``), the cards seventh street was
  dealt from. It follows from ``_deck`` and the actions (the shuffle is
  seeded by the cards dealt before it), so a replay deals the same cards;
  the field records it for any reader and a replay checks it.

Showdown: the ``sm`` lines come when the betting is over. When it ended
with a player all in and the cards are dealt out after it, every live hand
is shown there with the cards it holds; in stud, where hole cards follow,
every live hand is shown again in full after the last card, as PokerKit
writes such hands (its ``HandHistory`` leaves the pot unawarded without
that second showdown).
"""

from poker.phhout import (  # noqa: F401  (the writer, re-exported: one API)
    FIELD_ORDER, _BARE, _RANKS, _SUITS, _RULE_FIELDS, _actions, _all_in, _key, _quote,
    cards_text, dump_value, dumps, dumps_fields, hand_fields, player_seats,
)

_WS = " \t\r"


# ---------------------------------------------------------------- reading

class _Reader:
    def __init__(self, text):
        self.s = text
        self.i = 0
        self.line = 1

    def error(self, msg):
        raise ValueError("PHH line %d: %s" % (self.line, msg))

    def peek(self):
        return self.s[self.i] if self.i < len(self.s) else ""

    def skip_ws(self, newlines=False):
        s = self.s
        n = len(s)
        while self.i < n:
            c = s[self.i]
            if c in _WS:
                self.i += 1
            elif c == "#":
                while self.i < n and s[self.i] != "\n":
                    self.i += 1
            elif c == "\n" and newlines:
                self.line += 1
                self.i += 1
            else:
                break

    def key(self):
        c = self.peek()
        if c == "'" or c == '"':
            return self.string()
        start = self.i
        s = self.s
        while self.i < len(s) and s[self.i] in _BARE:
            self.i += 1
        if self.i == start:
            self.error("expected a key")
        return s[start:self.i]

    def dotted_key(self):
        parts = [self.key()]
        self.skip_ws()
        while self.peek() == ".":
            self.i += 1
            self.skip_ws()
            parts.append(self.key())
            self.skip_ws()
        return parts

    def string(self):
        s = self.s
        q = s[self.i]
        if s[self.i:self.i + 3] == q * 3:
            self.i += 3
            if s[self.i:self.i + 1] == "\n":  # TOML trims the first newline
                self.i += 1
                self.line += 1
            end = s.find(q * 3, self.i)
            if end < 0:
                self.error("unterminated string")
            while s[end + 3:end + 4] == q:  # up to two quotes may end it
                end += 1
            raw = s[self.i:end]
            self.line += raw.count("\n")
            self.i = end + 3
            return raw if q == "'" else _unescape(raw, self)
        self.i += 1
        if q == "'":
            end = s.find("'", self.i)
            nl = s.find("\n", self.i)
            if end < 0 or 0 <= nl < end:
                self.error("unterminated string")
            raw = s[self.i:end]
            self.i = end + 1
            return raw
        out = []
        start = self.i
        while True:
            if self.i >= len(s) or s[self.i] == "\n":
                self.error("unterminated string")
            c = s[self.i]
            if c == "\\":
                self.i += 2
            elif c == '"':
                break
            else:
                self.i += 1
        out = s[start:self.i]
        self.i += 1
        return _unescape(out, self)

    def value(self):
        c = self.peek()
        if c == "'" or c == '"':
            return self.string()
        if c == "[":
            return self.array()
        if c == "{":
            return self.table()
        start = self.i
        s = self.s
        while self.i < len(s) and s[self.i] not in " \t\r\n,]}#":
            self.i += 1
        # a local date-time may hold one space: 1979-05-27 07:32:00
        if (self.i + 1 < len(s) and s[self.i] == " " and "-" in s[start:self.i]
                and s[self.i + 1] in "0123456789"):
            self.i += 1
            while self.i < len(s) and s[self.i] not in " \t\r\n,]}#":
                self.i += 1
        word = s[start:self.i]
        if not word:
            self.error("expected a value")
        return _scalar(word, self)

    def array(self):
        self.i += 1
        out = []
        while True:
            self.skip_ws(True)
            if self.peek() == "]":
                self.i += 1
                return out
            out.append(self.value())
            self.skip_ws(True)
            c = self.peek()
            if c == ",":
                self.i += 1
            elif c == "]":
                self.i += 1
                return out
            else:
                self.error("expected , or ] in an array")

    def table(self):
        self.i += 1
        out = {}
        self.skip_ws()
        if self.peek() == "}":
            self.i += 1
            return out
        while True:
            self.skip_ws()
            parts = self.dotted_key()
            self.skip_ws()
            if self.peek() != "=":
                self.error("expected = in an inline table")
            self.i += 1
            self.skip_ws()
            _put(out, parts, self.value(), self)
            self.skip_ws()
            c = self.peek()
            if c == ",":
                self.i += 1
            elif c == "}":
                self.i += 1
                return out
            else:
                self.error("expected , or } in an inline table")


def _unescape(raw, reader):
    if "\\" not in raw:
        return raw
    out = []
    i = 0
    n = len(raw)
    while i < n:
        c = raw[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = raw[i + 1:i + 2]
        simple = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f",
                  '"': '"', "\\": "\\"}
        if e in simple:
            out.append(simple[e])
            i += 2
        elif e == "u" or e == "U":
            k = 4 if e == "u" else 8
            out.append(chr(int(raw[i + 2:i + 2 + k], 16)))
            i += 2 + k
        elif e == "\n":  # line-ending backslash in multi-line strings
            i += 2
            while i < n and raw[i] in " \t\r\n":
                i += 1
        else:
            reader.error("bad escape \\%s" % e)
    return "".join(out)


def _scalar(word, reader):
    if word == "true":
        return True
    if word == "false":
        return False
    if word in ("inf", "+inf"):
        return float("inf")
    w = word.replace("_", "")
    if w[:2] in ("0x", "0o", "0b"):
        return int(w[2:], {"x": 16, "o": 8, "b": 2}[w[1]])
    digits = w[1:] if w[:1] in "+-" else w
    if digits and _all_in(digits, "0123456789"):
        return int(w)
    if digits and _all_in(digits, "0123456789.eE+-") and digits[0] in "0123456789":
        try:
            v = float(w)
        except ValueError:
            v = None
        if v is not None:
            return int(v) if v == int(v) and "e" not in w.lower() else v
    if _all_in(word, "0123456789-:.TZ+ "):  # dates and times stay text
        return word
    reader.error("bad value %r" % word)



def _put(d, parts, value, reader):
    for p in parts[:-1]:
        d = d.setdefault(p, {})
        if not isinstance(d, dict):
            reader.error("key %r is not a table" % p)
    if parts[-1] in d:
        reader.error("duplicate key %r" % parts[-1])
    d[parts[-1]] = value


def loads_all(text):
    """All hands of a file: a list of ``(section_name, fields)``.

    A plain PHH file (no ``[section]`` headers) gives one item named ''.
    """
    r = _Reader(text)
    out = []
    current = {}
    name = ""
    while True:
        r.skip_ws(True)
        c = r.peek()
        if not c:
            break
        if c == "[":
            if current or name:
                out.append((name, current))
            r.i += 1
            r.skip_ws()
            name = ".".join(r.dotted_key())
            r.skip_ws()
            if r.peek() != "]":
                r.error("expected ] after a section name")
            r.i += 1
            current = {}
        else:
            parts = r.dotted_key()
            r.skip_ws()
            if r.peek() != "=":
                r.error("expected =")
            r.i += 1
            r.skip_ws()
            _put(current, parts, r.value(), r)
        r.skip_ws()
        c = r.peek()
        if c and c != "\n":
            r.error("unexpected text after a value")
    if current or name:
        out.append((name, current))
    return out


def loads(text):
    """The fields of one PHH hand as a dict (names as in the file)."""
    hands = loads_all(text)
    if len(hands) != 1:
        raise ValueError("expected one hand, found %d" % len(hands))
    return hands[0][1]


# ---------------------------------------------------------------- actions

def parse_cards(text):
    """Cards of PHH card text; ``??`` gives None. Raises ValueError."""
    if len(text) % 2:
        raise ValueError("bad cards %r" % text)
    out = []
    for i in range(0, len(text), 2):
        t = text[i:i + 2]
        if t == "??":
            out.append(None)
            continue
        r = _RANKS.find(t[0].upper())
        s = _SUITS.find(t[1].lower())
        if r < 0 or s < 0:
            raise ValueError("bad card %r" % t)
        out.append(r * 4 + s)
    return out


def parse_action(text):
    """One PHH action as a tuple; the comment (after ``#``) is dropped.

    - ``('dh', player, cards)``: hole cards dealt (player 0-based)
    - ``('db', None, cards)``: board cards dealt
    - ``(verb, player, arg)``: verb 'f', 'cc', 'pb', 'cbr' (arg: the TO
      amount), 'sm' (arg: cards shown, or None for a muck), 'sd' (draws;
      not used by our games).
    Raises ValueError on anything else.
    """
    words = text.split("#")[0].split()
    if len(words) >= 2 and words[0] == "d":
        if words[1] == "dh" and len(words) == 4:
            return ("dh", _player(words[2], text), parse_cards(words[3]))
        if words[1] == "db" and len(words) == 3:
            return ("db", None, parse_cards(words[2]))
        raise ValueError("bad dealing action %r" % text)
    if len(words) < 2:
        raise ValueError("bad action %r" % text)
    p = _player(words[0], text)
    verb = words[1]
    if verb in ("f", "cc", "pb") and len(words) == 2:
        return (verb, p, None)
    if verb == "cbr" and len(words) == 3:
        try:
            amount = int(words[2])
        except ValueError:
            raise ValueError("bad amount in action %r" % text)
        return ("cbr", p, amount)
    if verb == "sm" and len(words) in (2, 3):
        if len(words) == 2 or words[2] == "-":
            return ("sm", p, None)
        return ("sm", p, parse_cards(words[2]))
    if verb == "sd":
        return ("sd", p, parse_cards(words[2]) if len(words) > 2 else [])
    raise ValueError("bad action %r" % text)


def _player(word, text):
    if len(word) < 2 or word[0] != "p" or not _all_in(word[1:], "0123456789") or word[1] == "0":
        raise ValueError("bad player %r in action %r" % (word, text))
    return int(word[1:]) - 1


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
        for k in _RULE_FIELDS:
            setattr(r, k, getattr(base, k))
    for k in _RULE_FIELDS:
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
