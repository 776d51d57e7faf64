// The WebM writer (www/webm.ts) read back by an EBML reader written from the Matroska spec
// (tests/e2e/ebml-oracle.mjs):
// the header says webm, the one track is V_VP8 at the size given, and every frame comes back as a
// SimpleBlock with its time (cluster time + the block's offset) and key flag, also past the 16-bit
// offset's 32 s, where a new cluster must start.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { writeWebm } from '../../build/unit/webm.js';
import { ebml as elements } from '../e2e/ebml-oracle.mjs';

test('frames come back as blocks with their times, key flags and bytes', () => {
  const times = [0, 500, 1000, 31_000, 31_500, 70_000];
  const frames = times.map((time, i) => ({ time, key: i === 0 || i === 4, data: new Uint8Array([i, i + 1, i + 2]) }));
  const buf = writeWebm(frames, 480, 560, 70_500);
  const top = elements(buf, 0, buf.length);
  assert.deepEqual(top.map((e) => e.id), [0x1a45dfa3, 0x18538067]);
  const head = elements(buf, top[0].start, top[0].end);
  const doc = head.find((e) => e.id === 0x4282);
  assert.equal(new TextDecoder().decode(buf.subarray(doc.start, doc.end)), 'webm');
  const seg = elements(buf, top[1].start, top[1].end);
  const uint = (e) => [...buf.subarray(e.start, e.end)].reduce((v, b) => v * 256 + b, 0);
  const info = elements(buf, seg[0].start, seg[0].end);
  assert.equal(uint(info.find((e) => e.id === 0x2ad7b1)), 1_000_000, 'milliseconds');
  const dur = info.find((e) => e.id === 0x4489);
  assert.equal(new DataView(buf.buffer, buf.byteOffset + dur.start, 8).getFloat64(0), 70_500);
  const entry = elements(buf, seg[1].start, seg[1].end)[0];
  const fields = elements(buf, entry.start, entry.end);
  const codec = fields.find((e) => e.id === 0x86);
  assert.equal(new TextDecoder().decode(buf.subarray(codec.start, codec.end)), 'V_VP8');
  const video = fields.find((e) => e.id === 0xe0);
  const dims = elements(buf, video.start, video.end);
  assert.deepEqual([uint(dims.find((e) => e.id === 0xb0)), uint(dims.find((e) => e.id === 0xba))], [480, 560]);
  const back = [];
  const clusters = seg.filter((e) => e.id === 0x1f43b675);
  for (const c of clusters) {
    const inner = elements(buf, c.start, c.end);
    assert.equal(inner[0].id, 0xe7, 'a cluster starts with its time');
    const base = uint(inner[0]);
    for (const b of inner.slice(1)) {
      assert.equal(b.id, 0xa3);
      assert.equal(buf[b.start], 0x81, 'track 1');
      const offset = new DataView(buf.buffer, buf.byteOffset + b.start + 1, 2).getInt16(0);
      back.push({ time: base + offset, key: (buf[b.start + 3] & 0x80) !== 0, data: [...buf.subarray(b.start + 4, b.end)] });
    }
  }
  assert.deepEqual(back, frames.map((f) => ({ time: f.time, key: f.key, data: [...f.data] })));
  // Key frames open clusters; 31 s and 70 s are too far from their cluster's start for 16 bits.
  assert.equal(clusters.length, 4);
});
