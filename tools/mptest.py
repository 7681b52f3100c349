"""Runs the portable host tests under the MicroPython unix port.

pytest does not run on MicroPython, so test files whose first line is
``# portable`` are written with plain ``assert`` and the helpers in
host_tests/checks.py; pytest collects them on CPython and this runner runs
the same functions here:

    micropython -X heapsize=180k tools/mptest.py [test_module ...]

It prints one line per failure and a closing ``N passed, N failed`` line,
and exits 1 on any failure.
"""
import gc
import os
import sys

_here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
ROOT = _here + "/.."
TESTS = ROOT + "/host_tests"
sys.path.insert(0, TESTS)
sys.path.insert(0, ROOT + "/firmware")


def portable_modules():
    names = []
    for fname in sorted(os.listdir(TESTS)):
        if fname.startswith("test_") and fname.endswith(".py"):
            with open(TESTS + "/" + fname) as f:
                if f.readline().strip() == "# portable":
                    names.append(fname[:-3])
    return names


def run(names):
    passed = failed = 0
    for mod_name in names:
        mod = __import__(mod_name)
        for name in sorted(dir(mod)):
            if not name.startswith("test_"):
                continue
            fn = getattr(mod, name)
            if not callable(fn):
                continue
            try:
                fn()
                passed += 1
            except Exception as e:  # report and go on
                failed += 1
                print("FAILED %s.%s" % (mod_name, name))
                sys.print_exception(e)
            gc.collect()
        del sys.modules[mod_name]
        mod = None
        gc.collect()
    return passed, failed


def main():
    names = sys.argv[1:] or portable_modules()
    passed, failed = run(names)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
