"""The examples (``>>>``) in the firmware's docstrings, run as tests on CPython.

Every firmware module is imported as the device imports it (``firmware/`` on
the path, the ``micropython`` shim of tools/hostshim) and its docstring
examples run with doctest, so an example that stops being true fails here.
The screen examples get ``fb``, a 128x64 frame buffer of the simulator's
``framebuf``; the hardware examples get the fake ``machine`` of the tests.
An example that cannot run off the device (the console's endless loop) is
marked ``# doctest: +SKIP`` where it stands.
"""
import doctest
import importlib
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")


def _modules_with_examples():
    names = []
    for top, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if not f.endswith(".py") or f == "main.py":
                continue
            path = os.path.join(top, f)
            with open(path) as src:
                if ">>>" not in src.read():
                    continue
            rel = os.path.relpath(path, FIRMWARE)[:-3].replace(os.sep, ".")
            names.append(rel[:-len(".__init__")] if rel.endswith(".__init__") else rel)
    return names


MODULES = _modules_with_examples()


def _globs():
    import fake_machine as machine
    import framebuf

    buf = bytearray(128 * 64 // 8)
    return {"fb": framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), "machine": machine}


def test_examples_exist():
    # the collector finds the modules (a broken walk would pass every test below)
    assert len(MODULES) >= 8, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tried = 0
    for test in finder.find(module, name, globs=dict(vars(module), **_globs())):
        if test.filename and os.path.abspath(test.filename) != os.path.abspath(module.__file__):
            continue  # an object imported from elsewhere: tested in its own module
        runner.run(test, out=sys.stdout.write)
        tried += len(test.examples)
    result = runner.summarize(verbose=False)
    assert tried > 0, "no examples found in %s" % name
    assert result.failed == 0, "%d of %d examples in %s failed (output above)" % (
        result.failed, result.attempted, name)
