// The virtual Pico's chip, with nothing of Node or of the browser: the
// virtual Pico (vpico.mjs, Node, driven over stdin/stdout) and the web page's
// worker (tools/web) both run our firmware through it.
//
// What it adds to rp2040js (which emulates the core and most peripherals):
// - flash that MicroPython can write: the bootrom's flash_range_erase and
//   flash_range_program are trapped (a BKPT patched into our copy of the
//   bootrom) and done here, with the emulated time of a typical QSPI flash;
//   a power cut at any emulated instant, also inside an erase or a program;
// - the OLED (SSD1306 or SH1106 on I2C or SPI) decoded into 128x64 frames,
//   each byte taking its bus time on the emulated clock;
// - buttons driven at given emulated times; USB CDC serial both ways;
// - the buzzer's PWM read as tones (frequency and duty);
// - resets (watchdog, core back at the bootrom's reset vector) reported;
// - the battery sense: an ADC input's voltage, kept across resets;
// - the meter (Meter): the core executing or asleep at each clock, the
//   panel's lit pixels and contrast, over emulated time.
// Emulated time counts cycles at clk_sys as the clock registers set it (125
// MHz, 8 ns a cycle, at MicroPython's power-on), from power-on.
//
// rp2040js itself is passed in (`emu`: the module's RP2040 and USBCDC), so
// that each side loads it its own way (Node's package, the page's copy).
export const FLASH_BYTES = 2 * 1024 * 1024;
export const XIP = 0x10000000;
const SECTOR = 4096;
const PAGE = 256;
const ERASE_NS_PER_SECTOR = 45e6; // typical 4 KB sector erase of a QSPI NOR flash
const PROGRAM_NS_PER_PAGE = 0.4e6; // typical 256-byte page program
const FRAME_QUIET_NS = 3e6; // display traffic then this much silence: one frame
const I2C_RAW_INTR_STAT = 0x34; // the I2C's raw interrupt status: what the SDK's blocking writes poll
const BKPT_ERASE = 0xe1;
const BKPT_PROGRAM = 0xe2;

// -- the bootrom, with the two flash-writing functions trapped ---------------
function romFunction(rom, code) {
  const view = new DataView(rom.buffer, rom.byteOffset, rom.byteLength);
  let p = view.getUint16(0x14, true); // function table
  for (;;) {
    const c = view.getUint16(p, true);
    if (c === 0) return null;
    if (c === code) return view.getUint16(p + 2, true);
    p += 4;
  }
}

// The B1 bootrom's bytes (Uint8Array) -> its words, with BKPTs in place of
// flash_range_erase and flash_range_program.
export function patchedBootrom(raw) {
  const rom = new Uint8Array(raw); // a copy
  for (const [name, bkpt] of [['RE', BKPT_ERASE], ['RP', BKPT_PROGRAM]]) {
    const addr = romFunction(rom, name.charCodeAt(0) | (name.charCodeAt(1) << 8)) & ~1;
    rom[addr] = bkpt; rom[addr + 1] = 0xbe; // BKPT #bkpt
    rom[addr + 2] = 0x70; rom[addr + 3] = 0x47; // BX LR
  }
  return new Uint32Array(rom.buffer);
}

// Writes a UF2's blocks into a flash image (Uint8Array of FLASH_BYTES), as
// the RP2040 bootrom writes a file dropped on its drive (pico-bootrom,
// virtual_disk.c _write_uf2_page): before a block's page is programmed, the
// 4 KB sector holding it is erased, unless "sector" block_no * 256 / 4096 was
// erased already: the bookkeeping goes by block number, so a run of blocks
// whose first number is not a multiple of 16 finds its first sector "erased"
// and is programmed over the old bytes (NOR: ANDed; rp2image.write_uf2 keeps
// runs in whole sectors). Sectors no block lands in keep what they held (the
// filesystem). Returns the end of the highest block written.
export function writeUf2(flash, uf2) {
  const view = new DataView(uf2.buffer, uf2.byteOffset, uf2.byteLength);
  const cleared = new Set();
  let end = 0;
  for (let i = 0; i + 512 <= uf2.length; i += 512) {
    if (view.getUint32(i, true) !== 0x0a324655 || view.getUint32(i + 4, true) !== 0x9e5d5157) continue;
    const addr = view.getUint32(i + 12, true) - XIP;
    const size = view.getUint32(i + 16, true);
    const index = Math.floor((view.getUint32(i + 20, true) * PAGE) / SECTOR);
    if (!cleared.has(index)) {
      const sector = addr - (addr % SECTOR);
      flash.fill(0xff, sector, sector + SECTOR);
      cleared.add(index);
    }
    for (let k = 0; k < size; k++) flash[addr + k] &= uf2[i + 32 + k];
    end = Math.max(end, addr + size);
  }
  return end;
}

