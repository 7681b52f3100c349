"""Work done later, a part at a time: one scheduler of generator jobs.

A job is a generator that yields at safe points: each part between two
yields is short (one flash write, one import, a slice of a decision), so a
press waits on one part at most. Each kind of work has its slot, and the
slots run in this order (the first that has a job):

- ``JOURNAL``: the hand's journal and a new game's record on flash;
- ``BOOKS``: a finished hand's books (statistics, players' memory, history,
  saved game);
- ``LOADING``: the modules and tables a game needs, after the first frame;
- ``AHEAD``: work made before a key asks for it (the next deal, a new game,
  the showdown's lines);
- ``THINKING``: a virtual player's decision.

``poker.match.game.Game`` hands out the journal, the books and the next
deal; the app adds the loading and the work ahead of its screens, and runs
``step()`` once per quiet poll (``ui.app.App.quiet``). Without a scheduler
(tools, tests) a Game writes and books at once; ``run(kind)`` runs a job to
its end in one call.

    jobs = Jobs()
    jobs[BOOKS] = gen        # a job of that kind (instead of what was there)
    jobs.step()              # one part of the first job; False when idle
    jobs.step(None, THINKING)  # the same among the kinds before THINKING
    jobs.waiting(THINKING)   # True when a job of those kinds is there
    jobs.run(BOOKS)          # that job to its end (None: every job)
    jobs[BOOKS] is None      # True once it is done (or dropped)
"""
from micropython import const

JOURNAL = const(0)
BOOKS = const(1)
LOADING = const(2)
AHEAD = const(3)
THINKING = const(4)
_KINDS = const(5)


class Jobs(list):
    """A job (a generator) or None a kind, by the kind's index: ``jobs[kind]
    = g`` puts one there (instead of what was there), ``jobs[kind] = None``
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


def once(x):
    """A job of one part: ``x()``."""
    x()
    return
    yield  # (a generator: its one part is the call)
