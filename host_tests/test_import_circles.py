"""No import circle in firmware/: no module imports (at module level or
inside a function, read with ``ast``) one that imports it back, through any
number of modules. A circle works, if at all, by the order of the lines
(a module takes names from one still being imported) or by a lazy import
that hides it; either way the modules cannot be read one at a time.

``python host_tests/test_import_circles.py`` prints each module's imports.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")


def firmware_modules(top=FIRMWARE):
    """{dotted name: source file} of every module under ``top``."""
    out = {}
    for d, dirs, files in os.walk(top):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if not f.endswith(".py") or f == "manifest.py":
                continue
            rel = os.path.relpath(os.path.join(d, f), top)[:-3].replace(os.sep, ".")
            if rel.endswith(".__init__"):
                rel = rel[:-len(".__init__")]
            out[rel] = os.path.join(d, f)
    return out


def edges(text, names):
    """The modules of ``names`` that source ``text`` imports: ``import a.b``
    and ``from a import b`` (b a module, or a name of a)."""
    out = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in names:
                    out.add(a.name)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                sub = node.module + "." + a.name
                if sub in names:
                    out.add(sub)
                elif node.module in names:
                    out.add(node.module)
    return out


def graph(modules):
    """{module: modules it imports}, from {module: source text}."""
    names = set(modules)
    return {m: edges(text, names) - {m} for m, text in modules.items()}


def circles(g):
    """The strongly connected groups of more than one module (each a sorted
    list), found by Tarjan's algorithm."""
    index = {}
    low = {}
    stack = []
    on = set()
    out = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def _firmware_graph():
    mods = {}
    for name, path in firmware_modules().items():
        with open(path) as f:
            mods[name] = f.read()
    return graph(mods)


def test_no_import_circle_in_the_firmware():
    assert circles(_firmware_graph()) == []


def test_a_circle_is_found_however_it_is_hidden():
    mods = {
        "poker.a": "from poker.b import x\n",
        "poker.b": "def f():\n    from poker import c\n",  # lazy, in a function
        "poker.c": "import poker.a\n",
        "poker.d": "from poker.a import y\n",  # imports into the circle: not in it
        "poker.e": "from poker import f\n",
        "poker.f": "from poker.e import g\n",
    }
    assert circles(graph(mods)) == [["poker.a", "poker.b", "poker.c"], ["poker.e", "poker.f"]]
    del mods["poker.c"]
    assert circles(graph(mods)) == [["poker.e", "poker.f"]]


def test_the_circles_the_engine_had_are_found():
    # the evaluator's plain paths took its tables from it while it was
    # being imported; the players' factory and the levels built on it
    mods = {
        "poker.evaluator": "from poker import evaluator_chunked\n",
        "poker.evaluator_chunked": "from poker.evaluator import _B, _D\n",
        "poker.players": "def make():\n    from poker.hard import Hard\n",
        "poker.hard": "from poker.players import Normal\n",
    }
    assert circles(graph(mods)) == [["poker.evaluator", "poker.evaluator_chunked"],
                                    ["poker.hard", "poker.players"]]


if __name__ == "__main__":
    for m, deps in sorted(_firmware_graph().items()):
        print(m, "->", " ".join(sorted(deps)))
