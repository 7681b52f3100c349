"""Runs the portable host tests under the MicroPython unix port.

pytest does not run on MicroPython, so test files whose first line is
``# portable`` are written with plain ``assert`` and the helpers in
host_tests/checks.py; pytest collects them on CPython and this runner runs
the same functions here:

    micropython -X heapsize=180k host_tests/mptest.py [test_module ...]

(and, on the WebAssembly port, ``Runner(names).step()`` once per test: see
host_tests/test_wasm32.py).

It prints one line per failure and a closing ``N passed, N failed`` line,
and exits 1 on any failure.
"""
import gc
import os
import sys

# The tree this file sits in: the repository, or a copy of its layout with
# the code compiled to .mpy (hostenv.portable_tree): the tree's own folders
# go in front, so that the copy, not the sources, is what runs.
# (The WebAssembly port has no sys.argv: it imports this from the tree's root.)
_argv = getattr(sys, "argv", None) or ["host_tests/mptest.py"]
_here = _argv[0].rsplit("/", 1)[0] if "/" in _argv[0] else "."
ROOT = _here + "/.."
TESTS = ROOT + "/host_tests"
# the tests, the helpers they share with the tools (deck, ramdisk; the phh package), the firmware
sys.path[:0] = [TESTS, ROOT + "/tools/sim", ROOT + "/tools", ROOT + "/firmware"]


def portable_modules():
    names = []
    for fname in sorted(os.listdir(TESTS)):
        if fname.startswith("test_") and fname.endswith(".py"):
            with open(TESTS + "/" + fname) as f:
                if f.readline().strip() == "# portable":
                    names.append(fname[:-3])
    return names


class Runner:
    """Runs the test functions of ``names`` one ``step()`` at a time (a
    driver that must return between tests, as the WebAssembly port's, which
    collects garbage only then, calls step() until it returns True)."""

    def __init__(self, names):
        self.passed = self.failed = 0
        self._tests = self._each(names)

    def _each(self, names):
        for mod_name in names:
            mod = __import__(mod_name)
            for name in sorted(dir(mod)):
                fn = getattr(mod, name)
                if name.startswith("test_") and callable(fn):
                    yield mod_name, name, fn
            del sys.modules[mod_name]
            mod = None

    def step(self):
        """Runs the next test; True (after the summary line) when none is left."""
        for mod_name, name, fn in self._tests:
            try:
                fn()
                self.passed += 1
            except Exception as e:  # report and go on
                self.failed += 1
                print("FAILED %s.%s" % (mod_name, name))
                sys.print_exception(e)
            fn = None
            gc.collect()
            return False
        print("%d passed, %d failed" % (self.passed, self.failed))
        return True


def main():
    r = Runner(sys.argv[1:] or portable_modules())
    while not r.step():
        pass
    sys.exit(1 if r.failed else 0)


if __name__ == "__main__":
    main()
