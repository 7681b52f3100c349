"""Work done later, a part at a time: one scheduler of jobs.

A job is a generator that yields at safe points, or a function called once
(a job of one part): each part between two yields is short (one flash
write, one import, a slice of a decision), so a press waits on one part at
most. Each kind of work has its slot, and the slots run in this order (the
first that has a job):

- ``_JOURNAL``: the hand's journal and a new game's record on flash;
- ``_BOOKS``: a finished hand's books (statistics, players' memory, history,
  saved game);
- ``_LOADING``: the modules and tables a game needs, after the first frame;
- ``_AHEAD``: work made before a key asks for it (the next deal, a new game,
  the showdown's lines);
- ``_THINKING``: a virtual player's decision.

``poker.match.game.Game`` hands out the books, the next deal and the
thinking, its journal writer (``poker.match.journal.Writer``) the journal;
the app adds the loading and the work ahead of its screens, and runs
``step()`` once per quiet poll (``ui.app.App.quiet``). Without a scheduler
(tools, tests) a Game writes and books at once; ``run(kind)`` runs a job to
its end in one call.

    jobs = Jobs()
    jobs[_BOOKS] = gen          # a job of that kind (instead of what was there)
    jobs[_JOURNAL] = w.flush    # a job of one part: the call
    jobs.step()                 # one part of the first job; False when idle
    jobs.step(None, _THINKING)  # the same among the kinds before _THINKING
    jobs.waiting(_THINKING)     # True when a job of those kinds is there
    jobs.run(_BOOKS)            # that job to its end (None: every job)
    jobs[_BOOKS] is None        # True once it is done (or dropped)

The kinds are private constants, and each module that names one has its
own copy (host_tests/test_jobs.py holds them equal to these): a public
name would be one more name in the stock route's heap, in every module
that imports it.
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

