"""Assertion helpers that work under pytest and under host_tests/mptest.py."""


def raises(exc, fn, *args, **kwargs):
    """Calls fn and returns the exception it raised, which must be exc."""
    try:
        fn(*args, **kwargs)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))


def run_slices(g, between=None):
    """Runs generator ``g`` to its end, ``between()`` after every slice it
    yields: (what it returned, how many slices it yielded)."""
    n = 0
    while True:
        try:
            next(g)
        except StopIteration as e:
            return e.value, n
        n += 1
        if between is not None:
            between()


def fill(seq):
    """A preset 52-card deck for Hand(deck=...): ``seq`` in dealing order
    (None = a burn or any card not given) then every unused card."""
    used = bytearray(52)
    for c in seq:
        if c is not None:
            assert not used[c], "card given twice"
            used[c] = 1
    rest = [c for c in range(52) if not used[c]]
    out = []
    for c in seq:
        out.append(rest.pop() if c is None else c)
    return out + rest


def bet_sizes_checking_down(h):
    """Checks a hand down from here to the end, heads-up; returns the bet
    sizes offered on each street ([amount] or [] where no bet was open)."""
    sizes = []
    while not h.finished:
        sizes.append([a for k, a in h.legal_actions() if k == 'bet'])
        h.act('check')
        h.act('check')
    return sizes

