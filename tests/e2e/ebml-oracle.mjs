// An EBML reader written from the Matroska spec, the oracle for the WebM files the page writes
// (www/webm.ts): the unit test reads the writer's bytes back with it, the end-to-end test the file
// an export saved.
import assert from 'node:assert/strict';

/** The EBML elements of `buf` between `start` and `end`: [{ id, start, size, end }], which must
 *  fill that span exactly. */
export function ebml(buf, start = 0, end = buf.length) {
  const out = [];
  let at = start;
  const vint = (keepMarker) => {
    const first = buf[at];
    let len = 1;
    while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
    let v = keepMarker ? first : first & (0xff >> len);
    for (let i = 1; i < len; i++) v = v * 256 + buf[at + i];
    at += len;
    return v;
  };
  while (at < end) {
    const id = vint(true);
    const size = vint(false);
    out.push({ id, start: at, size, end: at + size });
    at += size;
  }
  assert.equal(at, end, 'elements fill their parent exactly');
  return out;
}