// -- the meter: where the emulated time goes, for the energy model ---------
// (tools/bench/energy.py, docs/power.md): the core executing or asleep
// (WFE/WFI) at each clk_sys frequency, light sleep apart (clk_sys from the
// crystal, as machine.lightsleep runs it); and what the panel showed, its
// lit pixels and contrast while on, each integrated over emulated time.
export class Meter {
  constructor(now) {
    this.now = now;
    this.cpu = new Map(); // "hz" or "hz/xosc" -> [hz, executing ns, waiting ns, from the crystal]
    this.last = null; this.lastKey = ''; // the bucket last used (the clock rarely changes)
    this.lit = 0; this.contrast = 0x7f; this.on = false; // the panel since panelAt
    this.panelAt = now();
    this.onNs = 0; // the panel on
    this.litNs = 0; // lit pixels x ns, panel on
    this.litContrastNs = 0; // lit pixels x (contrast + 1) / 256 x ns, panel on
  }
  core(ns, executing, hz, fromCrystal) {
    const key = fromCrystal ? hz + '/xosc' : '' + hz;
    let b = this.last;
    if (key !== this.lastKey) {
      b = this.cpu.get(key);
      if (!b) { b = [hz, 0, 0, !!fromCrystal]; this.cpu.set(key, b); }
      this.last = b; this.lastKey = key;
    }
    if (executing) b[1] += ns; else b[2] += ns;
  }
  // the panel's state from now on (the time before counts with the old one)
  panel(lit, contrast, on) {
    const t = this.now();
    const dt = t - this.panelAt;
    if (dt > 0 && this.on) {
      this.onNs += dt;
      this.litNs += this.lit * dt;
      this.litContrastNs += this.lit * (this.contrast + 1) / 256 * dt;
    }
    this.panelAt = t;
    this.lit = lit; this.contrast = contrast; this.on = on;
  }
  report() {
    this.panel(this.lit, this.contrast, this.on); // (the panel's sums up to now)
    return {
      t: this.now(),
      cpu: [...this.cpu.values()].map(([hz, exec, wait, xosc]) => ({ hz, exec, wait, xosc })),
      panel: { on: this.onNs, lit: this.litNs, lit_contrast: this.litContrastNs, pixels: 128 * 64,
        now: { lit: this.lit, contrast: this.contrast, on: this.on } },
    };
  }
}

const BITS = new Uint8Array(256).map((_, i) => { let n = 0; for (let b = i; b; b >>= 1) n += b & 1; return n; });

// -- the OLED controller's RAM and command decoder ---------------------------
const ARGS = { 0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8d: 1, 0xa8: 1, 0xad: 1, 0xd3: 1, 0xd5: 1,
  0xd8: 1, 0xd9: 1, 0xda: 1, 0xdb: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0xa3: 2 };

