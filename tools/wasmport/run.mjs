// Runs Python on MicroPython's WebAssembly port: a 32-bit MicroPython (4-byte
// words, 16-byte GC blocks, as on the RP2040), where the unix port on this
// 64-bit host has 8-byte words and 32-byte blocks. Used by tools/build/build.py
// (proof_wasm) to measure the firmware's heap at the device's object sizes.
//
//   node tools/wasmport/run.mjs --heap BYTES [--romfs IMAGE] [--tree DIR]
//        [--names MPY] [--begin CODE] [--step CODE] [--code CODE]
//
// --romfs: the port mounts IMAGE at /rom from memory outside its heap (as
//          the device maps its ROMFS partition from flash).
// --tree:  DIR's files are copied to the port's filesystem root (/), which
//          stands for the device's LittleFS.
// --names: the firmware's names (boards/STUD_PICO/stud_names.py compiled):
//          STUD_PICO holds them in its own qstr pool in flash, so the
//          device's heap has no room for them; this port has no such pool.
//          So the driver interns them first, measures what that took (the
//          heap in use after a collection, before and after: NAMES_BYTES),
//          gives the heap that much more than --heap, and counts it out of
//          every figure: the heap is then the device's, with the app's names
//          where the firmware has them.
// --code:  run once (a script).
// --begin, --step: run --begin once, then --step again and again, each run
//          a call of its own from JavaScript, until the Python global
//          `_done` is true. The port collects garbage only between such
//          calls (it cannot scan the WebAssembly stack), so its heap grows
//          past --heap when one step's live data and garbage together do not
//          fit; after each step this driver reads the heap in use (the live
//          data plus all the step's garbage), then collects and reads the
//          live heap.
// Figures: WASM_HEAP (usable bytes of --heap), WASM_STEPS, WASM_PEAK_LIVE
// (largest live heap between steps), WASM_MAX_USED (largest heap in use at
// the end of a step, garbage included) and its step, WASM_OVER_STEPS (steps
// that ended with more in use than WASM_HEAP), WASM_GREW_STEPS (steps that
// ended with the heap grown past WASM_HEAP: some allocation found no room,
// for want of free bytes or of a free run long enough).
// Output: what Python prints, then `WASM_*` figures, then `WASM_OK`; exit
// status 1 with `WASM_ERROR ...` when Python raised.
import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

function parseArgs(argv) {
  const args = { heap: 96 * 1024 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    if (i + 1 >= argv.length) throw new Error("missing value after " + argv[i]);
    args[key] = argv[i + 1];
  }
  args.heap = parseInt(args.heap, 10);
  if (!(args.heap > 0)) throw new Error("--heap BYTES needed");
  return args;
}

function copyTree(FS, src, dst) {
  for (const name of fs.readdirSync(src).sort()) {
    const s = path.join(src, name);
    const d = (dst === "/" ? "" : dst) + "/" + name;
    if (fs.statSync(s).isDirectory()) {
      try { FS.mkdir(d); } catch (e) { /* exists */ }
      copyTree(FS, s, d);
    } else {
      FS.writeFile(d, fs.readFileSync(s));
    }
  }
}

const args = parseArgs(process.argv.slice(2));
let gcLine = null;     // the last "GC: total: T, used: U, free: F" of mem_info
const out = (line) => {
  const m = /^GC: total: (\d+), used: (\d+), free: (\d+)/.exec(line);
  if (m) { gcLine = { total: +m[1], used: +m[2] }; return; }
  if (/^(stack: \d+ out of|\s*No\. of 1-blocks)/.test(line)) return;
  process.stdout.write(line + "\n");
};

// The firmware's names interned (see --names): the heap's bytes they take
// (in use after a collection, before and after: the pools, their text and
// the GC blocks' rounding).
function internNames(mp) {
  mp.FS.writeFile("/stud_names.mpy", fs.readFileSync(args.names));
  mp.runPython("import micropython, sys, gc\ngc.collect()\nmicropython.mem_info()");
  const before = gcLine.used;
  mp.runPython("sys.path.insert(0, '/')\nimport stud_names\nsys.path.pop(0)\n"
               + "del stud_names, sys.modules['stud_names']\ngc.collect()\nmicropython.mem_info()");
  mp.FS.unlink("/stud_names.mpy");
  return gcLine.used - before;
}

async function load(heapsize) {
  const mp = await loadMicroPython({
    heapsize,
    romfs: args.romfs ? new Uint8Array(fs.readFileSync(args.romfs)) : undefined,
    stdout: out,
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  if (args.tree) copyTree(mp.FS, args.tree, "/");
  return mp;
}

let names = 0;
if (args.names) names = internNames(await load(args.heap * 2));  // a first port, to measure
const mp = await load(args.heap + names);
if (args.names && internNames(mp) !== names) throw new Error("the names took other room the second time");

function heap() {
  gcLine = null;
  mp.runPython("import micropython\nmicropython.mem_info()");
  return gcLine;
}

try {
  mp.runPython("import sys, gc\nprint('WASM_VERSION', sys.version.split(';')[1].strip())");
  const start = heap();
  if (names) console.log("NAMES_BYTES", names);
  console.log("WASM_HEAP", start.total - names);
  if (args.code) mp.runPython(args.code);
  if (args.begin) {
    mp.runPython("_done = False\n" + args.begin);
    let steps = 0, over = 0, grew = 0, maxUsed = 0, peakLive = 0, peakStep = 0;
    while (!mp.globals.get("_done")) {
      gcLine = null;
      mp.runPython("_done = " + args.step + "\nmicropython.mem_info()");
      steps += 1;
      const during = gcLine;   // before the collection that ends this call
      if (during.used > start.total) over += 1;
      if (during.total > start.total) grew += 1;
      if (during.used - names > maxUsed) { maxUsed = during.used - names; peakStep = steps; }
      mp.runPython("gc.collect()");          // done as this call returns
      const live = heap();
      if (process.env.WASM_TRACE) console.log("WASM_STEP", steps, during.total, during.used, live.used, names);
      if (live.used - names > peakLive) peakLive = live.used - names;
    }
    console.log("WASM_STEPS", steps);
    console.log("WASM_OVER_STEPS", over);
    console.log("WASM_GREW_STEPS", grew);
    console.log("WASM_MAX_USED", maxUsed);
    console.log("WASM_MAX_USED_STEP", peakStep);
    console.log("WASM_PEAK_LIVE", peakLive);
  }
  console.log("WASM_OK");
} catch (e) {
  console.log("WASM_ERROR " + String(e && e.message ? e.message : e).trim().split("\n").slice(-1)[0]);
  process.stderr.write(String(e && e.stack ? e.stack : e) + "\n");
  process.exit(1);
}
