// Shared set-up for the end-to-end tests: serves the built page (dist/) on a free localhost port with
// `vite preview` and drives Debian's Chromium through playwright-core. Nothing is downloaded: the
// browser is /usr/bin/chromium (or $CHROMIUM), started with the flags this machine needs; Playwright
// gives every launch a fresh, empty profile of its own.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';

const root = new URL('../../', import.meta.url).pathname;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHttp(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the page server did not answer at ${url}`);
}

/** Debian's Chromium, headless, with the flags this machine needs (no background connections). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Starts the preview server and a browser; returns { url, browser, close }. */
export async function startApp() {
  if (!existsSync(join(root, 'dist/index.html'))) {
    throw new Error('dist/ is missing: run `npm test` (it builds the page) or `npm run build` first');
  }
  const port = await freePort();
  const server = spawn(join(root, 'node_modules/.bin/vite'), ['preview', '--port', String(port), '--strictPort'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  let browser;
  try {
    await waitForHttp(url, 20_000);
    browser = await launchBrowser();
  } catch (e) {
    server.kill();
    throw e;
  }
  return {
    url,
    browser,
    async close() {
      await browser.close().catch(() => {});
      server.kill();
      },
  };
}

/** Opens a page and fails the test on any console error or uncaught exception. */
export async function openPage(app, path = '', viewport = { width: 1200, height: 900 }, options = {}) {
  // `init`: a script of the test's own to run in the page before the app's (a recorder, say).
  const { init, ...contextOptions } = options;
  const context = await app.browser.newContext({ viewport, ...contextOptions });
  await context.addInitScript(recordMessages);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.goto(app.url + path);
  return { page, problems, context };
}

/** Independent N-Queens checker for what the page shows (no code shared with the solvers). */
export function checkQueens(n, columns) {
  if (columns.length !== n) return `expected ${n} queens, got ${columns.length}`;
  for (let r1 = 0; r1 < n; r1++) {
    const c1 = columns[r1];
    if (!(c1 >= 0 && c1 < n)) return `row ${r1} has no queen on the board`;
    for (let r2 = r1 + 1; r2 < n; r2++) {
      const c2 = columns[r2];
      if (c1 === c2) return `rows ${r1} and ${r2} share column ${c1}`;
      if (Math.abs(c1 - c2) === r2 - r1) return `rows ${r1} and ${r2} share a diagonal`;
    }
  }
  return null;
}

/** Page coordinates of a Hashiwokakero cell's centre as drawn now (whole-pixel cells, centred). */
export async function hashiCellCenter(page, r, c) {
  const box = await page.locator('#hashi-board').boundingBox();
  const w = Number(await page.getAttribute('#hashi-board', 'data-width'));
  const h = Number(await page.getAttribute('#hashi-board', 'data-height'));
  const dpr = await page.evaluate(() => window.devicePixelRatio || 1);
  const px = Math.round(box.width * dpr);
  // As www/render/hashi.ts lays the grid out: a margin for the solved frame, then the cells.
  const margin = Math.ceil(Math.max(3, px / Math.max(w, h) / 10)) + 2;
  const cell = Math.max(4, Math.floor((px - 2 * margin) / Math.max(w, h)));
  const ox = Math.floor((px - cell * w) / 2);
  const oy = Math.floor((px - cell * h) / 2);
  return { x: box.x + (ox + c * cell + cell / 2) / dpr, y: box.y + (oy + r * cell + cell / 2) / dpr };
}

/** Lays (or adds to) a Hashiwokakero bridge by dragging from island `from` to island `to` ([r, c]). */
export async function hashiDrag(page, from, to) {
  const p = await hashiCellCenter(page, ...from);
  const q = await hashiCellCenter(page, ...to);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  await page.mouse.move((p.x + q.x) / 2, (p.y + q.y) / 2, { steps: 3 });
  await page.mouse.move(q.x, q.y, { steps: 3 });
  await page.mouse.up();
}

/** Runs in the page before its scripts: remembers every text shown in a status line or an error
 *  (`.status`, `.error`), so a test can check afterwards that each was a sentence. */
function recordMessages() {
  const seen = new Set();
  window.__messages = seen;
  const scan = () => {
    for (const el of document.querySelectorAll('.status, .error')) {
      const t = (el.textContent ?? '').trim();
      if (t) seen.add(t);
    }
  };
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, characterData: true });
    scan();
  });
}

/** Every message the page showed that is not a sentence: a capital (or digit or quote) first and a
 *  closing full stop, "!", "?" or "…" last. Issue 9 asks this of every message. */
export async function notSentences(page) {
  const all = await page.evaluate(() => [...(window.__messages ?? [])]);
  return all.filter((t) => !/^[A-Z0-9"“'(]/.test(t) || !/[.!?…]["”')]?$/.test(t));
}

/** Waits until the run on tab `tab` stands still (its step count the same over four reads 200 ms
 *  apart: steps queued by quick clicks have landed, and a run that overshoots would have gone
 *  on), and returns the step on screen. */
export async function settledStep(page, tab) {
  let last = '';
  for (let same = 0; same < 4; ) {
    await page.waitForTimeout(200);
    const now = await page.textContent(`#${tab} .step-count`);
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return Number(/^Step ([\d,]+)/.exec(last)[1].replace(/,/g, ''));
}