class Panel {
  constructor(chip, meter) {
    this.meter = meter;
    this.lit = 0; // lit pixels of the visible RAM (before inversion)
    this.inverse = false;
    this.sh1106 = chip === 'sh1106';
    this.cols = this.sh1106 ? 132 : 128;
    this.offset = this.sh1106 ? 2 : 0; // SH1106: 128 visible columns of 132
    this.ram = new Uint8Array(this.cols * 8);
    this.mode = 2; // SSD1306 after reset: page addressing
    this.col = 0; this.page = 0;
    this.c0 = 0; this.c1 = 127; this.p0 = 0; this.p1 = 7;
    this.cmd = []; this.need = 0;
    this.on = false;
    this.contrast = 0x7f;
  }
  command(b) {
    if (this.need > 0) {
      this.cmd.push(b);
      if (--this.need === 0) this.apply(this.cmd);
      return;
    }
    const n = ARGS[b] || 0;
    this.cmd = [b];
    if (n) this.need = n; else this.apply(this.cmd);
  }
  apply(c) {
    const op = c[0];
    if (op === 0x20) this.mode = c[1] & 3;
    else if (op === 0x21) { this.c0 = c[1] & 127; this.c1 = c[2] & 127; this.col = this.c0; }
    else if (op === 0x22) { this.p0 = c[1] & 7; this.p1 = c[2] & 7; this.page = this.p0; }
    else if (op === 0x81) this.contrast = c[1];
    else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
    else if (op <= 0x0f) this.col = (this.col & 0xf0) | op;
    else if (op <= 0x1f) this.col = (this.col & 0x0f) | ((op & 0x0f) << 4);
    else if (op === 0xae) this.on = false;
    else if (op === 0xaf) this.on = true;
    else if (op === 0xa6 || op === 0xa7) this.inverse = op === 0xa7;
    else return;
    this.metered();
  }
  metered() {
    this.meter.panel(this.inverse ? 128 * 64 - this.lit : this.lit, this.contrast, this.on);
  }
  data(b) {
    if (this.col < this.cols) {
      const i = this.page * this.cols + this.col;
      const old = this.ram[i];
      if (old !== b) {
        this.ram[i] = b;
        if (this.col >= this.offset && this.col < this.offset + 128) {
          this.lit += BITS[b] - BITS[old];
          this.metered();
        }
      }
    }
    if (!this.sh1106 && this.mode === 0) { // horizontal addressing in the window
      if (this.col >= this.c1) {
        this.col = this.c0;
        this.page = this.page >= this.p1 ? this.p0 : this.page + 1;
      } else this.col++;
    } else if (this.col < this.cols - 1) this.col++;
  }
  // the 128x64 picture, 1024 bytes MONO_VLSB (as framebuf): 8 pages of 128 columns
  frame() {
    const f = new Uint8Array(1024);
    for (let p = 0; p < 8; p++) {
      for (let x = 0; x < 128; x++) f[p * 128 + x] = this.ram[p * this.cols + x + this.offset];
    }
    return f;
  }
}

// Frames: a burst of display traffic followed by FRAME_QUIET_NS of silence.
class FrameWatch {
  constructor(board, panel) {
    this.board = board; this.panel = panel;
    this.start = null; this.end = 0; this.data = false;
    this.alarm = board.clock.createAlarm(() => this.flush());
  }
  begin() {
    if (this.start === null) this.start = this.board.now();
    this.alarm.cancel();
  }
  finish() {
    this.end = this.board.now();
    this.alarm.schedule(FRAME_QUIET_NS);
  }
  flush() {
    if (this.start !== null && this.data) {
      this.board.event({ ev: 'frame', t0: this.start, t1: this.end, on: this.panel.on,
        contrast: this.panel.contrast, data: this.panel.frame() });
    }
    this.start = null; this.data = false;
  }
}

function attachI2C(board, i2c, chip, addr) {
  const panel = new Panel(chip, board.meter);
  const watch = new FrameWatch(board, panel);
  const alarm = board.clock.createAlarm(() => { const f = pending; pending = null; f(); });
  let pending = null;
  const later = (bits, f) => {
    // the bus rate: clk_sys / (SCL high + low counts). The RP2040's I2C runs
    // from clk_sys (the SDK's i2c_set_baudrate divides clock_get_hz(clk_sys)),
    // so a rate set at one clk_sys changes with it (machine.freq)
    const period = (i2c.sclHighPeriod + i2c.sclLowPeriod) * 1e9 / board.mcu.clkSys;
    pending = f;
    alarm.schedule(bits * period);
  };
  let ours = false; let control = true; let dataMode = false; let single = false;
  i2c.onStart = () => { watch.begin(); later(1, () => i2c.completeStart()); };
  i2c.onConnect = (address, mode) => {
    ours = address === addr && mode === 0;
    control = true;
    later(9, () => i2c.completeConnect(ours));
  };
  i2c.onWriteByte = (b) => {
    if (ours) {
      if (control) { // control byte: 0x00 commands, 0x40 data; Co (0x80): one byte then another control byte
        dataMode = !!(b & 0x40); single = !!(b & 0x80); control = false;
      } else {
        if (dataMode) { panel.data(b); watch.data = true; } else panel.command(b);
        if (single) control = true;
      }
    }
    later(9, () => i2c.completeWrite(ours));
  };
  i2c.onReadByte = () => later(9, () => i2c.completeRead(0xff));
  i2c.onStop = () => later(1, () => { i2c.completeStop(); watch.finish(); });
  // The SDK's blocking write polls the raw interrupt status (TX_EMPTY, then
  // STOP_DET) while a byte is on the wire: a frame's 1024 bytes at 400 kHz
  // are 23 ms of the core spinning. Nothing it reads there changes before
  // the next alarm, so the second read from the same instruction (a loop)
  // takes the clock to that alarm, as a core asleep does; the time counts
  // as executing.
  const read = i2c.readUint32.bind(i2c);
  let pollPc = -1;
  i2c.readUint32 = (offset) => {
    if (offset === I2C_RAW_INTR_STAT && pending !== null) {
      const pc = board.mcu.core.PC;
      if (pc === pollPc) board.polling();
      pollPc = pc;
    } else pollPc = -1;
    return read(offset);
  };
  return panel;
}

