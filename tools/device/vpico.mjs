// The virtual Pico: rp2040js running a MicroPython UF2, driven over stdin/stdout
// by tools/device/vpico.py (one JSON object a line each way). The chip itself
// (flash writes, the OLED, buttons, USB serial, resets) is chip.js, which the
// web page's worker (tools/web) runs too; this is its Node side: files, the
// line protocol, the debugging aids from the environment.
import { readFileSync, writeFileSync } from 'fs';
import { createInterface } from 'readline';
import { dirname, join } from 'path';
import { fileURLToPath } from 'url';
import * as emu from 'rp2040js';
import { Chip, FLASH_BYTES, writeUf2 } from './chip.js';

const HERE = dirname(fileURLToPath(import.meta.url));
// rp2040js warns on stderr about registers it does not model (e.g. SIO
// interpolator reads at a soft reset): harmless here, so kept quiet
console.warn = () => {};

function out(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

// events as JSON: a frame's bytes in hex, serial bytes in base64
function sink(e) {
  if (e.ev === 'frame') out({ ...e, data: Buffer.from(e.data).toString('hex') });
  else if (e.ev === 'serial') out({ ev: 'serial', data: Buffer.from(e.data).toString('base64') });
  else out(e);
}

const chip = new Chip(emu, readFileSync(join(HERE, 'bootrom-b1.bin')), sink);
// debugging aids (VirtualPico's trace_pcs, sample_ns): VPICO_TRACE_PCS=hex,hex
// reports each time the core is about to run the instruction at one of these
// addresses, VPICO_SAMPLE_NS=N the core's address every N ns of emulated time
if (process.env.VPICO_TRACE_PCS) chip.tracePcs = new Set(process.env.VPICO_TRACE_PCS.split(',').map((h) => parseInt(h, 16)));
if (process.env.VPICO_SAMPLE_NS) chip.sampleNs = parseInt(process.env.VPICO_SAMPLE_NS, 10);

function handle(cmd) {
  const op = cmd.op;
  if (op === 'load_flash') {
    const data = readFileSync(cmd.path);
    chip.flashImage = new Uint8Array(FLASH_BYTES).fill(0xff);
    chip.flashImage.set(data.subarray(0, FLASH_BYTES));
  } else if (op === 'load_uf2') {
    writeUf2(chip.flashImage, readFileSync(cmd.path));
  } else if (op === 'write_flash') {
    chip.flashImage.set(readFileSync(cmd.path), cmd.offset);
  } else if (op === 'power_on') {
    chip.logFlash = !!cmd.log_flash;
    chip.powerOn(cmd.board || {});
  } else if (op === 'pin') {
    chip.pin(cmd.t, cmd.pin, cmd.value);
  } else if (op === 'serial') {
    chip.serial(Buffer.from(cmd.data, 'base64'));
  } else if (op === 'cut') {
    chip.cutAt = cmd.t;
  } else if (op === 'run') {
    chip.stopOn = cmd.stop_on === undefined ? null : cmd.stop_on;
    chip.serialTail = '';
    chip.run(cmd.until !== undefined ? cmd.until : chip.now + cmd.ms * 1e6);
    chip.stopOn = null;
  } else if (op === 'profile') { // a debugging aid: the most executed addresses over ms
    chip.prof = new Map();
    chip.run(chip.now + cmd.ms * 1e6);
    const top = [...chip.prof.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3000);
    out({ ev: 'profile', top: top.map(([pc, n]) => [pc.toString(16), n]) });
    chip.prof = null;
  } else if (op === 'meter') { // the meter's totals since power-on (chip.js's Meter)
    out({ ev: 'meter', ...chip.meter() });
  } else if (op === 'adc') { // an ADC input's raw 12-bit reading
    chip.setAdc(cmd.channel, cmd.value);
  } else if (op === 'save_flash') {
    writeFileSync(cmd.path, chip.flash);
  } else if (op === 'quit') {
    process.exit(0);
  } else {
    throw new Error('unknown op ' + op);
  }
  out({ ev: 'done', op, now: chip.now, dead: chip.dead, instructions: chip.instructions, lowSp: chip.lowSp });
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (!line.trim()) return;
  try {
    handle(JSON.parse(line));
  } catch (e) {
    out({ ev: 'done', error: String(e && e.stack ? e.stack : e), now: chip.now, dead: chip.dead });
  }
});
lines.on('close', () => process.exit(0));
