// Encodes an exported animation (www/animate.ts) off the page's thread: the page draws each frame
// and posts its pixels here; this worker turns them into an animated GIF (gifenc: per-frame
// palette of up to 256 colours) or a WebM video (WebCodecs' VP8 encoder, written out by webm.ts),
// reporting each frame encoded so the page can show progress and keep few frames in flight.
// Cancel terminates the worker.

import { GIFEncoder, applyPalette, quantize } from 'gifenc';
import { writeWebm, type WebmFrame } from './webm';

export type AnimFormat = 'gif' | 'webm';

export type ToEncoder =
  | { type: 'start'; format: AnimFormat; width: number; height: number; msPerStep: number; frames: number }
  | { type: 'frame'; index: number; pixels: ArrayBuffer }
  | { type: 'finish' };

export type FromEncoder = { type: 'encoded'; index: number } | { type: 'done'; bytes: ArrayBuffer; mime: string } | { type: 'error'; message: string };

const post = (m: FromEncoder, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer);

interface Job {
  frame(index: number, pixels: Uint8ClampedArray): Promise<void>;
  finish(): Promise<{ bytes: Uint8Array; mime: string }>;
}

function gifJob(width: number, height: number, msPerStep: number): Job {
  const gif = GIFEncoder();
  return {
    async frame(_index, pixels) {
      const palette = quantize(pixels, 256);
      const indexed = applyPalette(pixels, palette);
      gif.writeFrame(indexed, width, height, { palette, delay: msPerStep, repeat: 0 });
    },
    async finish() {
      gif.finish();
      return { bytes: gif.bytes(), mime: 'image/gif' };
    },
  };
}

/** Key frames this often, so a player can start anywhere without decoding from the start. */
const KEY_EVERY = 30;

async function webmJob(width: number, height: number, msPerStep: number): Promise<Job> {
  if (typeof VideoEncoder !== 'function') throw new Error('This browser has no video encoder (WebCodecs; it needs a secure page, https or localhost), so it cannot make a WebM. The GIF works everywhere.');
  const config: VideoEncoderConfig = { codec: 'vp8', width, height, bitrate: Math.max(500_000, width * height * 6), framerate: 1000 / msPerStep };
  const support = await VideoEncoder.isConfigSupported(config);
  if (!support.supported) throw new Error(`This browser cannot encode VP8 video at ${width} × ${height}, so it cannot make a WebM. The GIF works everywhere.`);
  const out: WebmFrame[] = [];
  let failed: Error | null = null;
  const encoder = new VideoEncoder({
    output: (chunk) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      out.push({ time: chunk.timestamp / 1000, key: chunk.type === 'key', data });
    },
    error: (e) => (failed = e instanceof Error ? e : new Error(String(e))),
  });
  encoder.configure(config);
  let count = 0;
  return {
    async frame(index, pixels) {
      if (failed) throw failed;
      const frame = new VideoFrame(pixels, { format: 'RGBA', codedWidth: width, codedHeight: height, timestamp: index * msPerStep * 1000, duration: msPerStep * 1000 });
      encoder.encode(frame, { keyFrame: index % KEY_EVERY === 0 });
      frame.close();
      count = index + 1;
      // Keep the encoder's queue short: the page waits on each frame's answer.
      while (encoder.encodeQueueSize > 2) await new Promise((r) => setTimeout(r, 5));
    },
    async finish() {
      await encoder.flush();
      encoder.close();
      if (failed) throw failed;
      out.sort((a, b) => a.time - b.time);
      return { bytes: writeWebm(out, width, height, count * msPerStep), mime: 'video/webm' };
    },
  };
}

let job: Promise<Job> | null = null;
let width = 0;
let height = 0;
// Messages are handled one after another, in order.
let queue: Promise<void> = Promise.resolve();

self.onmessage = (e: MessageEvent<ToEncoder>) => {
  const m = e.data;
  queue = queue
    .then(async () => {
      if (m.type === 'start') {
        width = m.width;
        height = m.height;
        job = m.format === 'gif' ? Promise.resolve(gifJob(width, height, m.msPerStep)) : webmJob(width, height, m.msPerStep);
        await job;
      } else if (m.type === 'frame') {
        await (await job!).frame(m.index, new Uint8ClampedArray(m.pixels));
        post({ type: 'encoded', index: m.index });
      } else {
        const { bytes, mime } = await (await job!).finish();
        const copy = bytes.slice().buffer;
        post({ type: 'done', bytes: copy, mime }, [copy]);
      }
    })
    .catch((err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
};
