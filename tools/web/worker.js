// The console's chip in a Web Worker: rp2040js and chip.js run the
// console's UF2, the emulated time paced to the wall clock, so the page stays
// responsive while the firmware runs.
//
// From the page: {op: 'start', fresh}, {op: 'key', pin, down}, {op: 'save'}.
// To the page: {ev: 'frame', t0, t1, on, contrast, data} (the picture,
// 1024 bytes MONO_VLSB), {ev: 'tone', hz, duty}, {ev: 'key', pin, down, t}
// (the emulated time a key took effect), {ev: 'ready', info, resumed},
// {ev: 'status', now, wall, lag}, {ev: 'reset', why}, {ev: 'error', what}.
//
// Saves: the flash's filesystem region lives in IndexedDB, one record per
// 4 KB sector. After each time slice in which the firmware erased or
// programmed some of it, those sectors go to IndexedDB in one transaction
// (all or nothing): what a reload finds is the flash at the end of some slice,
// as a power cut there would leave it, and the firmware resumes the hand.
import * as emu from './rp2040js/index.js';
import { Chip, FLASH_BYTES, writeUf2 } from './chip.js';

const SLICE_MS = 8; // wall ms of emulation between looks at the page's messages
const MAX_LAG_MS = 100; // behind the wall clock by more: that time is let go
const MIN_APART_MS = 30; // longer than the firmware's debounce (10 ms)
const HELD_MS = 300; // a press held this long is held on purpose (the firmware: long at 600, repeat at 400)
const SECTOR = 4096;
const DB = 'stud-console';

let chip = null;
let info = null;
let anchorWall = 0; // performance.now() when the emulated time was anchorEmu
let anchorEmu = 0;
let dirty = new Set(); // sectors of the filesystem written since the last save
let saving = Promise.resolve();
let wholeSaved = false; // the database holds every sector of this region
let db = null;
let timer = null;
let generation = 0; // of start(): each new chip its own
const changed = {}; // pin -> [emulated ns, wall ms] of its last change
const flatOut = { instructions: 0, ms: 0 }; // the slices that could not keep up with the wall clock

function post(e, transfer) { self.postMessage(e, transfer || []); }

async function bytes(name) {
  const r = await fetch('console/' + name);
  if (!r.ok) throw new Error(name + ': ' + r.status);
  return new Uint8Array(await r.arrayBuffer());
}

// -- the saves ---------------------------------------------------------------
function openDb() {
  return new Promise((resolve, reject) => {
    const rq = indexedDB.open(DB, 1);
    rq.onupgradeneeded = () => {
      rq.result.createObjectStore('sectors');
      rq.result.createObjectStore('meta');
    };
    rq.onsuccess = () => resolve(rq.result);
    rq.onerror = () => reject(rq.error);
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error);
  });
}

function region() { return info.fs[0] + ':' + info.fs[1]; }

// The saved filesystem sectors over `flash`; true when there were any for
// this region (a filesystem saved from another layout is not used).
async function loadSaves(flash) {
  const tx = db.transaction(['sectors', 'meta'], 'readonly');
  const meta = await new Promise((resolve) => {
    const rq = tx.objectStore('meta').get('region');
    rq.onsuccess = () => resolve(rq.result);
    rq.onerror = () => resolve(undefined);
  });
  if (meta !== region()) { // none, or saved from another flash layout: not used
    if (meta !== undefined) await clearSaves();
    return false;
  }
  const all = await new Promise((resolve, reject) => {
    const rq = tx.objectStore('sectors').openCursor();
    const out = [];
    rq.onsuccess = () => {
      const c = rq.result;
      if (!c) { resolve(out); return; }
      out.push([c.key, new Uint8Array(c.value)]);
      c.continue();
    };
    rq.onerror = () => reject(rq.error);
  });
  for (const [k, data] of all) if (k < info.fs[1] / SECTOR) flash.set(data, info.fs[0] + k * SECTOR);
  wholeSaved = true;
  return all.length > 0;
}

async function clearSaves() {
  const tx = db.transaction(['sectors', 'meta'], 'readwrite');
  tx.objectStore('sectors').clear();
  tx.objectStore('meta').clear();
  await done(tx);
  wholeSaved = false;
}

// The dirty sectors as they are now, in one transaction; the first save
// writes the whole region, so the saves never lean on the UF2's filesystem.
function save() {
  if (!chip || !db) return saving;
  const fsOff = info.fs[0];
  const count = info.fs[1] / SECTOR;
  const which = wholeSaved ? [...dirty] : [...Array(count).keys()];
  if (!which.length) return saving;
  dirty = new Set();
  wholeSaved = true;
  const flash = chip.flash;
  const copies = which.map((k) => [k, flash.slice(fsOff + k * SECTOR, fsOff + (k + 1) * SECTOR).buffer]);
  saving = saving.then(() => {
    const tx = db.transaction(['sectors', 'meta'], 'readwrite');
    const store = tx.objectStore('sectors');
    for (const [k, buf] of copies) store.put(buf, k);
    tx.objectStore('meta').put(region(), 'region');
    return done(tx);
  }).catch((e) => {
    wholeSaved = false; // the next save writes the whole region again
    post({ ev: 'error', what: 'save: ' + e });
  });
  return saving;
}

