// The page around the console: the screen, the buttons (on screen, touch
// and mouse; on the keyboard, the desktop simulator's keys), the buzzer
// through Web Audio. The firmware runs in worker.js; nothing of the game
// is here.
//
// window.stud holds what the tests read: every frame drawn (its emulated
// times, the wall time it reached the canvas, its bytes), every key (the
// DOM event's time and the emulated time it took effect), and screen(): the
// canvas's pixels read back as the display's 1024 bytes.
const KEYS = {
  ArrowLeft: 'LEFT', a: 'LEFT', A: 'LEFT', ArrowRight: 'RIGHT', d: 'RIGHT', D: 'RIGHT',
  ArrowUp: 'UP', w: 'UP', W: 'UP', ArrowDown: 'DOWN', s: 'DOWN', S: 'DOWN',
  Enter: 'A', z: 'A', Z: 'A', Backspace: 'B', x: 'B', X: 'B',
};
const LOOKS = { // the lit pixel's colour at full contrast, and at the least
  ssd1306: { hi: [110, 205, 255], lo: [40, 90, 130] },
  sh1106: { hi: [235, 240, 255], lo: [110, 112, 120] },
};
const MAX_LOG = 5000;

const canvas = document.getElementById('screen');
const ctx = canvas.getContext('2d', { willReadFrequently: true });
const image = ctx.createImageData(128, 64);
const status = document.getElementById('status');
const stud = { frames: [], keys: [], tones: [], errors: [], ready: null, resumed: null, lag: 0, speed: null, now: 0 };
window.stud = stud;

let pins = {}; // key name -> pin
const held = {}; // key name -> Set of what holds it (keyboard keys, pointers)
let last = null; // the last frame shown
let look = localStorage.getItem('stud-look') || 'ssd1306';
let muted = localStorage.getItem('stud-muted') === '1';
let keyId = 0;

const worker = new Worker('worker.js', { type: 'module' });

// -- the screen ----------------------------------------------------------------
function draw(f) {
  const px = image.data;
  const { hi, lo } = LOOKS[look];
  const k = f.contrast / 255;
  const c = [0, 1, 2].map((i) => Math.round(lo[i] + (hi[i] - lo[i]) * k));
  for (let y = 0; y < 64; y++) {
    const page = (y >> 3) * 128;
    const bit = 1 << (y & 7);
    for (let x = 0; x < 128; x++) {
      const on = f.on && (f.data[page + x] & bit);
      const i = (y * 128 + x) * 4;
      px[i] = on ? c[0] : 0; px[i + 1] = on ? c[1] : 0; px[i + 2] = on ? c[2] : 0; px[i + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
}

function hex(data) {
  let s = '';
  for (const b of data) s += (b < 16 ? '0' : '') + b.toString(16);
  return s;
}

// what the tests wait for: a picture on the canvas, or quiet on the display
const waiters = [];
function wake(what) {
  for (const w of [...waiters]) {
    const ok = w.kind === 'screen' ? what === 'frame' && stud.screen() === w.screen
      : stud.now - (last ? last.t1 : 0) >= w.ms * 1e6;
    if (ok) { waiters.splice(waiters.indexOf(w), 1); clearTimeout(w.timer); w.resolve(true); }
  }
}
function waiter(w, timeoutMs) {
  return new Promise((resolve) => {
    w.resolve = resolve;
    w.timer = setTimeout(() => { waiters.splice(waiters.indexOf(w), 1); resolve(false); }, timeoutMs);
    waiters.push(w);
    wake(w.kind === 'screen' ? 'frame' : 'status');
  });
}
// until the canvas shows `screen` (hex), or false after timeoutMs
stud.waitScreen = (screen, timeoutMs) => waiter({ kind: 'screen', screen }, timeoutMs);
// until the emulated clock is `ms` past the last frame's end
stud.waitQuiet = (ms, timeoutMs) => waiter({ kind: 'quiet', ms }, timeoutMs);

function onFrame(f) {
  last = f;
  draw(f);
  const entry = { t0: f.t0, t1: f.t1, on: f.on, drawn: performance.now(), painted: null, data: hex(f.data) };
  requestAnimationFrame(() => { entry.painted = performance.now(); });
  stud.frames.push(entry);
  if (stud.frames.length > MAX_LOG) stud.frames.shift();
  if (waiters.length) wake('frame');
}

// The canvas read back as the display's bytes (MONO_VLSB): what is on screen.
stud.screen = () => {
  const px = ctx.getImageData(0, 0, 128, 64).data;
  const out = new Uint8Array(1024);
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 128; x++) {
      const i = (y * 128 + x) * 4;
      if (px[i] | px[i + 1] | px[i + 2]) out[(y >> 3) * 128 + x] |= 1 << (y & 7);
    }
  }
  return hex(out);
};

function setLook(name) {
  look = LOOKS[name] ? name : 'ssd1306';
  localStorage.setItem('stud-look', look);
  document.getElementById('look').value = look;
  document.getElementById('bezel').className = 'bezel ' + look;
  if (last) draw(last);
}

// -- the buzzer ----------------------------------------------------------------
let audio = null;
let osc = null;
let gain = null;

function wakeAudio() { // browsers start sound only after a gesture
  if (audio || muted) { if (audio && audio.state === 'suspended') audio.resume(); return; }
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  audio = new Ctx();
  osc = audio.createOscillator();
  osc.type = 'square'; // a piezo driven by PWM
  gain = audio.createGain();
  gain.gain.value = 0;
  osc.connect(gain).connect(audio.destination);
  osc.start();
}

function tone(hz, duty) {
  stud.tones.push([performance.now(), hz, duty]);
  if (stud.tones.length > MAX_LOG) stud.tones.shift();
  if (!audio) return;
  const t = audio.currentTime;
  if (hz > 0 && !muted) osc.frequency.setValueAtTime(hz, t);
  // loudest at half duty, as the firmware's volume setting assumes
  gain.gain.setValueAtTime(hz > 0 && !muted ? 0.08 * Math.min(1, 2 * Math.min(duty, 1 - duty)) : 0, t);
}

function setMuted(m) {
  muted = m;
  localStorage.setItem('stud-muted', m ? '1' : '0');
  const b = document.getElementById('mute');
  b.textContent = m ? 'Sound off' : 'Sound on';
  b.setAttribute('aria-pressed', String(m));
  if (m && gain) gain.gain.setValueAtTime(0, audio.currentTime);
}

// -- the buttons -----------------------------------------------------------------
function button(name, source, down, when) {
  const set = held[name] || (held[name] = new Set());
  const was = set.size > 0;
  if (down) set.add(source); else set.delete(source);
  const is = set.size > 0;
  if (was === is || pins[name] === undefined) return;
  const id = ++keyId;
  stud.keys.push({ id, key: name, down: is, wall: when, t: null });
  if (stud.keys.length > MAX_LOG) stud.keys.shift();
  worker.postMessage({ op: 'key', pin: pins[name], down: is, id, wall: when });
  for (const el of document.querySelectorAll(`[data-key="${name}"]`)) el.classList.toggle('down-now', is);
}

addEventListener('keydown', (e) => {
  const name = KEYS[e.key];
  if (!name || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target instanceof HTMLSelectElement) return;
  e.preventDefault();
  wakeAudio();
  if (!e.repeat) button(name, 'key:' + e.key.toLowerCase(), true, e.timeStamp);
});
addEventListener('keyup', (e) => {
  const name = KEYS[e.key];
  if (!name) return;
  e.preventDefault();
  button(name, 'key:' + e.key.toLowerCase(), false, e.timeStamp);
});
addEventListener('blur', () => { // keys let go while the page had no focus
  for (const name of Object.keys(held)) for (const s of [...held[name]]) button(name, s, false, performance.now());
});

for (const el of document.querySelectorAll('[data-key]')) {
  const name = el.dataset.key;
  const up = (e) => button(name, 'ptr:' + e.pointerId, false, e.timeStamp);
  el.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    wakeAudio();
    button(name, 'ptr:' + e.pointerId, true, e.timeStamp);
  });
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  el.addEventListener('contextmenu', (e) => e.preventDefault()); // a long touch is a long press
}

