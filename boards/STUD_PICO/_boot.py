# STUD_PICO's boot script, frozen in place of the rp2 port's modules/_boot.py.
# MicroPython runs it at every start, before boot.py and main.py. Like the
# port's, it mounts the LittleFS filesystem at / and makes a new one when the
# one there cannot be mounted. One thing more: when that flash held data (the
# filesystem of stock MicroPython, which starts where our ROMFS partition
# lies, or another firmware's), it leaves a note on the new filesystem, and
# the app says once that old saves are not readable (firmware/console.py,
# new_storage). Erased flash (a new Pico) leaves no note. (The frozen main.py
# beside this file starts the app from the ROMFS image.)
# It runs in the REPL's namespace: every name it makes is deleted at the end.
import vfs

import rp2


def _written(dev, first):
    """True if a 4 KB block of dev from block `first` on does not start
    with an erased page. A filesystem writes a block from its start
    (LittleFS: a metadata block's revision count, a file's first bytes or
    its skip-list pointers), and a page a block reads in 1/16 of the time."""
    buf = bytearray(256)
    erased = b"\xff" * 256
    for n in range(first, dev.ioctl(4, 0)):  # (4: the number of blocks)
        dev.readblocks(n, buf)
        if buf != erased:
            return True
    return False


def _romfs_blocks(rom):
    """The 4 KB blocks of the ROMFS partition its image fills (0: none)."""
    mv = memoryview(rom)
    if bytes(mv[:3]) != b"\xd2\xcd\x31":  # the ROMFS magic
        return 0
    n = 0
    i = 3
    while True:  # then the length of what follows: a varint
        b = mv[i]
        i += 1
        n = (n << 7) | (b & 0x7F)
        if not b & 0x80:
            return (i + n + 4095) // 4096


bdev = rp2.Flash()
try:
    fs = vfs.VfsLfs2(bdev, progsize=256)
    old = False
except:  # noqa: E722 (as the port's: whatever is there, a new filesystem)
    rom = vfs.rom_ioctl(2, 0)  # the ROMFS partition: past its image, stock's files may remain
    old = _written(bdev, 0) or _written(rom, _romfs_blocks(rom))
    del rom
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    fs = vfs.VfsLfs2(bdev, progsize=256)
vfs.mount(fs, "/")
if old:
    with open("/new_storage.txt", "w") as f:  # console.new_storage's path
        f.write("This flash held data that is not a filesystem this firmware can read:"
                " this filesystem was made new at power-on.\n")
    del f

del vfs, rp2, bdev, fs, old, _written, _romfs_blocks
