"""Cards as small integers, parsing and formatting.

Encoding: ``card = rank * 4 + suit`` with rank 0..12 for 2..A and suit
0..3 for clubs, diamonds, hearts, spades. So 2c is 0 and As is 51, and
comparing two card numbers compares rank first, then suit in the order
docs/rules.md uses to break bring-in ties (c < d < h < s).

>>> parse("As Kd 7c")
[51, 45, 20]
>>> format(parse("AsKd7c"))
'As Kd 7c'
"""
RANKS = "23456789TJQKA"
SUITS = "cdhs"


def rank(card):
    return card >> 2


def suit(card):
    return card & 3


# Ace low (razz, eight-or-better lows, the razz bring-in): the ace is the
# lowest rank, the king the highest. LOW_RANK[card] is the card's rank in
# that order, A = 0, 2 = 1 .. K = 12 (a table: the low evaluators read it
# for every card of every hand); LOW_RANKS names those ranks.
LOW_RANKS = "A23456789TJQK"
LOW_RANK = bytes([((c >> 2) + 1) % 13 for c in range(52)])


def card(text):
    """One card from its two-letter name, such as 'Th' or 'as'."""
    if len(text) != 2:
        raise ValueError("bad card %r" % text)
    r = RANKS.find(text[0].upper())
    s = SUITS.find(text[1].lower())
    if r < 0 or s < 0:
        raise ValueError("bad card %r" % text)
    return r * 4 + s


def name(c):
    if not 0 <= c < 52:
        raise ValueError("bad card number %r" % (c,))
    return RANKS[c >> 2] + SUITS[c & 3]


def parse(text):
    """Cards from text: 'As Kd 7c', 'AsKd7c' or 'As,Kd'. Duplicates are errors."""
    out = []
    seen = 0
    for word in text.replace(",", " ").split():
        if len(word) % 2:
            raise ValueError("bad card %r" % word)
        for i in range(0, len(word), 2):
            token = word[i:i + 2]
            c = card(token)
            if seen >> c & 1:
                raise ValueError("duplicate card %r" % token)
            seen |= 1 << c
            out.append(c)
    return out


def format(cards):  # noqa: A001 - the name the API promises
    return " ".join([name(c) for c in cards])