function onFlashWrite(e) {
  const [off, size] = info.fs;
  const a = Math.max(e.addr, off);
  const b = Math.min(e.addr + e.len, off + size);
  for (let s = Math.floor((a - off) / SECTOR); off + s * SECTOR < b; s++) dirty.add(s);
}

// -- the chip ----------------------------------------------------------------
function sink(e) {
  if (e.ev === 'frame') post(e, [e.data.buffer]);
  else if (e.ev === 'tone' || e.ev === 'reset' || e.ev === 'alert') post(e);
}

async function start(fresh) {
  if (timer !== null) { clearTimeout(timer); timer = null; }
  const gen = ++generation; // the chip this start makes; an older one's slices stop
  dirty = new Set();
  chip = null;
  for (const pin of Object.keys(changed)) delete changed[pin];
  info = await (await fetch('console/console.json')).json();
  if (!db) db = await openDb();
  if (fresh) await clearSaves();
  const flash = new Uint8Array(FLASH_BYTES).fill(0xff);
  writeUf2(flash, await bytes(info.uf2));
  const resumed = await loadSaves(flash);
  chip = new Chip(emu, await bytes(info.bootrom), sink);
  chip.flashImage = flash;
  chip.onFlashWrite = onFlashWrite;
  const b = info.board;
  chip.powerOn({ display: b.display, pulled_up: b.buttons.map((x) => x.pin),
    buzzer: b.buzzer ? b.buzzer.pin : null });
  anchorWall = performance.now();
  anchorEmu = chip.now;
  if (gen !== generation) return;
  post({ ev: 'ready', info, resumed });
  loop();
}

// A zero-delay yield (setTimeout's nesting clamp would add 4 ms a slice).
const channel = new MessageChannel();
channel.port1.onmessage = (m) => slice(m.data);
function loop() { channel.port2.postMessage(generation); }

let lastStatus = 0;
function slice(gen) {
  if (gen !== generation || !chip) return;
  timer = null;
  const wall = performance.now();
  let target = anchorEmu + (wall - anchorWall) * 1e6;
  if (target - chip.now > MAX_LAG_MS * 1e6) { // let the lag go: no race to catch up
    anchorWall = wall;
    anchorEmu = chip.now + MAX_LAG_MS * 1e6;
    target = anchorEmu;
  }
  if (chip.now < target) {
    const end = wall + SLICE_MS;
    const i0 = chip.instructions;
    chip.enough = () => performance.now() >= end;
    chip.run(target);
    if (chip.dead) { post({ ev: 'error', what: 'the chip stopped' }); return; }
    if (chip.now < target) { // the slice ran flat out: the emulator's own speed here
      flatOut.instructions += chip.instructions - i0;
      flatOut.ms += performance.now() - wall;
    }
  }
  if (dirty.size) save();
  const w = performance.now();
  if (w - lastStatus > 100) {
    lastStatus = w;
    post({ ev: 'status', now: chip.now, wall: w, instructions: chip.instructions, flatOut, lag: (anchorEmu + (w - anchorWall) * 1e6 - chip.now) / 1e6 });
  }
  const ahead = (chip.now - (anchorEmu + (w - anchorWall) * 1e6)) / 1e6;
  if (ahead > 1) timer = setTimeout(slice, ahead, gen);
  else loop();
}

self.onmessage = (m) => {
  const c = m.data;
  if (c.op === 'start') {
    start(!!c.fresh).catch((e) => post({ ev: 'error', what: String(e && e.stack ? e.stack : e) }));
  } else if (c.op === 'key' && chip) {
    // A button's change comes now, but when the emulator runs behind the
    // wall clock, no sooner after the button's last change than it came on
    // the wall clock, up to MIN_APART_MS: a tap still outlasts the firmware's
    // debounce, two quick presses stay two; and a press held longer than
    // HELD_MS keeps its whole length (a long press, the arrows' repeat).
    let t = chip.now;
    const prev = changed[c.pin];
    if (prev) {
      const apart = c.wall - prev[1];
      t = Math.max(t, prev[0] + (!c.down && apart >= HELD_MS ? apart : Math.min(apart, MIN_APART_MS)) * 1e6);
    }
    changed[c.pin] = [t, c.wall];
    chip.pin(t, c.pin, c.down ? 0 : 1);
    post({ ev: 'key', pin: c.pin, down: c.down, t, id: c.id });
    if (timer !== null) { clearTimeout(timer); timer = null; loop(); } // asleep ahead of time: answer now
  } else if (c.op === 'save') {
    save().then(() => post({ ev: 'saved' }));
  }
};
