// The page in headless Chromium, driven over stdin/stdout by
// tools/web/webpage.py (one JSON object a line each way), for the tests and
// the screenshot.
//
// It serves a folder (build/web) on 127.0.0.1 itself and starts the
// system's Chromium (STUD_CHROMIUM, else /usr/bin/chromium) through
// playwright-core, pinned in package-lock.json; playwright's own browser
// downloads are never used. The browser has no network: host names resolve
// to nothing, and every request the page makes is logged; one to anywhere
// but the local server is refused and reported.
import { createServer } from 'http';
import { readFile } from 'fs/promises';
import { createInterface } from 'readline';
import { extname, join, normalize, sep } from 'path';
import { chromium } from 'playwright-core';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.png': 'image/png' };

function out(obj) { process.stdout.write(JSON.stringify(obj) + '\n'); }

function serve(dir) {
  const server = createServer(async (req, res) => {
    const path = normalize(join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (!path.startsWith(normalize(dir) + sep) && path !== normalize(dir)) { res.writeHead(403).end(); return; }
    try {
      const file = path.endsWith(sep) ? join(path, 'index.html') : path;
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const KEY = { LEFT: 'ArrowLeft', RIGHT: 'ArrowRight', UP: 'ArrowUp', DOWN: 'ArrowDown', A: 'Enter', B: 'Backspace' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class Driver {
  async start(cmd) {
    this.server = await serve(cmd.dir);
    this.origin = 'http://127.0.0.1:' + this.server.address().port;
    this.browser = await chromium.launch({
      executablePath: process.env.STUD_CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required',
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
    });
    this.context = await this.browser.newContext({ viewport: cmd.viewport || { width: 1100, height: 760 } });
    this.requests = [];
    this.refused = [];
    await this.context.route('**/*', (route) => {
      const url = route.request().url();
      this.requests.push(url);
      if (url.startsWith(this.origin + '/')) route.continue();
      else { this.refused.push(url); route.abort(); }
    });
    this.page = await this.context.newPage();
    this.console = [];
    this.page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') this.console.push(m.text()); });
    this.page.on('pageerror', (e) => this.console.push(String(e)));
    return { origin: this.origin, version: this.browser.version() };
  }
  async open() {
    await this.page.goto(this.origin + '/', { waitUntil: 'load' });
    return {};
  }
  async reload() {
    await this.page.reload({ waitUntil: 'load' });
    return {};
  }
  // until the canvas shows `screen` (hex of the 1024 bytes), within timeout_ms
  async wait_screen(cmd) {
    const ok = await this.page.evaluate(([s, ms]) => window.stud.waitScreen(s, ms), [cmd.screen, cmd.timeout_ms]);
    return ok ? { ok } : { ok, screen: await this.page.evaluate(() => window.stud.screen()) };
  }
  // until the emulated clock is `ms` past the last frame's end
  async quiet(cmd) {
    return { ok: await this.page.evaluate(([q, ms]) => window.stud.waitQuiet(q, ms), [cmd.ms, cmd.timeout_ms || 30000]) };
  }
  async press(cmd) {
    const key = KEY[cmd.key];
    await this.page.keyboard.down(key);
    await sleep(cmd.hold_ms);
    await this.page.keyboard.up(key);
    return {};
  }
  async click(cmd) {
    await this.page.click(cmd.selector);
    return {};
  }
  async eval(cmd) {
    return { value: await this.page.evaluate(cmd.js) };
  }
  async log() {
    const s = await this.page.evaluate(() => ({ frames: window.stud.frames, keys: window.stud.keys, tones: window.stud.tones,
      ready: window.stud.ready, resumed: window.stud.resumed, errors: window.stud.errors,
      speed: window.stud.speed, flatOut: window.stud.flatOut, instructions: window.stud.instructions }));
    return { ...s, requests: this.requests, refused: this.refused, console: this.console };
  }
  async screenshot(cmd) {
    await this.page.screenshot({ path: cmd.path, fullPage: !!cmd.full });
    return {};
  }
  async quit() {
    if (this.browser) await this.browser.close();
    if (this.server) this.server.close();
    process.exit(0);
  }
}

const driver = new Driver();
let queue = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  const cmd = JSON.parse(line);
  queue = queue.then(async () => {
    try {
      out({ ev: 'done', op: cmd.op, ...(await driver[cmd.op](cmd)) });
    } catch (e) {
      out({ ev: 'done', op: cmd.op, error: String(e && e.stack ? e.stack : e) });
    }
  });
}).on('close', () => { queue.then(() => driver.quit()); });
