// Export an animation (issue 32, point 2): steps a to b of a run as an animated GIF and a WebM
// video. Both files are decoded, not just sniffed: the GIF by Chromium's own image decoder
// (WebCodecs ImageDecoder, frame by frame), the WebM by parsing its EBML in Node (the blocks and
// the track's size) and by Chromium's VP8 decoder (VideoDecoder, every block) and a <video>. The
// frame count is the number of steps chosen, the size the one chosen, and a frame's board differs
// from the one before wherever the run changed the grid (read from the page at each step). Cancel
// stops the work and leaves the player at its step.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { startApp, openPage } from './harness.mjs';
import { ebml } from './ebml-oracle.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SKY = '6://2/3//4/5/2/3//////2//////3/2/2/,g6f4u';
const LINK = `#skyscrapers/${encodeURIComponent(SKY)}?mode=watch&step=5`;
const FROM = 0;
const TO = 24;
const WIDTH = 360;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

async function openAt5() {
  const { page, problems } = await openPage(app, LINK);
  await page.waitForFunction(() => document.querySelector('#sky-status')?.dataset.step === '5', null, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  return { page, problems };
}

async function openDialog(page) {
  await page.locator('#animate-button').click();
  await page.waitForFunction(() => /The run has/.test(document.querySelector('#animate-range')?.textContent ?? ''));
}

async function make(page, { format, from = FROM, to = TO, width = WIDTH, speed = 100 }) {
  await page.locator(`#animate-${format}`).check();
  await page.locator('#animate-from').fill(String(from));
  await page.locator('#animate-to').fill(String(to));
  await page.locator('#animate-width').selectOption(String(width));
  await page.locator('#animate-speed').selectOption(String(speed));
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator('#animate-make').click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** The board's grid at each step from..to, read from the page by seeking its scrubber. */
async function gridsAt(page, from, to) {
  return page.evaluate(
    async ([from, to]) => {
      const scrub = document.querySelector('#skyscrapers .scrubber');
      const out = [];
      for (let k = from; k <= to; k++) {
        scrub.value = String(k);
        scrub.dispatchEvent(new Event('input'));
        out.push(document.querySelector('#sky-board').dataset.grid);
      }
      return out;
    },
    [from, to],
  );
}

function readWebm(buf) {
  const top = ebml(buf);
  assert.equal(top[0].id, 0x1a45dfa3, 'an EBML header first');
  const doc = ebml(buf, top[0].start, top[0].start + top[0].size).find((e) => e.id === 0x4282);
  assert.equal(buf.subarray(doc.start, doc.start + doc.size).toString(), 'webm');
  const segment = top.find((e) => e.id === 0x18538067);
  const kids = ebml(buf, segment.start, segment.start + segment.size);
  const uint = (e) => [...buf.subarray(e.start, e.start + e.size)].reduce((v, b) => v * 256 + b, 0);
  const tracks = kids.find((e) => e.id === 0x1654ae6b);
  const entry = ebml(buf, tracks.start, tracks.start + tracks.size)[0];
  const fields = ebml(buf, entry.start, entry.start + entry.size);
  const codec = fields.find((e) => e.id === 0x86);
  const video = fields.find((e) => e.id === 0xe0);
  const dims = ebml(buf, video.start, video.start + video.size);
  const blocks = [];
  for (const cluster of kids.filter((e) => e.id === 0x1f43b675)) {
    const inner = ebml(buf, cluster.start, cluster.start + cluster.size);
    const base = uint(inner.find((e) => e.id === 0xe7));
    for (const b of inner.filter((e) => e.id === 0xa3)) {
      const time = base + buf.readInt16BE(b.start + 1);
      blocks.push({ time, key: (buf[b.start + 3] & 0x80) !== 0, data: [...buf.subarray(b.start + 4, b.start + b.size)] });
    }
  }
  return {
    codec: buf.subarray(codec.start, codec.start + codec.size).toString(),
    width: uint(dims.find((e) => e.id === 0xb0)),
    height: uint(dims.find((e) => e.id === 0xba)),
    blocks,
  };
}

test('an exported GIF decodes to one frame per step, at the size chosen, changing where the run did', async () => {
  const { page, problems } = await openAt5();
  await openDialog(page);
  const gif = await make(page, { format: 'gif' });
  assert.equal(gif.name, `skyscrapers-${FROM}-${TO}.gif`);
  assert.equal(gif.bytes.subarray(0, 6).toString(), 'GIF89a');
  // The player is back at the step it was on.
  await page.waitForFunction(() => document.querySelector('#sky-status')?.dataset.step === '5');
  const status = await page.textContent('#animate-status');
  assert.match(status, /^Saved skyscrapers-0-24\.gif/);

  const decoded = await page.evaluate(async (bytes) => {
    const dec = new ImageDecoder({ data: new Uint8Array(bytes), type: 'image/gif' });
    await dec.tracks.ready;
    const count = dec.tracks.selectedTrack.frameCount;
    const frames = [];
    let shot = null;
    let width = 0;
    let height = 0;
    for (let i = 0; i < count; i++) {
      const { image } = await dec.decode({ frameIndex: i });
      width = image.displayWidth;
      height = image.displayHeight;
      const c = new OffscreenCanvas(width, height);
      const ctx = c.getContext('2d');
      ctx.drawImage(image, 0, 0);
      image.close();
      if (i === 12) shot = [...new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer())];
      // The board's square only (the caption under it changes with every sentence).
      frames.push([...ctx.getImageData(0, 0, width, width).data]);
    }
    const differs = (a, b) => a.some((v, i) => Math.abs(v - b[i]) > 24);
    return { count, width, height, shot, changed: frames.slice(1).map((f, i) => differs(frames[i], f)) };
  }, [...gif.bytes]);
  assert.equal(decoded.count, TO - FROM + 1, 'one frame per step');
  writeFileSync(`${root}docs/screenshots/animate-gif-frame-12.png`, Buffer.from(decoded.shot));
  assert.equal(decoded.width, WIDTH);
  assert.ok(decoded.height > WIDTH && decoded.height % 2 === 0, `board and caption: ${decoded.height}`);

  const grids = await gridsAt(page, FROM, TO);
  let gridChanges = 0;
  for (let k = FROM; k < TO; k++) {
    if (grids[k - FROM] !== grids[k + 1 - FROM]) {
      gridChanges++;
      assert.ok(decoded.changed[k - FROM], `the board of frame ${k + 1} differs from frame ${k}: the grid changed at that step`);
    }
  }
  assert.ok(gridChanges >= 3, `the run changed the grid ${gridChanges} times in these steps`);
  assert.deepEqual(problems, []);
});

test('an exported WebM decodes to one frame per step at the size chosen', async () => {
  const { page, problems } = await openAt5();
  await openDialog(page);
  const webm = await make(page, { format: 'webm', speed: 200 });
  assert.equal(webm.name, `skyscrapers-${FROM}-${TO}.webm`);
  await page.waitForFunction(() => document.querySelector('#sky-status')?.dataset.step === '5');
  const file = readWebm(webm.bytes);
  assert.equal(file.codec, 'V_VP8');
  assert.equal(file.width, WIDTH);
  assert.equal(file.blocks.length, TO - FROM + 1, 'one block per step');
  assert.deepEqual(
    file.blocks.map((b) => b.time),
    file.blocks.map((_, i) => i * 200),
    'one step every 200 ms',
  );
  // Chromium's VP8 decoder decodes every block, at the track's size.
  const out = await page.evaluate(
    async ({ blocks, width, height }) => {
      const frames = [];
      const dec = new VideoDecoder({
        output: (f) => {
          frames.push([f.codedWidth, f.codedHeight, f.timestamp]);
          f.close();
        },
        error: (e) => frames.push(String(e)),
      });
      dec.configure({ codec: 'vp8', codedWidth: width, codedHeight: height });
      for (const b of blocks) dec.decode(new EncodedVideoChunk({ type: b.key ? 'key' : 'delta', timestamp: b.time * 1000, data: new Uint8Array(b.data) }));
      await dec.flush();
      return frames;
    },
    { blocks: file.blocks, width: file.width, height: file.height },
  );
  assert.equal(out.length, TO - FROM + 1);
  for (const f of out) assert.deepEqual(f.slice(0, 2), [file.width, file.height]);
  // And a <video> element reads the file as it is (on a blank page: the app's own policy plays no
  // media from blob: addresses).
  const blank = await page.context().newPage();
  const video = await blank.evaluate(async (bytes) => {
    const v = document.createElement('video');
    v.muted = true;
    v.src = URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: 'video/webm' }));
    await new Promise((ok, fail) => {
      v.onloadedmetadata = ok;
      v.onerror = () => fail(new Error(`video error ${v.error?.code} ${v.error?.message}`));
    });
    return { width: v.videoWidth, height: v.videoHeight, duration: v.duration };
  }, [...webm.bytes]);
  assert.deepEqual([video.width, video.height], [file.width, file.height]);
  assert.ok(Math.abs(video.duration - ((TO - FROM + 1) * 200) / 1000) < 0.25, `duration ${video.duration}`);
  assert.deepEqual(problems, []);
});

