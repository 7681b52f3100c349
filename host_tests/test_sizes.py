"""No firmware module over 500 lines and no function over 80: a module or a
function that long does several things, and its reader holds them all at
once. The few that are still longer are named here with their owner's
reason; the list only shrinks. ``python host_tests/test_sizes.py`` prints
the largest modules and functions.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
MODULE_LINES = 500
FUNCTION_LINES = 80

# still over, each with its reason (the list only shrinks)
LONG_MODULES = set()
LONG_FUNCTIONS = {
    # the Monte Carlo deal loop and the showdown's score: one generator and
    # one call a deal, whose locals are the hot path (a split is a call and
    # its frame a deal, to be measured on the chip first)
    "poker/odds/montecarlo.py:parts",
    "poker/odds/equity.py:share",
}


def sizes():
    """([(lines, module)], [(lines, 'module:function')]), largest first."""
    mods = []
    funcs = []
    for d, dirs, files in os.walk(FIRMWARE):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(d, f)
            rel = os.path.relpath(path, FIRMWARE).replace(os.sep, "/")
            with open(path) as src:
                text = src.read()
            mods.append((text.count("\n"), rel))
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    funcs.append((node.end_lineno - node.lineno + 1, rel + ":" + node.name))
    return sorted(mods, reverse=True), sorted(funcs, reverse=True)


def test_no_module_over_500_lines_and_no_function_over_80():
    mods, funcs = sizes()
    assert [m for n, m in mods if n > MODULE_LINES and m not in LONG_MODULES] == []
    assert [f for n, f in funcs if n > FUNCTION_LINES and f not in LONG_FUNCTIONS] == []


def test_the_named_exceptions_are_still_long():
    # one cut short leaves the list: the test then asks for its line to go
    mods, funcs = sizes()
    long_mods = {m for n, m in mods if n > MODULE_LINES}
    long_funcs = {f for n, f in funcs if n > FUNCTION_LINES}
    assert LONG_MODULES <= long_mods, LONG_MODULES - long_mods
    assert LONG_FUNCTIONS <= long_funcs, LONG_FUNCTIONS - long_funcs


if __name__ == "__main__":
    mods, funcs = sizes()
    print("largest modules:")
    for n, m in mods[:10]:
        print("  %4d %s" % (n, m))
    print("largest functions:")
    for n, f in funcs[:10]:
        print("  %4d %s" % (n, f))