document.getElementById('mute').addEventListener('click', () => { setMuted(!muted); if (!muted) wakeAudio(); });
document.getElementById('look').addEventListener('change', (e) => setLook(e.target.value));
document.getElementById('erase').addEventListener('click', () => {
  if (confirm('Erase the saved game, statistics and settings, and start a new console?')) {
    worker.postMessage({ op: 'start', fresh: true });
  }
});

// -- the worker's news ------------------------------------------------------------
let speedFrom = null;
worker.onmessage = (m) => {
  const e = m.data;
  if (e.ev === 'frame') onFrame(e);
  else if (e.ev === 'tone') tone(e.hz, e.duty);
  else if (e.ev === 'key') {
    const k = stud.keys.find((x) => x.id === e.id);
    if (k) k.t = e.t;
  } else if (e.ev === 'ready') {
    pins = {};
    for (const b of e.info.board.buttons) pins[b.key] = b.pin;
    stud.ready = performance.now();
    stud.resumed = e.resumed;
    stud.info = e.info;
    status.textContent = 'RP2040 emulated at 125 MHz (rp2040js ' + e.info.rp2040js + ')' +
      (e.resumed ? ', the saved console' : ', a new console');
  } else if (e.ev === 'status') {
    stud.now = e.now;
    stud.instructions = e.instructions;
    stud.flatOut = e.flatOut;
    if (waiters.length) wake('status');
    if (speedFrom && e.wall - speedFrom.wall > 1000) {
      stud.speed = (e.now - speedFrom.now) / 1e6 / (e.wall - speedFrom.wall);
      stud.lag = e.lag;
    }
    if (!speedFrom || e.wall - speedFrom.wall > 1000) speedFrom = e;
    if (stud.speed !== null) {
      status.textContent = status.textContent.replace(/ · .*$/, '') +
        ' · ' + Math.round(Math.min(stud.speed, 1) * 100) + '% of real time';
    }
  } else if (e.ev === 'saved') {
    stud.saved = performance.now();
  } else if (e.ev === 'error' || e.ev === 'alert' || e.ev === 'reset') {
    stud.errors.push(e);
    if (e.ev === 'error') status.textContent = 'the console stopped: ' + e.what;
  }
};
worker.onerror = (e) => { stud.errors.push({ ev: 'error', what: e.message }); status.textContent = 'error: ' + e.message; };

setLook(look);
setMuted(muted);
worker.postMessage({ op: 'start', fresh: false });
