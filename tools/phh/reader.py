"""PHH text read by hand (MicroPython has no TOML module): the subset PHH
uses, and the parts of an action line. The package docstring (tools/phh)
says what the fields mean.

>>> d = loads("variant = 'F7S'\\nantes = [1, 1]\\nactions = ['p1 cc'] # x")
>>> d['variant'], d['antes'], d['actions']
('F7S', [1, 1], ['p1 cc'])
"""
from poker.cards import RANKS, SUITS
from poker.phhout import BARE, chars_in

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
        while self.i < len(s) and s[self.i] in BARE:
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
    if digits and chars_in(digits, "0123456789"):
        return int(w)
    if digits and chars_in(digits, "0123456789.eE+-") and digits[0] in "0123456789":
        try:
            v = float(w)
        except ValueError:
            v = None
        if v is not None:
            return int(v) if v == int(v) and "e" not in w.lower() else v
    if chars_in(word, "0123456789-:.TZ+ "):  # dates and times stay text
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
        r = RANKS.find(t[0].upper())
        s = SUITS.find(t[1].lower())
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
    if len(word) < 2 or word[0] != "p" or not chars_in(word[1:], "0123456789") or word[1] == "0":
        raise ValueError("bad player %r in action %r" % (word, text))
    return int(word[1:]) - 1
