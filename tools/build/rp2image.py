"""Reads an RP2040 firmware image the way the BOOTSEL bootrom and picotool do,
with nothing but Python: the UF2 blocks, and the pico-sdk "binary info" that
the firmware carries about itself (name, version, where its code ends, and
the flash partitions it declares: MicroPython's filesystem and ROMFS).

    python tools/build/rp2image.py FIRMWARE.uf2     # prints the summary

tools/build/firmware.py checks every UF2 it builds with it, and
host_tests/test_firmware_release.py checks the shipped ones. It also writes
UF2 files (``write_uf2``): tools/build/release.py makes the release UF2s.
"""
import struct
import sys

UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)   # start0, start1, end
UF2_FLAG_FAMILY_ID = 0x00002000
UF2_FLAG_NOT_MAIN_FLASH = 0x00000001
RP2040_FAMILY_ID = 0xE48BFF56
UF2_PAYLOAD = 256                 # what the RP2040 bootrom accepts per block
SECTOR = 4096                     # what the flash erases at once

XIP_BASE = 0x10000000             # flash as the CPU sees it
FLASH_BYTES = 2 * 1024 * 1024     # the Pico's W25Q16
BOOT2_BYTES = 256                 # the second-stage boot loader comes first

# pico-sdk src/common/pico_binary_info: the header crt0.S puts right after
# the vector table, in the first 256 bytes after boot2
BI_MARKER_START = 0x7188EBF2
BI_MARKER_END = 0xE71AA390
BI_TYPE_ID_AND_INT = 5
BI_TYPE_ID_AND_STRING = 6
BI_TYPE_BLOCK_DEVICE = 7
BI_TAG_RP = 0x5052                # 'R','P'
BI_TAG_MP = 0x504D                # 'M','P': MicroPython's own entries
BI_ID_PROGRAM_NAME = 0x02031C86
BI_ID_VERSION_STRING = 0x11A9BC3A
BI_ID_BUILD_DATE = 0x9DA22254
BI_ID_BINARY_END = 0x68F465DE


class ImageError(ValueError):
    pass


def read_uf2(data):
    """The UF2 file as the runs of flash it writes, [(start address, bytes)]
    in address order: every block checked (magics, RP2040 family, 256-byte
    payloads, block numbers in order, addresses rising inside the 2 MB
    flash; a gap between two blocks starts a new run)."""
    if not data or len(data) % 512:
        raise ImageError("a UF2 file is whole 512-byte blocks; this one has %d bytes" % len(data))
    count = len(data) // 512
    runs = []
    after = XIP_BASE              # where the next block may start, at the least
    for n in range(count):
        block = data[n * 512:(n + 1) * 512]
        m0, m1, flags, addr, size, number, total, family = struct.unpack_from("<8I", block)
        (m_end,) = struct.unpack_from("<I", block, 508)
        if (m0, m1, m_end) != UF2_MAGIC:
            raise ImageError("block %d: not a UF2 block (magic numbers)" % n)
        if flags & UF2_FLAG_NOT_MAIN_FLASH:
            raise ImageError("block %d: flagged not-main-flash" % n)
        if not flags & UF2_FLAG_FAMILY_ID or family != RP2040_FAMILY_ID:
            raise ImageError("block %d: family 0x%08x, not RP2040's 0x%08x" % (n, family, RP2040_FAMILY_ID))
        if size != UF2_PAYLOAD:
            raise ImageError("block %d: payload %d bytes, the RP2040 takes %d" % (n, size, UF2_PAYLOAD))
        if number != n or total != count:
            raise ImageError("block %d: numbered %d of %d, the file has %d" % (n, number, total, count))
        if addr % UF2_PAYLOAD or addr < after:
            raise ImageError("block %d: address 0x%08x, not a new 256-byte page after 0x%08x" % (n, addr, after))
        if addr + UF2_PAYLOAD > XIP_BASE + FLASH_BYTES:
            raise ImageError("block %d: address 0x%08x is not inside the 2 MB flash" % (n, addr))
        if runs and addr == after:
            runs[-1][1].extend(block[32:32 + UF2_PAYLOAD])
        else:
            runs.append((addr, bytearray(block[32:32 + UF2_PAYLOAD])))
        after = addr + UF2_PAYLOAD
    return [(start, bytes(image)) for start, image in runs]


def write_uf2(runs, whole_sectors=True):
    """The UF2 file (bytes) that writes runs [(flash address, bytes)] as the
    RP2040 bootrom takes them: 256-byte payloads, each block flagged with
    the RP2040's family id, numbered in address order. whole_sectors: each
    run starts on a 4 KB sector and is padded with 0xff (what erased flash
    reads) to whole sectors. The bootrom needs that of a UF2 with more than
    one run: it erases the sector of a block before programming it unless
    it erased "sector" block_no * 256 / 4096 already (pico-bootrom,
    virtual_disk.c): its bookkeeping goes by block number, so a run whose
    first block number is not a multiple of 16 would be programmed over old
    flash. Without whole_sectors only the last page of a run is padded."""
    pages = []
    for start, data in sorted(runs):
        if start % (SECTOR if whole_sectors else UF2_PAYLOAD):
            raise ImageError("a run at 0x%08x does not start on a %s" % (
                start, "4 KB sector" if whole_sectors else "256-byte page"))
        if whole_sectors and len(data) % SECTOR:
            data = data + b"\xff" * (SECTOR - len(data) % SECTOR)
        for off in range(0, len(data), UF2_PAYLOAD):
            payload = data[off:off + UF2_PAYLOAD]
            pages.append((start + off, payload + b"\xff" * (UF2_PAYLOAD - len(payload))))
    out = bytearray()
    for n, (addr, payload) in enumerate(pages):
        out += struct.pack("<8I", UF2_MAGIC[0], UF2_MAGIC[1], UF2_FLAG_FAMILY_ID, addr, UF2_PAYLOAD,
                           n, len(pages), RP2040_FAMILY_ID)
        out += payload + bytes(476 - UF2_PAYLOAD)
        out += struct.pack("<I", UF2_MAGIC[2])
    read_uf2(bytes(out))          # the reader's checks, on what was written
    return bytes(out)


