"""The seams of docs/architecture.md: every import in firmware/, tools/ and
host_tests/ (at module level and inside functions) goes down the layers,
never across a forbidden seam.

    console (console.py, main.py) -> ui, hw, poker
    ui -> poker                     poker -> poker only
    hw -> hw and ``machine`` only
    firmware -> MicroPython's built-in modules, never tools/, host_tests/
                or an oracle (pokerkit, phevaluator, treys, eval7)
    tools -> firmware, tools        host_tests -> tools, firmware, oracles

Each file's imports are read with ``ast`` (nothing is imported), so the test
also sees imports behind ``if`` and inside functions; host_tests/ may import
anything, so only its module names are read. A name resolves to
the layer that defines it: a firmware package, a module of tools/ (any of
its folders the tools put on the path), a module of host_tests/, an
oracle, or one of MicroPython's built-in modules.
``python host_tests/test_layers.py`` prints the modules of each layer.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
TOOLS = os.path.join(ROOT, "tools")
TESTS = os.path.join(ROOT, "host_tests")
SKIP_DIRS = ("__pycache__", "node_modules", "golden", "fixtures", "shots")

# MicroPython's built-in modules the firmware may use (the rp2 port's;
# framebuf and micropython have CPython stand-ins in tools/, which are not
# what the firmware means by them; uio and uselect are io and select named
# so that MicroPython takes the built-in without a look on the filesystem).
BUILTINS = {"array", "asyncio", "binascii", "collections", "errno", "framebuf", "gc", "hashlib",
            "io", "json", "math", "micropython", "os", "random", "re", "select", "struct", "sys",
            "time", "uctypes", "vfs", "rp2", "uio", "uselect"}
ORACLES = {"pokerkit", "phevaluator", "treys", "eval7"}
FIRMWARE_LAYERS = ("poker", "ui", "hw", "console")

# layer -> the layers it may import ("builtins" = BUILTINS)
ALLOWED = {
    "poker": {"poker", "builtins"},
    "ui": {"ui", "poker", "builtins"},
    "hw": {"hw", "machine", "builtins"},
    "console": {"console", "hw", "ui", "poker", "builtins"},
}


def _py_files(top):
    for d, dirs, files in os.walk(top):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("."))
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.join(d, f)


def _module_names(top):
    """Top-level names importable from a tree whose folders are put on the
    path: every module's name, and a package's name (not its modules')."""
    names = set()
    for path in _py_files(top):
        d = os.path.dirname(path)
        if os.path.exists(os.path.join(d, "__init__.py")):
            names.add(os.path.basename(d))  # a package
        else:
            names.add(os.path.basename(path)[:-3])
    return names


def layer_of_file(path):
    rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
    parts = rel.split("/")
    if parts[0] == "firmware":
        if len(parts) == 2:  # console.py, main.py (which calls console)
            return "console"
        return parts[1]
    return {"tools": "tools", "host_tests": "tests"}[parts[0]]


class Names:
    """Which layer a top-level imported name belongs to."""

    def __init__(self):
        self.tools = _module_names(TOOLS) - BUILTINS
        self.tests = _module_names(TESTS)
        self.both = self.tools & self.tests  # ambiguous: must stay empty

    def layer(self, name):
        if name in FIRMWARE_LAYERS:
            return name
        if name == "main":
            return "console"
        if name == "machine":
            return "machine"
        if name in BUILTINS:
            return "builtins"
        if name in ORACLES:
            return "oracle"
        if name in self.tests:
            return "tests"
        if name in self.tools:
            return "tools"
        return "other"  # the standard library, pytest, other packages


def imports(text, filename="<text>"):
    """[(line, top-level name or None for a relative import)] of every
    import statement in the text, at any depth."""
    out = []
    for node in ast.walk(ast.parse(text, filename)):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((node.lineno, a.name.split(".")[0]))
        elif isinstance(node, ast.ImportFrom):
            out.append((node.lineno, None if node.level else node.module.split(".")[0]))
    return out


def violations(layer, text, names, filename="<text>"):
    """['file:line: layer imports name (its layer)'] for each import of the
    text that a module of ``layer`` may not make."""
    bad = []
    for line, name in imports(text, filename):
        if name is None:
            continue  # relative: inside its own package
        target = names.layer(name)
        if layer in ALLOWED:
            ok = target in ALLOWED[layer]
        elif layer == "tools":
            ok = target != "tests"
        else:
            ok = True  # host_tests stand on everything
        if not ok:
            bad.append("%s:%d: %s imports %s (%s)" % (filename, line, layer, name, target))
    return bad


def all_violations(names=None):
    """Every forbidden import of firmware/ and tools/ (host_tests/ may import
    anything: only its module names are read)."""
    names = names or Names()
    bad = []
    for top in (FIRMWARE, TOOLS):
        for path in _py_files(top):
            with open(path) as f:
                text = f.read()
            bad += violations(layer_of_file(path), text, names, os.path.relpath(path, ROOT))
    return bad


# ------------------------------------------------------------------ tests

def test_no_import_crosses_a_forbidden_seam():
    names = Names()
    assert not names.both, "defined in tools/ and host_tests/ alike: %s" % sorted(names.both)
    bad = all_violations(names)
    assert not bad, "\n".join(bad)


def test_the_check_sees_every_forbidden_import_and_passes_the_allowed_ones():
    names = Names()
    nested = "def f():\n    if True:\n        from %s import x\n"
    cases = [  # (layer, text, how many it must refuse)
        ("poker", "import ui.keys\n", 1),
        ("poker", nested % "hw.oled", 1),
        ("poker", "from console import main\n", 1),
        ("poker", "import pokerkit\nimport treys\n", 2),
        ("poker", "from phevaluator import evaluate_cards\nimport eval7\n", 2),
        ("poker", "import ui_rig\n", 1),           # a tool
        ("poker", "import checks\n", 1),           # a test helper
        ("poker", "import machine\n", 1),          # only hw touches the chip
        ("poker", "import dataclasses\n", 1),      # not MicroPython's
        ("ui", "from hw.buttons import Buttons\n", 1),
        ("ui", nested % "console", 1),
        ("hw", "from ui.keys import A\n", 1),
        ("hw", "from poker.rng import Rng\n", 1),
        ("hw", nested % "ui.app", 1),
        ("console", "import phh\n", 1),
        ("tools", "from fake_table import FakeFs\nimport checks\n", 2),
        ("tools", nested % "ui_rig", 0),
        ("poker", "from poker.rng import Rng\nimport gc, struct\nfrom micropython import const\n", 0),
        ("ui", "from ui import keys\nfrom poker.cards import parse\nimport framebuf\n", 0),
        ("hw", "import machine\nfrom hw import oled\nimport time, json\n", 0),
        ("console", "from hw import hardware_setup\nfrom ui.app import App\nfrom poker.match.store import Store\n", 0),
        ("tests", "import pokerkit\nimport ui_rig\nfrom hw.buttons import Buttons\n", 0),
    ]
    for layer, text, n in cases:
        got = violations(layer, text, names)
        assert len(got) == n, (layer, text, got)


def test_every_layer_is_named_on_the_architecture_page():
    with open(os.path.join(ROOT, "docs", "architecture.md")) as f:
        page = f.read()
    for name in ("firmware/poker/", "firmware/ui/", "firmware/hw/", "firmware/console.py",
                 "firmware/main.py", "tools/", "host_tests/"):
        assert name in page, name
    for name in sorted(os.listdir(TOOLS)):  # every folder of tools
        if os.path.isdir(os.path.join(TOOLS, name)) and name not in SKIP_DIRS and not name.startswith("."):
            assert "tools/%s/" % name in page, name


def test_the_sounds_the_screens_play_are_the_buzzers():
    # ui and hw meet only in the console, so nothing but this check ties the
    # sound names the screens ask for to the notes the buzzer has
    from hw.buzzer import SOUNDS

    said = set()
    for path in _py_files(os.path.join(FIRMWARE, "ui")):
        with open(path) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                said.add(node.value)
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "play":
                for arg in node.args:  # play("x"), play("a" if c else "b")
                    for sub in ast.walk(arg):
                        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                            assert sub.value in SOUNDS, sub.value
    assert not set(SOUNDS) - said, "never played: %s" % sorted(set(SOUNDS) - said)


if __name__ == "__main__":
    for layer in FIRMWARE_LAYERS:
        top = FIRMWARE if layer == "console" else os.path.join(FIRMWARE, layer)
        files = [os.path.relpath(p, FIRMWARE) for p in _py_files(top)
                 if layer_of_file(p) == layer and not p.endswith(("__init__.py", "manifest.py"))]
        print("%-8s %s" % (layer, " ".join(files)))
    n = Names()
    print("%-8s %s" % ("tools", " ".join(sorted(n.tools))))
    print("%-8s %s" % ("tests", " ".join(sorted(x for x in n.tests if not x.startswith("test_")))))