function attachSPI(board, spi, chip, pins) {
  const panel = new Panel(chip, board.meter);
  const watch = new FrameWatch(board, panel);
  const gpio = board.mcu.gpio;
  const alarm = board.clock.createAlarm(() => { spi.completeTransmit(0); watch.finish(); });
  spi.onTransmit = (b) => {
    watch.begin();
    if (!gpio[pins.cs].outputValue) {
      if (gpio[pins.dc].outputValue) { panel.data(b); watch.data = true; } else panel.command(b);
    }
    alarm.schedule(8 * 1e9 / spi.clockFrequency); // its dividers over clk_peri
  };
  return panel;
}

// The buzzer: the PWM slice of its pin read a moment after the firmware
// last wrote to the PWM block (a new pitch is several writes: divider, top,
// level); a change of pitch or loudness is a 'tone' event (hz 0: silent).
const TONE_SETTLE_NS = 20000;

function attachBuzzer(board, pin) {
  const pwm = board.mcu.pwm;
  const ch = pwm.channels[(pin >> 1) & 7];
  const shift = (pin & 1) ? 16 : 0; // channel B in CC's top half
  let last = -1;
  const settled = board.clock.createAlarm(() => {
    const div = (ch.div >> 4) + (ch.div & 15) / 16 || 256; // 8.4 fixed point; 0 means 256
    const period = (ch.top + 1) * ((ch.csr & 2) ? 2 : 1); // phase-correct counts up then down
    const level = (ch.cc >>> shift) & 0xffff;
    const on = (ch.csr & 1) && level > 0;
    const hz = on ? Math.round(board.mcu.clkSys / div / period) : 0;
    const duty = on ? Math.min(1, level / (ch.top + 1)) : 0;
    const key = hz * 2 + duty;
    if (key !== last) {
      last = key;
      board.event({ ev: 'tone', t: board.now(), hz, duty });
    }
  });
  const write = pwm.writeUint32.bind(pwm);
  pwm.writeUint32 = (offset, value) => {
    write(offset, value);
    settled.schedule(TONE_SETTLE_NS);
  };
}