/** Runs in the page before the app: the encoder worker's answers after its first are held back
 *  until the test lets them through, so Cancel surely comes while the animation is being made
 *  (a fast machine otherwise finishes 88 frames before the click lands). */
function holdEncoder() {
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(url, options) {
      super(url, options);
      if (options?.name !== 'solvescope-animate') return;
      let seen = 0;
      let handler = null;
      const deliver = (e) => {
        if (seen++ === 0) handler?.call(this, e);
      };
      Object.defineProperty(this, 'onmessage', { get: () => handler, set: (f) => (handler = f) });
      super.onmessage = deliver;
    }
  };
}

test('Cancel stops an animation and the player is back at its step', async () => {
  const { page, problems } = await openPage(app, LINK, undefined, { init: holdEncoder });
  await page.waitForFunction(() => document.querySelector('#sky-status')?.dataset.step === '5', null, { timeout: 30_000 });
  await openDialog(page);
  const to = Number(await page.inputValue('#animate-to'));
  assert.ok(to > 40, `the dialog offers the whole run by default (${to} steps)`);
  assert.match(await page.textContent('#animate-range'), new RegExp(`^The run has ${to} steps;`), 'this run is shorter than the cap: all of it');
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.locator('#animate-gif').check();
  await page.locator('#animate-width').selectOption('640');
  await page.locator('#animate-make').click();
  await page.waitForFunction(() => /Encoding frame [1-9]/.test(document.querySelector('#animate-status')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.ok(await page.locator('#animate-progress').isVisible());
  await page.locator('#animate-dialog').screenshot({ path: `${root}docs/screenshots/animate-dialog.png` });
  await page.locator('#animate-cancel').click();
  await page.waitForFunction(() => /^Cancelled/.test(document.querySelector('#animate-status')?.textContent ?? ''));
  await page.waitForFunction(() => document.querySelector('#sky-status')?.dataset.step === '5');
  assert.equal(await page.inputValue('#skyscrapers .scrubber'), '5');
  assert.ok(await page.locator('#animate-cancel').isHidden());
  assert.ok(!(await page.locator('#animate-make').isDisabled()));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'animate-make', 'the keyboard is back on Make');
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(downloads, 0, 'nothing saved');
  assert.deepEqual(problems, []);
});

test('a run longer than the cap is offered up to the cap, in the race both boards in each frame', async () => {
  const { page, problems } = await openPage(app, '#race/8');
  await page.waitForSelector('#animate-button');
  await openDialog(page);
  const from = Number(await page.inputValue('#animate-from'));
  const to = Number(await page.inputValue('#animate-to'));
  const cap = Number(/At most (\d+) frames/.exec(await page.textContent('#animate-dialog'))[1]);
  assert.equal(to - from + 1, cap, `steps ${from} to ${to}: the cap, ${cap} frames`);
  // Too many steps are refused with a sentence, before any work.
  await page.locator('#animate-to').fill(String(from + cap));
  await page.locator('#animate-make').click();
  assert.match(await page.textContent('#animate-status'), new RegExp(`at most ${cap}`));
  // So are steps so far ahead that computing them could not be cancelled.
  await page.locator('#animate-from').fill('5000000');
  await page.locator('#animate-to').fill('5000010');
  await page.locator('#animate-make').click();
  assert.match(await page.textContent('#animate-status'), /Step 5,000,010 is more than 100,000 steps past the one on screen/);
  const gif = await make(page, { format: 'gif', from: 0, to: 5, width: 480 });
  const size = await page.evaluate(async (bytes) => {
    const dec = new ImageDecoder({ data: new Uint8Array(bytes), type: 'image/gif' });
    await dec.tracks.ready;
    const { image } = await dec.decode({ frameIndex: 0 });
    return { n: dec.tracks.selectedTrack.frameCount, w: image.displayWidth, h: image.displayHeight };
  }, [...gif.bytes]);
  assert.equal(size.n, 6);
  assert.equal(size.w, 480);
  // Two square boards side by side: about half as tall as wide, plus the captions.
  assert.ok(size.h > 480 / 2 - 10 && size.h < 480, `height ${size.h}`);
  assert.deepEqual(problems, []);
});

test('a run solved at full speed has no steps to animate, and the dialog says so', async () => {
  const { page, problems } = await openPage(app, '#queens/8');
  await page.waitForSelector('#queens .playback');
  await page.locator('#queens button[title^="Solve at full speed"]').click();
  await page.waitForFunction(() => /solution|Solved|found/i.test(document.querySelector('#queens .status')?.textContent ?? ''));
  await page.locator('#animate-button').click();
  assert.match(await page.textContent('#animate-status'), /solved at full speed and recorded no steps/);
  assert.ok(await page.locator('#animate-make').isDisabled());
  assert.deepEqual(problems, []);
});
