"""No firmware module over 500 lines and no function over 80: a module or a
function that long does several things, and its reader holds them all at
once. ``python host_tests/test_sizes.py`` prints the largest modules and
functions.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
MODULE_LINES = 500
FUNCTION_LINES = 80


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
    assert [m for n, m in mods if n > MODULE_LINES] == []
    assert [f for n, f in funcs if n > FUNCTION_LINES] == []


if __name__ == "__main__":
    mods, funcs = sizes()
    print("largest modules:")
    for n, m in mods[:10]:
        print("  %4d %s" % (n, m))
    print("largest functions:")
    for n, f in funcs[:10]:
        print("  %4d %s" % (n, f))
