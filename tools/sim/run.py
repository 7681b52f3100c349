"""The simulator: the console's firmware UI on a desktop, no hardware needed.

    python tools/sim/run.py                     # terminal (make play)
    python tools/sim/run.py --pygame            # a window (needs pygame)
    python tools/sim/run.py --script demo.txt --headless --out shots/
    micropython -X heapsize=480k tools/sim/run.py --headless --script demo.txt

(The unix port compiles the .py sources, which needs more heap than the
device, which runs .mpy files: hence 480k there.)

Quitting (Q) keeps the game: the saves stay in --data, and a hand in play
resumes at the next start (RESUME in the menu); it says so as it quits.

Options:
  --script FILE   button presses from a file (see tools/sim/script.py)
  --headless      no front end (with --script)
  --pygame        a window instead of the terminal
  --board NAME    a board of boards/ (two buttons: the two-button mapping)
  --two-button    the two-button mapping (OK, NEXT)
  --seed N        the game's random stream
  --data DIR      where the store keeps saves (default build/simdata; a
                  headless script: build/scriptdata, emptied first, so
                  that the script starts from a new console every time)
  --out DIR       PNG and frame files (default: . for scripts, build/shots
                  for the P key)
  --demo          the platform demo instead of ui.app
  --scale N       pygame pixels per screen pixel

It builds ``App(display, store, rng, clock, sound)`` of ui.app with stand-in
devices (tools/sim/simhw.py). Runs under CPython and, headless, under the
MicroPython unix port (its real framebuf).
"""
import os
import sys

from paths import CPYTHON, ROOT
from script import Sim
from simhw import SimClock, SimDisplay, SimSound

USAGE = globals().get("__doc__") or "see tools/sim/run.py"


def parse_args(argv):
    opts = {"script": None, "headless": False, "pygame": False, "two_button": False, "seed": None,
            "data": None, "out": None, "demo": False, "scale": 6, "board": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(USAGE)
            raise SystemExit(0)
        name = a[2:].replace("-", "_")
        if name in ("headless", "pygame", "two_button", "demo"):
            opts[name] = True
        elif name in ("script", "seed", "data", "out", "scale", "board") and i + 1 < len(argv):
            i += 1
            opts[name] = argv[i]
        else:
            raise SystemExit("unknown option %r (try --help)" % a)
        i += 1
    for k in ("seed", "scale"):
        if opts[k] is not None:
            opts[k] = int(opts[k])
    if opts["board"]:
        # A board of boards/: a two-button board plays with the two-button mapping.
        import json
        name = opts["board"]
        path = name if name.endswith(".json") else ROOT + "/boards/" + name + ".json"
        with open(path) as f:
            board = json.load(f)
        if len(board["buttons"]) == 2:
            opts["two_button"] = True
    return opts


def _makedirs(path):
    parts = path.split("/")
    for k in range(1, len(parts) + 1):
        p = "/".join(parts[:k])
        if p and p not in (".", ".."):
            try:
                os.mkdir(p)
            except OSError:
                pass


def _empty(path):
    """The saves of an earlier run in folder ``path`` removed (its files only)."""
    try:
        names = os.listdir(path)
    except OSError:
        return
    for n in names:
        os.remove(path + "/" + n)


def make_app(display, store, rng, clock, sound, demo=False):
    """ui.app.App with the stand-ins; the platform demo while ui.app is missing."""
    if not demo:
        try:
            from ui.app import App
        except ImportError as e:
            if "ui.app" not in str(e):
                raise
            print("ui.app is not there yet (%s): showing the platform demo" % e)
        else:
            return App(display, store, rng, clock, sound)
    from demo import DemoApp
    return DemoApp(display, store, rng, clock, sound)


def build(opts, front=None):
    """(sim, display) wired up; the front end gets every shown frame."""
    from poker.rng import Rng
    from poker.match.store import Store
    seed = opts["seed"]
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little") & 0x3FFFFFFF
    _makedirs(opts["data"])
    display = SimDisplay(front)
    clock = SimClock()  # interactive front ends move it forward to the wall clock
    sound = SimSound()
    store = Store(root=opts["data"])
    app = make_app(display, store, Rng(seed), clock, sound, opts["demo"])
    sim = Sim(app, display, clock, sound, opts["out"], opts["two_button"])
    return sim


def main(argv=None):
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    if opts["out"] is None:
        # scripts write beside the caller; interactive PNG shots go to build/shots
        opts["out"] = "." if (opts["headless"] or not CPYTHON) else ROOT + "/build/shots"
    if opts["out"] != ".":
        _makedirs(opts["out"])
    if opts["data"] is None:
        headless = opts["headless"] or not CPYTHON
        opts["data"] = ROOT + ("/build/scriptdata" if headless else "/build/simdata")
        if headless:
            _empty(opts["data"])
    if opts["headless"] or not CPYTHON:
        if not opts["script"]:
            raise SystemExit("--headless needs --script FILE")
        sim = build(opts)
        sim.start()
        sim.run_file(opts["script"])
        print("done: %d frames, %d button events, %d ms" % (sim.display.frames, sim.events,
                                                          sim.clock.ticks_ms()))
        return sim
    if opts["pygame"]:
        import window
        front = window.Window(opts["scale"])
        sim = _interactive(window, opts, front)
        if sim.said:
            print(sim.said)
        return sim
    import term
    if not sys.stdin.isatty():
        raise SystemExit("the terminal simulator needs a terminal (or use --headless --script FILE)")
    with term.Terminal() as front:
        sim = _interactive(term, opts, front)
    if sim.said:
        print(sim.said)  # (after the terminal is back as it was)
    return sim


def _interactive(kind, opts, front):
    """The simulator on ``front`` (term or window): a script's presses
    first, if any, then the keyboard until the user quits."""
    sim = build(opts, front)
    if opts["script"]:
        sim.start()
        sim.run_file(opts["script"])
    try:
        kind.run(sim, front, opts["out"])
    finally:
        sim.said = goodbye(sim.app, opts["data"])
    return sim


def goodbye(app, data):
    """Quitting: what was not on flash yet goes there (the hand's last
    records, a finished hand's books, the settings), and the words that say
    what is kept."""
    g = getattr(app, "game", None)
    save = getattr(app, "save_settings", None)
    if save is not None:
        save()
    if g is None:
        return ""
    g.flush_journal()
    g.settle()
    if g.hand is not None:
        return ("The hand in play is kept (in %s): the next start resumes it, "
                "RESUME in the menu." % data)
    if not g.over and g.hand_no > 0:
        return "The game is kept (in %s): RESUME in the menu goes on with it." % data
    return ""


if __name__ == "__main__":
    main()
