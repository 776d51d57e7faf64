// A minimal WebM writer for one VP8 video track: the EBML header, the segment's Info and Tracks,
// and clusters of SimpleBlocks, sizes known as the file is written whole at the end (an exported
// animation is a few hundred frames, held in memory anyway). Enough for browsers and players to
// decode it; no cues, so a player seeks by reading through (the files are short).

/** An EBML element's size as a variable-length integer of 8 bytes (any size fits; simple). */
function size8(n: number): Uint8Array {
  const out = new Uint8Array(8);
  out[0] = 0x01;
  let v = n;
  for (let i = 7; i >= 1; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Element `id` (its bytes as written, marker bits included) around `body`. */
function el(id: number, body: Uint8Array | Uint8Array[]): Uint8Array {
  const idBytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) idBytes.unshift(v % 256);
  const data = Array.isArray(body) ? concat(body) : body;
  return concat([Uint8Array.from(idBytes), size8(data.length), data]);
}

function uint(id: number, n: number): Uint8Array {
  const bytes: number[] = [];
  for (let v = n; v > 0 || bytes.length === 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return el(id, Uint8Array.from(bytes));
}

function float(id: number, x: number): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, x);
  return el(id, b);
}

const text = (id: number, s: string) => el(id, new TextEncoder().encode(s));

export interface WebmFrame {
  /** Milliseconds from the start. */
  time: number;
  key: boolean;
  data: Uint8Array;
}

/** Clusters start on a key frame, and before a block's time would overflow its 16-bit offset. */
const CLUSTER_SPAN_MS = 30_000;

/** The WebM file of VP8 `frames` (in time order) of `width` x `height`, lasting `durationMs`. */
export function writeWebm(frames: WebmFrame[], width: number, height: number, durationMs: number): Uint8Array {
  const header = el(0x1a45dfa3, [uint(0x4286, 1), uint(0x42f7, 1), uint(0x42f2, 4), uint(0x42f3, 8), text(0x4282, 'webm'), uint(0x4287, 2), uint(0x4285, 2)]);
  const info = el(0x1549a966, [uint(0x2ad7b1, 1_000_000), text(0x4d80, 'Solvescope'), text(0x5741, 'Solvescope'), float(0x4489, durationMs)]);
  const video = el(0xe0, [uint(0xb0, width), uint(0xba, height)]);
  const tracks = el(0x1654ae6b, el(0xae, [uint(0xd7, 1), uint(0x73c5, 1), uint(0x83, 1), text(0x86, 'V_VP8'), uint(0x9c, 0), video]));
  const clusters: Uint8Array[] = [];
  let start = -Infinity;
  let blocks: Uint8Array[] = [];
  const flush = () => {
    if (blocks.length) clusters.push(el(0x1f43b675, [uint(0xe7, Math.round(start)), ...blocks]));
    blocks = [];
  };
  for (const f of frames) {
    if (f.key || f.time - start >= CLUSTER_SPAN_MS) {
      flush();
      start = f.time;
    }
    const head = new Uint8Array(4);
    head[0] = 0x81; // track 1
    new DataView(head.buffer).setInt16(1, Math.round(f.time - start));
    head[3] = f.key ? 0x80 : 0;
    blocks.push(el(0xa3, concat([head, f.data])));
  }
  flush();
  return concat([header, el(0x18538067, [info, tracks, ...clusters])]);
}
