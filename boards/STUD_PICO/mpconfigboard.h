// The Stud handheld: Raspberry Pi Pico (RP2040, 2 MB flash) with a ROMFS
// partition. Out-of-tree board for MicroPython v1.28.0's rp2 port; see
// README.md beside this file for the build.

#define MICROPY_HW_BOARD_NAME                   "Stud handheld (Raspberry Pi Pico)"

// The flash map (offsets from 0x10000000). v1.28.0's rp2_flash.c puts the
// filesystem at the top of the 2 MB and the ROMFS partition right below it;
// the firmware has what is left at the bottom. The linker checks none of
// these boundaries: tools/firmware.py checks them on the built firmware.
//   0     .. 640K   firmware           640 KB  (as the stock RPI_PICO's)
//   640K  .. 1408K  ROMFS partition    768 KB
//   1408K .. 2048K  LittleFS           640 KB

// ROMFS: the app's code (.mpy) executed in place and the evaluator tables
// read in place through memoryview: the app's whole flash budget.
// A multiple of the 4 KB flash sector (rp2_flash.c asserts it).
#define MICROPY_HW_ROMFS_BYTES                  (768 * 1024)

// LittleFS: saves, statistics, main.py, board.json. A multiple of 4 KB.
#define MICROPY_HW_FLASH_STORAGE_BYTES          (640 * 1024)
