// The Stud handheld: Raspberry Pi Pico (RP2040, 2 MB flash) with a ROMFS
// partition. Out-of-tree board for MicroPython v1.28.0's rp2 port; see
// mpconfigboard.cmake for the flash map and README.md for the build.

#define MICROPY_HW_BOARD_NAME                   "Stud handheld (Raspberry Pi Pico)"

// 768 KB of flash for the ROMFS image (the app's code as .mpy executed in
// place, and the evaluator tables read in place through memoryview). This is
// the whole flash budget of the app (DEVICE.md). It lies between the
// firmware and the filesystem; a multiple of the 4 KB flash sector.
#define MICROPY_HW_ROMFS_BYTES                  (768 * 1024)

// The LittleFS filesystem: the top 640 KB. Set in mpconfigboard.cmake too
// (the port passes that value to the linker and the compiler).
#ifndef MICROPY_HW_FLASH_STORAGE_BYTES
#define MICROPY_HW_FLASH_STORAGE_BYTES          (640 * 1024)
#endif