class Image:
    """A flash image (from a UF2 or a .bin) and the binary info it declares."""

    def __init__(self, data, start=XIP_BASE):
        self.start = start
        self.data = data
        self.name = self.version = self.build_date = None
        self.binary_end = None
        self.block_devices = []           # (name, address, size), as declared
        self.frozen = []                  # MicroPython's frozen module names
        self._copies = []                 # crt0's data_cpy_table: (flash src, ram dst, ram end)
        self.extra = []                   # other runs a UF2 writes: (address, bytes)
        self._read_binary_info()

    @classmethod
    def from_uf2(cls, data):
        """The firmware of a UF2 (its run at the start of flash); any other
        runs it writes (a release UF2's ROMFS image) are in ``extra``."""
        runs = read_uf2(data)
        start, image = runs[0]
        if start != XIP_BASE:
            raise ImageError("the UF2 writes no firmware: its first block is at 0x%08x" % start)
        self = cls(image, start)
        self.extra = runs[1:]
        return self

    @property
    def end(self):
        """The last flash byte the image writes, plus one."""
        return self.start + len(self.data)

    def u32(self, addr):
        off = self._offset(addr, 4)
        return struct.unpack_from("<I", self.data, off)[0]

    def u16(self, addr):
        off = self._offset(addr, 2)
        return struct.unpack_from("<H", self.data, off)[0]

    def string(self, addr):
        off = self._offset(addr, 1)
        stop = self.data.index(b"\0", off)
        return self.data[off:stop].decode()

    def _offset(self, addr, size):
        # RAM addresses hold data copied from flash at boot: map them back
        for src, dst, dst_end in self._copies:
            if dst <= addr < dst_end:
                addr = src + addr - dst
                break
        off = addr - self.start
        if not 0 <= off <= len(self.data) - size:
            raise ImageError("address 0x%08x is outside the image" % addr)
        return off

    def _read_binary_info(self):
        head = None
        for off in range(BOOT2_BYTES, min(BOOT2_BYTES * 2, len(self.data) - 20), 4):
            if (struct.unpack_from("<I", self.data, off)[0] == BI_MARKER_START
                    and struct.unpack_from("<I", self.data, off + 16)[0] == BI_MARKER_END):
                head = struct.unpack_from("<3I", self.data, off + 4)
                break
        if head is None:
            raise ImageError("no pico-sdk binary info header in the first 256 bytes after boot2")
        bi_start, bi_end, copy_table = head
        addr = copy_table
        while True:
            src = self.u32(addr)
            if src == 0:
                break
            self._copies.append((src, self.u32(addr + 4), self.u32(addr + 8)))
            addr += 12
        for ptr in range(bi_start, bi_end, 4):
            entry = self.u32(ptr)
            kind, tag = self.u16(entry), self.u16(entry + 2)
            if kind == BI_TYPE_BLOCK_DEVICE:
                name = self.u32(entry + 4)
                self.block_devices.append((self.string(name) if name else "",
                                           self.u32(entry + 8), self.u32(entry + 12)))
            elif kind == BI_TYPE_ID_AND_INT and tag == BI_TAG_RP and self.u32(entry + 4) == BI_ID_BINARY_END:
                self.binary_end = self.u32(entry + 8)
            elif kind == BI_TYPE_ID_AND_STRING:
                ident, text = self.u32(entry + 4), self.string(self.u32(entry + 8))
                if tag == BI_TAG_MP:
                    self.frozen.append(text)
                elif ident == BI_ID_PROGRAM_NAME:
                    self.name = text
                elif ident == BI_ID_VERSION_STRING:
                    self.version = text
                elif ident == BI_ID_BUILD_DATE:
                    self.build_date = text
        self.block_devices.sort(key=lambda d: d[1])

    def block_device(self, name):
        for dev in self.block_devices:
            if dev[0] == name:
                return dev
        return None

    def summary(self):
        kb = 1024
        lines = ["%s %s (built %s)" % (self.name, self.version, self.build_date),
                 "writes 0x%08x..0x%08x (%d KB); code ends at 0x%08x"
                 % (self.start, self.end, len(self.data) // kb, self.binary_end or 0)]
        for name, addr, size in self.block_devices:
            lines.append("partition %-12s 0x%08x..0x%08x (%d KB)" % (name, addr, addr + size, size // kb))
        for addr, data in self.extra:
            lines.append("also writes 0x%08x..0x%08x (%d KB)" % (addr, addr + len(data), (len(data) + kb - 1) // kb))
        return "\n".join(lines)


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    for path in args:
        with open(path, "rb") as f:
            print("%s:\n%s" % (path, Image.from_uf2(f.read()).summary()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
