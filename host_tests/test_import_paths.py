"""The one way tools and tests find each other (tools/paths.py): every room
of tools/ is on the list, no module name is taken twice on the path (one
would hide the other), no tool or test puts the repository's folders on
``sys.path`` by itself, and ``make bench`` runs every benchmark."""
import ast
import os
import re
import sys

import paths

ROOT = paths.ROOT
TOOLS = os.path.join(ROOT, "tools")
TESTS = os.path.join(ROOT, "host_tests")
# tools/ folders that are not rooms of importable modules
NOT_ROOMS = {"wasmport"}

# Who may change sys.path, and why: each puts a folder chosen at run time in
# front (a copy of the firmware to run, a tree laid out for MicroPython).
MAY_SET_PATH = {
    "tools/bench/mpsetup.py": "--fw=DIR: another copy of the firmware",
    "tools/sim/fullgame.py": "MPY_DIR given on the command line: the device's layout",
    "host_tests/mptest.py": "the tree it runs (a copy of the layout, compiled)",
}


def _py_files(top):
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__") and not d.startswith(".")]
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.join(folder, f)


def _modules_in(folder):
    """Top-level importable names of a folder: modules and packages."""
    names = set()
    for f in os.listdir(folder):
        full = os.path.join(folder, f)
        if f.endswith(".py"):
            names.add(f[:-3])
        elif os.path.isfile(os.path.join(full, "__init__.py")):
            names.add(f)
    return names


def test_every_room_of_tools_is_on_the_path_and_the_path_lists_only_folders_that_exist():
    listed = set(paths.FOR_CPYTHON)
    for name in sorted(os.listdir(TOOLS)):
        full = os.path.join(TOOLS, name)
        if os.path.isdir(full) and name not in NOT_ROOMS and not name.startswith(".") and name != "__pycache__":
            # a package (phh) is found through tools/ itself
            room = "tools" if os.path.isfile(os.path.join(full, "__init__.py")) else "tools/" + name
            assert room in listed, name
    for folder in paths.folders(paths.FOR_CPYTHON):
        assert os.path.isdir(folder), folder
    assert set(paths.FOR_MICROPYTHON) == listed - {"tools/hostshim"}  # MicroPython has its own module


def test_no_name_on_the_path_is_taken_twice():
    seen = {}
    folders = paths.folders(paths.FOR_CPYTHON) + [TESTS]
    for folder in folders:
        for name in _modules_in(folder):
            assert name not in seen, "%s: in %s and %s" % (name, seen[name], folder)
            seen[name] = folder
    # nor hides, or is hidden by, a module of the standard library
    assert not set(seen) & set(sys.stdlib_module_names), set(seen) & set(sys.stdlib_module_names)


def _sets_path(tree):
    """Lines where the module changes sys.path (a call on it, or a slice or
    whole assignment), outside string literals (code written for another
    interpreter, a device's path, is not this process's path)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value
            if (isinstance(target, ast.Attribute) and target.attr == "path"
                    and isinstance(target.value, ast.Name) and target.value.id == "sys"
                    and node.func.attr in ("insert", "append", "extend")):
                lines.append(node.lineno)
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                base = t.value if isinstance(t, ast.Subscript) else t
                if (isinstance(base, ast.Attribute) and base.attr == "path"
                        and isinstance(base.value, ast.Name) and base.value.id == "sys"):
                    lines.append(node.lineno)
    return lines


def test_no_tool_or_test_sets_its_own_import_path():
    bad = []
    for top in (TOOLS, TESTS):
        for path in _py_files(top):
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            with open(path) as f:
                lines = _sets_path(ast.parse(f.read(), rel))
            if lines and rel not in MAY_SET_PATH:
                bad.append("%s:%s" % (rel, ",".join(map(str, lines))))
            if not lines:
                assert rel not in MAY_SET_PATH, "%s no longer sets the path: take it off MAY_SET_PATH" % rel
    assert not bad, "the path comes from tools/paths.py (the venv's stud.pth, MICROPYPATH): " + " ".join(bad)


def test_the_check_sees_each_way_of_setting_the_path():
    for code in ("import sys\nsys.path.insert(0, 'x')\n", "import sys\nsys.path.append('x')\n",
                 "import sys\nsys.path[:0] = ['x']\n", "import sys\nsys.path = ['x']\n",
                 "import sys\nsys.path += ['x']\n"):
        assert _sets_path(ast.parse(code)) == [2], code
    assert _sets_path(ast.parse("code = \"import sys\\nsys.path.insert(0, 'x')\"\n")) == []


def test_make_bench_runs_every_benchmark():
    with open(os.path.join(ROOT, "Makefile")) as f:
        makefile = f.read()
    run = set(re.findall(r"tools/bench/(bench_\w+)\.py", makefile))
    have = {f[:-3] for f in os.listdir(os.path.join(TOOLS, "bench")) if f.startswith("bench_") and f.endswith(".py")}
    assert have == run, "not run by make bench: %s; gone: %s" % (sorted(have - run), sorted(run - have))
    sections = set(re.findall(r"tools/bench/bench_device\.py ([a-z-]+)", makefile))
    import bench_device

    assert set(bench_device.SECTIONS) <= sections, set(bench_device.SECTIONS) - sections