// -- one power-on of the board -----------------------------------------------
class Board {
  constructor(host, flash, opts) {
    this.host = host;
    this.mcu = new host.emu.RP2040();
    // rp2040js's complaints (e.g. SIO interpolator reads at a soft reset) would
    // only be noise: kept quiet
    this.mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
    this.clock = this.mcu.clock;
    this.meter = new Meter(() => this.now());
    // a cycle's time follows clk_sys (machine.freq, machine.lightsleep)
    this.cycleNs = 1e9 / this.mcu.clkSys;
    this.mcu.addClockListener((hz) => { this.cycleNs = 1e9 / hz; });
    this.mcu.loadBootrom(host.bootrom);
    this.mcu.flash.set(flash.subarray(0, FLASH_BYTES));
    this.flash = this.mcu.flash;
    this.dead = false;
    this.limit = 0; // the clock's count where the current run stops (polling)
    this.resetPC = host.bootrom[1] & ~1;
    this.mcu.onBreak = (code) => this.onBreak(code);
    this.mcu.peripherals[0x40058].onWatchdogTrigger = () => this.reset('watchdog');
    const d = opts.display || { chip: 'ssd1306', bus: 'i2c', i2c: { id: 0, addr: 60 } };
    if (d.bus === 'spi') attachSPI(this, this.mcu.spi[d.spi.id], d.chip, d.spi);
    else attachI2C(this, this.mcu.i2c[d.i2c.id], d.chip, d.i2c.addr === undefined ? 60 : d.i2c.addr);
    if (opts.buzzer !== undefined && opts.buzzer !== null) attachBuzzer(this, opts.buzzer);
    for (const pin of opts.pulled_up || []) this.mcu.gpio[pin].setInputValue(true);
    for (const ch of Object.keys(host.adc)) this.mcu.adc.channelValues[ch] = host.adc[ch];
    this.cdc = new host.emu.USBCDC(this.mcu.usbCtrl);
    this.cdc.onDeviceConnected = () => this.event({ ev: 'usb' });
    this.cdc.onSerialData = (bytes) => this.host.serialOut(bytes);
    // A host only answers an OUT transfer when it has data: rp2040js answers at
    // once with 0 bytes, which keeps the USB interrupt busy all the time.
    this.readWaiting = null;
    const usb = this.mcu.usbCtrl;
    const answer = usb.onEndpointRead;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint === this.cdc.outEndpoint && this.cdc.txFIFO.empty) this.readWaiting = [endpoint, size];
      else answer(endpoint, size);
    };
    this.answerRead = () => {
      const w = this.readWaiting;
      if (w && !this.cdc.txFIFO.empty) { this.readWaiting = null; answer(w[0], w[1]); }
    };
    this.mcu.core.PC = XIP; // boot stage 2 at the start of flash, as the bootrom would
  }
  now() { return this.host.base + this.clock.nanos; }
  // clk_sys from the crystal through clk_ref: machine.lightsleep's clock
  fromCrystal() { return (this.mcu.clocks.sysCtrl & 1) === 0; }
  event(e) { this.host.event(e); }
  reset(why) {
    this.event({ ev: 'reset', why, t: this.now() });
    this.host.reboot();
  }
  onBreak(code) {
    const r = this.mcu.core.registers;
    if (code === BKPT_ERASE) this.erase(r[0] >>> 0, r[1] >>> 0);
    else if (code === BKPT_PROGRAM) this.program(r[0] >>> 0, r[1] >>> 0, r[2] >>> 0);
    else {
      this.event({ ev: 'alert', what: 'breakpoint ' + code, t: this.now() });
      this.host.stopRun = true;
    }
  }
  // A write that takes ns of emulated time; if the power is cut inside it,
  // part(k of n) does the first k of n steps and the board is dead.
  timed(ns, steps, step) {
    const t0 = this.now();
    const cut = this.host.cutAt;
    if (cut !== null && cut < t0 + ns) {
      const done = Math.max(0, Math.floor(((cut - t0) / ns) * steps));
      step(done, true);
      this.clock.tick(cut - t0);
      this.host.powerCut();
      return false;
    }
    step(steps, false);
    this.clock.tick(ns);
    this.meter.core(ns, true, this.mcu.clkSys, false); // the core polls the flash meanwhile
    return true;
  }
  erase(addr, count) {
    addr &= 0xffffff;
    const sectors = Math.ceil(count / SECTOR);
    const t0 = this.now();
    // steps: bytes; a cut leaves the sector being erased partly erased (a prefix)
    const total = sectors * SECTOR;
    const ok = this.timed(sectors * ERASE_NS_PER_SECTOR, total, (k) => {
      this.flash.fill(0xff, addr, Math.min(addr + k, FLASH_BYTES));
    });
    this.host.flashWritten({ ev: 'erase', addr, len: total, t0, t1: this.now(), cut: !ok });
  }
  program(addr, src, count) {
    addr &= 0xffffff;
    const pages = Math.ceil(count / PAGE);
    const t0 = this.now();
    const ok = this.timed(pages * PROGRAM_NS_PER_PAGE, count, (k) => {
      for (let i = 0; i < k; i++) this.flash[addr + i] &= this.mcu.readUint8(src + i); // NOR: bits only go 1 -> 0
    });
    this.host.flashWritten({ ev: 'program', addr, len: count, t0, t1: this.now(), cut: !ok });
  }
  // A core polling what only an alarm can change: the clock on to the next
  // alarm, within the run's limit (a pin change, a power cut, its end)
  polling() {
    const clock = this.clock;
    const step = Math.min(clock.nanosToNextAlarm, this.limit - clock.nanos);
    if (step <= 0) return;
    clock.tick(step);
    this.meter.core(step, true, this.mcu.clkSys, false);
  }
  // Runs until emulated time `until` (ns since the first power-on), a stop,
  // or (when given) the host's wall-clock check says enough for now.
  run(until) {
    const { mcu, clock } = this;
    const core = mcu.core;
    const host = this.host;
    const watching = host.prof || host.tracePcs || host.sampleNs;
    host.feedSerial();
    while (!host.stopRun && !this.dead) {
      const now = host.base + clock.nanos;
      if (host.cutAt !== null && now >= host.cutAt) { host.powerCut(); break; }
      if (now >= until) break;
      // the emulated instant to stop at, on the clock's own count
      const limit = (host.cutAt !== null && host.cutAt < until ? host.cutAt : until) - host.base;
      this.limit = limit;
      if (core.waiting) {
        if (host.serialIn.length) host.feedSerial();
        let step = clock.nanosToNextAlarm;
        if (step <= 0 || clock.nanos + step > limit) step = Math.max(limit - clock.nanos, 1);
        clock.tick(step);
        this.meter.core(step, false, mcu.clkSys, this.fromCrystal());
      } else if (watching) {
        this.watched(limit, 0x1000);
      } else {
        // a burst of instructions with no more checks than they need: the
        // emulator's speed is the page's pace
        const reset = this.resetPC;
        const regs = core.registers;
        let low = host.lowSp;
        let n = 0;
        let ns = 0;
        while (n < 0x1000 && !core.waiting && clock.nanosCounter < limit && !host.stopRun && !this.dead) {
          const dt = core.executeInstruction() * this.cycleNs;
          clock.tick(dt);
          ns += dt;
          n++;
          if (regs[13] < low) low = regs[13];
          if (regs[15] === reset) { this.reset('core at the reset vector'); break; }
        }
        host.lowSp = low;
        host.instructions += n;
        this.meter.core(ns, true, mcu.clkSys, false);
      }
      if (host.serialIn.length || this.readWaiting) host.feedSerial();
      if (host.enough && host.enough()) break;
    }
    host.feedSerial();
  }
  // up to n instructions with the debugging aids: a profile of addresses,
  // addresses traced, the address sampled in time
  watched(limit, n) {
    const { mcu, clock, host } = this;
    const core = mcu.core;
    const trace = host.tracePcs;
    const sample = host.sampleNs;
    for (let i = 0; i < n && !core.waiting && clock.nanos < limit && !host.stopRun && !this.dead; i++) {
      host.instructions++;
      if (core.registers[13] < host.lowSp) host.lowSp = core.registers[13];
      if (host.prof) { const pc = core.PC; host.prof.set(pc, (host.prof.get(pc) || 0) + 1); }
      const dt = core.executeInstruction() * this.cycleNs;
      clock.tick(dt);
      this.meter.core(dt, true, mcu.clkSys, false);
      if (core.PC === this.resetPC) { this.reset('core at the reset vector'); break; }
      if (trace && trace.has(core.PC)) host.event({ ev: 'pc', pc: core.PC.toString(16), t: host.base + clock.nanos });
      if (sample && host.base + clock.nanos >= (this.nextSample || 0)) {
        this.nextSample = host.base + clock.nanos + sample;
        host.event({ ev: 'pc', pc: (core.PC | 1).toString(16), t: host.base + clock.nanos });
      }
    }
  }
}

