"""A flash chip in RAM for vfs.VfsLfs2 (LittleFS), for the MicroPython
tools (tools/bench/bench_soak.py, tools/bench/bench_flash.py) and the tests (test_store.py,
mp_lfs_powercut.py).

``RamDisk(data=None, block_size=256, blocks=64)``: the extended block
protocol LittleFS uses, over ``data`` (a bytearray, used as it is: no copy,
the heap is small; made and erased when None). An erase sets the block to
0xFF, as NOR flash does. ``log``: None, or a list that records every
program as ``(offset, bytes)`` and every erase as ``(offset, None)`` (the
power-cut tests replay it).
"""


class RamDisk:
    def __init__(self, data=None, block_size=256, blocks=64):
        if data is None:
            data = bytearray(b"\xff" * (block_size * blocks))
        self.data = data
        self.block_size = block_size
        self.blocks = len(data) // block_size
        self.log = None
        self._erased = b"\xff" * block_size

    def readblocks(self, block, buf, offset=0):
        a = block * self.block_size + offset
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        a = block * self.block_size + (offset or 0)
        if self.log is not None:
            self.log.append((a, bytes(buf)))
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return self.block_size
        if op == 6:  # erase one block
            a = arg * self.block_size
            if self.log is not None:
                self.log.append((a, None))
            self.data[a:a + self.block_size] = self._erased
            return 0
        return None
