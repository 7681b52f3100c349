"""Assertion helpers that work under pytest and under tools/mptest.py."""


def raises(exc, fn, *args, **kwargs):
    """Calls fn and returns the exception it raised, which must be exc."""
    try:
        fn(*args, **kwargs)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))