// -- the board over its power-ons: flash, time line, buttons, serial ----------
// `sink` gets every event: {ev: 'frame' | 'tone' | 'serial' | 'usb' | 'reset'
// | 'power_cut' | 'alert' | 'pc' | 'erase' | 'program', ...}; the flash's
// erases and programs go to `sink` only with logFlash, and always to
// onFlashWrite(e) when set.
export class Chip {
  constructor(emu, bootrom, sink) {
    this.emu = emu;
    this.bootrom = patchedBootrom(bootrom);
    this.sink = sink;
    this.flashImage = new Uint8Array(FLASH_BYTES).fill(0xff);
    this.board = null;
    this.base = 0;
    this.cutAt = null;
    this.stopRun = false;
    this.serialIn = [];
    this.serialTail = '';
    this.stopOn = null;
    this.pins = []; // [t, pin, value] scheduled button changes
    this.opts = {};
    this.logFlash = false;
    this.onFlashWrite = null;
    this.enough = null; // () => true ends a run() early (the page's time slices)
    this.tracePcs = null; // a debugging aid: Set of addresses reported as the core reaches them
    this.sampleNs = 0; // and the core's address every sampleNs of emulated time
    this.prof = null;
    this.instructions = 0;
    // the lowest the stack pointer went (the C stack grows down; interrupts
    // run on it too): how near the firmware came to overflowing it
    this.lowSp = 0xffffffff;
    this.adc = {}; // ADC channel -> its raw 12-bit reading (the battery sense), kept across power-ons
  }
  event(e) { this.sink(e); }
  flashWritten(e) {
    if (this.logFlash) this.sink(e);
    if (this.onFlashWrite) this.onFlashWrite(e);
  }
  serialOut(bytes) {
    this.sink({ ev: 'serial', data: bytes });
    if (this.stopOn !== null) {
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      this.serialTail = (this.serialTail + s).slice(-4096);
      if (this.serialTail.includes(this.stopOn)) this.stopRun = true;
    }
  }
  feedSerial() {
    const cdc = this.board && this.board.cdc;
    if (!cdc || !cdc.initialized) return;
    while (this.serialIn.length && cdc.txFIFO.itemCount < cdc.txFIFO.size) cdc.sendSerialByte(this.serialIn.shift());
    this.board.answerRead();
  }
  get now() { return this.board ? this.board.now() : this.base; }
  get dead() { return this.board ? this.board.dead : true; }
  // the flash as it is now (the running board's, or the one it left)
  get flash() {
    return this.board && !this.board.dead ? this.board.flash.subarray(0, FLASH_BYTES) : this.flashImage;
  }
  powerOn(opts) {
    if (opts !== undefined) {
      this.opts = opts;
      if (this.board) this.base = this.board.now(); // time goes on from the power-off
      this.pins = [];
    }
    this.board = new Board(this, this.flashImage, this.opts);
    this.applyPins(true);
  }
  reboot() {
    // keep the flash and the time line; a new chip starts from the flash
    const old = this.board;
    this.flashImage = new Uint8Array(old.flash.subarray(0, FLASH_BYTES));
    this.base = old.now();
    old.dead = true;
    this.powerOn();
  }
  powerCut() {
    const b = this.board;
    if (!b || b.dead) return;
    b.dead = true;
    this.flashImage = new Uint8Array(b.flash.subarray(0, FLASH_BYTES));
    this.event({ ev: 'power_cut', t: this.cutAt === null ? b.now() : this.cutAt });
    this.cutAt = null;
    this.stopRun = true;
  }
  // pin `pin` to value (0 low: pressed) at emulated time t (at once if past)
  pin(t, pin, value) {
    this.pins.push([t, pin, value]);
    if (this.board) this.applyPins(false);
  }
  applyPins(all) {
    const b = this.board;
    const now = b.now();
    this.pins.sort((x, y) => x[0] - y[0]);
    while (this.pins.length && (all || this.pins[0][0] <= now)) {
      const [, pin, v] = this.pins.shift();
      b.mcu.gpio[pin].setInputValue(!!v);
    }
  }
  serial(bytes) {
    for (const c of bytes) this.serialIn.push(c);
  }
  // ADC input `channel` reads `value` (raw, 12 bits) from now on
  setAdc(channel, value) {
    this.adc[channel] = value;
    if (this.board) this.board.mcu.adc.channelValues[channel] = value;
  }
  // the meter's totals since this power-on (Meter.report), with the clocks now
  meter() {
    const b = this.board;
    return { ...b.meter.report(), clk_sys: b.mcu.clkSys, clk_peri: b.mcu.clkPeri };
  }
  run(until) {
    this.stopRun = false;
    const b = this.board;
    if (!b || b.dead) return;
    // run up to each scheduled pin change, apply it, go on
    for (;;) {
      this.pins.sort((x, y) => x[0] - y[0]);
      const next = this.pins.length ? Math.min(this.pins[0][0], until) : until;
      this.board.run(next);
      if (this.stopRun || this.board.dead) break;
      this.applyPins(false);
      if (this.board.now() >= until || (this.enough && this.enough())) break;
    }
  }
}
