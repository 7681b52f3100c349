"""Fast stand-ins for the game-layer tests (portable: CPython and MicroPython).

- ``FakeHand``: the part of poker.hand.Hand's contract the Game uses. Every
  live seat acts once ('check' or 'fold'); then the chips move as the test's
  ``plan`` says (a function ``(start_stacks, dealer) -> final stacks``) or,
  without a plan, one random live seat wins up to ``swing`` chips from each
  other live seat. Each hand remembers the stacks and dealer it was given.
- ``CheckBot``: a virtual player that checks.
- ``FakeFs``: an in-memory file system with the ``poker.match.store`` fs interface
  that can record every change (each byte written, each open-for-write or
  append, rename and remove is one event) and rebuild the flash contents as they
  were after any number of events: a power cut at that point.
"""


class FakeView:
    def __init__(self, hand, seat):
        self.seat = seat
        self.legal = hand.legal_actions() if hand.actor == seat else []
        self.folded = list(hand.folded)
        self.down = [[] for _ in hand.stacks]
        self.up = [[] for _ in hand.stacks]
        self.board = []
        self.stacks = list(hand.stacks)
        self.finished = hand.finished


_UNITS = [a for a in range(1, 52) if a % 2 and a % 13]  # the 24 units mod 52


class FakeHand:
    plan = None  # set by a test: fn(start, dealer) -> final stacks
    swing = 200
    voided_next = 0  # how many of the next hands are voided deals
    made = []  # every hand made: tests read .start and .dealer

    def __init__(self, variant, rules, stacks, dealer, rng, log=None):
        self.start = list(stacks)
        self.stacks = list(stacks)
        self.dealer = dealer
        self.rng = rng
        self.folded = [s == 0 for s in stacks]
        self.finished = False
        self.voided = False
        self.pots = []
        self.winnings = [0] * len(stacks)
        if len(FakeHand.made) >= 32:  # bounded: long runs must not grow the heap
            del FakeHand.made[0]
        FakeHand.made.append(self)
        # a deck from the random source, as a real hand shuffles one (the
        # journal keeps it; a resumed hand must deal the same): one draw
        # picks one of 1,248 orders (a * i + c mod 52, a a unit mod 52)
        r = rng.getrandbits(16)
        a = _UNITS[r % 24]
        c = (r // 24) % 52
        self.deck_order = bytes([(a * i + c) % 52 for i in range(52)])
        n = len(stacks)
        self.order = [(dealer + 1 + i) % n for i in range(n) if stacks[(dealer + 1 + i) % n] > 0]
        self.turn = 0
        if FakeHand.voided_next:
            FakeHand.voided_next -= 1
            self.voided = True
            self.finished = True
        self.actor = self.order[0] if not self.finished else None

    def legal_actions(self):
        return [("check", 0), ("fold", 0)]

    def view(self, seat):
        return FakeView(self, seat)

    def act(self, kind, amount=None):
        if self.finished or (kind, amount if amount is not None else 0) not in self.legal_actions():
            raise ValueError("illegal %s" % kind)
        self.folded[self.actor] = kind == "fold"
        self.turn += 1
        if self.turn < len(self.order):
            self.actor = self.order[self.turn]
            return
        self.actor = None
        self.finished = True
        if FakeHand.plan is not None:
            self.stacks = list(FakeHand.plan(self.start, self.dealer))
        else:
            live = self.order
            w = live[self.rng.getrandbits(16) % len(live)]
            pot = 0
            for s in live:
                if s != w:
                    x = min(self.stacks[s], self.rng.getrandbits(16) % (FakeHand.swing + 1))
                    self.stacks[s] -= x
                    pot += x
            self.stacks[w] += pot
            self.pots = [(pot, [w])]
        for i in range(len(self.stacks)):
            self.winnings[i] = self.stacks[i] - self.start[i]

    def to_phh(self):
        return "variant = 'FAKE'\nstarting_stacks = %r\nfinishing_stacks = %r\n" % (self.start, self.stacks)


class CheckBot:
    def decide(self, view):
        return view.legal[0]


def check_bots(seat, settings, rng):
    return CheckBot()


def fresh():
    FakeHand.plan = None
    FakeHand.voided_next = 0
    FakeHand.swing = 200
    FakeHand.made = []


class PowerCut(Exception):
    pass


class _File:
    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = path
        self.pos = 0
        self.writing = "w" in mode

    def read(self, n=-1):
        data = self.fs.files[self.path]
        out = data[self.pos:] if n < 0 else data[self.pos:self.pos + n]
        self.pos += len(out)
        return out

    def write(self, data):
        data = bytes(data)
        fs = self.fs
        if fs.budget is not None:
            room = fs.budget - fs.events
            if room < len(data):
                fs.files[self.path] += data[:max(room, 0)]
                fs.events = fs.budget
                raise PowerCut()
        fs.files[self.path] += data
        fs.events += len(data)
        if fs.log is not None:
            fs.log.append(("write", self.path, data))
        return len(data)

    def close(self):
        pass


class FakeFs:
    def __init__(self, files=None):
        self.files = dict(files) if files else {}
        self.dirs = ["/"]
        self.events = 0  # changes so far
        self.budget = None  # a power cut after this many events
        self.log = None  # list of changes when recording

    def _event(self, op):
        if self.budget is not None and self.events >= self.budget:
            raise PowerCut()
        self.events += 1
        if self.log is not None:
            self.log.append(op)

    def open(self, path, mode):
        if "w" in mode:
            self._event(("open", path))
            self.files[path] = b""
        elif "a" in mode:
            self._event(("append", path))
            self.files.setdefault(path, b"")
        elif path not in self.files:
            raise OSError(2)
        return _File(self, path, mode)

    def rename(self, a, b):
        if a not in self.files:
            raise OSError(2)
        self._event(("rename", a, b))
        self.files[b] = self.files.pop(a)

    def remove(self, path):
        if path not in self.files:
            raise OSError(2)
        self._event(("remove", path))
        del self.files[path]

    def listdir(self, path):
        path = path.rstrip("/") + "/"
        return [p[len(path):] for p in self.files if p.startswith(path) and "/" not in p[len(path):]]

    def mkdir(self, path):
        if path in self.dirs:
            raise OSError(17)
        self.dirs.append(path)


def apply(files, op, upto=None):
    """Applies one recorded change to a dict of files; for a write, only its
    first ``upto`` bytes (a cut inside it)."""
    kind = op[0]
    if kind == "open":
        files[op[1]] = b""
    elif kind == "append":
        files.setdefault(op[1], b"")
    elif kind == "write":
        data = op[2] if upto is None else op[2][:upto]
        files[op[1]] = files[op[1]] + data
    elif kind == "rename":
        files[op[2]] = files.pop(op[1])
    elif kind == "remove":
        del files[op[1]]


def moving(pairs_of_hand):
    """A FakeHand plan: on hand i (0-based, the plan's own count) the pairs
    (a, b, x) of ``pairs_of_hand(i)`` move up to x chips from seat a to
    seat b."""
    count = [0]

    def plan(start, dealer):
        out = list(start)
        i = count[0]
        count[0] += 1
        for a, b, x in pairs_of_hand(i):
            x = min(x, out[a])
            out[a] -= x
            out[b] += x
        return out

    return plan


def play_out(g, decide=None):
    """Plays the game's current hand to its end: the virtual players by
    g.step(), the human seat by decide(view) -> (kind, amount), or a check
    when decide is None (FakeHand only offers checks)."""
    while g.hand is not None:
        if not g.human_to_act():
            g.step()
        elif decide is None:
            g.act("check", 0)
        else:
            g.act(*decide(g.view(0)))
