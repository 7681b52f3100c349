"""Work done later, a part at a time: one scheduler of jobs.

    jobs = Jobs()
    jobs[_BOOKS] = gen          # a job of that kind: a generator, or a function
    jobs.step()                 # one part of the first job; False when idle
    jobs.step(None, _THINKING)  # the same among the kinds before _THINKING
    jobs.waiting(_THINKING)     # True when a job of those kinds is there
    jobs.run(_BOOKS)            # that job to its end (None: every job)

The kinds, their order and why: docs/architecture.md, "The work done later".
"""
from micropython import const

_JOURNAL = const(0)
_BOOKS = const(1)
_LOADING = const(2)
_AHEAD = const(3)
_THINKING = const(4)
_KINDS = const(5)


class Jobs(list):
    """A job (a generator, or a function: one part) or None a kind, by the
    kind's index: ``jobs[kind] = g`` puts one there (instead of what was there), ``jobs[kind] = None``
    drops it unfinished."""

    def __init__(self):
        super().__init__([None] * _KINDS)

    def step(self, kind=None, below=_KINDS):
        """One part of the first job of a kind before ``below`` (of
        ``kind``'s job when given): True when a part ran, False when there
        was none."""
        slots = self
        if kind is None:
            kind = 0
            while kind < below and slots[kind] is None:
                kind += 1
            if kind == below:
                return False
        job = slots[kind]
        if job is None:
            return False
        try:
            if callable(job):  # a job of one part: the call (which may put another there)
                slots[kind] = None
                job()
            else:
                next(job)
        except StopIteration:
            if slots[kind] is job:  # (not one the part itself put there)
                slots[kind] = None
        except BaseException:  # a failing job goes; its error is the caller's
            if slots[kind] is job:
                slots[kind] = None
            raise
        return True

    def waiting(self, below=_KINDS):
        """True when a job of a kind before ``below`` is there."""
        kind = 0
        while kind < below:
            if self[kind] is not None:
                return True
            kind += 1
        return False

    def run(self, kind=None):
        """Runs ``kind``'s job (every job when None) to its end."""
        while self.step(kind):
            pass

