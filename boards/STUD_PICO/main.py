# STUD_PICO's main.py, frozen. MicroPython's main.c runs a frozen main.py in
# place of the filesystem's (v1.28.0 ports/rp2/main.c, shared/runtime/pyexec.c
# pyexec_file_if_exists), at power-on and after a reset, not after the soft
# reset of the raw REPL (mpremote's). This one runs the filesystem's main.py
# when there is one, as the stock firmware would, else the ROMFS image's: a
# release UF2 (firmware + ROMFS image) starts the game with nothing on the
# filesystem. The current folder stays /, where mpremote and the REPL expect
# it. It runs in the REPL's namespace: its names go before the file runs.


def _main_py():
    import os

    for path in ("main.py", "/rom/main.py"):  # (the current folder is /)
        try:
            os.stat(path)
            return path
        except OSError:
            pass
    return None


_main = _main_py()
del _main_py
if _main is None:
    del _main
else:
    execfile(globals().pop("_main"))  # noqa: F821 (MicroPython's builtin; the name goes before the file runs)
