"""CPython stand-in for MicroPython's ``micropython`` module.

Only for running the firmware on a host (tests, simulator, tools): put this
folder on sys.path. ``const`` is the identity; ``native`` and ``viper`` leave
a function as it is (firmware keeps viper code behind a MicroPython-only
branch, so CPython never calls it).
"""


def const(x):
    return x


def native(f):
    return f


def viper(f):
    return f


def opt_level(*args):
    return 0


def mem_info(*args):
    pass


def alloc_emergency_exception_buf(size):
    pass


def schedule(func, arg):
    func(arg)
