"""The web page (build/web) in headless Chromium, for the tests and the
screenshot:

    with WebPage("build/web") as page:
        page.open()
        page.wait_screen(frame, 3000)     # the canvas shows these 1024 bytes
        page.press("A")                   # key down, 60 ms, key up
        page.quiet(600)                   # 600 emulated ms with no frame
        log = page.log()                  # frames, keys, requests, errors

`tools/web/drive.mjs` (Node, playwright-core pinned in package-lock.json)
serves the folder on 127.0.0.1 and drives the system's Chromium; this class
talks to it one JSON line at a time. ``presses(log)`` gives each press's
time from its key event to its answer on the canvas.
"""
import json
import os
import shutil
import subprocess
import threading
import queue

from vpico import quit_driver

HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM = os.environ.get("STUD_CHROMIUM", "/usr/bin/chromium")
HOLD_MS = 60
ACT_ON_PRESS = ("LEFT", "RIGHT", "UP", "DOWN")  # arrows act when pressed, A and B when released


class WebError(Exception):
    pass


def missing():
    """Why the page cannot be driven here (None when it can)."""
    if not os.path.exists(CHROMIUM):
        return "no Chromium at %s (apt-get install chromium)" % CHROMIUM
    if shutil.which("node") is None:
        return "no Node.js (apt-get install nodejs npm)"
    if not os.path.isdir(os.path.join(HERE, "node_modules", "playwright-core")):
        return "playwright-core is not installed: make web-deps (npm ci --prefix tools/web)"
    return None


def to_hex(frame):
    return bytes(frame).hex()


class WebPage:
    def __init__(self, folder, node="node", viewport=None):
        why = missing()
        if why:
            raise WebError(why)
        self._proc = subprocess.Popen([node, os.path.join(HERE, "drive.mjs")], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, bufsize=0)
        self._events = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        got = self._call("start", dir=os.path.abspath(folder), **({"viewport": viewport} if viewport else {}))
        self.origin = got["origin"]
        self.version = got["version"]

    def _read(self):
        for line in self._proc.stdout:
            self._events.put(json.loads(line))
        self._events.put({"ev": "exit"})

    def _call(self, op, timeout=120, **args):
        args["op"] = op
        self._proc.stdin.write((json.dumps(args) + "\n").encode())
        try:
            e = self._events.get(timeout=timeout)
        except queue.Empty:
            raise WebError("the browser did not answer %s within %d s" % (op, timeout))
        if e["ev"] == "exit":
            raise WebError("the driver stopped on %s" % op)
        if "error" in e:
            raise WebError("%s failed: %s" % (op, e["error"]))
        return e

    def close(self):
        quit_driver(self._proc, 20)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def open(self):
        self._call("open")

    def reload(self):
        self._call("reload")

    def wait_screen(self, frame, timeout_ms, what="the screen"):
        """Waits until the canvas shows `frame` (1024 bytes); WebError else."""
        got = self._call("wait_screen", screen=to_hex(frame), timeout_ms=timeout_ms,
                         timeout=timeout_ms / 1000 + 30)
        if not got["ok"]:
            have = bytes.fromhex(got["screen"]) if got.get("screen") else bytes(1024)
            rows = sorted({(i // 128) * 8 for i in range(1024) if have[i] != frame[i]})
            raise WebError("%s: the canvas is not the expected frame after %d ms (differs in the "
                           "8-pixel rows at y=%s); errors: %s" % (what, timeout_ms, rows, self.log()["errors"][:3]))

    def quiet(self, ms, timeout_ms=30000):
        """Waits until the emulated clock is `ms` past the last frame."""
        if not self._call("quiet", ms=ms, timeout_ms=timeout_ms, timeout=timeout_ms / 1000 + 30)["ok"]:
            raise WebError("no %d quiet ms within %d ms" % (ms, timeout_ms))

    def press(self, key, hold_ms=HOLD_MS):
        self._call("press", key=key, hold_ms=hold_ms)

    def click(self, selector):
        self._call("click", selector=selector)

    def eval(self, js):
        return self._call("eval", js=js).get("value")

    def log(self):
        return self._call("log")

    def screenshot(self, path, full=False):
        self._call("screenshot", path=os.path.abspath(path), full=full)


def _cpu_jiffies():
    """(busy, all) clock ticks of every core since boot, from /proc/stat."""
    with open("/proc/stat") as f:
        t = [int(v) for v in f.readline().split()[1:]]
    return sum(t) - t[3] - t[4], sum(t)  # idle and iowait are not work


def _tree_jiffies(root):
    """Clock ticks the process `root` and its descendants have run."""
    parent, ticks = {}, {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open("/proc/%s/stat" % pid) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            parent[int(pid)], ticks[int(pid)] = int(fields[1]), int(fields[11]) + int(fields[12])
    tree, grew = {root}, True
    while grew:
        more = {p for p, pp in parent.items() if pp in tree} - tree
        tree |= more
        grew = bool(more)
    return sum(ticks.get(p, 0) for p in tree)


class OtherWork:
    """How many cores the rest of the machine kept busy while the browser
    (the driver `proc` and its children) ran: from a ``start()`` to
    ``cores()``. None where /proc cannot tell (not Linux)."""

    def __init__(self, page):
        self._root = page._proc.pid
        self._at = None

    def _now(self):
        try:
            return _cpu_jiffies() + (_tree_jiffies(self._root),)
        except OSError:
            return None

    def start(self):
        self._at = self._now()

    def cores(self):
        end = self._now()
        if end is None or self._at is None:
            return None
        busy, total, mine = (b - a for a, b in zip(self._at, end))
        wall = total / (os.cpu_count() or 1)
        return max(0.0, busy - mine) / wall if wall else None


class Answer:
    __slots__ = ("key", "ms", "edge", "frame")

    def __init__(self, key, ms, edge, frame):
        self.key = key
        self.ms = ms          # wall ms from the key event to the answer on the canvas
        self.edge = edge      # the emulated ns the key took effect
        self.frame = frame    # the answer: the first frame that started after it

    def __repr__(self):
        return "Answer(%s %.0f ms)" % (self.key, self.ms)


def presses(log):
    """Each press of the log: the wall time from the key event that acted
    (arrows: down; A and B: up) to the first frame started after it in
    emulated time reaching the canvas (the animation frame after it was
    drawn). A press with no frame after it has ms None."""
    keys = log["keys"]
    frames = log["frames"]
    out = []
    for i, k in enumerate(keys):
        acts = k["down"] if k["key"] in ACT_ON_PRESS else not k["down"]
        if not acts or k["t"] is None:
            continue
        f = next((f for f in frames if f["t0"] >= k["t"]), None)
        ms = None
        if f is not None and f["painted"] is not None:
            ms = f["painted"] - k["wall"]
        out.append(Answer(k["key"], ms, k["t"], f))
    return out
